// The one-hand-at-a-time entry page (scoring/views/hands.py). Without this script the page is
// a plain form that posts one hand; with it:
// - the points are steppers, and with two sides and a fixed total (30 in 120s, 13 books in
//   bid whist) a side's points fill the other's with the rest; pitch's points follow the
//   categories tapped;
// - "Add" keeps the hand on the phone (localStorage) first, then sends it; a hand that cannot
//   be sent (no connection) waits and goes when the connection returns, each with the key
//   the page made for it, so the sheet adds it exactly once even if it is sent twice;
// - the page says what is waiting, and the totals follow each hand added;
// - another phone on the same table follows the sheet: every few seconds it asks what changed
//   since the revision it shows, and updates the totals, the last hands and the next hand's
//   number (and its dealer, unless tapped) without touching what is being tapped.
(() => {
  "use strict";
  const form = document.getElementById("hand-form");
  if (!form) return;
  const status = document.getElementById("hand-status");
  const storeKey = `kitty-hand-queue-${form.dataset.sheet}`;
  const seats = Number(form.dataset.seats);
  const seatSides = form.dataset.seatSides.split(",").map(Number);
  const perSide = form.dataset.perSide;
  const step = Number(form.dataset.step) || 1;
  const categories = (form.dataset.categories || "").split(",").filter(Boolean)
    .map((pair) => pair.split(":")).map(([name, value]) => [name, Number(value)]);
  const sideInputs = [...form.querySelectorAll(".stepper-value")];
  let flushing = false;
  let revision = form.dataset.revision || "";
  let dealerTapped = false;
  let tapped = false;

  const field = (name) => form.elements.namedItem(name);
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`);
  const total = () => {
    const noTrump = field("no_trump_played");
    const value = noTrump && noTrump.checked ? form.dataset.totalNoTrump : form.dataset.total;
    return value ? Number(value) : null;
  };
  const newKey = () => (crypto.randomUUID ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  const changed = () => form.dispatchEvent(new Event("input", { bubbles: true }));

  // --- Points ------------------------------------------------------------------------------
  const fillOthers = (input) => {
    const whole = total();
    if (whole === null || sideInputs.length !== 2 || input.value.trim() === "") return;
    const other = sideInputs.find((candidate) => candidate !== input);
    const value = Number(input.value);
    if (Number.isInteger(value)) other.value = String(Math.max(0, whole - value));
  };
  const biddingSide = () => {
    const bidder = checked("bidder");
    return bidder ? seatSides[Number(bidder.value) - 1] : null;
  };
  const markBidding = () => {
    const side = biddingSide();
    form.querySelectorAll(".stepper").forEach((box) => {
      box.classList.toggle("is-bidding", Number(box.dataset.side) === side);
    });
  };
  form.querySelectorAll(".stepper-button").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      const input = button.parentElement.querySelector(".stepper-value");
      const whole = total();
      const now = Number(input.value) || 0;
      // To the next multiple of the step, up or down: 23 goes to 25 or to 20, not to 28.
      const up = Number(button.dataset.step) > 0;
      const near = up ? Math.floor(now / step) + 1 : Math.ceil(now / step) - 1;
      let next = Math.max(0, near * step);
      if (whole !== null) next = Math.min(whole, next);
      input.value = String(next);
      fillOthers(input);
      changed();
    });
  });
  form.querySelectorAll(".hand-fill-note").forEach((note) => { note.hidden = false; });
  sideInputs.forEach((input) => input.addEventListener("input", (event) => {
    if (event.isTrusted) fillOthers(input);
  }));

  // The bid tapped after the bidder (or the bidder after the bid) starts the bidding side at
  // its bid, the other side at the rest: most hands are then a tap or two of the stepper.
  const startAtBid = () => {
    const side = biddingSide();
    const bid = checked("bid");
    if (side === null || !bid || total() === null || sideInputs.length !== 2) return;
    if (sideInputs.some((input) => input.value.trim() !== "")) return;
    const input = sideInputs[side];
    input.value = String(Math.min(total(), Number(bid.value)));
    fillOthers(input);
  };
  const categoryPoints = () => {
    if (!categories.length) return;
    const points = sideInputs.map(() => 0);
    categories.forEach(([name, value]) => {
      const taken = checked(`cat_${name}`);
      if (taken && taken.value) points[Number(taken.value) - 1] += value;
    });
    sideInputs.forEach((input, side) => { input.value = String(points[side]); });
  };
  form.addEventListener("change", (event) => {
    const name = event.target.name || "";
    if (name === "bidder") markBidding();
    if (name === "bidder" || name === "bid") startAtBid();
    if (name.startsWith("cat_")) categoryPoints();
    if (name === "no_trump_played") {
      const holds = document.getElementById("hand-holds");
      if (holds) holds.textContent = String(total());
      const typed = sideInputs[biddingSide() ?? 0];
      if (typed) fillOthers(typed);
    }
  });
  markBidding();

  // --- Hands waiting on this phone ----------------------------------------------------------
  const load = () => {
    try { return JSON.parse(localStorage.getItem(storeKey) || "[]"); } catch { return []; }
  };
  const save = (queue) => localStorage.setItem(storeKey, JSON.stringify(queue));
  let queue = load();

  const say = (text, isError = false) => {
    status.textContent = "";
    if (!text) return;
    const line = document.createElement("p");
    line.className = isError ? "alert alert-error" : "alert";
    line.textContent = text;
    status.append(line);
  };
  // The page's words come from the template (data-text-* on the form), in the reader's
  // language; {name} marks where a value goes.
  const text = (name, values = {}) => (form.dataset[name] || "")
    .replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  const waitingText = () => {
    const waiting = queue.filter((item) => !item.refused);
    if (!waiting.length) return "";
    const hands = waiting.map((item) => item.number).join(", ");
    const name = waiting.length === 1 ? "textWaitingOne" : "textWaitingMany";
    return text(name, { count: waiting.length, hands });
  };
  const showQueue = (added = "") => {
    const head = queue[0];
    if (head && head.refused) {
      const name = head.resend ? "textResend" : "textRefused";
      say(text(name, { number: head.number, reason: head.refused }), true);
    } else {
      say([added, waitingText()].filter(Boolean).join(" "));
    }
  };
  const setNumber = (number) => {
    field("number").value = String(number);
    document.getElementById("hand-number").textContent = String(number);
  };
  const lastNumber = () => Math.max(0, ...queue.map((item) => item.number));

  const fill = (fields) => {
    form.reset();
    fields.forEach(([name, value]) => {
      const inputs = form.querySelectorAll(`[name="${name}"]`);
      inputs.forEach((input) => {
        if (input.type === "radio") input.checked = input.value === value;
        else if (input.type === "checkbox") input.checked = true;
        else if (input.type !== "hidden") input.value = value;
      });
    });
    markBidding();
  };
  // A reload finds what this phone kept: a refused hand comes back in the form, under its
  // own number, to be corrected; hands still waiting push the next hand's number on.
  if (queue.length && queue[0].refused) {
    fill(queue[0].fields);
    setNumber(queue[0].number);
  } else if (queue.length) {
    setNumber(Math.max(Number(field("number").value), lastNumber() + 1));
  }
  const nextHand = () => {
    const dealer = checked("dealer");
    const next = dealer ? (Number(dealer.value) % seats) + 1 : null;
    form.reset();
    sideInputs.forEach((input) => { input.value = ""; });
    form.querySelectorAll('input[type="radio"]').forEach((input) => {
      input.checked = input.name === "dealer" && Number(input.value) === next;
    });
    field("client_key").value = newKey();
    dealerTapped = false;
    tapped = false;
    setNumber(lastNumber() + 1);
    markBidding();
    // The check shown was the last hand's: the next one starts blank, and an answer still on
    // its way (for the hand just added) is dropped.
    const check = document.getElementById("line-check");
    if (check) {
      if (window.htmx) window.htmx.trigger(check, "htmx:abort");
      const hint = document.createElement("span");
      hint.className = "muted";
      hint.textContent = text("textHint");
      check.replaceChildren(hint);
    }
    form.querySelectorAll(".hand-form .error").forEach((slot) => { slot.textContent = ""; });
  };
  const showTotals = (totals) => totals.forEach((value, side) => {
    const shown = document.getElementById(`hand-total-${side}`);
    if (shown) shown.textContent = String(value);
  });
  const applyAdded = (answer) => {
    showTotals(answer.totals);
    if (answer.is_over) window.location.reload();
    if (!queue.length) setNumber(answer.next_number);
  };

  // Somebody else added lines meanwhile: the hands waiting here follow theirs.
  const renumber = (first) => {
    queue.forEach((item, index) => {
      item.number = first + index;
      item.fields = item.fields.map(([name, value]) => [
        name, name === "number" ? String(item.number) : value,
      ]);
    });
    setNumber(lastNumber() + 1);
  };
  const send = (item) => fetch(form.action, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    body: new URLSearchParams(item.fields),
  });
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    let added = "";
    try {
      while (queue.length && !queue[0].refused) {
        const item = queue[0];
        let answer;
        try {
          answer = await send(item);
        } catch {
          break; // no connection: the hand waits
        }
        if (answer.status >= 500) break;
        const body = await answer.json().catch(() => ({}));
        queue = load();
        if (answer.ok) {
          queue = queue.filter((waiting) => waiting.key !== item.key);
          save(queue);
          added = body.notice || "";
          applyAdded(body);
        } else {
          if (body.code === "stale" && body.next_number) renumber(body.next_number);
          const head = queue.find((waiting) => waiting.key === item.key);
          if (head) head.refused = body.message || text("textNoReason");
          if (head && body.code === "client_key_reused") {
            // Its key was another hand's: the hand stays here and goes again under a new key.
            head.key = newKey();
            head.resend = true;
          }
          save(queue);
          fill(item.fields);
          setNumber(head ? head.number : item.number);
          break;
        }
      }
    } finally {
      flushing = false;
      showQueue(added);
    }
    if (added) catchUp();
  };

  // --- Another phone on the same table ------------------------------------------------------
  form.addEventListener("change", (event) => {
    if (!event.isTrusted) return;
    tapped = true;
    if (event.target.name === "dealer" || event.target.name === "dealer_changed") {
      dealerTapped = true;
    }
  });
  const recentList = document.getElementById("hand-recent");
  const showRecent = (lines) => {
    if (!recentList) return;
    recentList.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      const number = document.createElement("strong");
      number.textContent = String(line.number);
      item.append(number, ` ${line.summary}`);
      return item;
    }));
    recentList.closest("section").hidden = !lines.length;
  };
  const catchUp = async () => {
    if (!form.dataset.linesUrl || document.hidden) return;
    let answer;
    try {
      answer = await fetch(`${form.dataset.linesUrl}?since=${encodeURIComponent(revision)}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
    } catch {
      return; // no connection: the next try will tell
    }
    // The sheet was confirmed, or the table's code withdrawn: the page says so.
    if (answer.status === 409 || answer.status === 410) window.location.reload();
    if (!answer.ok) return;
    const body = await answer.json().catch(() => null);
    if (!body || !body.changed) return;
    revision = String(body.revision);
    showTotals(body.totals);
    showRecent(body.recent);
    if (queue.length || flushing) return; // this phone's own hands go first
    if (body.is_over || body.is_locked) {
      window.location.reload();
      return;
    }
    setNumber(body.next_number);
    if (!dealerTapped && body.next_dealer) {
      form.querySelectorAll('input[name="dealer"]').forEach((input) => {
        input.checked = Number(input.value) === body.next_dealer;
      });
      if (tapped) changed(); // the check shown follows the new dealer
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
    const key = field("client_key").value;
    const number = Number(field("number").value);
    queue = load();
    const head = queue[0];
    if (head && head.refused) {
      // The refused hand, corrected: it keeps its place, its number and its key.
      const fixed = fields.map(([name, value]) => [
        name,
        name === "client_key" ? head.key : name === "number" ? String(head.number) : value,
      ]);
      queue[0] = { key: head.key, number: head.number, fields: fixed };
    } else {
      queue.push({ key, number, fields });
    }
    save(queue);
    nextHand();
    showQueue();
    flush();
  });
  window.addEventListener("online", flush);
  setInterval(() => { if (queue.some((item) => !item.refused)) flush(); }, 5000);
  setInterval(catchUp, 4000);
  showQueue();
  flush();
})();
