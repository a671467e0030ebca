"""The phase under way of a hand, as the hand sees it (``PhaseUnderWay``), the phase of a
hand that is over (``OVER_PHASE``), and the loop of a hand that hands its actions to its phases
(``PhasedHand``).

Each game's hand (auction45, bid whist, pitch52) keeps one object per step of the hand; the one
under way lists the actions open to the seat to act and takes them, and ``PhasedHand.apply``
hands every action to it. The game says only what comes next and why an action is refused.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol

from engine.rules.actions import Action
from engine.rules.base import Hand


class PhaseUnderWay(Protocol):
    """The seat to act, the actions open to it (``offered``, what ``legal_actions`` returns),
    and ``take``, which makes an action of that seat's and returns whether the phase is over,
    or returns ``None`` (nothing changed) for an action it does not take (the hand's checks
    then say why)."""

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
    """A hand that hands each action to its phase under way, ``current``: its ``apply`` and
    ``legal_actions``. The game's hand says what the next phase is (``_end_phase``) and why an
    action is refused (``check``)."""

    current: PhaseUnderWay

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
