"""Writes of notices: build each event's emails and send each one at most once per player.

``notice_send`` is the only place a notice leaves. It first *claims* the notice by inserting
its row; the unique constraint on (kind, key, player) makes exactly one sender win, so an event
never reaches a player twice, whether its task runs twice, runs on two workers at once or is
retried after a failure. If the mail server refuses the email, the claim is deleted before the
error goes up, so the task's retry can send it. Players without an email address, or who turned
that kind of email off (``notices.preferences``), are skipped.

The ``*_send`` services read one event (a table, a round), work out who is told and what, and
return how many emails this call sent. They are safe to call again and again: a notice already
sent is not sent again, and a player added later (a seat taken) is told on the next call.

Delivery is at most once: a worker killed between the claim and the mail server's answer
leaves a claim without ``sent_at`` behind, and that notice is not sent again.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.dateformat import format as date_format
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from club.emails import header_text, site_url
from club.models import Club, Player
from engine.rules import GAME_NAMES
from notices import preferences
from notices.models import Notice, NoticeKind, invitation_key, round_key, table_key
from tables.models import LiveTable, TableInvitation, TableStatus
from tables.naming import seat_names
from tournaments.models import MatchTime, Round, RoundStatus, Seating
from tournaments.round_display import SEAT_NAMES, table_company

logger = logging.getLogger(__name__)

SUBJECT_TABLE_SCHEDULED = gettext_lazy("Your online table: {title}, {when}")
SUBJECT_TABLE_REMINDER = gettext_lazy("Reminder: {title} opens at {time}")
SUBJECT_INVITATION = gettext_lazy("{host} invites you to a game of {game}")
SUBJECT_PAIRINGS = gettext_lazy("{event}: the pairings for round {number} are up")
# Django's date format characters: day and month names follow the reader's language.
WHEN_FORMAT = "D d M, H:i"
TIME_FORMAT = "H:i"


# --- Sending one notice ---------------------------------------------------------------------


def notice_send(
    *, kind: str, key: str, player: Player, club: Club, subject: str, body: str
) -> bool:
    """Email ``player`` about the event ``key`` of ``kind``, unless that was done already.

    The email ends with why it was sent (the player plays at ``club``) and a one-click link
    that stops this kind of email (``notices.preferences``).

    Returns True if this call sent the email; False if the player has no email address, has
    turned this kind of email off, or the notice was claimed before (sent, or being sent by
    another worker).

    Must run outside a transaction (a task does): the claim has to be committed while the
    email is sent, so that a second sender sees it.

    Raises:
        Whatever the email backend raises (``smtplib.SMTPException``, ``OSError``...), after
        deleting the claim, so that running the same call again sends the email.
    """
    email = player.email.strip()
    if not email or not preferences.wants(player, kind):
        return False
    notice = Notice(kind=kind, key=key, player=player, email=email)
    try:
        # The constraint is left to the database: checking it first would let two senders
        # both find no row and both send.
        notice.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        logger.warning("notice %s to player %s not sent: %s", key, player.pk, error.messages)
        return False
    try:
        with transaction.atomic():
            notice.save()
    except IntegrityError:
        return False  # claimed before: sent, or being sent
    try:
        footer, headers = preferences.footer(kind, player, club)
        message = EmailMessage(header_text(subject), body + footer, None, [email], headers=headers)
        message.send(fail_silently=False)
    except BaseException:
        Notice.objects.filter(pk=notice.pk).delete()
        raise
    Notice.objects.filter(pk=notice.pk).update(sent_at=timezone.now())
    return True


@dataclass(frozen=True)
class Outgoing:
    """One email to write: who gets it and the template's context."""

    player: Player
    subject: Promise
    context: dict[str, Any]
    #: The subject's placeholders; ``when`` and ``time`` are added from ``scheduled_at``.
    subject_args: dict[str, Any] = field(default_factory=dict)


def _written(item: Outgoing) -> tuple[str, dict[str, Any]]:
    """The subject and body of ``item``, in the active language."""
    context = dict(item.context)
    args = dict(item.subject_args)
    moment = context.get("scheduled_at")
    if moment is not None:
        context["when"] = args["when"] = _local(moment, WHEN_FORMAT)
        args["time"] = _local(moment, TIME_FORMAT)
    return str(item.subject).format(**args), context


def _send_all(kind: str, key: str, club: Club, template: str, outgoing: list[Outgoing]) -> int:
    """Send every email of one event; an error stops the rest (the retry sends them)."""
    sent = 0
    for item in outgoing:
        # Each email in its reader's language (My profile), the footer included.
        with translation.override(item.player.language):
            subject, context = _written(item)
            body = render_to_string(template, context)
            if notice_send(
                kind=kind, key=key, player=item.player, club=club, subject=subject, body=body
            ):
                sent += 1
    return sent


