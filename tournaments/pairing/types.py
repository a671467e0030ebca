"""Plain data shared by every pairing format.

Words used across ``tournaments.pairing``:

- **entrant**: whoever the format pairs, named by an ``int`` id: a fixed partnership (round
  robin, Swiss, knockout) or a single player (progressive, cut-throat).
- **side**: the entrants who play together at one table and score together. A partnership
  format seats two sides of one entrant each; a progressive table seats two (or three) sides
  of two players; a cut-throat table seats every player as a side of one.
- **table**: the sides that play each other in one round, with their seats and first dealer.
- **bye**: an entrant who does not play this round (an odd entrant out, a top seed with no
  first-round opponent, a player who sits out).
- **history**: the tables and byes of earlier rounds, the only memory a format has.
- **reason**: why a table or bye came out as it did; a stable ``code`` for the web layer, a
  plain-English ``text`` for directors who ask "why am I playing them again?", and the
  ``figures`` in it, so the web layer can word it in the reader's language.

Nothing here imports Django; the adapter in ``tournaments.services`` maps rows to and from
these objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.algorithm_errors import AlgorithmError

Pair = tuple[int, int]
#: A figure a reason quotes: a count, an entrant id, a score, or a list of table sizes.
Figure = int | float | tuple[int, ...]


class PairingError(AlgorithmError):
    """A pairing request the director can fix (too few entrants, a bad table size, …)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a table, bye or round came out as it did. ``str()`` gives the text; ``figures`` are
    the numbers (and entrant ids, as ``a`` and ``b``) the text quotes: every figure of the
    text, so the web layer can word it without reading the text."""

    code: str
    text: str
    figures: Mapping[str, Figure] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant as the pairing sees it.

    ``score`` is the standings total so far (Swiss groups on it); ``rating`` orders entrants
    with equal scores, higher first (pass ``-seed`` when the club seeds 1, 2, 3…). ``place`` is
    the entrant's line in the standings the players see (1 = top, tie-breaks included): a Swiss
    bye goes to the lowest place, which may differ from the pairing's own order when the
    standings break ties on something other than the rating. ``None``: the pairing's order.
    """

    id: int
    score: float = 0.0
    rating: float = 0.0
    place: int | None = None


def ranked(entrants: Iterable[Entrant]) -> tuple[Entrant, ...]:
    """Entrants best first: higher score, then higher rating, then the order given.

    The sort is stable, so an adapter that passes entrants already in standings order (with
    equal ratings) keeps its own tie-breaks.
    """
    return tuple(sorted(entrants, key=lambda e: (-e.score, -e.rating)))


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round.

    ``sides`` lists who plays together; ``seats`` gives the entrant at each seat, clockwise
    from seat 0 (a partnership entrant appears once per player it seats, so partners sit
    opposite: seats 0 and 2 against 1 and 3); ``dealer`` is the seat index that deals first.
    """

    number: int
    sides: tuple[tuple[int, ...], ...]
    seats: tuple[int, ...]
    dealer: int
    reasons: tuple[Reason, ...] = ()

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(entrant for side in self.sides for entrant in side)

    @property
    def dealer_id(self) -> int:
        return self.seats[self.dealer]


@dataclass(frozen=True, slots=True)
class Bye:
    """An entrant who does not play this round, and why."""

    entrant_id: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """What a format returns for one round: tables (best first), byes, round-level notes."""

    round_number: int
    tables: tuple[Table, ...]
    byes: tuple[Bye, ...] = ()
    reasons: tuple[Reason, ...] = ()

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(entrant for table in self.tables for entrant in table.entrants)

    @property
    def bye_ids(self) -> tuple[int, ...]:
        return tuple(bye.entrant_id for bye in self.byes)


@dataclass(frozen=True, slots=True)
class PastTable:
    """A table of an earlier round: only who sat on which side matters to pairing."""

    round_number: int
    sides: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class PastBye:
    """An earlier bye or sit-out."""

    round_number: int
    entrant_id: int


def pair(a: int, b: int) -> Pair:
    """The key of an unordered pair of ids."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class History:
    """Everything a format remembers about earlier rounds.

    Ids of entrants who have since withdrawn may appear; formats ignore them.
    """

    tables: tuple[PastTable, ...] = ()
    byes: tuple[PastBye, ...] = ()

    @classmethod
    def from_rounds(cls, rounds: Iterable[RoundPairing]) -> History:
        """History made of earlier results of the formats themselves."""
        history = cls()
        for pairing in rounds:
            history = history.with_round(pairing)
        return history

    def with_round(self, pairing: RoundPairing) -> History:
        """This history with one more round appended."""
        tables = tuple(PastTable(pairing.round_number, t.sides) for t in pairing.tables)
        byes = tuple(PastBye(pairing.round_number, b.entrant_id) for b in pairing.byes)
        return History(self.tables + tables, self.byes + byes)

    def opponent_counts(self) -> Counter[Pair]:
        """How often each pair of ids sat at one table on different sides."""
        counts: Counter[Pair] = Counter()
        for table in self.tables:
            for i, side in enumerate(table.sides):
                for other in table.sides[i + 1 :]:
                    counts.update(pair(a, b) for a in side for b in other)
        return counts

    def partner_counts(self) -> Counter[Pair]:
        """How often each pair of ids sat on the same side."""
        counts: Counter[Pair] = Counter()
        for table in self.tables:
            for side in table.sides:
                counts.update(
                    pair(a, b) for i, a in enumerate(side) for b in side[i + 1 :] if a != b
                )
        return counts

    def bye_counts(self) -> Counter[int]:
        """How many byes (or sit-outs) each id has had."""
        return Counter(bye.entrant_id for bye in self.byes)


def check_unique(ids: Sequence[int], what: str = "entrant") -> None:
    """Refuse a list that names the same id twice.

    Raises:
        PairingError: ``duplicate_entrant``.
    """
    seen: set[int] = set()
    for entrant_id in ids:
        if entrant_id in seen:
            raise PairingError(
                "duplicate_entrant", f"{what} {entrant_id} is listed twice; each plays once a round"
            )
        seen.add(entrant_id)


def counted(count: float, noun: str) -> str:
    """``"1 time"``, ``"2 times"``, ``"12.5 points"``: a count in a reason's words.

    The pure layer's own copy of ``engine.rules.words.counted``: the pairing algorithms import
    nothing else.
    """
    shown = f"{count:g}" if isinstance(count, float) and not count.is_integer() else f"{count:.0f}"
    return f"{shown} {noun}" if abs(count) == 1 else f"{shown} {noun}s"
