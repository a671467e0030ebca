"""Hands whose phases are objects: what a hand asks of the phase under way, and the loop.

A ``PhasedHand`` keeps its phase under way as one object (``current``, a ``Phase``): the seat
to act, the actions open to it, and ``take``. Its ``apply`` hands every action to it once and
starts the next phase when it is over; ``legal_actions`` is its ``offered``. The game's hand
says what the next phase is (``_end_phase``) and why an action is refused (``check``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol

from engine.rules.actions import Action
from engine.rules.base import Hand


class Phase(Protocol):
    """The phase under way, as the hand sees it.

    ``to_act`` is the seat whose turn it is and ``offered`` the actions open to it.
    ``take`` makes an action and returns whether the phase is over; it returns ``None``
    (nothing changed) for an action that is not this phase's kind or not by the seat to act,
    whose refusal the hand's checks then give, and raises the phase's own refusal
    (``IllegalActionError``) for one of its kind, by that seat, that its rules refuse.
    """

    @property
    def to_act(self) -> int | None: ...

    @property
    def offered(self) -> Sequence[Action]: ...

    def take(self, action: Action) -> bool | None: ...


class Over:
    """The phase of a hand that is over: nobody acts, nothing is taken."""

    __slots__ = ()

    to_act = None
    offered: tuple[Action, ...] = ()

    def take(self, action: Action) -> bool | None:
        return None


OVER_PHASE = Over()


class PhasedHand(Hand):
    """A hand that hands each action to its phase under way, ``current``."""

    current: Phase

    def legal_actions(self) -> Sequence[Action]:
        return self.current.offered

    def apply(self, action: Action) -> None:
        phase = self.current
        over = phase.take(action)
        if over is None:
            self.check(action)  # raises the refusal, with its code
            raise AssertionError(f"{action} was not taken but passes the checks")
        self.history.append(action)
        if over:
            self._end_phase()
        else:
            self.to_act = phase.to_act

    @abstractmethod
    def _end_phase(self) -> None:
        """The phase under way is over: start the next one (the end of the hand included)."""
