"""Standings: the adapter to ``tournaments.standings``, storing what it computes.

Event standings rank the event's entrants over its confirmed games with the event's order of
metrics. Season standings rank the same partnership or player across every night of the
season (a night's entrant rows differ, the partnership or player is the same), counting the
best N nights when the season says so. Either way the rows are stored as a snapshot that the
pages and CSV exports read, so a visitor never waits for a computation.

Recomputing is idempotent: the same confirmed sheets give the same snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.models import SheetStatus
from tournaments.errors import TournamentError
from tournaments.formats import game_of, standings_order
from tournaments.models import (
    Bye,
    Entrant,
    Event,
    Match,
    Round,
    RoundStatus,
    Season,
    Seating,
    StandingsSnapshot,
)
from tournaments.outcomes import MatchOutcome, forfeit_results, match_outcomes, outcome_marks
from tournaments.standings.base import Metric
from tournaments.standings.byes import NOTHING, ByeRule, RoundBye, with_byes
from tournaments.standings.compute import compute_standings
from tournaments.standings.context import index_results
from tournaments.standings.season import SeasonRow, compute_season_standings
from tournaments.standings.types import GameResult, StandingRow, StandingsError


def _columns(metrics: Sequence[Metric]) -> list[dict[str, str]]:
    return [{"key": m.key, "label": m.label} for m in metrics]


def _row(
    row: StandingRow,
    metrics: Sequence[Metric],
    name: str,
    played: int,
    marks: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    shown = {}
    for metric in metrics:
        value = row.metrics.get(metric.key)
        shown[metric.key] = "" if value is None else metric.format(value)
    return {
        "rank": row.rank,
        "entrant_id": row.entrant_id,
        "name": name,
        "tied": row.tied_with_previous,
        "decided_by": row.decided_by,
        "played": played,
        "metrics": row.metrics,
        "shown": shown,
        # Data, worded in the reader's language when shown (tournaments.standings_words).
        "explanation": list(row.reasons),
        # Rounds not played in full by the entrant's players (tournaments.outcomes.outcome_marks).
        "marks": list(marks),
    }


@transaction.atomic
def event_standings_recompute(*, event: Event) -> StandingsSnapshot:
    """Compute and store the event's standings; mark rounds whose sheets are all confirmed
    finished, and start pairing the next round when the event pairs itself (once: a round
    already finished starts nothing).

    Raises:
        TournamentError: the standings order is refused (``unknown_metric`` …).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    standings = _event_standings(event)
    marks = outcome_marks(standings.outcomes)
    snapshot = _store(
        {"event": event},
        _columns(standings.metrics),
        [
            _row(
                r,
                standings.metrics,
                standings.names[r.entrant_id],
                standings.played(r),
                marks.get(r.entrant_id, ()),
            )
            for r in standings.rows
        ],
        standings.outcomes,
    )
    finished = _finish_rounds(event)
    from tournaments.services.autopair import round_pair_itself  # it pairs from standings

    round_pair_itself(event=event, finished=finished)
    return snapshot


def event_places(*, event: Event) -> dict[int, int]:
    """Each entrant's line in the event's standings as the players see them (1 = top, every
    tie-break of the event applied), computed afresh from the confirmed sheets.

    Raises:
        TournamentError: the standings order is refused.
    """
    rows = _event_standings(event).rows
    return {row.entrant_id: line for line, row in enumerate(rows, start=1)}


def event_bye_rule(event: Event) -> ByeRule:
    """What a bye scores at ``event``: its option, a win worth the rules' target."""
    return ByeRule(event.bye_scores, game_of(event.game, event.options).target)


@dataclass(frozen=True)
class _EventStandings:
    outcomes: list[MatchOutcome]
    metrics: tuple[Metric, ...]
    rows: list[StandingRow]
    names: dict[int, str]
    games: dict[int, int]

    def played(self, row: StandingRow) -> int:
        return self.games.get(row.entrant_id, 0)


