"""What a bye scores in the standings: the event's rule turned into an appearance.

A bye is a round an entrant did not play through no fault of its own (an odd field). The event
says what it is worth, one of ``BYE_RULES``:

- ``nothing``: the bye is not a game. No points, no win, not counted as played.
- ``win``: a game played and won, scoring the rules' winning total (``win_points``: the game's
  target, 120 in Auction 45s to 120) with nothing against. A points cap applies as to any game.
- ``average``: a game played, worth the entrant's average over its other finished games of the
  event: average points for and against, and its share of them won (2 won of 3 played is 2/3
  of a win). An entrant with no other finished game gets nothing for it yet.

A bye's appearance has no opponents, so head-to-head and strength-of-schedule metrics
(Buchholz, opponents' points) are untouched by it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.standings.types import Appearance, SideResult, StandingsError

NOTHING = "nothing"
WIN = "win"
AVERAGE = "average"
BYE_RULES = (NOTHING, WIN, AVERAGE)


@dataclass(frozen=True, slots=True)
class RoundBye:
    """An entrant's bye in one round."""

    entrant_id: int
    round_number: int
    event_id: int = 0


@dataclass(frozen=True, slots=True)
class ByeRule:
    """What a bye scores: ``kind`` is one of ``BYE_RULES``; ``win_points`` is what a won game
    scores under ``win``."""

    kind: str = NOTHING
    win_points: int = 0

    def __post_init__(self) -> None:
        if self.kind not in BYE_RULES:
            raise StandingsError(
                "unknown_bye_rule",
                f"a bye scores one of {', '.join(BYE_RULES)}, not {self.kind!r}",
            )


NO_SCORE = ByeRule()
"""The rule when the caller names none: a bye counts for nothing."""


def with_byes(
    appearances: Mapping[int, Sequence[Appearance]],
    byes: Sequence[RoundBye],
    rule: ByeRule | Mapping[int, ByeRule],
) -> dict[int, list[Appearance]]:
    """``appearances`` with one appearance added for each bye the rule scores.

    ``rule`` is one event's, or each event's by id (a season's nights: a bye scores what its
    night says, and an average is over that night's other games). Byes get negative game ids,
    so they never clash with a real game's.
    """
    added: dict[int, list[Appearance]] = {e: list(games) for e, games in appearances.items()}
    for number, bye in enumerate(byes, start=1):
        night = rule if isinstance(rule, ByeRule) else rule.get(bye.event_id, NO_SCORE)
        if night.kind == NOTHING:
            continue
        played = [a for a in appearances.get(bye.entrant_id, ()) if a.event_id == bye.event_id]
        if night.kind == WIN:
            points, against, won = float(night.win_points), 0.0, 1.0
        elif played:
            count = len(played)
            points = sum(a.points for a in played) / count
            against = sum(a.points_against for a in played) / count
            won = sum(a.won for a in played) / count
        else:
            continue
        side = SideResult((bye.entrant_id,), round(points), won >= 1.0)
        added.setdefault(bye.entrant_id, []).append(
            Appearance(
                game_id=-number,
                round_number=bye.round_number,
                event_id=bye.event_id,
                side=side,
                opponents=(),
                won=won,
                points=points,
                points_against=against,
                opponent_ids=(),
            )
        )
    return added
