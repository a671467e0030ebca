"""The hand-line form of the entry page: its inputs per game, and typed text ↔ engine line.

``line_columns`` lists a game's inputs in typing order (dealer, bidder, bid, trump, then points
or books per side). Seats are typed as people number them, from 1; the engine counts from 0,
and ``line_from_form`` / ``form_from_line`` convert. Parsing never refuses anything: text that is
not a number goes to the engine as typed, and the engine names the field at fault.
``refusal_text`` words a refusal for the page (seats from 1, no spec references).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext as _

from club import wording
from club.errors import DomainError
from club.wording import suit_name
from engine.rules import Game, numerals

MODE_CHOICES = [
    ("uptown", gettext_lazy("uptown")),
    ("downtown_aces_good", gettext_lazy("downtown, aces good")),
    ("downtown_aces_bad", gettext_lazy("downtown, aces bad")),
]
TRUMP_WORDS = {"N": "NT", "NT": "NT", "NO": "NT"}
# Longer runs of digits stay text (the line check refuses them): int() of thousands of digits
# raises ValueError.
_INT = re.compile(r"^[+-]?\d{1,18}$")
_SPEC_REFERENCE = re.compile(r"\s*\((?:docs/)?rules\.md[^)]*\)", re.IGNORECASE)

# A plain headline per line reason code (docs/rules.md#line-codes, and the app's own codes),
# shown above the engine's explanation.
HEADLINES: dict[str, Promise] = {
    "game_over": gettext_lazy("The game is over"),
    "missing_field": gettext_lazy("Something is missing"),
    "bad_seat": gettext_lazy("No such seat"),
    "passed_out_not_allowed": gettext_lazy("This hand cannot be thrown in"),
    "bad_bid": gettext_lazy("That bid is not allowed"),
    "sixty_not_allowed": gettext_lazy("60 is not allowed now"),
    "bad_trump": gettext_lazy("Unknown trump"),
    "bad_mode": gettext_lazy("Unknown mode"),
    "points_not_multiple_of_5": gettext_lazy("Points go by fives"),
    "points_out_of_range": gettext_lazy("Points out of range"),
    "points_total": gettext_lazy("The points do not add up"),
    "books_out_of_range": gettext_lazy("Books out of range"),
    "books_total": gettext_lazy("The books do not add up"),
    "bad_category": gettext_lazy("Unknown point"),
    "points_mismatch": gettext_lazy("The points do not match the categories"),
    "made_mismatch": gettext_lazy("Made or set does not match"),
    "score_mismatch": gettext_lazy("The totals do not match"),
    "unknown_key": gettext_lazy("Not a field of this game's line"),
    "bad_value": gettext_lazy("That value cannot be written here"),
    "too_large": gettext_lazy("Too long"),
    "later_line_refused": gettext_lazy("A later line would be wrong"),
    "dealer_out_of_turn": gettext_lazy("Not this dealer's turn"),
    "stale": gettext_lazy("The sheet changed"),
    "locked": gettext_lazy("The sheet is locked"),
}


@dataclass(frozen=True)
class Column:
    """One input of the line form.

    ``key`` is the engine's field (``points``), ``name`` the form's input name (``points_0``),
    ``kind`` one of ``seat`` (typed from 1), ``number``, ``trump``, ``choice``, ``check``.
    """

    key: str
    name: str
    label: str
    kind: str
    choices: Sequence[tuple[str, str]] = field(default_factory=list)
    side: int | None = None
    required: bool = False
    short: str = ""

    @property
    def heading(self) -> str:
        return self.short or self.label


def line_columns(game: Game, side_labels: Sequence[str]) -> list[Column]:
    """The inputs of a line of ``game``, in the order a director types them."""
    options = game.options_dict()
    columns = [
        Column("dealer", "dealer", _("Dealer (seat)"), "seat", short=_("Dealer")),
        Column("bidder", "bidder", _("Bidder (seat)"), "seat", required=True, short=_("Bidder")),
        Column("bid", "bid", _("Bid"), "number", required=True),
        Column("trump", "trump", _("Trump"), "trump", required=True),
    ]
    if game.id == "bidwhist":
        modes = [(key, str(label)) for key, label in MODE_CHOICES]
        columns.append(Column("mode", "mode", _("Mode"), "choice", modes, required=True))
        per_side = ("books", _("Books"))
    else:
        per_side = ("points", _("Points"))
    for side, label in enumerate(side_labels):
        columns.append(
            Column(
                per_side[0],
                f"{per_side[0]}_{side}",
                _("{kind}: {side}").format(kind=per_side[1], side=label),
                "number",
                side=side,
                required=True,
                short=label,
            )
        )
    if game.id == "auction45":
        columns += _auction45_columns(options, side_labels)
    if options.get("all_pass") == "redeal":
        columns.append(
            Column("passed_out", "passed_out", _("Passed out"), "check", short=_("Passed"))
        )
    # Last, out of the way of typing a hand: a dealer out of turn is refused unless the line
    # says the deal changed (a misdeal).
    columns.append(
        Column(
            "dealer_changed",
            "dealer_changed",
            _("Dealer changed (misdeal)"),
            "check",
            short=_("Dealer changed"),
        )
    )
    return columns


def _auction45_columns(options: dict[str, Any], side_labels: Sequence[str]) -> list[Column]:
    """Auction 45's own inputs: each side's highest call when the count rule needs it, and
    whether a trump was played."""
    columns = []
    if options.get("count_rule") in ("made_a_bid", "bid_20"):
        for side, label in enumerate(side_labels):
            columns.append(
                Column(
                    "auction_max_bid",
                    f"auction_max_bid_{side}",
                    _("Highest call: {side}").format(side=label),
                    "number",
                    side=side,
                    required=True,
                    short=_("Call: {side}").format(side=label),
                )
            )
    columns.append(
        Column(
            "no_trump_played",
            "no_trump_played",
            _("No trump played"),
            "check",
            short=_("No trump"),
        )
    )
    return columns


def whole_number(text: str) -> int | None:
    """A form's line number or version: the engine's reading of ASCII digits, spaces around
    them allowed (``str.isdigit`` alone also takes ``²``, which ``int`` refuses)."""
    return numerals.whole_number(text.strip())


def _value(text: str) -> Any:
    text = text.strip()
    return int(text) if _INT.match(text) else text


def line_from_form(columns: Sequence[Column], data: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's line dict from typed text: empty inputs are left out, numbers become
    ints (seats counted from 0), other text is passed on as typed."""
    line: dict[str, Any] = {}
    per_side: dict[str, list[Any]] = {}
    for column in columns:
        raw = str(data.get(column.name, "") or "").strip()
        if column.kind == "check":
            if raw and raw.lower() not in ("0", "false", "off"):
                line[column.key] = True
            continue
        if column.side is not None:
            per_side.setdefault(column.key, []).append(_value(raw) if raw else None)
            continue
        if not raw:
            continue
        value = _value(raw)
        if column.kind == "seat" and isinstance(value, int):
            value -= 1
        elif column.kind == "trump" and isinstance(value, str):
            value = TRUMP_WORDS.get(value.upper(), value.upper())
        line[column.key] = value
    for key, values in per_side.items():
        if any(v is not None for v in values):
            line[key] = values
    if line.get("passed_out"):
        line = {k: v for k, v in line.items() if k in ("dealer", "dealer_changed", "passed_out")}
    return line


