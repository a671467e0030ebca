"""The beginner: the rule bot's card sense with a newcomer's slips.

A member who picks the easiest computers wants opponents who play the game properly (they
follow suit, they bid hands worth bidding) but who can be beaten: so the beginner plays as the
rule bot does, except that now and then it plays another legal card than the rule bot's (a
trick thrown away, a trump wasted) and, in the auction, sometimes bids one step higher than its
cards are worth. Every slip is drawn from the generator it is given, so the same view and the
same generator state give the same action (the ``Bot`` contract).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.base import View, game_of
from engine.bots.rule_bot import decide
from engine.bots.seen import read_view
from engine.rules import Action, Call, Game, Phase, Play

#: Chance that a card played is not the rule bot's (when there is another legal card).
PLAY_SLIP = 0.25
#: Chance that a call is one step higher than the rule bot's (a pass becomes the lowest bid).
BID_SLIP = 0.25


class BeginnerBot:
    """Plays like the rule bot, with careless cards (``play_slip``) and overbids
    (``bid_slip``); the other phases (trump, discards) as the rule bot."""

    name = "beginner"

    def __init__(
        self, game: Game | None = None, *, play_slip: float = PLAY_SLIP, bid_slip: float = BID_SLIP
    ) -> None:
        self.game = game
        self.play_slip = play_slip
        self.bid_slip = bid_slip

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        seen = read_view(game_of(view, self.game), view)
        sensible = decide(seen, legal_actions)
        if len(legal_actions) == 1:
            return sensible
        if seen.phase == Phase.PLAY:
            return careless_card(sensible, legal_actions, rng, self.play_slip)
        if seen.phase == Phase.AUCTION:
            return overbid(sensible, legal_actions, rng, self.bid_slip)
        return sensible


def careless_card(
    sensible: Action, legal: Sequence[Action], rng: random.Random, slip: float
) -> Action:
    """``sensible``, or with chance ``slip`` another legal card drawn uniformly: a newcomer
    follows suit (only legal cards are offered) but often picks the wrong one."""
    others = [a for a in legal if isinstance(a, Play) and a != sensible]
    if not others or rng.random() >= slip:
        return sensible
    return others[rng.randrange(len(others))]


def overbid(sensible: Action, legal: Sequence[Action], rng: random.Random, slip: float) -> Action:
    """``sensible``, or with chance ``slip`` the lowest legal bid above it (a pass becomes the
    lowest bid): newcomers bid on hope. A hold or a call with no higher bid stays."""
    if not isinstance(sensible, Call) or rng.random() >= slip:
        return sensible
    if sensible.amount is None and sensible.call != "pass":
        return sensible
    floor = sensible.amount or 0
    higher = [a for a in legal if isinstance(a, Call) and a.amount is not None and a.amount > floor]
    if not higher:
        return sensible
    return min(higher, key=lambda a: a.amount or 0)
