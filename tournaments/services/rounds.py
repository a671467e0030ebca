"""Rounds: pair one (a draft), discard a draft.

Pairing writes the whole round at once: the round, its tables, each table's match, every seat
(entrant, player in person, engine side, first dealer) and the byes, with the format's reasons
in words. A round is paired as a draft so the director can still swap seats
(``tournaments.services.seats``) before publishing it (``tournaments.services.publish``),
which makes the scoresheets.

The director's pages and the API pair a round in the background: ``round_pair_start`` checks
the round may be paired, then reuses the event's pairing job still queued or running (a
second click, or a second director, follows the same job), or records a new one.

Only one draft exists at a time, and rounds are paired in order. Swiss and knockout need the
previous round's sheets confirmed first, since their next round depends on its results.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from club.wording import counted
from scoring.models import SheetStatus
from tournaments.errors import TournamentError
from tournaments.formats import Layout, game_of, layout_for
from tournaments.models import (
    Bye,
    Entrant,
    Event,
    EventFormat,
    Job,
    JobKind,
    Match,
    Round,
    RoundStatus,
    Seating,
    Table,
)
from tournaments.pairing import Reason, RoundPairing
from tournaments.pairing import Table as PureTable
from tournaments.pairing.types import Figure
from tournaments.selectors import active_entrants
from tournaments.services.entrants import entrant_players
from tournaments.services.jobs import job_enqueue
from tournaments.services.pairing_call import pairing_for

if TYPE_CHECKING:
    from django.contrib.auth.models import User

EVENT_FINISHED = gettext_lazy("{event} is finished: no more rounds can be paired.")
DRAFT_PENDING = gettext_lazy("Round {number} is still a draft: publish or discard it first.")
RESULTS_PENDING = gettext_lazy(
    "Round {number} still has {count} to confirm; {format} pairs the next round from its results."
)
PLANNED_REACHED = gettext_lazy(
    "All {planned} planned are paired: add a round to the event first to pair round {next}."
)
ROUND_TAKEN = gettext_lazy("Round {number} is already paired; the next round is {next}.")
NOT_DRAFT = gettext_lazy("Round {number} is {status}: only a draft can be {what}.")
SEATING_MISMATCH = gettext_lazy("Table {table}: the seats do not match the game's sides.")
NEEDS_RESULTS = frozenset({EventFormat.SWISS, EventFormat.KNOCKOUT})


def event_layout(event: Event) -> Layout:
    return layout_for(event.format, game_of(event.game, event.options))


@transaction.atomic
def round_pair(*, event: Event, by: User | None = None, number: int | None = None) -> Round:
    """Pair the event's next round as a draft and return it.

    ``number`` (optional) is the round the caller means to pair: when that round exists
    already it is returned unchanged, so running the same request twice pairs once.

    Raises:
        TournamentError: ``finished``, ``draft_pending``, ``results_pending`` (Swiss and
            knockout), ``round_taken`` (``number`` is not the next round), the format's own
            codes (``too_few_entrants``, ``too_few_players``, ``knockout_over`` …).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    last = Round.objects.filter(event=event).order_by("-number").first()
    next_number = last.number + 1 if last else 1
    if number is not None and number < next_number:
        existing = Round.objects.get(event=event, number=number)
        if number == next_number - 1:
            return existing
        raise TournamentError("round_taken", ROUND_TAKEN.format(number=number, next=next_number))
    if number is not None and number != next_number:
        raise TournamentError("round_taken", ROUND_TAKEN.format(number=number, next=next_number))
    round_pair_ready(event=event)
    layout = event_layout(event)
    entrants = active_entrants(event=event)
    pairing, fixed_order = pairing_for(
        event=event, layout=layout, number=next_number, entrants=entrants
    )
    if fixed_order is not None:
        event.fixed_order = fixed_order
        event.save(update_fields=["fixed_order"])
    return _write(event, layout, next_number, pairing, {e.pk: e for e in entrants}, by)


def round_pair_ready(*, event: Event) -> int:
    """The number of the round to pair next, once nothing stands in the way.

    Raises:
        TournamentError: ``finished``, ``draft_pending``, ``results_pending``,
            ``rounds_planned_reached`` (every planned round is paired: ``event_round_add``).
    """
    if event.is_finished:
        raise TournamentError("finished", EVENT_FINISHED.format(event=event))
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is None:
        return 1
    if last.status == RoundStatus.DRAFT:
        raise TournamentError("draft_pending", DRAFT_PENDING.format(number=last.number))
    if event.format in NEEDS_RESULTS:
        unconfirmed = Match.objects.filter(round=last).exclude(sheet__status=SheetStatus.CONFIRMED)
        if unconfirmed.exists():
            raise TournamentError(
                "results_pending",
                RESULTS_PENDING.format(
                    number=last.number,
                    count=counted(unconfirmed.count(), "scoresheet"),
                    format=EventFormat(event.format).label.split(" (")[0],
                ),
            )
    if event.rounds_planned is not None and last.number >= event.rounds_planned:
        raise TournamentError(
            "rounds_planned_reached",
            PLANNED_REACHED.format(
                planned=counted(event.rounds_planned, "round"), next=last.number + 1
            ),
        )
    return last.number + 1


