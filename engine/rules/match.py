"""A game played to its end: hands folded into the tally, the deal passing left.

``Match`` is the running state of one game (a "match" between sides): whose deal it is, the
tally, the results so far, and how the game ended. It accepts played hands and written lines
alike, through the same scoring, and refuses anything once the game is over
(docs/rules.md#game-end).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.rules.base import Deal, Game, Hand, HandScore, Tally
from engine.rules.errors import IllegalActionError, ScoresheetError
from engine.rules.gameend import GameResult


class Match:
    """The running state of one game between sides."""

    def __init__(self, game: Game, *, first_dealer: int = 0, tally: Tally | None = None) -> None:
        self.game = game
        self.dealer = first_dealer
        self.tally = tally or Tally.start(game.seating.sides)
        self.scores_history: list[HandScore] = []
        self.result: GameResult | None = None

    @property
    def is_over(self) -> bool:
        return self.result is not None or self.game.is_game_over(self.tally)

    def new_hand(
        self, *, seed: int | random.Random | None = None, deal: Deal | None = None
    ) -> Hand:
        """The next hand, dealt by the current dealer from the current tally.

        Raises:
            IllegalActionError: code ``game_over`` when the game has ended.
        """
        if self.is_over:
            raise IllegalActionError("game_over", "the game is over: no further hand is dealt")
        return self.game.new_hand(dealer=self.dealer, seed=seed, deal=deal, tally=self.tally)

    def _record(self, score: HandScore) -> HandScore:
        self.scores_history.append(score)
        self.tally = score.tally_after
        self.result = score.result
        self.dealer = self.game.seating.next_seat(self.dealer)
        return score

    def add_hand(self, hand: Hand) -> HandScore:
        """Fold a finished hand (played from this match's tally) into the match.

        Raises:
            IllegalActionError: ``game_over`` after the end, ``hand_not_over`` if unfinished.
        """
        if self.is_over:
            raise IllegalActionError("game_over", "the game is over: no further hand counts")
        if hand.result is None:
            raise IllegalActionError("hand_not_over", "the hand is not finished yet")
        return self._record(hand.result.score)

    def add_line(self, line: Mapping[str, Any]) -> HandScore:
        """Check a written line against the current tally and fold it in.

        Raises:
            ScoresheetError: the line is refused (docs/rules.md#line-codes), ``game_over`` included.
        """
        if self.result is not None:
            raise ScoresheetError("game_over", "the game is over: no further line is accepted")
        return self._record(self.game.check_line(line, self.tally))