def event_byes(event: Event) -> list[RoundBye]:
    """The byes of ``event``'s published rounds, in round order."""
    return [
        RoundBye(entrant_id, number, event.pk)
        for number, entrant_id in Bye.objects.filter(round__event=event)
        .exclude(round__status=RoundStatus.DRAFT)
        .order_by("round__number", "entrant_id")
        .values_list("round__number", "entrant_id")
    ]


def event_games_won(event: Event) -> dict[int, float]:
    """Games won per entrant as the standings count them, byes scored by the event's rule
    (a bye counted as a win moves its entrant up a Swiss score group, as on the standings).

    Raises:
        TournamentError: a standings refusal (the results cannot be read as games).
    """
    results, byes = event_results(event, match_outcomes(event_ids=[event.pk]))
    try:
        appearances = with_byes(index_results(results), byes, event_bye_rule(event))
    except StandingsError as error:
        raise TournamentError(error.code, error.message) from error
    return {entrant: sum(a.won for a in games) for entrant, games in appearances.items()}


def event_results(
    event: Event, outcomes: Sequence[MatchOutcome]
) -> tuple[list[GameResult], list[RoundBye]]:
    """The games and byes ``event``'s standings count: the confirmed games, the rounds' byes,
    and each forfeit as a lost game for the absent side and a bye for the side that came
    (``tournaments.outcomes.forfeit_results``): the event's bye rule scores it."""
    losses, forfeit_byes = forfeit_results(outcomes)
    results = [o.game_result() for o in outcomes if not o.forfeited] + losses
    byes = sorted(event_byes(event) + forfeit_byes, key=lambda bye: bye.round_number)
    return results, byes


def _event_standings(event: Event) -> _EventStandings:
    outcomes = match_outcomes(event_ids=[event.pk])
    results, byes = event_results(event, outcomes)
    played: dict[int, int] = {}
    for result in results:
        if result.finished:
            for side in result.sides:
                for entrant in side.entrant_ids:
                    played[entrant] = played.get(entrant, 0) + 1
    seated = set(
        Seating.objects.filter(round__event=event)
        .exclude(round__status=RoundStatus.DRAFT)
        .values_list("entrant_id", flat=True)
    )
    seated.update(bye.entrant_id for bye in byes)
    entrants = [e for e in Entrant.objects.filter(event=event) if e.checked_in or e.pk in seated]
    names = {e.pk: e.name for e in entrants}
    rule = event_bye_rule(event)
    if rule.kind != NOTHING:
        for bye in byes:
            played[bye.entrant_id] = played.get(bye.entrant_id, 0) + 1
    try:
        metrics = tuple(standings_order(event.tiebreaks, event.points_cap))
        rows = compute_standings(
            results,
            list(names),
            metrics,
            names=names,
            lot_seed=event.seed,
            byes=[b for b in byes if b.entrant_id in names],
            bye_rule=rule,
        )
    except StandingsError as error:
        raise TournamentError(error.code, error.message) from error
    return _EventStandings(outcomes, metrics, rows, names, played)


def _finish_rounds(event: Event) -> set[int]:
    """Mark finished the published rounds whose sheets are all confirmed; their ids."""
    now = timezone.now()
    finished = set()
    for round_ in Round.objects.filter(event=event, status=RoundStatus.PUBLISHED):
        matches = Match.objects.filter(round=round_)
        if matches.exists() and not matches.exclude(sheet__status=SheetStatus.CONFIRMED).exists():
            round_.status = RoundStatus.FINISHED
            round_.finished_at = now
            round_.save(update_fields=["status", "finished_at"])
            finished.add(round_.pk)
    return finished


def _store(
    scope: Mapping[str, Any],
    columns: list[dict[str, str]],
    rows: list[dict[str, Any]],
    outcomes: Sequence[MatchOutcome],
) -> StandingsSnapshot:
    counted = [o.match_id for o in outcomes if o.finished]
    snapshot, _ = StandingsSnapshot.objects.update_or_create(
        **scope,
        defaults={
            "columns": columns,
            "rows": rows,
            "games_counted": len(counted),
            "match_ids": counted,
            "computed_at": timezone.now(),
        },
    )
    return snapshot


