"""Times of online matches within a round's window: players propose and answer, a director
sets or moves, and the beat settles what was not agreed in time.

Every write locks the match's row first, so two writes to one match's time run one after
the other: of two players accepting different proposals at once, the second finds its
proposal lapsed (``not_open``). The database's one-current-time constraint is the last
defence. A change of the match's time is sent inside the transaction
(``match_time_changed``: the live table moves with it, or refuses and undoes it all); the
players hear of each step once it is committed (``match_time_news``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from club.models import Player
from scoring.models import SheetStatus
from tournaments.errors import TournamentError
from tournaments.models import (
    CURRENT,
    Match,
    MatchTime,
    MatchTimeStatus,
    Round,
    RoundStatus,
    Seating,
    TimeSource,
)
from tournaments.services.clashes import clash_check
from tournaments.signals import match_time_changed, match_time_news

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: How long before a round's default time the matches still at it are settled there.
SETTLE_BEFORE = timedelta(hours=1)

#: What ``match_time_news`` tells of.
PROPOSED, ACCEPTED, DECLINED, WITHDRAWN, SET, SETTLED = (
    "proposed",
    "accepted",
    "declined",
    "withdrawn",
    "set",
    "settled",
)

NOT_ONLINE = gettext_lazy("This match is played at the hall: its time is the round's.")
NOT_IN_MATCH = gettext_lazy("Only the players of this match can arrange its time.")
NO_WINDOW = gettext_lazy("This round has no window: its matches start at the round's time.")
OUTSIDE_WINDOW = gettext_lazy("Choose a time between {opens} and {closes}.")
IN_THE_PAST = gettext_lazy("That time has passed: choose a later one.")
MATCH_STARTED = gettext_lazy("The match's time has come: it can no longer be moved by its players.")
MATCH_FINISHED = gettext_lazy("This match is over: its time cannot change.")
OWN_PROPOSAL = gettext_lazy("Your side proposed this time: the other side answers it.")
OTHERS_PROPOSAL = gettext_lazy("Only the side that proposed this time can withdraw it.")
NOT_OPEN = gettext_lazy("This proposal is no longer open: it is {status}.")

_TIME_FORMAT = "%Y-%m-%d %H:%M"


# --- Reading and checking ---------------------------------------------------------------------


def _locked(match_id: int) -> Match:
    """The match's row, locked (not its round's nor its sheet's), with what the checks read."""
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__event__club", "sheet", "table")
        .get(pk=match_id)
    )


def side_of(match: Match, player: Player | None) -> int | None:
    """The side ``player`` plays on at ``match``, or ``None`` when not seated there."""
    if player is None:
        return None
    return (
        Seating.objects.filter(table_id=match.table_id, player=player)
        .values_list("side", flat=True)
        .first()
    )


def match_is_over(match: Match) -> bool:
    """Its sheet is confirmed, or its live table ended (read through the reverse relation)."""
    if match.sheet is not None and match.sheet.status == SheetStatus.CONFIRMED:
        return True
    try:
        table = match.live_table
    except ObjectDoesNotExist:
        return False
    return bool(table.is_ended)


def _require_online(match: Match) -> None:
    if not match.online:
        raise TournamentError("not_online", NOT_ONLINE)


def _require_player(match: Match, player: Player) -> int:
    side = side_of(match, player)
    if side is None:
        raise TournamentError("not_in_match", NOT_IN_MATCH)
    return side


def _require_not_over(match: Match) -> None:
    if match_is_over(match):
        raise TournamentError("match_finished", MATCH_FINISHED)


def _require_not_started(match: Match, now: datetime) -> None:
    if match.starts_at is not None and now >= match.starts_at:
        raise TournamentError("match_started", MATCH_STARTED)


def _require_in_window(round_: Round, at: datetime, now: datetime) -> None:
    """A future time, within the round's window when it has one."""
    if at <= now:
        raise TournamentError("in_the_past", IN_THE_PAST, "at")
    if not round_.has_window:
        return
    closes = round_.closes_at
    opens = round_.opens_at or now
    assert closes is not None
    if not opens <= at <= closes:
        raise TournamentError(
            "outside_window",
            OUTSIDE_WINDOW.format(
                opens=f"{timezone.localtime(opens):{_TIME_FORMAT}}",
                closes=f"{timezone.localtime(closes):{_TIME_FORMAT}}",
            ),
            "at",
        )