def form_from_line(columns: Sequence[Column], line: Mapping[str, Any]) -> dict[str, str]:
    """What a line looks like typed into the form (to correct it)."""
    values: dict[str, str] = {}
    for column in columns:
        value = line.get(column.key)
        if column.side is not None:
            value = (
                value[column.side] if isinstance(value, list) and column.side < len(value) else None
            )
        if column.kind == "check":
            values[column.name] = "on" if value else ""
        elif column.kind == "seat" and type(value) is int:
            values[column.name] = str(value + 1)
        else:
            values[column.name] = "" if value is None else str(value)
    return values


def error_column(columns: Sequence[Column], error_field: str | None) -> str | None:
    """The input name next to which a refusal is shown: the first input of the engine field at
    fault; ``None`` when no input holds it (the message goes under the whole row)."""
    for column in columns:
        if column.key == error_field:
            return column.name
    return None


def is_untyped(columns: Sequence[Column], data: Mapping[str, Any], error_field: str | None) -> bool:
    """True when the field at fault has simply not been typed yet (every input of it empty):
    while the director types, that is no mistake worth a red message."""
    names = [c.name for c in columns if c.key == error_field]
    return bool(names) and all(not str(data.get(n, "") or "").strip() for n in names)


def refusal_text(
    error: DomainError, columns: Sequence[Column], data: Mapping[str, Any], seats: int
) -> str:
    """The refusal in the page's words: seats counted from 1, spec references left out."""
    if error.code == "bad_seat" and error.field:
        typed = str(data.get(error.field, "") or "").strip()
        return gettext("There is no seat {typed} at this table: seats are 1 to {seats}.").format(
            typed=typed, seats=seats
        )
    message = _SPEC_REFERENCE.sub("", error.message).strip()
    message = message[:1].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."