@transaction.atomic
def season_standings_recompute(*, season: Season) -> StandingsSnapshot:
    """Compute and store the season's standings over every night's confirmed games.

    Raises:
        TournamentError: the standings order or best-of is refused.
    """
    season = Season.objects.select_for_update().get(pk=season.pk)
    nights = list(Event.objects.filter(season=season).order_by("date", "pk"))
    night_ids = [n.pk for n in nights]
    keys, names = _season_entrants(night_ids)
    outcomes = [
        o
        for o in match_outcomes(event_ids=night_ids)
        if all(e in keys for side in o.sides for e in side)
    ]
    # A forfeit counts as on its night: a lost game for the absent, a bye for those who came.
    losses, forfeit_byes = forfeit_results(outcomes, keys)
    results = [o.game_result(keys) for o in outcomes if not o.forfeited] + losses
    rules = {night.pk: event_bye_rule(night) for night in nights}
    byes = forfeit_byes + [
        RoundBye(keys[bye.entrant_id], bye.round_number, bye.event_id)
        for night in nights
        for bye in event_byes(night)
        if bye.entrant_id in keys
    ]
    played = _season_games_played(outcomes, keys, byes, rules)
    try:
        metrics = standings_order(season.tiebreaks, None)
        rows = compute_season_standings(
            results,
            list(names),
            metrics,
            nights=night_ids,
            best_of=season.best_of,
            names=names,
            lot_seed=season.pk,
            byes=byes,
            bye_rules=rules,
        )
    except StandingsError as error:
        raise TournamentError(error.code, error.message) from error
    stored = [_season_row(row, metrics, names, played) for row in rows]
    columns = _columns(metrics)
    snapshot = _store({"season": season}, columns, stored, outcomes)
    return snapshot


def _season_entrants(night_ids: list[int]) -> tuple[dict[int, int], dict[int, str]]:
    """``(keys, names)``: each night's entrant row to the partnership or player it stands
    for (its key across the season), and each key's name (its latest entrant's)."""
    keys: dict[int, int] = {}
    names: dict[int, str] = {}
    for pk, partnership_id, player_id, name in (
        Entrant.objects.filter(event_id__in=night_ids)
        .order_by("event__date", "pk")
        .values_list("pk", "partnership_id", "player_id", "name")
    ):
        key = partnership_id or player_id
        if key is not None:
            keys[pk] = key
            names[key] = name
    return keys, names


def _season_games_played(
    outcomes: list[MatchOutcome],
    keys: Mapping[int, int],
    byes: list[RoundBye],
    rules: Mapping[int, ByeRule],
) -> dict[int, int]:
    """Games played by key over the season: finished games, forfeits lost, and byes that
    score something (a forfeit won among them)."""
    played: dict[int, int] = {}
    for outcome in outcomes:
        if not (outcome.finished or outcome.forfeited):
            continue
        for index, side in enumerate(outcome.sides):
            if outcome.forfeited and index in outcome.winners:
                continue  # counted as its bye
            for key in {keys[e] for e in side}:
                played[key] = played.get(key, 0) + 1
    for bye in byes:
        if rules[bye.event_id].kind != NOTHING:
            played[bye.entrant_id] = played.get(bye.entrant_id, 0) + 1
    return played


def _season_row(
    season_row: SeasonRow,
    metrics: Sequence[Metric],
    names: Mapping[int, str],
    played: Mapping[int, int],
) -> dict[str, Any]:
    """A stored season row: the standing, attendance, and each night's counted metrics."""
    key = season_row.entrant_id
    row = _row(season_row.standing, metrics, names[key], played.get(key, 0))
    row["attendance"] = season_row.attendance
    row["dropped"] = list(season_row.dropped)
    row["nights"] = [
        {
            "night": night.night,
            "event_id": night.event_id,
            "counted": night.counted,
            "shown": {
                m.key: m.format(night.metrics[m.key]) for m in metrics if m.key in night.metrics
            },
        }
        for night in season_row.nights
    ]
    return row
