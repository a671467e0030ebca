// The entry page: a field's text is selected when it gets focus, so typing replaces what is
// there (the dealer filled in ahead, a value kept after a refusal) instead of adding to it.
document.addEventListener("focusin", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.type === "text" && field.closest("#line-form")) {
    field.select();
  }
});

// The live check swaps each field's message (empty once the field is right); the field's own
// marks follow it, so a corrected field is no longer outlined in red nor announced as invalid.
document.addEventListener("htmx:afterSettle", () => {
  for (const message of document.querySelectorAll('#line-form small.error[id^="error-"]')) {
    const field = document.querySelector(`[aria-describedby="${message.id}"]`);
    if (!field) continue;
    const wrong = message.textContent.trim() !== "";
    if (wrong) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    field.closest("td")?.classList.toggle("field-error", wrong);
  }
});
