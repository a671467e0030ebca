"""Auction calls in order of strength: the calls worth searching, and how far apart two are.

A seat's calls run from the weakest to the strongest: pass, then hold (taking the high bid
over, as strong as it), then the bids by rising amount. Searching every call costs a whole
hand's playout per call and deal; the calls far from the rule bot's are rarely better, so the
search tries the rule bot's call, its neighbours and pass (``near_calls``). The same order
says how far a heard call is from the one the rule bot would have made on a sampled deal
(``call_steps``), which is how unlikely that deal makes the call (``inference``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.common import call_amounts
from engine.rules import Action


def call_order(legal: Sequence[Action]) -> list[Action]:
    """The calls of ``legal`` from the weakest to the strongest: pass, hold, bids rising."""
    pass_call, hold_call, bids = call_amounts(legal)
    order: list[Action] = [c for c in (pass_call, hold_call) if c is not None]
    return order + list(bids)


def near_calls(legal: Sequence[Action], chosen: Action, spread: int = 1) -> list[Action]:
    """``chosen`` first, then pass and the calls up to ``spread`` steps either side of it."""
    order = call_order(legal)
    if chosen not in order:
        return [chosen]
    at = order.index(chosen)
    near = [chosen]
    for i in (0, *range(at - spread, at + spread + 1)):
        if 0 <= i < len(order) and order[i] not in near:
            near.append(order[i])
    return near


def call_steps(order: Sequence[Action], heard: Action, wanted: Action) -> int:
    """Steps between two calls in ``order`` (``call_order``); calls outside it count as
    far apart as the order is long."""
    if heard == wanted:
        return 0
    if heard not in order or wanted not in order:
        return len(order)
    return abs(order.index(heard) - order.index(wanted))
