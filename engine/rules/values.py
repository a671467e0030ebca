"""The engine's value objects between hands: ``Tally`` (what a game carries from hand to
hand), ``HandScore`` and ``HandResult`` (what it reports about a finished hand).

All three are re-exported by ``engine.rules.base``, beside the rest of the engine's vocabulary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.rules.cards import card_names
from engine.rules.gameend import GameResult


@dataclass(frozen=True, slots=True)
class Tally:
    """What a game carries between hands: scores, times set, sets in a row (per side)."""

    scores: tuple[int, ...]
    sets: tuple[int, ...]
    consecutive_sets: tuple[int, ...]

    @classmethod
    def start(cls, sides: int) -> Tally:
        """The tally before a game's first hand (shared: tallies are immutable)."""
        found = _START_TALLIES.get((cls, sides))
        if found is None:
            zero = (0,) * sides
            found = _START_TALLIES[cls, sides] = cls(zero, zero, zero)
        return found

    @classmethod
    def of(
        cls,
        scores: Sequence[int],
        sets: Sequence[int] | None = None,
        consecutive_sets: Sequence[int] | None = None,
    ) -> Tally:
        zero = (0,) * len(scores)
        return cls(
            tuple(scores),
            tuple(sets) if sets is not None else zero,
            tuple(consecutive_sets) if consecutive_sets is not None else zero,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "sets": list(self.sets),
            "consecutive_sets": list(self.consecutive_sets),
        }


_START_TALLIES: dict[tuple[type[Tally], int], Tally] = {}


@dataclass(frozen=True, slots=True)
class HandScore:
    """The score of one hand: what scoring a played or a written hand returns.

    ``made`` is ``None`` for a hand thrown in. ``points`` and ``categories`` are filled by
    pitch52, which derives them from the categories or the tricks.
    """

    made: bool | None
    delta: tuple[int, ...]
    scores_after: tuple[int, ...]
    result: GameResult | None
    tally_after: Tally
    points: tuple[int, ...] | None = None
    categories: Mapping[str, int | None] | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "made": self.made,
            "delta": list(self.delta),
            "scores_after": list(self.scores_after),
            "result": self.result.to_dict() if self.result else None,
        }
        if self.points is not None:
            out["points"] = list(self.points)
        if self.categories is not None:
            out["categories"] = dict(self.categories)
        return out


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything the engine reports about a finished hand (each game's scoring in docs/rules.md).

    ``outcome`` is ``"scored"`` or ``"redeal"`` (everybody passed). ``line`` is the hand in
    scoresheet vocabulary (docs/rules.md#scoresheet-lines), ready to be stored as a scoresheet line.
    """

    outcome: str
    score: HandScore
    line: Mapping[str, Any]
    trick_winners: tuple[int, ...] = ()
    points: tuple[int, ...] | None = None
    books: tuple[int, ...] | None = None
    kitty_book_side: int | None = None
    categories: Mapping[str, int | None] | None = None
    best_trump: int | None = None
    hands_after_draw: tuple[tuple[int, ...], ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def made(self) -> bool | None:
        return self.score.made

    @property
    def delta(self) -> tuple[int, ...]:
        return self.score.delta

    @property
    def scores_after(self) -> tuple[int, ...]:
        return self.score.scores_after

    @property
    def game_result(self) -> GameResult | None:
        return self.score.result

    def to_dict(self) -> dict[str, Any]:
        """JSON of the result, in the vocabulary of the conformance ``final`` object."""
        if self.outcome == "redeal":
            return {"outcome": "redeal", **self.score.to_dict()}
        out: dict[str, Any] = {"outcome": self.outcome, **self.score.to_dict()}
        out["trick_winners"] = list(self.trick_winners)
        for key in ("points", "books"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value)
        if self.kitty_book_side is not None:
            out["kitty_book_side"] = self.kitty_book_side
        if self.categories is not None:
            out["categories"] = dict(self.categories)
        if self.best_trump is not None:
            out["best_trump"] = card_names((self.best_trump,))[0]
        if self.hands_after_draw is not None:
            out["hands_after_draw"] = [card_names(h) for h in self.hands_after_draw]
        out["line"] = dict(self.line)
        return out
