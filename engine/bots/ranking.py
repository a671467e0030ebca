"""Card strength tables for one trump (and bid whist mode), built from the game's rank orders.

Vocabulary: a card's *effective suit* is ``TRUMP`` for every trump (auction45's ``AH``, pitch's
off-jack and jokers included) and its printed suit otherwise. Its *power* orders the cards of
one effective suit: trumps are ``TRUMP_BASE`` and above, so a trump beats any plain card; a card
that can never win (a pitch non-trump) has power 0. A trick goes to the highest power among the
trumps, or else among the cards of the led card's effective suit.

The tables come from ``Game.rank_order`` only, so they follow every option that changes the
order of the cards (auction45's ``nontrump_ace`` and ``ten_as_face``, bid whist's modes).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.rules import Game
from engine.rules.cards import BIT

TRUMP = 4
TRUMP_BASE = 100


class Ranking:
    """Strength tables of a game for one trump (``None``: no trump) and mode."""

    __slots__ = ("effective", "order", "power", "suit_mask", "trump", "trump_mask")

    def __init__(self, game: Game, trump: int | None, mode: str | None = None) -> None:
        self.trump = trump
        self.effective: list[int] = [c // 13 if c < 52 else TRUMP for c in range(54)]
        self.power: list[int] = [0] * 54
        self.order: list[tuple[int, ...]] = [(), (), (), (), ()]
        self.suit_mask: list[int] = [0] * 5
        self.trump_mask = 0
        if trump is not None:
            self._fill(TRUMP, game.rank_order(trump, trump, mode), TRUMP_BASE)
            self.trump_mask = self.suit_mask[TRUMP]
        for suit in range(4):
            if suit != trump:
                self._fill(suit, game.rank_order(trump, suit, mode), 0)

    def _fill(self, suit: int, order: Sequence[int], base: int) -> None:
        self.order[suit] = tuple(order)
        n = len(order)
        mask = 0
        for i, c in enumerate(order):
            self.effective[c] = suit
            self.power[c] = base + n - i
            mask |= BIT[c]
        self.suit_mask[suit] = mask

    def is_trump(self, card: int) -> bool:
        return bool(self.trump_mask & BIT[card])

    def key(self, card: int, led_suit: int) -> int:
        """How strongly ``card`` plays to a trick led in ``led_suit`` (0: it cannot win)."""
        suit = self.effective[card]
        if suit in (TRUMP, led_suit):
            return self.power[card]
        return 0

    def winner(self, cards: Sequence[int]) -> int:
        """Index of the card that takes the trick ``cards`` (leader first)."""
        led = self.effective[cards[0]]
        best, best_key = 0, self.key(cards[0], led)
        for i in range(1, len(cards)):
            k = self.key(cards[i], led)
            if k > best_key:
                best, best_key = i, k
        return best

    def top(self, mask: int, suit: int) -> int:
        """The best card of ``mask`` in effective ``suit``, or -1."""
        for c in self.order[suit]:
            if mask & BIT[c]:
                return c
        return -1

    def count(self, mask: int, suit: int) -> int:
        return (mask & self.suit_mask[suit]).bit_count()


@lru_cache(maxsize=512)
def ranking(game: Game, trump: int | None, mode: str | None = None) -> Ranking:
    """The shared (read-only) tables of ``game`` for ``trump`` and ``mode``."""
    return Ranking(game, trump, mode)