def _with_email(player: Player | None) -> bool:
    return player is not None and bool(player.email.strip())


# --- Online tables --------------------------------------------------------------------------


def _local(moment: datetime, fmt: str) -> str:
    return date_format(timezone.localtime(moment), fmt)


def _table_emails(table: LiveTable, subject: Promise, now: datetime) -> list[Outgoing]:
    seats = list(table.seats.select_related("player").order_by("index"))
    link = site_url(reverse("table_detail", args=[table.club.slug, table.pk]))
    match = table.match
    base: dict[str, Any] = {
        "table": table,
        "title": str(table),
        "club": table.club,
        "game_name": GAME_NAMES.get(table.game, table.game),
        "rules": table.rule_set_name,
        "scheduled_at": table.scheduled_at,
        "is_open": table.status != TableStatus.SCHEDULED,
        "minutes": max(0, math.ceil((table.scheduled_at - now).total_seconds() / 60)),
        "link": link,
        "event": match.round.event.name if match is not None else "",
        "round_number": match.round.number if match is not None else None,
        "seats": list(enumerate(seat_names(seats), start=1)),
    }
    args = {"title": str(table)}
    return [
        Outgoing(
            seat.player, subject, {**base, "player": seat.player, "seat": seat.index + 1}, args
        )
        for seat in seats
        if seat.player is not None and _with_email(seat.player)
    ]


def _table(table_id: int) -> LiveTable | None:
    return (
        LiveTable.objects.select_related("club", "match__round__event").filter(pk=table_id).first()
    )


def table_scheduled_send(*, table_id: int, now: datetime | None = None) -> int:
    """Tell each player seated at a new table when it opens and where to sit; returns how
    many emails went out. Nothing once the game is over (the notice would come too late)."""
    table = _table(table_id)
    if table is None or table.status == TableStatus.FINISHED:
        return 0
    outgoing = _table_emails(table, SUBJECT_TABLE_SCHEDULED, now or timezone.now())
    return _send_all(
        NoticeKind.TABLE_SCHEDULED,
        table_key(table.pk, NoticeKind.TABLE_SCHEDULED),
        table.club,
        "notices/table_scheduled.txt",
        outgoing,
    )


def table_reminder_send(*, table_id: int, now: datetime | None = None) -> int:
    """Remind each player seated at a table that it opens soon, with the link to their seat;
    returns how many emails went out. Nothing once the table is open (it is too late)."""
    table = _table(table_id)
    if table is None or table.status != TableStatus.SCHEDULED:
        return 0
    outgoing = _table_emails(table, SUBJECT_TABLE_REMINDER, now or timezone.now())
    return _send_all(
        NoticeKind.TABLE_REMINDER,
        table_key(table.pk, NoticeKind.TABLE_REMINDER),
        table.club,
        "notices/table_reminder.txt",
        outgoing,
    )


def table_invitation_send(*, invitation_id: int) -> int:
    """Tell a member invited to a seat of another member's table who asks them, to which
    game, when, until when the seat is kept, and where they answer (their lobby); returns how
    many emails went out (0 or 1). Nothing once the invitation was answered or withdrawn."""
    invitation = (
        TableInvitation.objects.select_related("table__club", "player", "invited_by__player")
        .filter(pk=invitation_id, status=TableInvitation.Status.PENDING)
        .first()
    )
    if invitation is None or not _with_email(invitation.player):
        return 0
    table = invitation.table
    host = getattr(invitation.invited_by, "player", None)
    seats = list(table.seats.select_related("player").order_by("index"))
    context: dict[str, Any] = {
        "player": invitation.player,
        "host": host.display_name if host is not None else table.club.name,
        "club": table.club,
        "title": str(table),
        "game_name": GAME_NAMES.get(table.game, table.game),
        "rules": table.rule_set_name,
        "scheduled_at": table.scheduled_at,
        "is_open": table.status != TableStatus.SCHEDULED,
        "expires": _local(invitation.expires_at, WHEN_FORMAT),
        "seat": invitation.seat + 1,
        "seats": list(enumerate(seat_names(seats), start=1)),
        "link": site_url(reverse("table_lobby")),
    }
    args = {"host": context["host"], "game": context["game_name"]}
    outgoing = [Outgoing(invitation.player, SUBJECT_INVITATION, context, args)]
    return _send_all(
        NoticeKind.TABLE_INVITATION,
        invitation_key(invitation.pk),
        table.club,
        "notices/table_invitation.txt",
        outgoing,
    )


