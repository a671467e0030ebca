"""pitch52 points and hand scoring (RULES.md 3.7, 3.8, 3.9).

Vocabulary: a *category* is one of the point awards of the point scheme (``high``, ``low``,
``jack``, … ``game`` under ``high_low``; ``ace``, ``jack``, … ``two``, ``three`` under
``card``). The *categories* of a hand map each category of the scheme to the side awarded it,
or ``None`` when it is not awarded (its card was not in play, or a tie for game). A card is *in
play* when it was played to a trick; its *player* played it, its *captor* won the trick.

``Scorer`` holds everything scoring needs for one options variant; the game builds it once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.rules.base import HandScore, Tally
from engine.rules.cards import (
    ACE,
    BIG_JOKER,
    JACK,
    LITTLE_JOKER,
    TEN,
    THREE,
    TWO,
    card,
    parse_card,
    parse_suit,
)
from engine.rules.gameend import decide_game_end
from engine.rules.pitch52.options import Pitch52Options
from engine.rules.pitch52.ranks import GAME_VALUE, OFF_JACK, RANK, TRUMP_ORDER
from engine.rules.table import Seating

#: Categories and their values, in the order results list them (RULES.md 3.7).
HIGH_LOW_VALUES: dict[str, int] = {
    "high": 1,
    "low": 1,
    "jack": 1,
    "off_jack": 1,
    "big_joker": 1,
    "little_joker": 1,
    "three": 3,
    "game": 1,
}
CARD_VALUES: dict[str, int] = {
    "ace": 1,
    "jack": 1,
    "off_jack": 1,
    "big_joker": 1,
    "little_joker": 1,
    "ten": 1,
    "two": 1,
    "three": 3,
}


def _capture_cards(high_low: bool, trump: int) -> tuple[tuple[str, int], ...]:
    cards = [] if high_low else [("ace", card(ACE, trump))]
    cards += [
        ("jack", card(JACK, trump)),
        ("off_jack", OFF_JACK[trump]),
        ("big_joker", BIG_JOKER),
        ("little_joker", LITTLE_JOKER),
    ]
    if not high_low:
        cards.append(("ten", card(TEN, trump)))
    return tuple(cards)


#: Per scheme (``high_low`` True/False) and trump: the categories won with the trick holding
#: their card, in result order (``two``, ``three`` and ``game`` are handled apart).
CAPTURE_CARDS: dict[bool, tuple[tuple[tuple[str, int], ...], ...]] = {
    hl: tuple(_capture_cards(hl, t) for t in range(4)) for hl in (True, False)
}
#: Per trump: the cards with a game value (A K Q J T of trumps and the off-jack) and the value.
GAME_CARDS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((c, GAME_VALUE[t][c]) for c in range(54) if GAME_VALUE[t][c]) for t in range(4)
)


def scheme_values(point_scheme: str, count_three: bool) -> dict[str, int]:
    """The categories of a scheme with their values; no ``three`` when it does not count."""
    values = dict(HIGH_LOW_VALUES if point_scheme == "high_low" else CARD_VALUES)
    if not count_three:
        del values["three"]
    return values


def trump_of(value: Any) -> int:
    """Trump from facts: a suit int 0..3 or its letter."""
    if isinstance(value, int):
        return value
    suit = parse_suit(value)
    assert suit is not None
    return suit


class Scorer:
    """Scoring for one options variant of pitch52."""

    __slots__ = (
        "high_low",
        "low_to_player",
        "max_points",
        "names",
        "seat_side",
        "sides",
        "target",
        "three",
        "values",
    )

    def __init__(self, options: Pitch52Options, seating: Seating) -> None:
        self.values = scheme_values(options.point_scheme, options.count_three)
        self.names: tuple[str, ...] = tuple(self.values)
        self.high_low = options.point_scheme == "high_low"
        self.low_to_player = options.low_to == "player"
        self.three = options.count_three
        self.max_points = sum(self.values.values())
        self.seat_side = seating.seat_side
        self.sides = seating.sides
        self.target = options.target

    # -- categories -----------------------------------------------------------------------
    def categories_from_cards(
        self,
        trump: int,
        in_play: int,
        played_by: Sequence[int],
        captured_by: Sequence[int],
    ) -> dict[str, int | None]:
        """The categories of a hand from who played and who captured each card in play.

        ``in_play`` is the mask of cards played to tricks; ``played_by[c]`` and
        ``captured_by[c]`` are seats, read only for cards in play.
        """
        side = self.seat_side
        # Cards won in tricks: ace (card scheme), jack, off-jack, jokers, ten (card), three.
        captures = CAPTURE_CARDS[self.high_low][trump]
        cats: dict[str, int | None] = {}
        if self.high_low:
            high = low = -1
            for c in TRUMP_ORDER[trump]:
                if in_play >> c & 1:
                    if high < 0:
                        high = c
                    low = c
            if high < 0:
                cats["high"] = cats["low"] = None
            else:
                cats["high"] = side[played_by[high]]
                cats["low"] = side[played_by[low] if self.low_to_player else captured_by[low]]
        for name, c in captures:
            cats[name] = side[captured_by[c]] if in_play >> c & 1 else None
        if not self.high_low:
            two = card(TWO, trump)
            if in_play >> two & 1:
                cats["two"] = side[played_by[two] if self.low_to_player else captured_by[two]]
            else:
                cats["two"] = None
        if self.three:
            three = card(THREE, trump)
            cats["three"] = side[captured_by[three]] if in_play >> three & 1 else None
        if self.high_low:
            totals = [0] * self.sides
            for c, value in GAME_CARDS[trump]:
                if in_play >> c & 1:
                    totals[side[captured_by[c]]] += value
            best = max(totals)
            cats["game"] = totals.index(best) if totals.count(best) == 1 else None
        return cats

    def categories_from_tricks(
        self, trump: int, tricks: Iterable[Sequence[Sequence[Any]]]
    ) -> dict[str, int | None]:
        """The categories of a hand from its tricks (lists of ``[seat, card]``, leader first).

        Cards may be ints or notation. The facts are trusted: each trick's winner is the
        player of its best trump.
        """
        rank = RANK[trump]
        played_by = [-1] * 54
        captured_by = [-1] * 54
        in_play = 0
        for trick in tricks:
            plays = [(int(seat), c if isinstance(c, int) else parse_card(c)) for seat, c in trick]
            if not plays:
                continue
            winner = max(plays, key=lambda play: rank[play[1]])[0]
            for seat, c in plays:
                played_by[c] = seat
                captured_by[c] = winner
                if rank[c]:
                    in_play |= 1 << c
        return self.categories_from_cards(trump, in_play, played_by, captured_by)

    def normalise(self, categories: Mapping[str, Any]) -> dict[str, int | None]:
        """Every category of the scheme, in order; a category left out is not awarded."""
        return {name: categories.get(name) for name in self.names}

    def points(self, categories: Mapping[str, int | None]) -> list[int]:
        """Points per side from categories (unknown names and ``None`` count nothing)."""
        points = [0] * self.sides
        values = self.values
        for name, side in categories.items():
            if side is not None and name in values:
                points[side] += values[name]
        return points

    # -- the hand's score -------------------------------------------------------------------
    def score(self, facts: Mapping[str, Any], tally: Tally) -> HandScore:
        """Score a hand from trusted facts: ``bidder``, ``bid``, and either ``categories``,
        ``tricks`` (with ``trump``) or, as written on a scoresheet, ``points`` per side
        (RULES.md 3.7-3.9)."""
        bidder = int(facts["bidder"])
        bid = int(facts["bid"])
        given = facts.get("categories")
        if given is not None:
            return self.score_categories(bidder, bid, self.normalise(given), tally)
        if facts.get("tricks") is not None:
            categories = self.categories_from_tricks(trump_of(facts["trump"]), facts["tricks"])
            return self.score_categories(bidder, bid, categories, tally)
        return self.score_points(bidder, bid, list(facts["points"]), None, tally)

    def score_categories(
        self, bidder: int, bid: int, categories: dict[str, int | None], tally: Tally
    ) -> HandScore:
        """Score a hand whose categories are known (points follow from them)."""
        return self.score_points(bidder, bid, self.points(categories), categories, tally)

    def score_points(
        self,
        bidder: int,
        bid: int,
        points: list[int],
        categories: dict[str, int | None] | None,
        tally: Tally,
    ) -> HandScore:
        """RULES.md 3.8: made when the bidding side's points reach the bid, which then scores
        its points, else it loses the bid; every other side scores its points. 3.9: game end,
        the bidding side winning when it reaches the target."""
        bidding_side = self.seat_side[bidder]
        made = points[bidding_side] >= bid
        delta = list(points)
        if not made:
            delta[bidding_side] = -bid
        after = tuple([s + d for s, d in zip(tally.scores, delta, strict=True)])
        result = decide_game_end(after, target=self.target, bidding_side=bidding_side)
        return HandScore(
            made=made,
            delta=tuple(delta),
            scores_after=after,
            result=result,
            tally_after=Tally(after, tally.sets, tally.consecutive_sets),
            points=tuple(points),
            categories=categories,
        )
