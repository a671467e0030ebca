"""The levels members choose from: beginner, club (the default) and expert.

A level is a bot and its settings, named for the kind of player it plays like. Each search
level is bounded by simulated actions per decision (never by the clock), chosen by measuring
decision CPU times with ``bench/levels.py`` on one core: club within a mean of 20 ms and
a 95th percentile of 60 ms in every game, expert within a 95th percentile of 150 ms. As
playouts get faster, the same budgets buy the same play in less time; raise them only after
measuring again.
"""

from __future__ import annotations

from typing import Any

#: The club player: at most six deals per decision (in bid whist's first tricks, where every
#: card of a long hand is a candidate, eight deals already passed 60 ms at the 95th
#: percentile), no reading of the calls (sampling deals that agree with the others' calls
#: costs many tries), and exact play only for the last trick.
CLUB_SETTINGS: dict[str, Any] = {
    "samples": 6,
    "budget": 1200,
    "exact_cards": 4,
    "read_calls": False,
}
#: The expert: the search's own method (it reads the calls, plays the last two tricks
#: exactly) within fewer deals: with 100 deals and 5,000 simulated actions per decision the
#: 95th percentile was 170 to 290 ms (pitch52 reads the calls at a cost per deal that the
#: budget does not count); 24 deals and 3,000 actions gave 87 to 105 ms.
EXPERT_SETTINGS: dict[str, Any] = {"samples": 28, "budget": 3500}

#: Level name -> the label people read, easiest first.
LEVELS: dict[str, str] = {"beginner": "Beginner", "club": "Club", "expert": "Expert"}
#: The level that takes a seat when nobody chose one.
DEFAULT_LEVEL = "club"
