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
from operator import add
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
from engine.rules.pitch52.ranks import OFF_JACK, RANK
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


#: Game points of the trump T J Q K A (bits 0-4 of the index): 10, 1, 2, 3, 4 (RULES.md 3.7).
_TEN_TO_ACE: tuple[int, ...] = tuple(
    sum(value for bit, value in enumerate((10, 1, 2, 3, 4)) if index >> bit & 1)
    for index in range(32)
)


def _owner_of_two(masks: Sequence[int], c: int) -> int | None:
    """``_owner`` for two sides, for a card known to be in play."""
    return 0 if masks[0] >> c & 1 else 1


def _owner(masks: Sequence[int], c: int) -> int | None:
    """Index of the mask holding card ``c`` (a side), or ``None``."""
    for index, mask in enumerate(masks):
        if mask >> c & 1:
            return index
    return None


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
        "card_categories",
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
        # Per trump, in result order: the categories that go with one card, their card, and
        # whether they go by ``low_to`` (the two) rather than to the trick's winner.
        self.card_categories: tuple[tuple[tuple[str, int, bool], ...], ...] = tuple(
            tuple(
                [(name, c, False) for name, c in CAPTURE_CARDS[self.high_low][t]]
                + ([] if self.high_low else [("two", card(TWO, t), True)])
                + ([("three", card(THREE, t), False)] if options.count_three else [])
            )
            for t in range(4)
        )
        self.low_to_player = options.low_to == "player"
        self.three = options.count_three
        self.max_points = sum(self.values.values())
        self.seat_side = seating.seat_side
        self.sides = seating.sides
        self.target = options.target

    # -- categories -----------------------------------------------------------------------
    def categories_from_masks(
        self, trump: int, played: Sequence[int], won: Sequence[int]
    ) -> dict[str, int | None]:
        """The categories of a hand from, per seat, the trumps it played and the trumps in the
        tricks it won (card masks). The cards in play are the trumps played.

        Bit arithmetic on the trump suit's 13 bits stands in for walking the trump order: the
        jack to the ace sit on bits 9 to 12 above the off-jack and jokers, the two to the ten
        on bits 0 to 8 below them.
        """
        sides = self.sides
        if sides == len(played):
            played_side, won_side = played, won
        else:
            side = self.seat_side
            played_side = [0] * sides
            won_side = [0] * sides
            for seat, mask in enumerate(played):
                played_side[side[seat]] |= mask
            for seat, mask in enumerate(won):
                won_side[side[seat]] |= mask
        in_play = 0
        for mask in played_side:
            in_play |= mask
        low_sides = played_side if self.low_to_player else won_side
        owner = _owner_of_two if sides == 2 else _owner
        base = 13 * trump
        off_jack = OFF_JACK[trump]
        cats: dict[str, int | None] = {}
        if self.high_low:
            if in_play:
                top = in_play >> (base + 9) & 15  # J Q K A
                plain = in_play >> base & 0x1FF  # 2 … T
                if top:
                    high = base + 8 + top.bit_length()
                elif in_play >> off_jack & 1:
                    high = off_jack
                elif in_play >> BIG_JOKER & 1:
                    high = BIG_JOKER
                elif in_play >> LITTLE_JOKER & 1:
                    high = LITTLE_JOKER
                else:
                    high = base + plain.bit_length() - 1
                if plain:
                    low = base + (plain & -plain).bit_length() - 1
                elif in_play >> LITTLE_JOKER & 1:
                    low = LITTLE_JOKER
                elif in_play >> BIG_JOKER & 1:
                    low = BIG_JOKER
                elif in_play >> off_jack & 1:
                    low = off_jack
                else:
                    low = base + 8 + (top & -top).bit_length()
                cats["high"] = owner(played_side, high)
                cats["low"] = owner(low_sides, low)
            else:
                cats["high"] = cats["low"] = None
        for name, c, to_low in self.card_categories[trump]:
            if in_play >> c & 1:
                cats[name] = owner(low_sides if to_low else won_side, c)
            else:
                cats[name] = None
        if self.high_low:
            shift = base + 8
            totals = [_TEN_TO_ACE[m >> shift & 31] + (m >> off_jack & 1) for m in won_side]
            best = max(totals)
            cats["game"] = totals.index(best) if totals.count(best) == 1 else None
        return cats

    def categories_from_tricks(
        self, trump: int, tricks: Iterable[Sequence[Sequence[Any]]]
    ) -> dict[str, int | None]:
        """The categories of a hand from its tricks (lists of ``[seat, card]``, leader first).

        Cards may be ints or notation. The facts are trusted: each trick's winner is the
        player of its best trump; cards that are not trumps are not in play.
        """
        rank = RANK[trump]
        seats = len(self.seat_side)
        played = [0] * seats
        won = [0] * seats
        for trick in tricks:
            plays = [(int(seat), c if isinstance(c, int) else parse_card(c)) for seat, c in trick]
            if not plays:
                continue
            winner = max(plays, key=lambda play: rank[play[1]])[0]
            for seat, c in plays:
                if rank[c]:
                    played[seat] |= 1 << c
                    won[winner] |= 1 << c
        return self.categories_from_masks(trump, played, won)

    def normalise(self, categories: Mapping[str, Any]) -> dict[str, int | None]:
        """Every category of the scheme, in order; a category left out is not awarded."""
        return {name: categories.get(name) for name in self.names}

    def points(self, categories: Mapping[str, int | None]) -> list[int]:
        """Points per side from categories (unknown names and ``None`` count nothing)."""
        points = [0] * self.sides
        value_of = self.values.get
        for name, side in categories.items():
            if side is not None:
                points[side] += value_of(name, 0)
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
        if len(tally.scores) != len(delta):
            raise ValueError(f"scores for {len(tally.scores)} sides, points for {len(delta)}")
        after = tuple(map(add, tally.scores, delta))
        # No loss line (RULES.md 3.9): only a side at the target can end the game.
        result = (
            decide_game_end(after, target=self.target, bidding_side=bidding_side)
            if max(after) >= self.target
            else None
        )
        return HandScore(
            made,
            tuple(delta),
            after,
            result,
            Tally(after, tally.sets, tally.consecutive_sets),
            tuple(points),
            categories,
        )
