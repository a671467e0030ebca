"""Playing a sampled hand to its end: fast rule-based playouts and exact search.

A *playout* finishes a hand with every seat played by the rule bot. Outside the play phase it
asks each seat's view, as the rule bot does at a real table; in the play phase, where almost
all the actions are, the hand is read into a fast state on card masks
(``engine.bots.fastplay``) and played there, and a ``Tracker`` keeps each seat's cards, the
trick and the cards played up to date for the rule bot's choices, so no view has to be built.

*Exact search* looks at every line of play to the end of the hand (minimax with alpha-beta,
the seat's partners maximising its objective and everybody else minimising it), which is
affordable once only a few cards are left; it runs on the fast state too
(``engine.bots.fastplay.solver``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots import rules45, rulespitch, ruleswhist
from engine.bots.base import objective
from engine.bots.fastplay import FastPlay, fast_play
from engine.bots.fastplay.solver import exact_value as fast_exact_value
from engine.bots.mirror45 import Before45
from engine.bots.ranking import Ranking, ranking
from engine.bots.rule_bot import decide
from engine.bots.seen import Seen, mask_of_names, read_view
from engine.bots.spot import Spot
from engine.rules import Game, Hand, Phase
from engine.rules.cards import BIT, DECK_52, DECK_54, cards_of


class Tracker:
    """Every seat's cards and the trick, kept up to date while a hand is played out."""

    __slots__ = (
        "bid",
        "bidder",
        "deck",
        "game_id",
        "holdings",
        "n",
        "pitch_values",
        "played",
        "rank",
        "seat_side",
        "trick_cards",
        "trick_seats",
        "trick_size",
    )

    def __init__(self, seen: Seen, holdings: Sequence[int]) -> None:
        """Start from a seat's knowledge ``seen`` (play phase) and every seat's cards."""
        assert seen.bidder is not None and seen.bid is not None
        self._start(seen.game, seen.bidder, seen.bid, seen.trump, seen.mode, holdings)
        self.played = seen.played
        self.trick_seats = list(seen.trick[1])
        self.trick_cards = list(seen.trick[2])
        if seen.game.id == "pitch52":
            # Everybody who played to this trick or still holds a card plays to it.
            self.trick_size = sum(1 for s in range(self.n) if s in self.trick_seats or holdings[s])

    @classmethod
    def at_first_lead(
        cls, game: Game, bidder: int, bid: int, trump: int | None, holdings: Sequence[int]
    ) -> Tracker:
        """A tracker for an auction45 hand that has just reached the play phase, from every
        seat's cards (no view read: see ``Before45.after_draw``)."""
        tracker = object.__new__(cls)
        tracker._start(game, bidder, bid, trump, None, holdings)
        return tracker

    def _start(
        self,
        game: Game,
        bidder: int,
        bid: int,
        trump: int | None,
        mode: str | None,
        holdings: Sequence[int],
    ) -> None:
        """Every field, for a hand before its first card: nothing played, no trick."""
        self.game_id = game.id
        self.n = game.seating.seats
        self.seat_side = game.seating.seat_side
        self.bidder = bidder
        self.bid = bid
        self.rank: Ranking = ranking(game, trump, mode)
        self.deck = DECK_54 if game.id == "pitch52" else DECK_52
        self.holdings = list(holdings)
        self.played = 0
        self.trick_seats = []
        self.trick_cards = []
        self.pitch_values: Sequence[float] = ()
        if game.id == "pitch52":
            assert trump is not None
            self.pitch_values = rulespitch.capture_values(game, trump)
        self.trick_size = self.n

    def copy(self) -> Tracker:
        new = object.__new__(Tracker)
        for name in Tracker.__slots__:
            setattr(new, name, getattr(self, name))
        new.holdings = self.holdings[:]
        new.trick_seats = self.trick_seats[:]
        new.trick_cards = self.trick_cards[:]
        return new

    def update(self, seat: int, card: int) -> None:
        """``seat`` played ``card``."""
        bit = BIT[card]
        self.holdings[seat] &= ~bit
        self.played |= bit
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        if len(self.trick_cards) >= self.trick_size:
            self.trick_seats = []
            self.trick_cards = []
            if self.game_id == "pitch52":
                self.trick_size = sum(1 for h in self.holdings if h)

    def after(self, seat: int) -> list[int]:
        n = self.n
        if self.game_id != "pitch52":
            return [(seat + k) % n for k in range(1, n - len(self.trick_cards))]
        done = set(self.trick_seats)
        return [
            s for s in ((seat + k) % n for k in range(1, n)) if s not in done and self.holdings[s]
        ]

    def choose(self, seat: int, cards: list[int]) -> int:
        """The rule bot's card for ``seat`` among the legal ``cards``."""
        hand = self.holdings[seat]
        spot = Spot(
            seat=seat,
            hand=hand,
            legal=cards,
            trick_seats=self.trick_seats,
            trick_cards=self.trick_cards,
            played=self.played,
            unseen=self.deck & ~hand & ~self.played,
            rank=self.rank,
            seat_side=self.seat_side,
            bidder=self.bidder,
            bid=self.bid,
            after=self.after(seat),
        )
        if self.game_id == "auction45":
            return rules45.play(spot)
        if self.game_id == "bidwhist":
            return ruleswhist.play(spot)
        return rulespitch.play(spot, self.pitch_values)