# --- Event rounds ---------------------------------------------------------------------------


def _seat_label(seating: Seating, seats_at_table: int) -> str:
    compass = SEAT_NAMES.get(seats_at_table)
    label = gettext("seat {number}").format(number=seating.seat + 1)
    return f"{label} ({gettext(compass[seating.seat])})" if compass else label


def round_published_send(*, round_id: int) -> int:
    """Tell each seated player of a published round where they sit, with the link to the
    public pairings page; returns how many emails went out. Nothing for a draft round, nor
    for a round played online: each player's table notice says where and links to it."""
    round_ = Round.objects.select_related("event__club").filter(pk=round_id).first()
    if round_ is None or round_.status == RoundStatus.DRAFT or round_.online:
        return 0
    event = round_.event
    seatings = list(
        Seating.objects.filter(round=round_)
        .select_related("player", "entrant", "table")
        .order_by("table__number", "seat")
    )
    by_table: dict[int, list[Seating]] = {}
    for seating in seatings:
        by_table.setdefault(seating.table_id, []).append(seating)
    link = site_url(reverse("event_pairings", args=[event.pk]))
    args = {"event": event.name, "number": round_.number}
    outgoing = []
    for seating in seatings:
        if seating.player is None or not _with_email(seating.player):
            continue
        table = by_table[seating.table_id]
        partners, opponents = table_company(seating, table)
        context = {
            "player": seating.player,
            "event": event,
            "round_number": round_.number,
            "table_number": seating.table.number,
            "seat": _seat_label(seating, len(table)),
            "deals_first": seating.deals_first,
            "partners": partners,
            "opponents": opponents,
            "link": link,
        }
        outgoing.append(Outgoing(seating.player, SUBJECT_PAIRINGS, context, args))
    return _send_all(
        NoticeKind.PAIRINGS_PUBLISHED,
        round_key(round_.pk),
        event.club,
        "notices/pairings_published.txt",
        outgoing,
    )


# --- Times of online matches ----------------------------------------------------------------

SUBJECT_MATCH_TIME = {
    "proposed": gettext_lazy("{event}, round {number}: {who} proposes {when}"),
    "accepted": gettext_lazy("{event}, round {number}: your match is at {when}"),
    "declined": gettext_lazy("{event}, round {number}: {who} declined {when}"),
    "withdrawn": gettext_lazy("{event}, round {number}: {who} withdrew {when}"),
    "set": gettext_lazy("{event}, round {number}: the director set your match at {when}"),
    "settled": gettext_lazy("{event}, round {number}: your match stays at {when}"),
}
"""The subject of each step of arranging a match's time (``tournaments.signals``)."""


def _match_time_actor(record: MatchTime, what: str) -> Player | None:
    """Who took the step: not told of their own step."""
    if what == "proposed":
        return record.proposed_by
    return record.answered_by if what in ("accepted", "declined", "withdrawn") else None


def match_time_news_send(*, match_id: int, what: str, time_id: int) -> int:
    """Tell the players of an online match a step of arranging its time (a proposal, its
    answer, the director's setting, the default kept), with the link to the match's time
    page; returns how many emails went out. Each step reaches a player once. The players'
    choice for online tables set for them decides (a match's time is when its table opens)."""
    record = (
        MatchTime.objects.select_related(
            "match__round__event__club", "match__table", "proposed_by", "answered_by"
        )
        .filter(pk=time_id, match_id=match_id)
        .first()
    )
    if record is None or what not in SUBJECT_MATCH_TIME:
        return 0
    match = record.match
    round_, event = match.round, match.round.event
    actor = _match_time_actor(record, what)
    link = site_url(
        reverse("match_time", args=[event.club.slug, event.pk, round_.number, match.table.number])
    )
    who = actor.display_name if actor is not None else ""
    args = {"event": event.name, "number": round_.number, "who": who}
    players = [
        seating.player
        for seating in Seating.objects.filter(table_id=match.table_id)
        .select_related("player")
        .order_by("seat")
        if seating.player is not None and _with_email(seating.player) and seating.player != actor
    ]
    base = {
        "club": event.club,
        "event": event.name,
        "round_number": round_.number,
        "table_number": match.table.number,
        "what": what,
        "who": who,
        "scheduled_at": record.at,
        "link": link,
    }
    outgoing = [
        Outgoing(player, SUBJECT_MATCH_TIME[what], {**base, "player": player}, args)
        for player in players
    ]
    return _send_all(
        NoticeKind.TABLE_SCHEDULED,
        f"matchtime:{record.pk}:{what}",
        event.club,
        "notices/match_time.txt",
        outgoing,
    )
