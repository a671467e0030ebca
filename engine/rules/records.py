"""Game records: a JSON document of one hand or a whole game that replays exactly.

A hand record names the game and every option value, the dealer, the tally before the hand,
the full deal and every action in order. Automatic steps (taking the kitty, the draw, the
rob, skipping players who are out) are not recorded: replaying the actions from the deal
redoes them. The result is stored too, so a reader can check a replay against it.

Records are what online tables keep as hand history, what imports read, and what the
conformance ``replay`` vectors are made of.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.rules.actions import action_from_dict
from engine.rules.base import Deal, Tally
from engine.rules.errors import NotationError, RulesError
from engine.rules.registry import get_game

if TYPE_CHECKING:
    from engine.rules.base import Game, Hand

HAND_FORMAT = "kitty-hand/1"
GAME_FORMAT = "kitty-game/1"


class ReplayError(RulesError):
    """A record whose action ``index`` is refused; ``code`` is the action's error code."""

    def __init__(self, code: str, message: str, index: int) -> None:
        super().__init__(code, f"action {index}: {message}")
        self.index = index


def _hand_body(hand: Hand) -> dict[str, Any]:
    return {
        "dealer": hand.dealer,
        "tally": hand.tally.to_dict(),
        "deal": hand.deal.to_dict(),
        "actions": [action.to_dict() for action in hand.history],
        "result": hand.result.to_dict() if hand.result is not None else None,
    }


def hand_record(hand: Hand) -> dict[str, Any]:
    """The record of ``hand`` as it stands (a hand in progress records its actions so far)."""
    return {
        "format": HAND_FORMAT,
        "game": hand.game.id,
        "options": hand.game.options_dict(),
        **_hand_body(hand),
    }


def game_record(hands: Iterable[Hand]) -> dict[str, Any]:
    """The record of a game: its hands in order, all of one game and options."""
    hands = list(hands)
    if not hands:
        raise ValueError("a game record needs at least one hand")
    game = hands[0].game
    return {
        "format": GAME_FORMAT,
        "game": game.id,
        "options": game.options_dict(),
        "hands": [_hand_body(hand) for hand in hands],
    }


def _tally(data: Any, sides: int) -> Tally:
    if data is None:
        return Tally.start(sides)
    if not isinstance(data, Mapping) or not isinstance(data.get("scores"), list):
        raise NotationError("bad_record", "tally must be an object with 'scores' per side")
    tally = Tally.of(data["scores"], data.get("sets"), data.get("consecutive_sets"))
    if any(len(part) != sides for part in (tally.scores, tally.sets, tally.consecutive_sets)):
        raise NotationError("bad_record", f"tally must give one entry per side ({sides})")
    return tally


def _replay_body(game: Game, body: Mapping[str, Any]) -> Hand:
    if not isinstance(body, Mapping) or "deal" not in body:
        raise NotationError("bad_record", "a hand record needs 'dealer', 'deal' and 'actions'")
    hand = game.new_hand(
        dealer=body.get("dealer", 0),
        deal=Deal.from_dict(body["deal"]),
        tally=_tally(body.get("tally"), game.seating.sides),
    )
    actions = body.get("actions") or []
    if not isinstance(actions, list):
        raise NotationError("bad_record", "'actions' must be a list")
    for index, data in enumerate(actions):
        try:
            hand.apply(action_from_dict(data))
        except RulesError as error:
            raise ReplayError(error.code, error.message, index) from error
    return hand


def replay_hand(record: Mapping[str, Any]) -> Hand:
    """Rebuild a hand from its record by replaying every action from the deal.

    Raises:
        OptionError: unknown game or options.
        NotationError: a malformed record.
        ReplayError: an action the rules refuse (its index and code).
    """
    if not isinstance(record, Mapping):
        raise NotationError("bad_record", "a record must be a JSON object")
    game = get_game(record.get("game", ""), record.get("options") or {})
    return _replay_body(game, record)


def replay_game(record: Mapping[str, Any]) -> list[Hand]:
    """Rebuild every hand of a game record, in order. Raises as ``replay_hand``."""
    if not isinstance(record, Mapping) or not isinstance(record.get("hands"), list):
        raise NotationError("bad_record", "a game record needs 'game', 'options' and 'hands'")
    game = get_game(record.get("game", ""), record.get("options") or {})
    return [_replay_body(game, body) for body in record["hands"]]
