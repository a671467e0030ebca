"""Reads of online tables: lobby lists, who sits where, and one seat's screen.

A table's screens share most of their reads (the table, its seats, the hand replayed from the
log, the score lines): ``live_shared`` makes them once, and ``live_context``/``seat_payload``
turn them into one seat's screen. ``table_payloads`` builds every seat's socket message and the
spectators' from one ``live_shared``, for ``tables.notify.broadcast``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from club import wording
from club.models import Club, Membership, MembershipRole
from club.permissions import Capability, has_capability
from engine.rules import GAME_NAMES, Hand, parse_action
from scoring.models import HandLine
from tables import live, readers
from tables.cards import Card
from tables.models import (
    MEMBER_KINDS,
    ActionLog,
    InvitationStatus,
    LiveTable,
    TableHand,
    TableInvitation,
    TableSeat,
    TableStatus,
)
from tables.screen import Screen, screen_state, table_screen
from tables.summary import MadeFor, action_words

HIDDEN_DISCARDS = ("kitty_discard", "discard")

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    AnyUser = AbstractBaseUser | AnonymousUser


def listed_for(user: AnyUser) -> Q:
    """The tables ``user``'s lists show: every table but other members' practice and
    friendly games of a club that does not list them (``Club.friendly_tables_listed``),
    unless ``user`` directs that club, hosts the table, sits there or is invited to it."""
    listed = ~Q(kind__in=MEMBER_KINDS) | Q(club__friendly_tables_listed=True)
    if not user.is_authenticated:
        return listed
    uid: int = user.pk
    directs = Membership.objects.filter(
        player__user_id=uid, role__in=[MembershipRole.DIRECTOR, MembershipRole.CLUB_ADMIN]
    ).values("club_id")
    seated = TableSeat.objects.filter(player__user_id=uid).values("table_id")
    invited = TableInvitation.objects.filter(
        player__user_id=uid, status=InvitationStatus.PENDING
    ).values("table_id")
    return (
        listed
        | Q(club_id__in=directs)
        | Q(created_by_id=uid)
        | Q(pk__in=seated)
        | Q(pk__in=invited)
    )


def club_tables(club: Club, user: AnyUser | None = None) -> QuerySet[LiveTable]:
    """The tables of ``club``; only those ``user``'s lists show when given (``listed_for``)."""
    tables = LiveTable.objects.for_club(club)
    if user is not None:
        tables = tables.filter(listed_for(user))
    return (
        tables.select_related("club")
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


def games_of(user: AbstractBaseUser) -> QuerySet[LiveTable]:
    """The finished tables the user sat at (practice, friendly and every other), newest first,
    each ``with_last_result``."""
    tables = (
        LiveTable.objects.filter(status=TableStatus.FINISHED, seats__player__user_id=user.pk)
        .select_related("club")
        .order_by("-finished_at", "-pk")
        .distinct()
    )
    return with_last_result(tables)


def open_tables_for(user: AbstractBaseUser) -> QuerySet[LiveTable]:
    """Tables with an empty seat in the user's clubs, not yet started; a seat kept for an
    invitee is not open (a table whose only empty seats are kept is not listed)."""
    kept = TableInvitation.objects.filter(
        table_id=OuterRef("table_id"), seat=OuterRef("index"), status=InvitationStatus.PENDING
    )
    free = TableSeat.objects.filter(player__isnull=True, bot_name="").filter(~Exists(kept))
    return (
        LiveTable.objects.filter(
            club_id__in=_club_ids_of(user), status__in=[TableStatus.SCHEDULED, TableStatus.OPEN]
        )
        .filter(pk__in=free.values("table_id"))
        .exclude(seats__player__user_id=user.pk)
        .select_related("club")
        .prefetch_related("seats__player")
        .order_by("scheduled_at", "pk")
        .distinct()
    )


def _club_ids_of(user: AbstractBaseUser) -> QuerySet[Membership, Any]:
    return Membership.objects.filter(player__user_id=user.pk).values("club_id")


def tables_to_watch(user: AbstractBaseUser) -> QuerySet[LiveTable]:
    """Tables being played in the user's clubs where the user has no seat: theirs to watch
    (members' games only where the club lists them, ``listed_for``)."""
    return (
        LiveTable.objects.filter(club_id__in=_club_ids_of(user), status=TableStatus.PLAYING)
        .filter(listed_for(user))
        .exclude(seats__player__user_id=user.pk)
        .select_related("club")
        .prefetch_related("seats__player")
        .order_by("-started_at", "pk")
        .distinct()
    )


@dataclass(frozen=True)
class Result:
    """A finished table as the lobby lists it: its final scores and its sheet."""

    table: LiveTable
    scores: str
    sheet_url: str
    game: str = ""


def recent_results(user: AbstractBaseUser, limit: int = 10) -> list[Result]:
    """The last finished tables of the user's clubs, newest first, with their final scores
    (members' games only where the club lists them, ``listed_for``)."""
    tables = with_last_result(
        LiveTable.objects.filter(club_id__in=_club_ids_of(user), status=TableStatus.FINISHED)
        .filter(listed_for(user))
        .select_related("club")
    ).order_by("-finished_at", "-pk")[:limit]
    return results_of(tables)


def with_last_result(tables: QuerySet[LiveTable]) -> QuerySet[LiveTable]:
    """``tables`` each with the engine's result of its last finished hand (``final_scores``
    reads it), in the same query."""
    last_result = (
        TableHand.objects.filter(table=OuterRef("pk"), finished=True)
        .order_by("-number")
        .values("result")[:1]
    )
    return tables.annotate(last_result=Subquery(last_result))


def final_scores(table: LiveTable) -> str:
    """The scores after the last finished hand of a table read ``with_last_result``."""
    result = getattr(table, "last_result", None)
    if isinstance(result, str):  # a database without JSON in subqueries gives text
        result = json.loads(result)
    return wording.scores((result or {}).get("scores_after") or [])


def results_of(tables: Iterable[LiveTable]) -> list[Result]:
    """Finished tables read ``with_last_result``, with their final scores, sheets and games."""
    return [
        Result(table, final_scores(table), sheet_url(table), game_name(table.game))
        for table in tables
    ]


def game_name(game_id: str) -> str:
    """A game's name in the reader's language."""
    return gettext(GAME_NAMES[game_id]) if game_id in GAME_NAMES else game_id


def seat_of(table: LiveTable, user: AnyUser) -> int | None:
    """The seat ``user`` plays at ``table``, or ``None`` (a spectator)."""
    if not user.is_authenticated:
        return None
    seat = table.seats.filter(player__user_id=user.pk).values_list("index", flat=True).first()
    return seat


def may_watch(table: LiveTable, user: AnyUser) -> bool:
    """Members of the table's club may open it (seated players see their seat); another
    member's practice or friendly game of a club that does not list them only its host, its
    players, its invitees and the club's directors (``listed_for``)."""
    if not user.is_authenticated or not has_capability(user, table.club, Capability.VIEW):
        return False
    if not table.is_members or table.club.friendly_tables_listed:
        return True
    if has_capability(user, table.club, Capability.DIRECT):
        return True
    return LiveTable.objects.filter(pk=table.pk).filter(listed_for(user)).exists()


def may_host(table: LiveTable, user: AnyUser) -> bool:
    """The host who made the table, and the club's directors, fill seats with computers."""
    if not user.is_authenticated:
        return False
    return table.created_by_id == user.pk or has_capability(user, table.club, Capability.DIRECT)


def seats_of(table: LiveTable) -> list[TableSeat]:
    """The seats of ``table`` in order; before the start, each seat kept for an invitee says
    for whom (``kept_for``, the invitee's name; ``naming.seat_name`` reads it)."""
    seats = table.seats.select_related("player").order_by("index")
    if table.status in (TableStatus.SCHEDULED, TableStatus.OPEN):
        invitee = TableInvitation.objects.filter(
            table_id=OuterRef("table_id"),
            seat=OuterRef("index"),
            status=TableInvitation.Status.PENDING,
        ).values("player__display_name")[:1]
        seats = seats.annotate(kept_for=Subquery(invitee))
    return list(seats)


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


@dataclass(frozen=True)
class Snapshot:
    """A table as its writer left it at commit: the row, its seats with their players and the
    hand, so the sockets' screens are built without reading them again."""

    table: LiveTable
    seats: list[TableSeat]
    hand: Hand | None
    made: MadeFor | None = None


@dataclass(frozen=True)
class ScoreBoard:
    """What a table's screens show that changes only when a hand or the game ends; ``state``
    is the same as the socket's state message sends it (``board_state``)."""

    lines: list[HandLine]
    hands: list[TableHand]
    sheet_url: str
    state: dict[str, Any]
    final_trick: dict[str, Any] | None = None


def board_state(
    table: LiveTable, lines: list[HandLine], hands: list[TableHand], sheet: str
) -> dict[str, Any]:
    """The score box as data, the same for every seat (the ``board`` of the state message):
    ``lines`` (``[{"number", "bid" (``None``: passed), "trump", "made" (``None``: thrown
    in), "totals" (per side, ``None`` not known)}]``), ``sheet_url`` (empty: none) and
    ``replays`` (``[{"number", "url"}]``, the finished hands). Numbers, not words: the seats
    read them in their own languages."""
    return {
        "lines": [
            {
                "number": line.number,
                "bid": line.bid,
                "trump": line.trump,
                "made": line.made,
                "totals": list(line.scores_after),
            }
            for line in lines
        ],
        "sheet_url": sheet,
        "replays": [
            {
                "number": hand.number,
                "url": reverse("table_hand", args=[table.club.slug, table.pk, hand.number]),
            }
            for hand in hands
        ],
    }


def final_trick(table: LiveTable, table_hand: TableHand) -> dict[str, Any] | None:
    """The last trick of a finished hand, ``{"plays", "winner"}`` as the engine's public view
    has it (``None``: the hand was thrown in before a card was played)."""
    tricks = live.hand_replayed(table, table_hand).view(None).get("tricks") or []
    return tricks[-1] if tricks else None


def score_board(table: LiveTable) -> ScoreBoard:
    lines, hands, sheet = sheet_lines(table), list(finished_hands(table)), sheet_url(table)
    last = final_trick(table, hands[-1]) if hands else None
    return ScoreBoard(lines, hands, sheet, board_state(table, lines, hands, sheet), last)


@dataclass
class LiveShared:
    """What every seat's screen of a table reads from the database, read once."""

    table: LiveTable
    seats: list[TableSeat]
    hand: Hand | None
    lines: list[HandLine]
    hands: list[TableHand]
    sheet_url: str
    board: dict[str, Any]
    made: MadeFor | None = None
    final_trick: dict[str, Any] | None = None

    @property
    def last_hand(self) -> TableHand | None:
        return self.hands[-1] if self.hands else None


def last_made(table: LiveTable) -> MadeFor | None:
    """The table's last action, told to its seat's player when the computer made it."""
    last = (
        ActionLog.objects.filter(table=table)
        .order_by("-seq")
        .values_list("seq", "seat", "action", "actor")
        .first()
    )
    return MadeFor(*last) if last else None


def live_shared(table: LiveTable, snapshot: Snapshot | None = None) -> LiveShared:
    """The shared reads of ``table``'s screens (``table`` should come with its club).

    From a writer's ``snapshot`` nothing is read but, once per hand, the score lines of a
    table being played (only the table writes them then: ``live.board``)."""
    if snapshot is None:
        board = score_board(table)
        seats, hand = seats_of(table), live.current_hand(table)
        made = last_made(table) if table.status == TableStatus.PLAYING else None
    else:
        table, seats, hand, made = snapshot.table, snapshot.seats, snapshot.hand, snapshot.made
        board = (
            live.board(table, partial(score_board, table))
            if table.status == TableStatus.PLAYING
            else score_board(table)
        )
    return LiveShared(
        table=table,
        seats=seats,
        hand=hand,
        lines=board.lines,
        hands=board.hands,
        sheet_url=board.sheet_url,
        board=board.state,
        made=made,
        final_trick=board.final_trick,
    )


def _screen(shared: LiveShared, seat: int | None) -> Screen:
    return table_screen(
        shared.table,
        shared.seats,
        shared.hand,
        seat,
        last_hand=shared.last_hand,
        made=shared.made,
        final_trick=shared.final_trick,
    )


def live_context(
    table: LiveTable, seat: int | None, shared: LiveShared | None = None
) -> dict[str, Any]:
    """The template context of ``seat``'s live screen (from ``shared`` when given)."""
    shared = shared or live_shared(table)
    return {
        "table": shared.table,
        "screen": _screen(shared, seat),
        "lines": shared.lines,
        "hands": shared.hands,
        "sheet_url": shared.sheet_url,
    }


def finished_hands(table: LiveTable) -> QuerySet[TableHand]:
    return table.hands.filter(finished=True).order_by("number")


def seat_in(seats: list[TableSeat], user: AnyUser) -> int | None:
    """The seat ``user`` plays among ``seats`` (read with their players), or ``None``."""
    if not user.is_authenticated:
        return None
    for s in seats:
        if s.player is not None and s.player.user_id == user.pk:
            return s.index
    return None


def seat_payload(shared: LiveShared, seat: int | None) -> dict[str, Any]:
    """What a websocket of ``seat`` (``None``: a spectator) is sent: ``{"type": "state"}``
    with the seat's screen as data (``tables.screen.screen_state``: ``v``, ``seq``,
    ``hand``, ``status``, ``seat``, the seats, the auction, the tricks, the own hand and the
    legal actions...), ``view`` (the engine's view of the seat, whose ``legal`` lists the
    actions in notation) and ``board`` (the score box, ``board_state``). The page draws it
    (static/kitty/table_draw.js); no HTML is rendered per message."""
    screen = _screen(shared, seat)
    return {"type": "state", **screen_state(screen), "view": screen.view, "board": shared.board}


def socket_payload(table_id: int, user: AnyUser, language: str | None = None) -> dict[str, Any]:
    """What a websocket sends its user: their seat's state (``seat_payload``), in
    ``language`` when given (else the active one)."""
    table = LiveTable.objects.select_related("club").get(pk=table_id)
    shared = live_shared(table)
    with translation.override(language or translation.get_language()):
        return seat_payload(shared, seat_in(shared.seats, user))


@dataclass
class TablePayloads:
    """Every socket message of a table at one ``seq``, built once per language in use.

    ``seats`` holds a payload only for the seats a person plays (a computer's seat has no
    socket), in the language of its member (``languages``, by seat); ``seated`` is the user id
    playing each seat (``None``: open, a computer, or a player without an account), so a
    socket can tell that the seats changed under it. ``public`` holds the spectators' payload
    by language (``tables.readers``).
    """

    seq: int
    seated: list[int | None]
    seats: dict[int, str]
    languages: list[str]
    public: dict[str, str]


def _compact(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def table_payloads(table_id: int, snapshot: Snapshot | None = None) -> TablePayloads:
    """The table's socket messages as JSON text: each seat's own, and the spectators'
    (from the writer's ``snapshot`` when given, else read)."""
    if snapshot is None:
        table = LiveTable.objects.select_related("club").get(pk=table_id)
    else:
        table = snapshot.table
    shared = live_shared(table, snapshot)
    seated = [s.player.user_id if s.player is not None else None for s in shared.seats]
    languages = [readers.seat_language(s) for s in shared.seats]
    seats: dict[int, str] = {}
    for index, user_id in enumerate(seated):
        if user_id is not None:
            with translation.override(languages[index]):
                seats[index] = _compact(seat_payload(shared, index))
    public: dict[str, str] = {}
    for language in readers.spectator_languages(shared.table.pk):
        with translation.override(language):
            public[language] = _compact(seat_payload(shared, None))
    return TablePayloads(
        seq=shared.table.seq, seated=seated, seats=seats, languages=languages, public=public
    )


def hand_steps(table: LiveTable, table_hand: TableHand) -> list[str]:
    """The actions of a hand in order, in the engine's notation."""
    return list(table_hand.actions.order_by("seq").values_list("action", flat=True))


def action_as_seen(text: str, seat: int | None) -> str:
    """An action as ``seat`` may read it: another seat's discard is a number of cards (the
    cards stay hidden, docs/rules.md#auction45-seen and #bidwhist-seen); excess trumps go face up
    (#pitch52-seen)."""
    action = parse_action(text)
    if action.type in HIDDEN_DISCARDS and action.seat != seat:
        count = len(getattr(action, "cards", ()))
        return f"{action.seat} {action.type} ({count} card{'s' if count != 1 else ''})"
    return text


def step_words(text: str, seat: int | None, names: list[str]) -> str:
    """A replayed step as ``seat``'s player reads it, by whom: "Computer South, random
    passed", "You played the five of hearts". Another seat's discard is only counted
    (``action_as_seen``); a discard the reader may see names its cards."""
    action = parse_action(text)
    said = f"{names[action.seat]} {action_words(text)}"
    faces = (
        [Card.of(code).face for code in text.split()[2:]] if getattr(action, "cards", ()) else []
    )
    if faces and (action.type not in HIDDEN_DISCARDS or action.seat == seat):
        said += ": " + ", ".join(faces)
    return said


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


# --- Stalled tables -------------------------------------------------------------------------


def stall_limit(table: LiveTable) -> timedelta:
    """How long a playing table may go without an action: its turn clock, or
    ``KITTY_TABLE_STALL_SECONDS`` without one."""
    return timedelta(seconds=table.turn_seconds or settings.KITTY_TABLE_STALL_SECONDS)


def presence_limit() -> timedelta:
    """A seat's page not heard of for this long is gone, even if its socket never closed."""
    return timedelta(seconds=2 * settings.KITTY_TABLE_PRESENCE_SECONDS)


def table_stalled(table: LiveTable, now: datetime | None = None) -> bool:
    """Someone is to act at the playing ``table`` and nothing has happened for longer than
    its clock (or ``KITTY_TABLE_STALL_SECONDS``), and it is not a player without a clock who
    is waited for (``seat_waited_for``): the computer, the clock or an away player's stand-in
    should have moved."""
    now = now or timezone.now()
    if table.status != TableStatus.PLAYING:
        return False
    last = table.actions.order_by("-seq").values_list("at", flat=True).first()
    since = last or table.started_at or now
    if now - since <= stall_limit(table):
        return False
    hand = live.current_hand(table)
    if hand is None or hand.to_act is None:
        return False
    seat = table.seats.get(index=hand.to_act)
    if seat.bot_acts or table.turn_seconds > 0:
        return True
    return not seat_waited_for(table, seat, now)


def seat_waited_for(table: LiveTable, seat: TableSeat, now: datetime) -> bool:
    """A person to act at a table without a clock is waited for while a page of theirs is
    connected (the watchdog counts a dead one gone first, ``seats_gone_sweep``), and for the
    table's grace time after their last page closed (a reload): after that the computer plays
    for them (``tables.services.seat_away_check`` uses the same limit)."""
    if seat.connections > 0 or alone_at(table, seat.index):
        return True
    since = seat.last_seen or table.started_at or now
    return now - since < timedelta(seconds=table.grace_seconds)


def alone_at(table: LiveTable, index: int) -> bool:
    """Whether the person in seat ``index`` is the only person at ``table`` (the others are
    computers): nobody else waits for them, so the table waits for them, away or not."""
    return not table.seats.exclude(index=index).filter(player__isnull=False).exists()


def stalled_tables(club: Club | None = None, now: datetime | None = None) -> list[LiveTable]:
    """Playing tables (of ``club``, or all) that stalled (``table_stalled``)."""
    now = now or timezone.now()
    playing = LiveTable.objects.filter(status=TableStatus.PLAYING).select_related("club")
    if club is not None:
        playing = playing.filter(club=club)
    return [table for table in playing if table_stalled(table, now)]