def _hand_mask(hand: Hand, seat: int) -> int:
    return mask_of_names(hand.view(seat)["hand"])


def tracker_from_hand(game: Game, hand: Hand) -> Tracker:
    """A tracker for a hand that has just reached the play phase (every seat's view read)."""
    seat = hand.to_act
    assert seat is not None
    seen = read_view(game, hand.view(seat))
    holdings = [_hand_mask(hand, s) if s != seat else seen.hand for s in range(seen.seats)]
    return Tracker(seen, holdings)


def playout(
    game: Game, hand: Hand, tracker: Tracker | None = None, before: Before45 | None = None
) -> tuple[int, ...]:
    """Finish ``hand`` with rule-bot play; return the score change.

    ``hand`` is played through in place up to its play phase, which is then played on a fast
    state (``engine.bots.fastplay``): the hand itself is left at the start of the play.
    ``tracker`` follows the play phase if the hand is in it; ``before`` follows auction45's
    cards before play, so that discards are chosen without reading the seat's view (whose list
    of legal discards is long to build).
    """
    while hand.result is None:
        seat = hand.to_act
        assert seat is not None
        if hand.phase == Phase.PLAY:
            if tracker is None:
                tracker = _tracker_at_play(game, hand, before)
            return play_out(fast_play(hand), tracker)
        legal = hand.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            fast = before.decide(hand, seat, legal) if before is not None else None
            action = fast or decide(read_view(game, hand.view(seat)), legal)
        hand.apply(action)
        if before is not None:
            before.observe(hand, action)
    return hand.result.score.delta


def _tracker_at_play(game: Game, hand: Hand, before: Before45 | None) -> Tracker:
    """A tracker for a hand that has just reached its play phase: from the cards ``before``
    followed when it can, else from the seats' views."""
    holdings = before.after_draw(hand) if before is not None else None
    if before is None or holdings is None:
        return tracker_from_hand(game, hand)
    contract = hand.contract
    assert contract is not None
    return Tracker.at_first_lead(game, contract.bidder, contract.bid, before.trump, holdings)


def play_out(state: FastPlay, tracker: Tracker) -> tuple[int, ...]:
    """Finish the play of ``state`` (changed in place) with the rule bot's cards, ``tracker``
    following them; return the score change."""
    while state.to_act >= 0:
        seat = state.to_act
        legal = state.legal()
        if legal & (legal - 1):
            card = tracker.choose(seat, cards_of(legal))
        else:
            card = legal.bit_length() - 1
        state.play(card)
        tracker.update(seat, card)
    return state.delta()


def exact_value(hand: Hand, seat_side: Sequence[int], side: int) -> float:
    """The objective of ``side`` under best play by everybody from ``hand`` (not changed),
    which must be in its play phase or over (``seat_side``: the game's, which the fast state
    knows)."""
    if hand.result is not None:
        return objective(hand.result.score.delta, side)
    return fast_exact_value(fast_play(hand), side)
