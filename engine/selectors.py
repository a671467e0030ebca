"""Reads of online tables: lobby lists, who sits where, and one seat's screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Q, QuerySet
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse

from club.models import Club, Membership
from club.permissions import Capability, has_capability
from engine import live
from engine.models import LiveTable, TableHand, TableSeat, TableStatus
from engine.rules import parse_action
from engine.screen import Screen, table_screen
from scoring.models import HandLine

HIDDEN_DISCARDS = ("kitty_discard", "discard")

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    AnyUser = AbstractBaseUser | AnonymousUser


def club_tables(club: Club) -> QuerySet[LiveTable]:
    return (
        LiveTable.objects.for_club(club)
        .select_related("club")
        .prefetch_related("seats__player")
        .order_by("status", "scheduled_at", "pk")
    )


def user_tables(user: AbstractBaseUser) -> QuerySet[LiveTable]:
    """Tables the user sits at that are not finished, soonest first."""
    return (
        LiveTable.objects.not_finished()
        .filter(seats__player__user_id=user.pk)
        .select_related("club")
        .prefetch_related("seats__player")
        .order_by("scheduled_at", "pk")
        .distinct()
    )


def open_tables_for(user: AbstractBaseUser) -> QuerySet[LiveTable]:
    """Tables with an empty seat in the user's clubs, not yet started."""
    clubs = Membership.objects.filter(player__user_id=user.pk).values("club_id")
    return (
        LiveTable.objects.filter(
            club_id__in=clubs, status__in=[TableStatus.SCHEDULED, TableStatus.OPEN]
        )
        .filter(seats__player__isnull=True, seats__bot_name="")
        .exclude(seats__player__user_id=user.pk)
        .select_related("club")
        .prefetch_related("seats__player")
        .order_by("scheduled_at", "pk")
        .distinct()
    )


def seat_of(table: LiveTable, user: AnyUser) -> int | None:
    """The seat ``user`` plays at ``table``, or ``None`` (a spectator)."""
    if not user.is_authenticated:
        return None
    seat = table.seats.filter(player__user_id=user.pk).values_list("index", flat=True).first()
    return seat


def may_watch(table: LiveTable, user: AnyUser) -> bool:
    """Members of the table's club may open it (seated players see their seat)."""
    return user.is_authenticated and has_capability(user, table.club, Capability.VIEW)


def may_host(table: LiveTable, user: AnyUser) -> bool:
    """The host who made the table, and the club's directors, fill seats with computers."""
    if not user.is_authenticated:
        return False
    return table.created_by_id == user.pk or has_capability(user, table.club, Capability.DIRECT)


def seats_of(table: LiveTable) -> list[TableSeat]:
    return list(table.seats.select_related("player").order_by("index"))


def sheet_lines(table: LiveTable) -> list[HandLine]:
    if table.scoresheet_id is None:
        return []
    return list(HandLine.objects.filter(sheet_id=table.scoresheet_id).live().order_by("number"))


def screen_for(table: LiveTable, seat: int | None) -> Screen:
    """``seat``'s screen of the table as it stands (``None``: a spectator)."""
    return table_screen(table, seats_of(table), live.current_hand(table), seat)


def sheet_url(table: LiveTable) -> str:
    """The table's scoresheet page, where the scoring app has one."""
    if table.scoresheet_id is None:
        return ""
    try:
        return reverse("sheet_entry", args=[table.club.slug, table.scoresheet_id])
    except NoReverseMatch:
        return ""


def live_context(table: LiveTable, seat: int | None) -> dict[str, Any]:
    return {
        "table": table,
        "screen": screen_for(table, seat),
        "lines": sheet_lines(table),
        "hands": finished_hands(table),
        "sheet_url": sheet_url(table),
    }


def finished_hands(table: LiveTable) -> QuerySet[TableHand]:
    return table.hands.filter(finished=True).order_by("number")


def socket_payload(table_id: int, user: AnyUser) -> dict[str, Any]:
    """What a websocket sends its user: their seat's view and the same view rendered."""
    table = LiveTable.objects.select_related("club").get(pk=table_id)
    seat = seat_of(table, user)
    context = live_context(table, seat)
    html = render_to_string("tables/table.html#live", context)
    screen: Screen = context["screen"]
    return {
        "type": "state",
        "seq": table.seq,
        "hand": table.hand_number,
        "status": table.status,
        "seat": seat,
        "view": screen.view,
        "html": html,
    }


def hand_steps(table: LiveTable, table_hand: TableHand) -> list[str]:
    """The actions of a hand in order, in the engine's notation."""
    return list(table_hand.actions.order_by("seq").values_list("action", flat=True))


def action_as_seen(text: str, seat: int | None) -> str:
    """An action as ``seat`` may read it: another seat's discard is a number of cards (the
    cards stay hidden, RULES.md 1.11 and 2.9); excess trumps go face up (3.10)."""
    action = parse_action(text)
    if action.type in HIDDEN_DISCARDS and action.seat != seat:
        count = len(getattr(action, "cards", ()))
        return f"{action.seat} {action.type} ({count} card{'s' if count != 1 else ''})"
    return text


def history_screen(table: LiveTable, table_hand: TableHand, seat: int | None, step: int) -> Screen:
    """``seat``'s screen after the first ``step`` actions of a hand."""
    hand = live.hand_replayed(table, table_hand, upto_seq=table_hand.first_seq + step - 1)
    screen = table_screen(table, seats_of(table), hand, seat, readonly=True)
    screen.hand_number = table_hand.number
    return screen


def socket_access(table_id: int, user: AnyUser) -> tuple[bool, int | None]:
    """Whether ``user`` may open the table's socket, and the seat they play."""
    table = LiveTable.objects.select_related("club").filter(pk=table_id).first()
    if table is None or not may_watch(table, user):
        return False, None
    return True, seat_of(table, user)


def any_open_seat(table: LiveTable) -> bool:
    return table.seats.filter(Q(player__isnull=True) & Q(bot_name="")).exists()
