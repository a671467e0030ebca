"""Club ratings: every confirmed game of the club's events replayed, oldest first.

Ratings are recomputed from the start rather than nudged by one game, so a corrected or
unlocked sheet, a game confirmed late, or running the task twice always ends with the same
ratings and the same history: the ratings of a replay of everything, in order. The replay is
cheap; writing history is not, so only the history rows that changed are written: after one
more game, just that game's rows.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.db import transaction

from club.models import Club
from tournaments.errors import TournamentError
from tournaments.models import Event, PlayerRating, RatingChange
from tournaments.outcomes import match_outcomes
from tournaments.ratings import rate_games
from tournaments.standings.types import StandingsError

BATCH = 500
HISTORY_FIELDS = (
    "match_id",
    "event_id",
    "played_on",
    "won",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)
Values = tuple[int | None, int | None, date, bool, float, float, float, float]


@transaction.atomic
def club_ratings_update(*, club: Club) -> int:
    """Rate every confirmed game of the club; returns how many games were rated."""
    Club.objects.select_for_update().get(pk=club.pk)
    event_ids = list(Event.objects.filter(club=club).values_list("pk", flat=True))
    outcomes = {o.match_id: o for o in match_outcomes(event_ids=event_ids) if o.finished}
    games = [o.rated_game() for o in outcomes.values()]
    try:
        run = rate_games(g for g in games if g.finished)
    except StandingsError as error:
        raise TournamentError(error.code, error.message) from error
    rated = [g.game_id for g in games if g.finished]
    position = {match_id: index for index, match_id in enumerate(rated, start=1)}
    wanted: dict[tuple[int, int], Values] = {}
    for change in run.history:
        outcome = outcomes[change.game_id]
        wanted[(position[change.game_id], change.player_id)] = (
            change.game_id,
            outcome.event_id,
            outcome.played_on,
            change.won,
            change.before.mu,
            change.before.sigma,
            change.after.mu,
            change.after.sigma,
        )
    _history_write(club, wanted)
    games_of: dict[int, int] = {}
    for _, player_id in wanted:
        games_of[player_id] = games_of.get(player_id, 0) + 1
    PlayerRating.objects.filter(club=club).delete()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                club=club,
                player_id=player_id,
                mu=rating.mu,
                sigma=rating.sigma,
                games=games_of.get(player_id, 0),
            )
            for player_id, rating in run.ratings.items()
        ),
        batch_size=BATCH,
    )
    return len(rated)


def _history_write(club: Club, wanted: dict[tuple[int, int], Values]) -> None:
    """Make the club's stored history equal ``wanted``, touching only rows that differ."""
    stored: dict[tuple[int, int], tuple[int, Values]] = {
        (row[0], row[1]): (row[2], tuple(row[3:]))
        for row in RatingChange.objects.filter(club=club).values_list(
            "position", "player_id", "pk", *HISTORY_FIELDS
        )
    }
    stale = [pk for key, (pk, values) in stored.items() if wanted.get(key) != values]
    for chunk in _chunks(stale):
        RatingChange.objects.filter(pk__in=chunk).delete()
    fresh = [key for key, values in wanted.items() if stored.get(key, (0, None))[1] != values]
    RatingChange.objects.bulk_create(
        (
            RatingChange(club=club, position=position, player_id=player_id, **_fields(values))
            for position, player_id in fresh
            for values in (wanted[(position, player_id)],)
        ),
        batch_size=BATCH,
    )


def _fields(values: Values) -> dict[str, Any]:
    return dict(zip(HISTORY_FIELDS, values, strict=True))


def _chunks(items: list[int]) -> Iterable[list[int]]:
    for start in range(0, len(items), BATCH):
        yield items[start : start + BATCH]
