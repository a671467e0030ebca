"""The tournaments app's models, one module per concept; imported here so Django finds them.

- ``events``: Season, Event, Entrant.
- ``rounds``: Round, Bye, Table, Seating, Match, SeatingChange, Substitution.
- ``results``: StandingsSnapshot, Job, PlayerRating, RatingChange.
- ``times``: MatchTime (online matches' proposed and current times).
"""

from __future__ import annotations

from tournaments.models.events import (
    ByeScoring,
    Entrant,
    EntrantKind,
    Event,
    EventFormat,
    EventStatus,
    NoShowRule,
    PlaysAt,
    Season,
)
from tournaments.models.results import (
    Job,
    JobKind,
    JobState,
    PlayerRating,
    RatingChange,
    StandingsSnapshot,
)
from tournaments.models.rounds import (
    Bye,
    Match,
    NoShow,
    Round,
    RoundStatus,
    Seating,
    SeatingChange,
    Substitution,
    Table,
    TimeSource,
)
from tournaments.models.times import CURRENT, MatchTime, MatchTimeStatus

__all__ = [
    "Bye",
    "Entrant",
    "EntrantKind",
    "Event",
    "EventFormat",
    "ByeScoring",
    "EventStatus",
    "PlaysAt",
    "Job",
    "JobKind",
    "JobState",
    "CURRENT",
    "Match",
    "MatchTime",
    "MatchTimeStatus",
    "NoShow",
    "NoShowRule",
    "PlayerRating",
    "RatingChange",
    "Round",
    "RoundStatus",
    "Seating",
    "SeatingChange",
    "Season",
    "StandingsSnapshot",
    "Substitution",
    "Table",
    "TimeSource",
]
