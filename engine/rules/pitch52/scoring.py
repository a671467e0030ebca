"""pitch52 points and hand scoring (docs/rules.md#pitch52-points, #pitch52-scoring,
#pitch52-game-end).

Vocabulary: a *category* is one of the point awards of the point scheme (``high``, ``low``,
``jack``, … ``game`` under ``high_low``; ``ace``, ``jack``, … ``two``, ``three`` under
``card``). The *categories* of a hand map each category of the scheme to the side awarded it,
or ``None`` when it is not awarded (its card was not in play, or a tie for game). A card is *in
play* when it was played to a trick; its *player* played it, its *captor* won the trick.

``Scorer`` holds everything scoring needs for one options variant; the game builds it once.
With two sides, the categories that go with one card (and their points) are cached by the
rank bits that decide them (``card_parts``): a scored hand looks them up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import add
from typing import Any

from engine.rules.base import HandScore, Tally
from engine.rules.build import new_score, new_tally
from engine.rules.cards import (
    parse_card,
    parse_trump,
)
from engine.rules.gameend import decide_game_end
from engine.rules.pitch52.options import Pitch52Options
from engine.rules.pitch52.ranks import RANK
from engine.rules.table import Seating

#: Categories and their values, in the order results list them (docs/rules.md#pitch52-points).
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


#: Ranks (docs/rules.md#pitch52-cards, ``ranks.RANK``: 16 for the ace down to 1 for the two) of the
#: cards that score, whatever the trump suit.
ACE_RANK, JACK_RANK, OFF_JACK_RANK, BIG_JOKER_RANK, LITTLE_JOKER_RANK = 16, 13, 12, 11, 10
TEN_RANK, THREE_RANK, TWO_RANK = 9, 2, 1

#: Game points of ``rank_mask >> TEN_RANK & 255``, whose bits are T, LJ, BJ, off-jack, J, Q,
#: K, A: 10, 0, 0, 1, 1, 2, 3, 4 (docs/rules.md#pitch52-points; jokers count nothing).
_GAME_POINTS: tuple[int, ...] = tuple(
    sum(value for bit, value in enumerate((10, 0, 0, 1, 1, 2, 3, 4)) if index >> bit & 1)
    for index in range(256)
)


def _card_categories(high_low: bool, count_three: bool) -> tuple[tuple[str, int, bool], ...]:
    """In result order, the categories that go with one card: name, the card's bit in a rank
    mask, and whether it goes by ``low_to`` (the two) rather than to the winner of its trick."""
    cards = [] if high_low else [("ace", ACE_RANK, False)]
    cards += [
        ("jack", JACK_RANK, False),
        ("off_jack", OFF_JACK_RANK, False),
        ("big_joker", BIG_JOKER_RANK, False),
        ("little_joker", LITTLE_JOKER_RANK, False),
    ]
    if not high_low:
        cards += [("ten", TEN_RANK, False), ("two", TWO_RANK, True)]
    if count_three:
        cards.append(("three", THREE_RANK, False))
    return tuple((name, 1 << rank, to_low) for name, rank, to_low in cards)


def _owner(masks: Sequence[int], bit: int) -> int | None:
    """Index of the mask holding ``bit`` (a side), or ``None``."""
    for index, mask in enumerate(masks):
        if mask & bit:
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
    suit = parse_trump(value)
    assert suit is not None
    return suit


class Scorer:
    """Scoring for one options variant of pitch52."""

    __slots__ = (
        "card_bits",
        "card_categories",
        "card_parts",
        "low_bits",
        "won_bits",
        "pairs",
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
        self.card_categories = _card_categories(self.high_low, options.count_three)
        # Rank bits of the cards of card_categories: all of them, those that go by low_to,
        # and the others; card_parts caches _card_part by them (see _two_sides_scored).
        self.low_bits = sum(bit for _, bit, to_low in self.card_categories if to_low)
        self.card_bits = sum(bit for _, bit, _ in self.card_categories)
        self.won_bits = self.card_bits - self.low_bits
        self.card_parts: dict[int, tuple[dict[str, int | None], int, int]] = {}
        self.pairs = seating.seat_side == (0, 1, 0, 1)
        self.low_to_player = options.low_to == "player"
        self.three = options.count_three
        self.max_points = sum(self.values.values())
        self.seat_side = seating.seat_side
        self.sides = seating.sides
        self.target = options.target

    # -- categories -----------------------------------------------------------------------
    def categories_from_ranks(
        self, played: Sequence[int], won: Sequence[int]
    ) -> dict[str, int | None]:
        """The categories of a hand from, per seat, the rank masks of the trumps it played
        and of the trumps in the tricks it won. The cards in play are the trumps played;
        each of them is in exactly one seat's ``won``."""
        if self.sides == 2:
            return self._two_sides(played, won)
        sides = self.sides
        if sides == len(played):
            played_side, won_side = played, won
        else:
            played_side = [0] * sides
            won_side = [0] * sides
            for seat, side in enumerate(self.seat_side):
                played_side[side] |= played[seat]
                won_side[side] |= won[seat]
        in_play = 0
        for mask in played_side:
            in_play |= mask
        low_sides = played_side if self.low_to_player else won_side
        cats: dict[str, int | None] = {}
        if self.high_low:
            if in_play:
                cats["high"] = _owner(played_side, 1 << in_play.bit_length() - 1)
                cats["low"] = _owner(low_sides, in_play & -in_play)
            else:
                cats["high"] = cats["low"] = None
        for name, bit, to_low in self.card_categories:
            cats[name] = _owner(low_sides if to_low else won_side, bit) if in_play & bit else None
        if self.high_low:
            totals = [_GAME_POINTS[mask >> TEN_RANK & 255] for mask in won_side]
            best = max(totals)
            cats["game"] = totals.index(best) if totals.count(best) == 1 else None
        return cats

    def _two_sides(self, played: Sequence[int], won: Sequence[int]) -> dict[str, int | None]:
        """``categories_from_ranks`` for two sides, the common table."""
        return self._two_sides_scored(played, won)[0]

    def _two_sides_scored(
        self, played: Sequence[int], won: Sequence[int]
    ) -> tuple[dict[str, int | None], list[int]]:
        """The categories of two sides, in fewer steps (side 1 holds whatever side 0 does
        not), and each side's points from them, added up on the way."""
        if self.pairs:
            played_0 = played[0] | played[2]
            won_0 = won[0] | won[2]
            in_play = played_0 | played[1] | played[3]
        else:
            played_0 = won_0 = in_play = 0
            for seat, side in enumerate(self.seat_side):
                in_play |= played[seat]
                if not side:
                    played_0 |= played[seat]
                    won_0 |= won[seat]
        low_0 = played_0 if self.low_to_player else won_0
        values = self.values
        points = [0, 0]
        cats: dict[str, int | None] = {}
        if self.high_low:
            if in_play:
                side = 0 if played_0 >> in_play.bit_length() - 1 & 1 else 1
                cats["high"] = side
                points[side] += values["high"]
                side = 0 if low_0 & in_play & -in_play else 1
                cats["low"] = side
                points[side] += values["low"]
            else:
                cats["high"] = cats["low"] = None
        # The categories that go with one card, and their points, depend only on which of
        # their cards are in play and which of those side 0 takes: looked up by those bits.
        key = (
            (in_play & self.card_bits) * 131072 + (won_0 & self.won_bits) + (low_0 & self.low_bits)
        )
        part = self.card_parts.get(key)
        if part is None:
            part = self.card_parts[key] = self._card_part(in_play, won_0, low_0)
        cats.update(part[0])
        points[0] += part[1]
        points[1] += part[2]
        if self.high_low:
            game_0 = _GAME_POINTS[won_0 >> TEN_RANK & 255]
            game_1 = _GAME_POINTS[(in_play ^ won_0) >> TEN_RANK & 255]
            if game_0 > game_1:
                cats["game"] = 0
                points[0] += values["game"]
            elif game_1 > game_0:
                cats["game"] = 1
                points[1] += values["game"]
            else:
                cats["game"] = None
        return cats, points

    def _card_part(
        self, in_play: int, won_0: int, low_0: int
    ) -> tuple[dict[str, int | None], int, int]:
        """The categories that go with one card, in order, for two sides, and the points
        they give side 0 and side 1."""
        cats: dict[str, int | None] = {}
        points = [0, 0]
        for name, bit, to_low in self.card_categories:
            if in_play & bit:
                side = 0 if (low_0 if to_low else won_0) & bit else 1
                cats[name] = side
                points[side] += self.values[name]
            else:
                cats[name] = None
        return cats, points[0], points[1]

    def score_ranks(
        self, bidder: int, bid: int, played: Sequence[int], won: Sequence[int], tally: Tally
    ) -> HandScore:
        """Score a played hand from the rank masks of ``categories_from_ranks``."""
        if self.sides == 2:
            categories, points = self._two_sides_scored(played, won)
            return self.score_points(bidder, bid, points, categories, tally)
        return self.score_categories(bidder, bid, self.categories_from_ranks(played, won), tally)

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
                    played[seat] |= 1 << rank[c]
                    won[winner] |= 1 << rank[c]
        return self.categories_from_ranks(played, won)

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
        (docs/rules.md#pitch52-points to #pitch52-game-end)."""
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
        """docs/rules.md#pitch52-scoring: made when the bidding side's points reach the bid, which
        then scores its points, else it loses the bid; every other side scores its points.
        docs/rules.md#pitch52-game-end: game end, the bidding side winning when it reaches the
        target."""
        bidding_side = self.seat_side[bidder]
        made = points[bidding_side] >= bid
        scores = tally.scores
        if len(scores) != len(points):
            raise ValueError(f"scores for {len(scores)} sides, points for {len(points)}")
        target = self.target
        after: tuple[int, ...]
        delta: tuple[int, ...]
        if len(points) == 2:
            # Two sides, the usual table, written out: max() and map() cost ten times this.
            first, second = points
            if not made:
                if bidding_side:
                    second = -bid
                else:
                    first = -bid
            delta = (first, second)
            after = (scores[0] + first, scores[1] + second)
            ended = after[0] >= target or after[1] >= target
        else:
            deltas = list(points)
            if not made:
                deltas[bidding_side] = -bid
            delta = tuple(deltas)
            after = tuple(map(add, scores, delta))
            ended = max(after) >= target
        # No loss line (docs/rules.md#pitch52-game-end): only a side at the target can end the game.
        result = decide_game_end(after, target=target, bidding_side=bidding_side) if ended else None
        return new_score(
            made=made,
            delta=delta,
            scores_after=after,
            result=result,
            tally_after=new_tally(
                scores=after, sets=tally.sets, consecutive_sets=tally.consecutive_sets
            ),
            points=tuple(points),
            categories=categories,
        )
