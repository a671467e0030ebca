// The blank sheet's Print button (templates/scoring/print.html): a listener here, not an
// onclick attribute, which the Content-Security-Policy would refuse.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
