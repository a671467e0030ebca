"""What every game's fast play state offers, and the scoring cache they share.

A fast play state is the play phase of one hand reduced to what decides it: each seat's cards
as a mask (``engine.rules.cards``), whose turn it is, the trick under way and what the tricks
taken are worth. It knows nothing of actions, views or history, which is what makes a card
played on it cheap; ``engine.rules`` stays the reference it is tested against
(``tests/engine/bots/test_fastplay*.py``).

The score of a finished hand is left to the game's own scorer, called with the facts the fast
state gathered: the rules of scoring live in one place. A hand's many playouts and exact
lines end on few distinct facts, so the score change of each is kept in a ``Scoring`` shared
by every copy of a state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import ClassVar, Protocol, Self


class FastPlay(Protocol):
    """The play phase of one hand, on masks. ``to_act`` is -1 once the hand is over."""

    to_act: int
    seat_side: tuple[int, ...]

    def legal(self) -> int:
        """The mask of the cards the seat to act may play."""
        ...

    def play(self, card: int) -> None:
        """The seat to act plays ``card`` (one of ``legal()``: not checked)."""
        ...

    def delta(self) -> tuple[int, ...]:
        """The score change of the finished hand, per side, as the game scores it."""
        ...

    def copy(self) -> FastPlay:
        """An independent copy (the shared tables and scoring are not copied)."""
        ...

    def cards_left(self) -> int:
        """Cards still to be played by all seats."""
        ...


class Scoring:
    """The score change for each distinct set of facts a hand ends on, computed once.

    ``score`` maps the facts (a hashable summary such as the points per side) to the delta
    the game's scorer gives for them; the hand's context (bidder, bid, running scores) is
    bound in it.
    """

    __slots__ = ("known", "score")

    def __init__(self, score: Callable[[Hashable], tuple[int, ...]]) -> None:
        self.score = score
        self.known: dict[Hashable, tuple[int, ...]] = {}

    def delta(self, facts: Hashable) -> tuple[int, ...]:
        known = self.known.get(facts)
        if known is None:
            known = self.known[facts] = self.score(facts)
        return known


class MaskState:
    """What every game's fast state shares: copying (its lists copied, the rest shared, as
    the rules and scores are read only) and counting the cards left. ``LISTS``: the slots
    holding lists that play changes."""

    __slots__ = ()
    LISTS: ClassVar[tuple[str, ...]] = ()
    hands: list[int]

    def copy(self) -> Self:
        new = object.__new__(type(self))
        slots: tuple[str, ...] = type(self).__slots__
        for name in slots:
            value = getattr(self, name)
            setattr(new, name, value[:] if name in self.LISTS else value)
        return new

    def cards_left(self) -> int:
        return sum(h.bit_count() for h in self.hands)