def _require_window(match: Match) -> None:
    if not match.round.has_window:
        raise TournamentError("no_window", NO_WINDOW)


def _require_player_time(match: Match, at: datetime, now: datetime) -> None:
    """What a time of the players' must be: in the future, in the window, clashing with none."""
    _require_window(match)
    _require_in_window(match.round, at, now)
    clash_check(match=match, at=at)


def _proposal(proposal: MatchTime, player: Player) -> tuple[Match, MatchTime, bool]:
    """The proposal's match locked, the proposal read again after the lock, and whether
    ``player`` is on the proposer's side."""
    match = _locked(proposal.match_id)
    proposal = MatchTime.objects.select_related("proposed_by").get(pk=proposal.pk)
    side = _require_player(match, player)
    if proposal.status != MatchTimeStatus.OPEN or proposal.proposed_by is None:
        raise TournamentError("not_open", NOT_OPEN.format(status=proposal.get_status_display()))
    return match, proposal, side == side_of(match, proposal.proposed_by)


# --- Changing ---------------------------------------------------------------------------------


def _told(match: Match, what: str, record: MatchTime) -> None:
    """Once committed, the match's players hear of ``what`` (a listener that fails is
    logged and undoes nothing)."""
    transaction.on_commit(
        partial(
            match_time_news.send_robust,
            sender=Match,
            match_id=match.pk,
            what=what,
            time_id=record.pk,
        )
    )


def _lapse_open(match: Match, now: datetime) -> int:
    return MatchTime.objects.filter(match=match, status=MatchTimeStatus.OPEN).update(
        status=MatchTimeStatus.LAPSED, answered_at=now
    )


def _make_current(match: Match, record: MatchTime, source: str, now: datetime) -> None:
    """``record`` (saved by the caller, after this) becomes the match's one current time:
    the former one is superseded, open proposals lapse, the match and its table move."""
    MatchTime.objects.filter(match=match, status__in=CURRENT).exclude(pk=record.pk).update(
        status=MatchTimeStatus.SUPERSEDED
    )
    MatchTime.objects.filter(match=match, status=MatchTimeStatus.OPEN).exclude(pk=record.pk).update(
        status=MatchTimeStatus.LAPSED, answered_at=now
    )
    record.full_clean(validate_constraints=False)
    record.save()
    match.starts_at, match.time_source = record.at, source
    match.save(update_fields=["starts_at", "time_source"])
    # The live table moves in this transaction: one that refuses undoes the whole change.
    match_time_changed.send(sender=Match, match_id=match.pk, starts_at=record.at)


@transaction.atomic
def match_time_propose(*, match: Match, player: Player, at: datetime) -> MatchTime:
    """``player`` of ``match`` offers to play at ``at``; the other side answers.

    Raises:
        TournamentError: ``not_online``, ``not_in_match``, ``match_finished``,
            ``no_window``, ``match_started``, ``in_the_past``, ``outside_window``, ``clash``.
    """
    now = timezone.now()
    match = _locked(match.pk)
    _require_online(match)
    _require_player(match, player)
    _require_not_over(match)
    _require_window(match)
    _require_not_started(match, now)
    _require_player_time(match, at, now)
    proposal = MatchTime(match=match, at=at, status=MatchTimeStatus.OPEN, proposed_by=player)
    proposal.full_clean(validate_constraints=False)
    proposal.save()
    _told(match, PROPOSED, proposal)
    return proposal


@transaction.atomic
def match_time_accept(*, proposal: MatchTime, player: Player) -> MatchTime:
    """A player of the other side accepts ``proposal``: it is the match's time from now on,
    and every other open proposal lapses.

    Raises:
        TournamentError: ``not_in_match``, ``not_open``, ``own_proposal``,
            ``match_finished``, ``match_started``, ``in_the_past``, ``outside_window``,
            ``clash``.
        TableError: the match's live table has started (``started``) or ended (``ended``).
    """
    now = timezone.now()
    match, proposal, own = _proposal(proposal, player)
    if own:
        raise TournamentError("own_proposal", OWN_PROPOSAL)
    _require_not_over(match)
    _require_not_started(match, now)
    _require_player_time(match, proposal.at, now)
    _answer(proposal, MatchTimeStatus.ACCEPTED, player, now, save=False)
    _make_current(match, proposal, TimeSource.AGREED, now)
    _told(match, ACCEPTED, proposal)
    return proposal


