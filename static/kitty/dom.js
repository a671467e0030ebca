// Elements built from data with textContent only: no server string is ever parsed as HTML.

/**
 * ``el("p", {id: "x", className: "y"}, [children])``: an element. Props are set as properties,
 * except ``data`` (its dataset) and ``attrs`` (attributes); strings among the children become
 * text, and null, undefined, false and "" are left out, so a child can be written
 * conditionally (``shown && el(...)``).
 */
export const el = (tag, props = {}, children = []) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "data") {
      Object.assign(node.dataset, value);
    } else if (key === "attrs") {
      for (const [name, text] of Object.entries(value)) node.setAttribute(name, text);
    } else {
      node[key] = value;
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === "") continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
};
