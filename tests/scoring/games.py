"""Whole games as written on paper, one per game, each line valid and the last one ending it.

Totals after each line are given so tests can check the running totals the engine computes.
"""

from __future__ import annotations

from typing import Any

Line = dict[str, Any]

# 120s, two partnerships, standard rules (to 120): side 0 goes out on line 6 with 125.
AUCTION45: list[Line] = [
    {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [10, 20]},
    {"dealer": 1, "bidder": 2, "bid": 15, "trump": "S", "points": [20, 10]},
    {"dealer": 2, "bidder": 3, "bid": 25, "trump": "D", "points": [10, 20]},  # set
    {"dealer": 3, "bidder": 0, "bid": 30, "trump": "C", "points": [30, 0]},  # 30 for 60
    {"dealer": 0, "bidder": 1, "bid": 20, "trump": "H", "points": [5, 25]},  # side 0 at 100
    {"dealer": 1, "bidder": 2, "bid": 20, "trump": "S", "points": [25, 5]},
]
AUCTION45_TOTALS = [[10, 20], [30, 30], [40, 5], [100, 5], [100, 30], [125, 35]]

# Bid whist to 21, books over six: side 1 goes out on line 6.
BIDWHIST: list[Line] = [
    {"dealer": 0, "bidder": 0, "bid": 4, "trump": "S", "mode": "uptown", "books": [11, 2]},
    {
        "dealer": 1,
        "bidder": 1,
        "bid": 3,
        "trump": "H",
        "mode": "downtown_aces_good",
        "books": [4, 9],
    },
    {"dealer": 2, "bidder": 2, "bid": 5, "trump": "NT", "mode": "uptown", "books": [9, 4]},
    {"dealer": 3, "bidder": 3, "bid": 6, "trump": "D", "mode": "uptown", "books": [0, 13]},
    {
        "dealer": 0,
        "bidder": 0,
        "bid": 7,
        "trump": "C",
        "mode": "downtown_aces_bad",
        "books": [13, 0],
    },
    {"dealer": 1, "bidder": 1, "bid": 6, "trump": "S", "mode": "uptown", "books": [1, 12]},
]
BIDWHIST_TOTALS = [[5, 0], [5, 3], [5, 8], [5, 15], [12, 15], [12, 21]]

# Pitch to 52: side 1, bidding, reaches 52 on line 10.
_PITCH = [
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
PITCH52: list[Line] = [
    {"dealer": n % 4, "bidder": bidder, "bid": bid, "trump": trump, "points": points}
    for n, (bidder, bid, trump, points) in enumerate(_PITCH)
]
PITCH52_TOTALS = [
    [7, 3],
    [9, 11],
    [2, 16],
    [5, 23],
    [15, 23],
    [16, 32],
    [25, 33],
    [25, 43],
    [35, 43],
    [36, 52],
]

GAMES: dict[str, tuple[list[Line], list[list[int]], list[int]]] = {
    # game id: (lines, totals after each line, winning sides)
    "auction45": (AUCTION45, AUCTION45_TOTALS, [0]),
    "bidwhist": (BIDWHIST, BIDWHIST_TOTALS, [1]),
    "pitch52": (PITCH52, PITCH52_TOTALS, [1]),
}
