"""The forms of the scoresheet pages.

A hand line's form depends on the game: ``line_columns`` lists its inputs in typing order
(dealer, bidder, bid, trump, then points or books per side), and ``line_from_form`` turns what
was typed into the line dict the engine reads. Typed text is kept as it is for the page to show
again; parsing never refuses anything: the engine does, with the reason and the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms

from club.models import Club, Partnership, Player, RuleSet
from engine.rules import Game

SUIT_CHOICES = [("S", "S ♠"), ("H", "H ♥"), ("D", "D ♦"), ("C", "C ♣")]
MODE_CHOICES = [
    ("uptown", "uptown"),
    ("downtown_aces_good", "downtown, aces good"),
    ("downtown_aces_bad", "downtown, aces bad"),
]
_INT = re.compile(r"^-?\d+$")


@dataclass(frozen=True)
class Column:
    """One input of the line form.

    ``key`` is the engine's field (``points``), ``name`` the form's input name (``points_0``),
    ``kind`` one of ``seat``, ``number``, ``choice``, ``check``.
    """

    key: str
    name: str
    label: str
    kind: str
    choices: Sequence[tuple[str, str]] = field(default_factory=list)
    side: int | None = None
    required: bool = False


def seat_choices(game: Game, seat_names: Sequence[str]) -> list[tuple[str, str]]:
    """Seats labelled by who sat there, so typing a name's first letter picks the seat."""
    return [(str(seat), seat_names[seat]) for seat in range(game.seating.seats)]


def line_columns(game: Game, seat_names: Sequence[str], side_labels: Sequence[str]) -> list[Column]:
    """The inputs of a line of ``game``, in the order a director types them."""
    seats = seat_choices(game, seat_names)
    options = game.options_dict()
    columns = [
        Column("dealer", "dealer", "Dealer", "seat", seats),
        Column("bidder", "bidder", "Bidder", "seat", seats, required=True),
        Column("bid", "bid", "Bid", "number", required=True),
    ]
    if game.id == "bidwhist":
        columns.append(
            Column(
                "trump", "trump", "Trump", "choice", [*SUIT_CHOICES, ("NT", "NT")], required=True
            )
        )
        columns.append(Column("mode", "mode", "Mode", "choice", MODE_CHOICES, required=True))
        per_side = ("books", "Books")
    else:
        columns.append(Column("trump", "trump", "Trump", "choice", SUIT_CHOICES, required=True))
        per_side = ("points", "Points")
    for side, label in enumerate(side_labels):
        columns.append(
            Column(
                per_side[0],
                f"{per_side[0]}_{side}",
                f"{per_side[1]}: {label}",
                "number",
                side=side,
                required=True,
            )
        )
    if game.id == "auction45":
        if options.get("count_rule") in ("made_a_bid", "bid_20"):
            for side, label in enumerate(side_labels):
                columns.append(
                    Column(
                        "auction_max_bid",
                        f"auction_max_bid_{side}",
                        f"Highest call: {label}",
                        "number",
                        side=side,
                        required=True,
                    )
                )
        columns.append(Column("no_trump_played", "no_trump_played", "No trump played", "check"))
    if options.get("all_pass") == "redeal":
        columns.append(Column("passed_out", "passed_out", "Passed out", "check"))
    return columns


def _value(text: str) -> Any:
    text = text.strip()
    if _INT.match(text):
        return int(text)
    return text


def line_from_form(columns: Sequence[Column], data: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's line dict from typed text: empty inputs are left out, numbers become
    ints, other text is passed on as typed (the engine then names the field at fault)."""
    line: dict[str, Any] = {}
    per_side: dict[str, list[Any]] = {}
    for column in columns:
        raw = str(data.get(column.name, "") or "")
        if column.kind == "check":
            if raw:
                line[column.key] = True
            continue
        if column.side is not None:
            per_side.setdefault(column.key, []).append(_value(raw) if raw.strip() else None)
            continue
        if not raw.strip():
            continue
        value = _value(raw)
        if column.key == "trump" and isinstance(value, str):
            value = value.upper()
        line[column.key] = value
    for key, values in per_side.items():
        if any(v is not None for v in values):
            line[key] = values
    if line.get("passed_out"):
        line = {k: v for k, v in line.items() if k in ("dealer", "passed_out")}
    return line


def form_from_line(columns: Sequence[Column], line: Mapping[str, Any]) -> dict[str, str]:
    """What a line looks like typed into the form (to edit it)."""
    values: dict[str, str] = {}
    for column in columns:
        value = line.get(column.key)
        if column.side is not None:
            value = (
                value[column.side] if isinstance(value, list) and column.side < len(value) else None
            )
        if column.kind == "check":
            values[column.name] = "on" if value else ""
        else:
            values[column.name] = "" if value is None else str(value)
    return values


class SheetCreateForm(forms.Form):
    """A new sheet: the rules, a title, and per side a partnership or a name."""

    rule_set = forms.ModelChoiceField(
        queryset=RuleSet.objects.none(),
        label="Rules",
        empty_label=None,
        help_text="The club's rule set; its rules are copied onto the sheet.",
    )
    title = forms.CharField(
        label="Title", max_length=120, required=False, help_text="E.g. 'Table 3, round 2'."
    )

    def __init__(self, *args: Any, club: Club, sides: int, seats: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = RuleSet.objects.filter(club=club)  # type: ignore[attr-defined]
        partnerships = Partnership.objects.filter(club=club).order_by("name")
        players = Player.objects.filter(memberships__club=club).order_by("display_name")
        for index in range(sides):
            self.fields[f"side_{index}_partnership"] = forms.ModelChoiceField(
                queryset=partnerships,
                required=False,
                label=f"Side {index + 1}: partnership",
                empty_label="(none)",
            )
            self.fields[f"side_{index}_label"] = forms.CharField(
                required=False,
                max_length=120,
                label=f"Side {index + 1}: name",
                help_text="Leave empty to use the partnership's name or the players' names.",
            )
        for seat in range(seats):
            self.fields[f"seat_{seat}"] = forms.ModelChoiceField(
                queryset=players, required=False, label=f"Seat {seat + 1}", empty_label="(unknown)"
            )
        self.side_count = sides
        self.seat_count = seats


class UnlockForm(forms.Form):
    reason = forms.CharField(
        label="Why unlock?",
        max_length=300,
        help_text="Kept with the sheet, with your name and the time.",
    )
