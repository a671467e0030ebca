"""Members' own tables: practice with computers, friendly games with invitations, open seats,
"Play again", leaving and coming back.

The club decides (``Club.members_start_tables``, ``member_table_limit``,
``friendly_tables_listed``); a member seats nobody but themselves: every other person is
invited to a seat, which stays kept for them until they accept (they sit), decline or let the
invitation lapse (the seat becomes the host's computer, or opens, as ``if_unanswered`` says).

Refusals, each a ``TableError`` with its code, nothing changed:

- ``members_may_not_start`` (403, ``MembersRefused``): the club does not let members start
  tables.
- ``table_limit`` (409): the member already has the club's number of tables open.
- ``not_a_member`` (400): an invitee (or the caller) is not a member of the club.
- ``invited_twice`` (400): the same person in two seats of one table.
- ``seated`` (409): the caller already sits at this table.
- ``seat_reserved`` (409): the seat is kept for an invitee.
- ``invitation_closed`` (409): the invitation was answered, withdrawn or has lapsed.
- ``not_host`` (403, ``MembersRefused``): only the table's host (or a director) may do this.
- ``throttled`` (429, ``Throttled``): more invitations this hour than
  ``settings.KITTY_INVITATIONS_PER_HOUR``.
- ``not_finished`` (409): "Play again" before the game is over.

An invitation or table the caller may not see is answered as unknown (``Http404`` in pages,
404 in the API), never with a refusal that says it exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from club.models import Club, Player, RuleSet
from tables import enqueue, live, selectors
from tables.bot_moves import DEFAULT_BOT
from tables.errors import TableError, TableStateRefused
from tables.lobby import check_may_start, member_player
from tables.models import LiveTable, TableInvitation, TableKind, TableSeat, TableStatus, Unanswered
from tables.services.directing import abandon_locked
from tables.services.invitations import (
    ALREADY_SEATED,
    NO_INVITATION_THERE,
    NOT_FINISHED,
    NOT_MEMBERS_TABLE,
    PLAY_AGAIN_TIME,
    answer_by,
    check_host,
    check_throttle,
    invitation_accept,
    invite,
    invitees_check,
    visible_locked,
)
from tables.services.play import changed, lobby_nudge
from tables.services.seating import (
    NOT_SEATED,
    TABLE_ENDED,
    SeatSpec,
    check_bot,
    game_for,
    table_create,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@transaction.atomic
def practice_start(
    *,
    club: Club,
    by: User,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    bot_name: str = DEFAULT_BOT,
) -> LiveTable:
    """A practice table for ``by`` with a computer ``bot_name`` in every other seat, started
    at once. No turn clock runs, and no computer plays for the member while they are away:
    the table waits for them, so they may leave and resume any time (``table_leave``).

    Raises:
        TableError: ``members_may_not_start``, ``table_limit``, ``not_a_member``, ``bot``,
            ``rule_set``.
    """
    player = member_player(club, by)
    check_may_start(club, by)
    check_bot(bot_name)
    count = game_for(club, rule_set, game_id).seating.seats
    seats = [SeatSpec(player=player)] + [SeatSpec(bot=bot_name)] * (count - 1)
    return table_create(
        club=club,
        by=by,
        scheduled_at=timezone.now(),
        rule_set=rule_set,
        game_id=game_id,
        seats=seats,
        turn_seconds=0,
        kind=TableKind.PRACTICE,
        bot_name=bot_name,
    )


@transaction.atomic
def friendly_create(
    *,
    club: Club,
    by: User,
    seats: Sequence[SeatSpec],
    rule_set: RuleSet | None = None,
    game_id: str = "",
    scheduled_at: datetime | None = None,
    expires_at: datetime | None = None,
    if_unanswered: str = Unanswered.COMPUTER,
    bot_name: str = DEFAULT_BOT,
    title: str = "",
    turn_seconds: int = 60,
    grace_seconds: int = 120,
) -> LiveTable:
    """A friendly table hosted by ``by``, who must be in ``seats`` once (their own player).

    Every other player in ``seats`` is invited to that seat; ``SeatSpec(bot=...)`` is a
    computer; ``SeatSpec()`` an open seat any member takes from the lobby. The table opens at
    ``scheduled_at`` (``None``: now) and starts when every seat is filled. Invitations lapse
    at ``expires_at``, by default 15 minutes from now for a table that starts now, else an
    hour before the start (never sooner than 15 minutes from now, never after the start).

    Raises:
        TableError: ``members_may_not_start``, ``table_limit``, ``not_a_member``,
            ``invited_twice``, ``throttled``, ``seats``, ``bot``, ``rule_set``, ``seconds``.
    """
    host = member_player(club, by)
    check_may_start(club, by)
    check_bot(bot_name)
    invited = invitees_check(club, host, seats)
    now = timezone.now()
    check_throttle(by, len(invited), now)
    kept = {index: seats[index].player for index in invited}
    table = table_create(
        club=club,
        by=by,
        scheduled_at=scheduled_at or now,
        rule_set=rule_set,
        game_id=game_id,
        title=title,
        seats=[SeatSpec() if index in kept else spec for index, spec in enumerate(seats)],
        turn_seconds=turn_seconds,
        grace_seconds=grace_seconds,
        kind=TableKind.FRIENDLY,
        bot_name=bot_name,
        if_unanswered=if_unanswered,
    )
    invite(table, _players(kept), by, expires_at or answer_by(now, scheduled_at))
    lobby_nudge(table, *(player.user_id for player in _players(kept).values()))
    return table


def _players(kept: dict[int, Player | None]) -> dict[int, Player]:
    return {index: player for index, player in kept.items() if player is not None}


@transaction.atomic
def table_play_again(*, table_id: int, by: User) -> LiveTable:
    """A new game for the seats of the finished member's table ``table_id``: the first
    player to ask makes it (same rules, computers and choices; they sit in their seat, the
    other people are invited to theirs for 5 minutes; a person whose seat the computer was
    playing is not: the computer keeps it); a later one accepts their invitation there.
    Returns the new table.

    Raises:
        TableError: ``not_finished``, ``not_seated``, ``members_may_not_start``,
            ``table_limit``, ``seated`` (a later one who sits at the new table already),
            ``invitation_closed`` (a later one whose seat there is not kept for them).
    """
    table = visible_locked(table_id, by)
    seats = selectors.seats_of(table)
    index = selectors.seat_in(seats, by)
    if index is None:
        raise TableError("not_seated", NOT_SEATED)
    if not table.is_members:
        raise TableStateRefused("not_finished", NOT_MEMBERS_TABLE)
    if table.status != TableStatus.FINISHED:
        raise TableStateRefused("not_finished", NOT_FINISHED)
    if table.next_table_id is not None:
        return _join_next(table.next_table_id, by)
    check_may_start(table.club, by)
    kept = {s.index: s.player for s in seats if s.index != index and _invited_again(s)}
    now = timezone.now()
    new = table_create(
        club=table.club,
        by=by,
        scheduled_at=now,
        game_id=table.game,
        options=table.options,
        rule_set_name=table.rule_set_name,
        title=table.title,
        seats=[_seat_again(table, s, index, kept) for s in seats],
        turn_seconds=table.turn_seconds,
        grace_seconds=table.grace_seconds,
        kind=table.kind,
        bot_name=table.bot_name,
        if_unanswered=table.if_unanswered,
    )
    invite(new, _players(kept), by, now + PLAY_AGAIN_TIME)
    table.next_table = new
    table.save(update_fields=["next_table"])
    lobby_nudge(new, *(s.player.user_id for s in seats if s.player is not None))
    return new


def _invited_again(seat: TableSeat) -> bool:
    """A person who played their seat to the end is asked again; one who left (the
    computer played for them) is not."""
    return seat.player is not None and not seat.bot_playing


def _seat_again(
    table: LiveTable, seat: TableSeat, mine: int, kept: dict[int, Player | None]
) -> SeatSpec:
    """Who sits in ``seat`` at the new game: the caller in their own, nobody yet in one kept
    for an invitee, the same computer in a computer's, the table's computer in a seat left."""
    if seat.index == mine:
        return SeatSpec(player=seat.player)
    if seat.index in kept:
        return SeatSpec()
    return SeatSpec(bot=seat.bot_name or table.bot_name or DEFAULT_BOT)


def _join_next(next_id: int, by: User) -> LiveTable:
    """A later "Play again": the caller takes the seat kept for them at the new game."""
    new = LiveTable.objects.get(pk=next_id)
    mine = new.seats.filter(player__user_id=by.pk).first()
    if mine is not None:
        raise TableStateRefused("seated", ALREADY_SEATED.format(seat=mine.index + 1))
    invitation = new.invitations.filter(
        player__user_id=by.pk, status=TableInvitation.Status.PENDING
    ).first()
    if invitation is None:
        raise TableStateRefused("invitation_closed", NO_INVITATION_THERE)
    invitation_accept(invitation_id=invitation.pk, by=by)
    new.refresh_from_db()
    return new


@transaction.atomic
def table_leave(*, table_id: int, by: User) -> LiveTable:
    """``by`` leaves their seat at a member's table: before the start the seat opens; at a
    practice table the game waits for them (they resume by opening it again); at a friendly
    table being played the computer plays their seat from now on until they take it back.

    Raises:
        TableError: ``not_seated``, ``ended``.
    """
    table = visible_locked(table_id, by)
    if table.is_ended:
        raise TableStateRefused("ended", TABLE_ENDED.format(status=table.get_status_display()))
    seat = table.seats.select_for_update().filter(player__user_id=by.pk).first()
    if seat is None:
        raise TableError("not_seated", NOT_SEATED)
    if table.status in (TableStatus.SCHEDULED, TableStatus.OPEN):
        _seat_open(table, seat)
    elif table.kind != TableKind.PRACTICE and not seat.bot_playing:
        _seat_to_computer(table, seat)
    lobby_nudge(table, by.pk)
    return table


def _seat_open(table: LiveTable, seat: TableSeat) -> None:
    """The seat of one who left before the start opens; what was kept for them is let go."""
    table.invitations.filter(player=seat.player, status=TableInvitation.Status.PENDING).update(
        status=TableInvitation.Status.WITHDRAWN, answered_at=timezone.now()
    )
    seat.player = None
    seat.bot_playing = False
    seat.save(update_fields=["player", "bot_playing"])
    changed(table)


def _seat_to_computer(table: LiveTable, seat: TableSeat) -> None:
    """The computer plays the seat of one who left a game being played, until they take it
    back; at once if it is their turn."""
    seat.bot_playing = True
    seat.bot_name = seat.bot_name or table.bot_name or DEFAULT_BOT
    seat.save(update_fields=["bot_playing", "bot_name"])
    changed(table)
    hand = live.current_hand(table) if table.status == TableStatus.PLAYING else None
    if hand is not None and hand.to_act == seat.index:
        enqueue.send_on_commit(enqueue.BOTS_PLAY, table.pk)


@transaction.atomic
def member_table_abandon(*, table_id: int, by: User) -> LiveTable:
    """The host (or a director) abandons a member's table that is not over.

    Raises:
        TableError: ``not_host``, ``ended``.
    """
    table = visible_locked(table_id, by)
    check_host(table, by)
    abandon_locked(table)
    return table
