// The words a script shows, in the reader's language: the page gives them (a json_script block
// or data-* attributes, never an inline script) and the script fills in the values. A {name} in
// a text marks where the value of that name goes.

/** ``text`` with each {name} replaced by ``values[name]`` (a name without a value stays). */
export const fill = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));

/**
 * The page's dictionary in the json_script block ``id`` (English text: the reader's words), as
 * ``t(text, values)``: the translation of the English text with its values filled in, or the
 * English text itself when the page gave none.
 */
export const pageWords = (id) => {
  const node = document.getElementById(id);
  const words = node ? JSON.parse(node.textContent) : {};
  return (text, values) => fill(Object.hasOwn(words, text) ? words[text] : text, values);
};
