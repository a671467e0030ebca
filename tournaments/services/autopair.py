"""An event that pairs its next round itself (``Event.pairs_itself``), and publishes it
(``Event.publishes_itself``).

When the standings find a round's last match confirmed and mark the round finished, the next
round is paired by the same job the director's button starts (``round_pair_start``), so it is
followed, retried and refused on the event's pages as theirs is; that round's ``paired_by`` is
empty. Nothing stands in for the director's judgement: a round that cannot be paired yet
(a draft pending, results missing, every planned round paired, a knockout over) is simply
not paired, and a pairing the format refuses fails its job with the reason.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.errors import DomainError
from tournaments.errors import TournamentError
from tournaments.models import Event, EventFormat, Job, Match, PlaysAt, Round
from tournaments.pairing import Entrant as PureEntrant
from tournaments.pairing import knockout_bracket
from tournaments.services.publish import RoundWindow, round_publish
from tournaments.services.rounds import round_pair_start

NOT_PUBLISHED = gettext_lazy(
    "Round {number} is paired but could not be published: {reason} Publish it from its page."
)


def round_pair_itself(*, event: Event, finished: Collection[int]) -> Job | None:
    """Start pairing ``event``'s next round when ``finished`` (ids of rounds just marked
    finished) holds its last round and it pairs itself; else ``None``. Running twice starts
    one job: while it runs it is returned, once its draft exists nothing is started."""
    if not event.pairs_itself or not finished:
        return None
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is None or last.pk not in finished or _knockout_over(event, last.number):
        return None
    try:
        return round_pair_start(event=event, by=None)
    except TournamentError:  # not now: a draft pending, results missing, rounds all paired
        return None


def _knockout_over(event: Event, last_number: int) -> bool:
    """Whether a knockout's final is the round just played (its bracket has no more)."""
    if event.format != EventFormat.KNOCKOUT or not event.fixed_order:
        return False
    seeds = [PureEntrant(pk, rating=-i) for i, pk in enumerate(event.fixed_order)]
    return last_number >= knockout_bracket(seeds, by="rating").rounds


def paired_itself(job: Job) -> bool:
    """Whether a pairing job was started by the event itself, not by a director."""
    return job.kind == Job.Kind.PAIR and job.created_by_id is None and job.event_id is not None


@transaction.atomic
def round_publish_itself(*, round_: Round) -> Round:
    """Publish a round its event paired itself, when the event says so: its tables online as
    the round before's were; a window of the round before's length opening now, the default
    time as far into it as before.

    Raises:
        TournamentError: ``not_published`` (the publication's refusal, in words naming the
            round): the draft stays for the director.
    """
    event = round_.event
    if not (event.pairs_itself and event.publishes_itself) or not round_.is_draft:
        return round_
    before = Round.objects.filter(event=event, number=round_.number - 1).first()
    try:
        return round_publish(
            round_=round_,
            online_tables=_online_tables(round_, before),
            window=_window_like(before),
        )
    except DomainError as error:
        message = NOT_PUBLISHED.format(number=round_.number, reason=error.message)
        raise TournamentError("not_published", message) from error


def _online_tables(round_: Round, before: Round | None) -> set[int] | None:
    """Round by round: every table online when the round before was played online."""
    if round_.event.plays_at != PlaysAt.BY_ROUND:
        return None
    if before is None or not before.online:
        return set()
    return set(Match.objects.filter(round=round_).values_list("table__number", flat=True))


def _window_like(before: Round | None) -> RoundWindow | None:
    if before is None or not before.online or before.opens_at is None:
        return None
    if before.closes_at is None or before.default_at is None:
        return None
    now = timezone.now()
    return RoundWindow(
        opens_at=now,
        closes_at=now + (before.closes_at - before.opens_at),
        default_at=now + (before.default_at - before.opens_at),
    )
