// The Hint button of a practice table (templates/tables/_advice.html): the form asks
// /tables/<id>/hint/ for the hint as a fragment and puts it in the box below the button, so the
// table page stays open; without scripts the form opens the hint's own page. The button is
// shown only on the member's turn, and a hint is taken away once the table moves on (the live
// part, redrawn by static/kitty/table_draw.js, carries the seq it shows).
const form = document.getElementById("hint-form");
const box = document.getElementById("hint-box");
const live = () => document.querySelector("#table-live .live");

const follow = () => {
  const now = live();
  form.hidden = !document.getElementById("your-turn");
  const shown = box.querySelector("[data-seq]");
  if (shown && now && shown.dataset.seq !== now.dataset.seq) box.replaceChildren();
};

const ask = async (event) => {
  event.preventDefault();
  const button = form.querySelector("button");
  button.disabled = true;
  box.textContent = form.dataset.busy;
  try {
    const response = await fetch(`${form.action}?part=1`, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    });
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    box.replaceChildren(...doc.body.childNodes);
  } catch {
    box.textContent = form.dataset.failed;
  } finally {
    button.disabled = false;
  }
};

if (form && box) {
  form.addEventListener("submit", ask);
  const watched = document.getElementById("table-live");
  if (watched) new MutationObserver(follow).observe(watched, { childList: true, subtree: true });
  follow();
}
