// The new-table form: only the seats the chosen rules have, each named by where it sits, and
// the opening time only when the table does not start now. Without this script every seat and
// the time show, and the server refuses a seat the game does not have.

const startForm = (form) => {
  const rules = form.querySelector("[data-seat-rules]");
  const seats = form.querySelectorAll("[data-seat]");
  const opensAt = form.querySelector("[data-opens-at]");

  const showSeats = () => {
    const option = rules.selectedOptions[0];
    if (!option?.dataset.seats) return;
    const count = Number(option.dataset.seats);
    const compass = option.dataset.compass.split(",");
    seats.forEach((wrapper) => {
      const index = Number(wrapper.dataset.seat);
      const select = wrapper.querySelector("select");
      const label = wrapper.querySelector("label");
      wrapper.hidden = index >= count;
      if (wrapper.hidden && select) select.value = "";
      if (label && index < count) label.textContent = compass[index];
    });
  };

  const showTime = () => {
    const chosen = form.querySelector("[data-when]:checked, [name=when]:checked");
    if (opensAt) opensAt.hidden = !chosen || chosen.value === "now";
  };

  rules.addEventListener("change", showSeats);
  form.querySelectorAll("[name=when]").forEach((radio) => radio.addEventListener("change", showTime));
  showSeats();
  showTime();
};

const form = document.querySelector("[data-table-form]");
if (form) startForm(form);
