"""What events do when other apps tell them something happened."""

from __future__ import annotations

from typing import Any

from scoring.models import Scoresheet
from tournaments.models import EventStatus, JobKind, Match, StandingsSnapshot
from tournaments.services.jobs import job_enqueue


def standings_on_confirm(sender: Any, sheet: Scoresheet, **kwargs: Any) -> None:
    """A confirmed sheet of an event's match: recompute that event's standings.

    Sent once the confirmation is committed; sheets outside events are ignored, and so is a
    confirmation the stored standings already count (computed after it, with its match): a
    whole evening confirmed in one transaction then recomputes once, not once per sheet.
    """
    match = Match.objects.filter(sheet_id=sheet.pk).select_related("round__event__club").first()
    if match is None:
        return
    event = match.round.event
    snapshot = StandingsSnapshot.objects.filter(event=event).first()
    if (
        snapshot is not None
        and sheet.confirmed_at is not None
        and match.pk in snapshot.match_ids
        and snapshot.computed_at >= sheet.confirmed_at
    ):
        return
    job_enqueue(club=event.club, kind=JobKind.STANDINGS, event=event)


def sheet_event_is_finished(sender: Any, sheet: Scoresheet, **kwargs: Any) -> bool:
    """Whether ``sheet`` scores a match of a finished event: its table enters no more hands,
    so no table code is issued for it and none opens it."""
    finished = Match.objects.filter(sheet_id=sheet.pk, round__event__status=EventStatus.FINISHED)
    return finished.exists()
