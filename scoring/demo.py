"""Scoresheets of the demo club: one finished and confirmed game of each kind, and a 120s
game still being typed in, entered through the same services as the pages.

Sheets are found again by title, so loading twice adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from club.models import Club, Partnership, RuleSet
from scoring.models import Scoresheet
from scoring.services import (
    SideSpec,
    handline_add,
    scoresheet_confirm,
    scoresheet_create,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

Line = dict[str, Any]

TUESDAY_120S: list[Line] = [
    {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [10, 20]},
    {"dealer": 1, "bidder": 2, "bid": 15, "trump": "S", "points": [20, 10]},
    {"dealer": 2, "bidder": 3, "bid": 25, "trump": "D", "points": [10, 20]},
    {"dealer": 3, "bidder": 0, "bid": 30, "trump": "C", "points": [30, 0]},
    {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [5, 25]},
    {"dealer": 1, "bidder": 2, "bid": 20, "trump": "S", "points": [25, 5]},
]
FRIDAY_WHIST: list[Line] = [
    {"dealer": 0, "bidder": 0, "bid": 4, "trump": "S", "mode": "uptown", "books": [11, 2]},
    {
        "dealer": 1,
        "bidder": 1,
        "bid": 3,
        "trump": "H",
        "mode": "downtown_aces_good",
        "books": [4, 9],
    },
    {"dealer": 2, "bidder": 2, "bid": 2, "trump": "NT", "mode": "uptown", "books": [9, 4]},
]
PITCH_TO_52: list[Line] = [
    {"dealer": n % 4, "bidder": bidder, "bid": bid, "trump": trump, "points": points}
    for n, (bidder, bid, trump, points) in enumerate(
        [
            (0, 5, "H", [7, 3]),
            (1, 6, "S", [2, 8]),
            (2, 7, "D", [5, 5]),
            (3, 4, "C", [3, 7]),
            (0, 10, "H", [10, 0]),
            (1, 8, "S", [1, 9]),
            (2, 9, "D", [9, 1]),
            (3, 9, "C", [0, 10]),
            (0, 10, "H", [10, 0]),
            (1, 9, "S", [1, 9]),
        ]
    )
]


@dataclass(frozen=True)
class DemoSheet:
    title: str
    rule_set: str
    sides: tuple[str, str]
    lines: list[Line]
    confirm: bool


SHEETS = [
    DemoSheet(
        "Table 1, league night",
        "Tuesday 120s",
        ("Five of Trumps", "Jack Be Nimble"),
        TUESDAY_120S,
        True,
    ),
    DemoSheet(
        "Friday whist, table 2",
        "Friday whist",
        ("The Renegers", "Ace of Hearts"),
        FRIDAY_WHIST,
        True,
    ),
    DemoSheet("Pitch, table 3", "Pitch to 52", ("Bid Thirty", "Jack Be Nimble"), PITCH_TO_52, True),
    DemoSheet(
        "Table 4, league night",
        "Tuesday 120s",
        ("The Renegers", "Bid Thirty"),
        TUESDAY_120S[:3],
        False,
    ),
]


def demo_sheets_load(*, club: Club, by: AbstractBaseUser | None) -> int:
    """Add the demo sheets the club does not have yet; returns how many were added."""
    added = 0
    for demo in SHEETS:
        if Scoresheet.objects.filter(club=club, title=demo.title).exists():
            continue
        sheet = scoresheet_create(
            club=club,
            by=by,
            rule_set=RuleSet.objects.get(club=club, name=demo.rule_set),
            title=demo.title,
            sides=[
                SideSpec(partnership=Partnership.objects.get(club=club, name=name))
                for name in demo.sides
            ],
            first_dealer=0,
        )
        for number, line in enumerate(demo.lines, start=1):
            handline_add(sheet=sheet, line=line, expected_number=number, by=by)
        if demo.confirm:
            scoresheet_confirm(sheet=sheet, by=by)
        added += 1
    return added
