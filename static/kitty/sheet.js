// The entry page: a field's text is selected when it gets focus, so typing replaces what is
// there (the dealer filled in ahead, a value kept after a refusal) instead of adding to it.
document.addEventListener("focusin", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.type === "text" && field.closest("#line-form")) {
    field.select();
  }
});
