"""Where a published round is played, for its page: which tables play online and which at the
hall, and the window of a round played over days. A round at the hall says nothing here (the
page's tables already show their codes)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Round
from tournaments.round_display import RoundView


@dataclass(frozen=True)
class RoundWhere:
    round: Round
    online: list[int]
    hall: list[int]

    @property
    def online_list(self) -> str:
        return ", ".join(str(number) for number in self.online)


def round_where(view: RoundView) -> RoundWhere | None:
    """The online and hall tables of ``view``'s round, or ``None`` for a draft or a round
    played at the hall only."""
    if view.round.is_draft or not view.round.online:
        return None
    online = [t.number for t in view.tables if t.match is not None and t.match.online]
    hall = [t.number for t in view.tables if t.number not in online]
    return RoundWhere(round=view.round, online=online, hall=hall)
