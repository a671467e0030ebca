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

from club.models import Club, RuleSet
from tables.bot_moves import DEFAULT_BOT
from tables.models import LiveTable, TableInvitation, TableSeat, Unanswered
from tables.services.seating import SeatSpec

if TYPE_CHECKING:
    from django.contrib.auth.models import User


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
    raise NotImplementedError


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
    raise NotImplementedError


def invitation_accept(*, invitation_id: int, by: User) -> TableInvitation:
    """``by`` (the invitee) takes the seat kept for them; the game starts if that fills the
    table.

    Raises:
        TableError: ``invitation_closed``, ``seated``, ``table_limit``.
        TableInvitation.DoesNotExist: not ``by``'s invitation.
    """
    raise NotImplementedError


def invitation_decline(*, invitation_id: int, by: User) -> TableInvitation:
    """``by`` (the invitee) says no: the seat becomes what the table's ``if_unanswered`` says.

    Raises:
        TableError: ``invitation_closed``.
        TableInvitation.DoesNotExist: not ``by``'s invitation.
    """
    raise NotImplementedError


def invitation_withdraw(*, invitation_id: int, by: User) -> TableInvitation:
    """The host takes back an invitation not yet answered: the seat opens.

    Raises:
        TableError: ``invitation_closed``, ``not_host``.
    """
    raise NotImplementedError


def invitations_expire_sweep(*, now: datetime | None = None) -> list[int]:
    """Lapse every waiting invitation past its time (the beat runs it every minute): each
    seat becomes what its table's ``if_unanswered`` says; returns the invitations' ids."""
    raise NotImplementedError


def open_seat_take(*, table_id: int, index: int, by: User) -> TableSeat:
    """``by`` takes the open seat ``index`` of a table of their club from the lobby.

    Raises:
        TableError: ``seat_reserved``, ``seated``, ``seat_taken``, ``started``,
            ``not_a_member``, ``table_limit``.
    """
    raise NotImplementedError


def table_play_again(*, table_id: int, by: User) -> LiveTable:
    """A new game for the seats of the finished member's table ``table_id``: the first
    player to ask makes it (same rules, computers and choices; they sit in their seat, the
    other people are invited to theirs); a later one accepts their invitation there. Returns
    the new table.

    Raises:
        TableError: ``not_finished``, ``not_seated``, ``members_may_not_start``,
            ``table_limit``.
    """
    raise NotImplementedError


def table_leave(*, table_id: int, by: User) -> LiveTable:
    """``by`` leaves their seat at a member's table: before the start the seat opens; at a
    practice table the game waits for them (they resume by opening it again); at a friendly
    table being played the computer plays their seat from now on until they take it back.

    Raises:
        TableError: ``not_seated``, ``ended``.
    """
    raise NotImplementedError


def member_table_abandon(*, table_id: int, by: User) -> LiveTable:
    """The host (or a director) abandons a member's table that is not over.

    Raises:
        TableError: ``not_host``, ``ended``.
    """
    raise NotImplementedError