@transaction.atomic
def round_pair_start(*, event: Event, by: User | None = None) -> Job:
    """The job pairing the event's next round: the one still queued or running, else a new one
    (its task sent on commit). The event row is locked, so two requests at once share a job.

    Raises:
        TournamentError: ``finished``, ``draft_pending``, ``results_pending``
            (``round_pair_ready``).
    """
    Event.objects.select_for_update().filter(pk=event.pk).first()
    number = round_pair_ready(event=event)
    running = Job.objects.filter(event=event, kind=JobKind.PAIR).active().first()
    if running is not None:
        return running
    return job_enqueue(club=event.club, kind=JobKind.PAIR, event=event, round_number=number, by=by)


def _write(
    event: Event,
    layout: Layout,
    number: int,
    pairing: RoundPairing,
    entrants: Mapping[int, Entrant],
    by: User | None,
) -> Round:
    names = {pk: entrant.name for pk, entrant in entrants.items()}
    round_ = Round(
        event=event,
        number=number,
        reasons=[reason_dict(r, names) for r in pairing.reasons],
        paired_by=by,
    )
    round_.full_clean()
    round_.save()
    lineups = {
        pk: entrant_players(entrant=entrant, round_number=number, side_size=layout.side_size)
        for pk, entrant in entrants.items()
    }
    seatings: list[Seating] = []
    for pure in pairing.tables:
        _check_sides(pure, layout)
        table = Table.objects.create(
            round=round_, number=pure.number, reasons=[reason_dict(r, names) for r in pure.reasons]
        )
        Match.objects.create(round=round_, table=table)
        taken: Counter[int] = Counter()
        for seat, entrant_id in enumerate(pure.seats):
            players = lineups[entrant_id]
            player = players[taken[entrant_id]] if taken[entrant_id] < len(players) else None
            taken[entrant_id] += 1
            seatings.append(
                Seating(
                    round=round_,
                    table=table,
                    seat=seat,
                    side=layout.seat_side[seat],
                    entrant_id=entrant_id,
                    player=player,
                    deals_first=seat == pure.dealer,
                )
            )
    Seating.objects.bulk_create(seatings)
    Bye.objects.bulk_create(
        Bye(
            round=round_,
            entrant_id=bye.entrant_id,
            code=bye.reason.code,
            text=reason_dict(bye.reason, names)["text"],
        )
        for bye in pairing.byes
    )
    return round_


def _check_sides(table: PureTable, layout: Layout) -> None:
    """The format's sides must be the engine's sides: partners in the engine's side seats."""
    if len(table.seats) != layout.seats:
        raise TournamentError("seating_mismatch", SEATING_MISMATCH.format(table=table.number))
    wanted = sorted(sorted(set(side)) for side in table.sides)
    seated = sorted(sorted({table.seats[s] for s in seats}) for seats in layout.side_seats)
    if wanted != seated:
        raise TournamentError("seating_mismatch", SEATING_MISMATCH.format(table=table.number))


#: The figures of a reason that are entrant ids (stored as names).
NAMED_FIGURES = ("a", "b")
# Reasons name entrants by id; these patterns find the ids in the texts that quote them.
_ID_PATTERNS = {
    "rematch_unavoidable": re.compile(r"^(Rematch unavoidable: )(\d+)( and )(\d+)"),
    "bye_moved_to_avoid_rematch": re.compile(r"(entrant \()(\d+)(\))"),
    "repeat_partner": re.compile(r"^()(\d+)( and )(\d+)"),
}


def reason_dict(reason: Reason, names: Mapping[int, str]) -> dict[str, Any]:
    """A reason as stored: its code, its text with entrant ids replaced by names, and its
    figures (``a`` and ``b`` named too), from which ``tournaments.pairing_words`` words it in
    the reader's language."""
    text = reason.text
    pattern = _ID_PATTERNS.get(reason.code)
    if pattern is not None:

        def named(match: re.Match[str]) -> str:
            parts = list(match.groups())
            for i in range(1, len(parts), 2):
                parts[i] = names.get(int(parts[i]), parts[i])
            return "".join(parts)

        text = pattern.sub(named, text, count=1)
    figures: dict[str, Figure | str] = dict(reason.figures)
    for key in NAMED_FIGURES:
        entrant = figures.get(key)
        if isinstance(entrant, int):
            figures[key] = names.get(entrant, str(entrant))
    return {"code": reason.code, "text": text, "figures": figures}


@transaction.atomic
def round_discard(*, round_: Round) -> int:
    """Throw a draft round away (to pair it again); returns its number.

    Raises:
        TournamentError: ``not_draft``.
    """
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    require_draft(round_, "discarded")
    number = round_.number
    round_.delete()
    if number == 1:
        # The draw order was fixed by this round; the next round 1 draws it again.
        Event.objects.filter(pk=round_.event_id).update(fixed_order=[])
    return number


def require_draft(round_: Round, what: str) -> None:
    if round_.status != RoundStatus.DRAFT:
        raise TournamentError(
            "not_draft",
            NOT_DRAFT.format(
                number=round_.number, status=RoundStatus(round_.status).label, what=what
            ),
        )
