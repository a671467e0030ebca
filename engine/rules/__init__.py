"""Kitty's rules engine: 120s / Auction Forty-Fives, Bid Whist and Pitch to 52.

Pure Python: no Django, no app imports, no I/O. The rules are docs/rules.md; start with
``get_game`` and ``Game.new_hand``::

    >>> from engine.rules import get_game
    >>> hand = get_game("auction45").new_hand(dealer=3, seed=7)
    >>> hand.phase, hand.to_act
    (<Phase.AUCTION: 'auction'>, 0)
    >>> hand.phase == "auction"
    True
"""

from __future__ import annotations

from engine.rules.actions import (
    Action,
    Call,
    Declare,
    Discard,
    ExcessDiscard,
    GoKitty,
    KittyDiscard,
    NameTrump,
    Play,
    action_from_dict,
    parse_action,
)
from engine.rules.base import Contract, Deal, Game, Hand, HandResult, HandScore, Phase, Tally
from engine.rules.cards import CardSet, card_str, parse_card, parse_cards
from engine.rules.errors import (
    IllegalActionError,
    NotationError,
    OptionError,
    RulesError,
    ScoresheetError,
)
from engine.rules.gameend import GameResult
from engine.rules.lines import check_line
from engine.rules.match import Match
from engine.rules.records import game_record, hand_record, replay_game, replay_hand
from engine.rules.registry import GAME_NAMES, GAMES, get_game

__all__ = [
    "GAMES",
    "GAME_NAMES",
    "Action",
    "Call",
    "CardSet",
    "Contract",
    "Deal",
    "Declare",
    "Discard",
    "ExcessDiscard",
    "Game",
    "GameResult",
    "GoKitty",
    "Hand",
    "HandResult",
    "HandScore",
    "IllegalActionError",
    "KittyDiscard",
    "Match",
    "NameTrump",
    "NotationError",
    "OptionError",
    "Phase",
    "Play",
    "RulesError",
    "ScoresheetError",
    "Tally",
    "action_from_dict",
    "card_str",
    "check_line",
    "get_game",
    "game_record",
    "hand_record",
    "parse_action",
    "parse_card",
    "parse_cards",
    "replay_game",
    "replay_hand",
]
