"""What the one-hand-at-a-time entry page offers for a game: the bids as buttons, the trumps
named, the modes of bid whist, the points (or books) of a hand and the step of its stepper,
pitch's point categories, and the inputs of the line that have no button of their own.

The page posts the same input names as the sheet's line form (``scoring.lineform``), so the
line is read the same way; only pitch's categories (``cat_<name>``: the side that took the
point, from 1) are read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from club.wording import suit_name
from engine.rules import Game
from scoring import lineform
from scoring.lineform import Column

#: Trump value → symbol. Suits are named in words too: colour is never the only signal.
TRUMP_SYMBOLS = {
    "S": "♠",
    "H": "♥",
    "D": "♦",
    "C": "♣",
    "NT": pgettext_lazy("no trump, as a symbol", "NT"),
}
AUCTION45_BIDS = (15, 20, 25, 30, 60)
AUCTION45_POINTS = 30
AUCTION45_NO_TRUMP_POINTS = 25
BIDWHIST_BOOKS = 13
BIDWHIST_MAX_BID = 7
#: The inputs the pad draws as buttons and steppers; any other input of the line is drawn plain.
PAD_KEYS = {"dealer", "bidder", "bid", "trump", "mode", "points", "books", "dealer_changed"}
CATEGORY_LABELS = {
    "high": gettext_lazy("High"),
    "low": gettext_lazy("Low"),
    "jack": gettext_lazy("Jack"),
    "off_jack": gettext_lazy("Off-jack"),
    "big_joker": gettext_lazy("Big joker"),
    "little_joker": gettext_lazy("Little joker"),
    "three": gettext_lazy("Three"),
    "game": gettext_lazy("Game"),
}


@dataclass(frozen=True)
class Pad:
    """The page's choices for one game. ``total`` is what a hand's points (or books) add up
    to, when fixed (the stepper fills the other side with the rest); ``categories`` are pitch's
    points as (name, label, value)."""

    bids: list[int]
    trumps: list[tuple[str, str, str]]
    modes: Sequence[tuple[str, str]] = ()
    per_side: str = "points"
    per_side_label: str = "Points"
    total: int | None = None
    total_no_trump: int | None = None
    step: int = 1
    categories: list[tuple[str, str, int]] = field(default_factory=list)
    extra: list[Column] = field(default_factory=list)


def _trumps(values: Sequence[str]) -> list[tuple[str, str, str]]:
    return [(value, str(TRUMP_SYMBOLS[value]), suit_name(value)) for value in values]


def pad_for(game: Game, columns: Sequence[Column]) -> Pad:
    """The pad of ``game``, whose line form has ``columns``."""
    options = game.options_dict()
    extra = [c for c in columns if c.key not in PAD_KEYS]
    if game.id == "bidwhist":
        return Pad(
            bids=list(range(int(options["min_bid"]), BIDWHIST_MAX_BID + 1)),
            trumps=_trumps(["S", "H", "D", "C", "NT"]),
            modes=[(key, str(label)) for key, label in lineform.MODE_CHOICES],
            per_side="books",
            per_side_label=gettext("Books"),
            total=BIDWHIST_BOOKS,
            extra=extra,
        )
    if game.id == "pitch52":
        values: Mapping[str, int] = getattr(getattr(game, "scorer", None), "values", {})
        return Pad(
            per_side_label=gettext("Points"),
            bids=list(range(int(options["min_bid"]), int(getattr(game, "max_bid", 10)) + 1)),
            trumps=_trumps(["S", "H", "D", "C"]),
            categories=[
                (n, str(CATEGORY_LABELS.get(n, n.replace("_", " "))), v) for n, v in values.items()
            ],
            extra=extra,
        )
    return Pad(
        per_side_label=gettext("Points"),
        bids=[b for b in AUCTION45_BIDS if b >= int(options.get("min_bid", 15))],
        trumps=_trumps(["S", "H", "D", "C"]),
        total=AUCTION45_POINTS,
        total_no_trump=AUCTION45_NO_TRUMP_POINTS,
        step=5,
        extra=extra,
    )


def categories_from(pad: Pad, sides: int, data: Mapping[str, Any]) -> dict[str, int | None]:
    """Pitch's categories as tapped (``cat_<name>`` = side from 1, or empty for nobody);
    those not tapped are left out. A value that is no side is passed on as it is, for the
    engine to refuse (``bad_category``)."""
    taken: dict[str, int | None] = {}
    for name, _, _ in pad.categories:
        raw = str(data.get(f"cat_{name}", "") or "").strip()
        if not raw:
            continue
        side = lineform.whole_number(raw)
        taken[name] = side - 1 if side is not None and 1 <= side <= sides else -1
    return taken


def line_from_pad(
    pad: Pad, columns: Sequence[Column], sides: int, data: Mapping[str, Any]
) -> dict[str, Any]:
    """The line the page posted: the line form's reading, plus pitch's categories; points
    not typed are those the categories give."""
    line = lineform.line_from_form(columns, data)
    taken = categories_from(pad, sides, data)
    if taken and not line.get("passed_out"):
        line["categories"] = taken
        if "points" not in line:
            values = {name: value for name, _, value in pad.categories}
            points = [0] * sides
            for name, side in taken.items():
                if side is not None and 0 <= side < sides:
                    points[side] += values[name]
            line["points"] = points
    return line