@transaction.atomic
def match_time_decline(*, proposal: MatchTime, player: Player) -> MatchTime:
    """A player of the other side declines ``proposal``; the match keeps its time.

    Raises:
        TournamentError: ``not_in_match``, ``not_open``, ``own_proposal``.
    """
    match, proposal, own = _proposal(proposal, player)
    if own:
        raise TournamentError("own_proposal", OWN_PROPOSAL)
    _answer(proposal, MatchTimeStatus.DECLINED, player, timezone.now())
    _told(match, DECLINED, proposal)
    return proposal


@transaction.atomic
def match_time_withdraw(*, proposal: MatchTime, player: Player) -> MatchTime:
    """The proposer's side takes ``proposal`` back while it is open.

    Raises:
        TournamentError: ``not_in_match``, ``not_open``, ``others_proposal``.
    """
    match, proposal, own = _proposal(proposal, player)
    if not own:
        raise TournamentError("others_proposal", OTHERS_PROPOSAL)
    _answer(proposal, MatchTimeStatus.WITHDRAWN, player, timezone.now())
    _told(match, WITHDRAWN, proposal)
    return proposal


def _answer(
    proposal: MatchTime, status: str, player: Player, now: datetime, *, save: bool = True
) -> None:
    """``proposal`` answered by ``player`` (accepted, declined, or withdrawn by its side)."""
    proposal.status, proposal.answered_by, proposal.answered_at = status, player, now
    if save:
        proposal.save(update_fields=["status", "answered_by", "answered_at"])


@transaction.atomic
def match_time_set(*, match: Match, at: datetime, by: User | None) -> MatchTime:
    """A director sets or moves ``match``'s time: any future time, within the window when
    the round has one. Open proposals lapse.

    Raises:
        TournamentError: ``not_online``, ``match_finished``, ``in_the_past``,
            ``outside_window``, ``clash``.
        TableError: the match's live table has started (``started``) or ended (``ended``).
    """
    now = timezone.now()
    match = _locked(match.pk)
    _require_online(match)
    _require_not_over(match)
    _require_in_window(match.round, at, now)
    clash_check(match=match, at=at)
    record = MatchTime(match=match, at=at, status=MatchTimeStatus.SET, set_by=by)
    _make_current(match, record, TimeSource.DIRECTOR, now)
    _told(match, SET, record)
    return record


# --- The beat ---------------------------------------------------------------------------------


def _settle_one(match_id: int, now: datetime) -> bool:
    """Settle one match at its default time; False when it was settled before, or moved."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.time_source != TimeSource.DEFAULT or match_is_over(match):
            return False
        _lapse_open(match, now)
        # A default record's ``answered_at`` is when it was settled: its players are told once.
        default = MatchTime.objects.filter(
            match=match, status=MatchTimeStatus.DEFAULT, answered_at__isnull=True
        ).first()
        if default is None:
            return False
        default.answered_at = now
        default.save(update_fields=["answered_at"])
        _told(match, SETTLED, default)
        return True


def match_times_settle(*, now: datetime | None = None) -> list[int]:
    """The beat: a windowed round's matches still at the default time when that is less than
    ``SETTLE_BEFORE`` away stay there (their open proposals lapse and their players are told,
    once); any proposal whose own time has passed lapses. Safe to run again. Returns the ids
    of the matches settled by this call."""
    now = now or timezone.now()
    MatchTime.objects.filter(status=MatchTimeStatus.OPEN, at__lte=now).update(
        status=MatchTimeStatus.LAPSED, answered_at=now
    )
    due = Match.objects.filter(
        online=True,
        time_source=TimeSource.DEFAULT,
        round__status=RoundStatus.PUBLISHED,
        round__closes_at__isnull=False,
        round__default_at__lte=now + SETTLE_BEFORE,
        times__status=MatchTimeStatus.DEFAULT,
        times__answered_at__isnull=True,
    ).exclude(sheet__status=SheetStatus.CONFIRMED)
    ids = list(due.values_list("pk", flat=True).distinct().order_by("pk"))
    return [match_id for match_id in ids if _settle_one(match_id, now)]
