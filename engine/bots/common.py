"""Small pieces of card sense shared by the three games' heuristics."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from engine.bots.spot import Spot
from engine.rules import Action, Call, Game
from engine.rules.cards import BIT


@lru_cache(maxsize=256)
def options_of(game: Game) -> dict[str, Any]:
    """Every option value of ``game`` (read once: games are immutable)."""
    return game.options_dict()


def auction_high(calls: Iterable[tuple[int, str]]) -> tuple[int, int | None]:
    """``(high bid, seat holding it)`` after ``calls``; a hold moves the bid to the holder."""
    high, seat = 0, None
    for s, call in calls:
        if call == "hold":
            seat = s
        elif call.isdigit():
            high, seat = int(call), s
    return high, seat


def call_amounts(legal: Sequence[Action]) -> tuple[Call | None, Call | None, list[Call]]:
    """Split legal calls into ``(pass, hold, bids by rising amount)``."""
    pass_call = hold_call = None
    bids: list[Call] = []
    for action in legal:
        if not isinstance(action, Call):
            continue
        if action.call == "pass":
            pass_call = action
        elif action.call == "hold":
            hold_call = action
        elif action.amount is not None:
            bids.append(action)
    bids.sort(key=lambda c: c.amount or 0)
    return pass_call, hold_call, bids


def choose_call(legal: Sequence[Action], wanted: int, hold_ok: bool, jump: bool = False) -> Action:
    """The call for a player willing to go up to ``wanted``: hold if allowed and worth it,
    else the lowest bid not above ``wanted`` (the highest with ``jump``: in a one-round
    auction a bid is not heard twice, so it is made in full to keep later players out), else
    pass (or the lowest bid when passing is not allowed: a stuck dealer)."""
    pass_call, hold_call, bids = call_amounts(legal)
    if hold_call is not None and hold_ok:
        return hold_call
    affordable = [bid for bid in bids if (bid.amount or 0) <= wanted]
    if affordable:
        return affordable[-1] if jump else affordable[0]
    if pass_call is not None:
        return pass_call
    if hold_call is not None:
        return hold_call
    return bids[0] if bids else legal[0]


def mask_cards(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def best_subset_action(
    legal: Sequence[Action],
    cards_of: Callable[[Action], Sequence[int]],
    value: Callable[[int], float],
) -> Action:
    """Among discard actions, the one whose discarded cards are worth least (first on ties)."""
    best = legal[0]
    best_cost = sum(map(value, cards_of(best)))
    for action in legal:
        cost = sum(map(value, cards_of(action)))
        if cost < best_cost:
            best, best_cost = action, cost
    return best


def lex_rank(cards: Sequence[int], chosen: Sequence[int]) -> int:
    """Place of ``chosen`` (a sorted subset of the sorted ``cards``) among the subsets of its
    size in lexicographic order."""
    n, k = len(cards), len(chosen)
    index = 0
    start = 0
    for i, c in enumerate(chosen):
        pos = cards.index(c)
        for skipped in range(start, pos):
            index += comb(n - skipped - 1, k - i - 1)
        start = pos + 1
    return index


def subset_action(
    legal: Sequence[Action], cards: Sequence[int], chosen: Sequence[int], smaller: int = 0
) -> Action | None:
    """The discard of ``chosen`` out of ``cards`` (both sorted), found by its place in
    ``legal`` when discards are listed by size then lexicographically (``smaller``: how many
    discards of fewer cards come first), as the engine lists them; ``None`` if it is not there.
    """
    index = smaller + lex_rank(cards, chosen)
    if index < len(legal):
        action = legal[index]
        if tuple(getattr(action, "cards", ())) == tuple(chosen):
            return action
    return None


def cheapest(cards: Iterable[int], spot: Spot) -> int:
    """The weakest card: plain cards before trumps, lowest power first."""
    power = spot.rank.power
    return min(cards, key=power.__getitem__)


def strongest(cards: Iterable[int], spot: Spot) -> int:
    power = spot.rank.power
    return max(cards, key=power.__getitem__)


def beaters(spot: Spot) -> list[int]:
    """Legal cards that would take the trick from the card winning it now."""
    _, _, best = spot.winning()
    rank = spot.rank
    led = spot.led_suit
    return [c for c in spot.legal if rank.key(c, led) > best]


def in_mask(card: int, mask: int) -> bool:
    return bool(mask & BIT[card])
