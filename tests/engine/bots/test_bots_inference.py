"""Reading the others: the rule bot's own deals agree with what the search bot reads from the
calls, discards and cards, sampled deals obey it, and the fast readers give the answers of a
plain replay through the engine's views."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.bots import bot_for
from engine.bots.common import options_of
from engine.bots.inference import CallReader, plays_agree
from engine.bots.ranking import ranking
from engine.bots.rule_bot import decide
from engine.bots.seen import Seen, mask_of_names, read_view
from engine.bots.worlds import World, sample_world
from engine.bots.worlds.clues45 import KEEP, discard_clues
from engine.rules import Call, Discard, Game, Hand, KittyDiscard, Play, get_game
from engine.rules.cards import BIT

from .conftest import game_with_random_options


def rule_hand(game: Game, seed: int) -> Iterator[tuple[Hand, dict[int, int]]]:
    """Every decision of a hand played by rule bots, with the cards each seat discarded so
    far (the kitty discard included)."""
    rule = bot_for("rule", game)
    rng = random.Random(seed)
    hand = game.new_hand(dealer=seed % game.seating.seats, seed=seed)
    discarded: dict[int, int] = {}
    while hand.result is None:
        yield hand, discarded
        seat = hand.to_act
        assert seat is not None
        action = rule.choose(hand.view(seat), hand.legal_actions(), rng)
        if isinstance(action, Discard | KittyDiscard):
            for c in action.cards:
                discarded[seat] = discarded.get(seat, 0) | BIT[c]
        hand.apply(action)


def holdings_of(hand: Hand) -> list[int]:
    return [mask_of_names(hand.view(s)["hand"]) for s in range(hand.game.seating.seats)]


def check_clues(seen: Seen, holdings: list[int], discarded: dict[int, int] | None) -> int:
    """Check every discard clue of ``seen`` against ``holdings``; return how many there were."""
    assert seen.trump is not None
    opts = options_of(seen.game)
    trumps = ranking(seen.game, seen.trump).trump_mask
    stock = 52 - 5 * seen.seats - int(opts["kitty_size"])
    clues = discard_clues(seen, opts, seen.view["discard_counts"], stock)
    for s, kept in clues.items():
        assert s != seen.seat
        assert ((holdings[s] | seen.played_by[s]) & trumps).bit_count() >= kept
        if discarded is not None and kept < KEEP:
            assert discarded.get(s, 0) & trumps == 0  # plain cards only, at the draw and kitty
    return len(clues)


@pytest.mark.parametrize("options", [None, "random"])
def test_the_rule_bot_discards_as_the_clues_say(options: str | None) -> None:
    rng = random.Random(6)
    clues = 0
    for seed in range(12):
        game = (
            get_game("auction45") if options is None else game_with_random_options("auction45", rng)
        )
        for hand, discarded in rule_hand(game, seed):
            if hand.phase == "play":
                seen = read_view(game, hand.view(hand.to_act or 0))
                clues += check_clues(seen, holdings_of(hand), discarded)
    assert clues > 0


def test_sampled_worlds_follow_the_discard_clues() -> None:
    game = get_game("auction45")
    found = clues = 0
    for seed in range(6):
        for hand, _ in rule_hand(game, seed):
            if hand.phase != "play" or hand.to_act is None:
                continue
            view = hand.view(hand.to_act)
            seen = read_view(game, view)
            world = sample_world(seen, random.Random(seed), read_discards=True)
            if world is None:
                continue
            found += 1
            assert world.hand.view(hand.to_act) == view
            clues += check_clues(seen, world.holdings, None)
    assert found > 30
    assert clues > found


def reference_calls_agree(world: World, seen: Seen) -> bool:
    """The others' calls replayed through the engine and their views."""
    game = seen.game
    hand = game.new_hand(dealer=seen.dealer, deal=world.hand.deal, tally=world.hand.tally)
    for seat, call in seen.calls:
        made = Call(seat, call)
        if (
            seat != seen.seat
            and decide(read_view(game, hand.view(seat)), hand.legal_actions()) != made
        ):
            return False
        hand.apply(made)
    return True


def reference_plays_agree(world: World, seen: Seen) -> bool:
    """The opponents' cards replayed through the engine and their views."""
    game = seen.game
    rule = bot_for("rule", game)
    hand = game.new_hand(dealer=seen.dealer, deal=world.hand.deal, tally=world.hand.tally)
    for action in world.hand.history:
        if isinstance(action, Play) and seen.seat_side[action.seat] != seen.side:
            legal = hand.legal_actions()
            if rule.choose(hand.view(action.seat), legal, random.Random(0)) != action:
                return False
        hand.apply(action)
    return True


@pytest.mark.parametrize("game_id", ["auction45", "bidwhist", "pitch52"])
def test_the_call_reader_agrees_with_a_replay(game_id: str) -> None:
    game = get_game(game_id)
    verdicts = set()
    for seed in range(6):
        for hand, _ in rule_hand(game, seed):
            if hand.to_act is None or len(hand.legal_actions()) < 2:
                continue
            seen = read_view(game, hand.view(hand.to_act))
            reader = CallReader(seen)
            for i in range(3):
                world = sample_world(seen, random.Random(i))
                if world is not None:
                    verdict = reader.agree(world.hand.deal)
                    assert verdict == reference_calls_agree(world, seen)
                    verdicts.add(verdict)
    assert verdicts == {True, False}


def test_plays_agree_with_a_replay_and_the_real_deal() -> None:
    game = get_game("auction45")
    verdicts = set()
    for seed in range(8):
        for hand, _ in rule_hand(game, seed):
            if hand.phase != "play" or hand.to_act is None:
                continue
            seen = read_view(game, hand.view(hand.to_act))
            assert plays_agree(holdings_of(hand), seen)
            for i in range(3):
                world = sample_world(seen, random.Random(i))
                if world is not None:
                    verdict = plays_agree(world.holdings, seen)
                    assert verdict == reference_plays_agree(world, seen)
                    verdicts.add(verdict)
    assert verdicts == {True, False}