def headline(code: str) -> str:
    return str(HEADLINES.get(code, gettext("This line is refused")))


def result_word(made: bool | None) -> str:
    return gettext("thrown in") if made is None else (gettext("made") if made else gettext("set"))


def line_text(written: Mapping[str, Any] | None, columns: Sequence[Column]) -> str:
    """A written line in one row of text, as the history and the comparison show it:
    ``Dealer 1 · Bidder 2 · Bid 20 · Trump Hearts · Points: Us 20 · Points: Them 10``."""
    return " · ".join(text for _, text in line_parts(written, columns))


def line_parts(
    written: Mapping[str, Any] | None, columns: Sequence[Column]
) -> list[tuple[str, str]]:
    """The pieces of ``line_text``, each with the field it shows: ``("bid", "Bid 20")``."""
    if written is None:
        return [("", "—")]
    if written.get("passed_out") is True:
        dealer = written.get("dealer")
        changed = _(", dealer changed") if written.get("dealer_changed") is True else ""
        shown = (
            _("Passed out (dealer {seat}{changed})").format(seat=dealer + 1, changed=changed)
            if type(dealer) is int
            else _("Passed out")
        )
        return [("passed_out", shown)]
    typed = form_from_line(columns, written)
    modes = dict(MODE_CHOICES)
    parts = []
    for column in columns:
        value = typed[column.name]
        if not value:
            continue
        if column.kind == "check":
            parts.append((column.name, column.label))
        elif column.kind == "choice":
            parts.append((column.name, f"{column.label} {modes.get(value, value)}"))
        elif column.kind == "trump":
            parts.append((column.name, f"{column.label} {suit_name(value)}"))
        else:
            parts.append((column.name, f"{column.label} {value}"))
    return parts


@dataclass(frozen=True)
class Part:
    """One field of a line as shown beside another version of it; ``changed`` when the other
    version shows that field otherwise (or not at all)."""

    text: str
    changed: bool


def line_diff(
    first: Mapping[str, Any] | None,
    second: Mapping[str, Any] | None,
    columns: Sequence[Column],
) -> tuple[list[Part], list[Part]]:
    """Both versions of a line, each field marked when it differs from the other version's.

    With one version missing (a line added or deleted) nothing is marked: the whole line is
    the change.
    """
    one, two = line_parts(first, columns), line_parts(second, columns)
    if first is None or second is None:
        return [Part(t, False) for _, t in one], [Part(t, False) for _, t in two]
    shown_one, shown_two = dict(one), dict(two)
    return (
        [Part(t, shown_two.get(name) != t) for name, t in one],
        [Part(t, shown_one.get(name) != t) for name, t in two],
    )


def score_text(snapshot: Mapping[str, Any] | None) -> str:
    """What a line scored, from its history snapshot: ``made; totals 20 to 10``."""
    if not snapshot:
        return ""
    totals = wording.scores(snapshot.get("scores_after") or [])
    return _("{result}; totals {totals}").format(
        result=result_word(snapshot.get("made")), totals=totals
    )
