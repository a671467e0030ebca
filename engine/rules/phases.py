"""The phase under way of a hand, as the hand sees it (``PhaseUnderWay``), and the phase of a
hand that is over (``OVER_PHASE``).

A hand built like auction45's (``engine.rules.auction45.hand``, ``engine.rules.pitch52.hand``)
keeps one object per step of the hand; the one under way lists the actions open to the seat to
act and takes them, and the hand's ``apply`` hands every action to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.rules.actions import Action


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
