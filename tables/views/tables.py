"""Online table pages: the lobby, a club's tables, a new table, the table, hand history.

The table page draws the seat's screen on the server; afterwards the page's websocket
(``tables.consumers``) sends the same part drawn again after every change. The page's POST
handles only what happens before the game: taking or leaving a seat, filling with computers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from club.errors import DomainError
from club.models import Club, Player
from club.page_errors import form_refusal
from club.permissions import Capability, club_required, has_capability, signed_in_view
from engine.rules import RulesError, get_game
from tables import naming, selectors, services
from tables.bot_moves import DEFAULT_BOT
from tables.forms import TableForm
from tables.levels import level_choices, level_help
from tables.models import LiveTable, TableStatus
from tables.page_words import table_script_words
from tables.views.advice import advice_parts
from tables.views.lobby import lists_context, named, practice_context, start_refusal
from tables.views.members import back_to, member_parts
from tournaments.round_noshow import round_no_shows

if TYPE_CHECKING:
    from tables.selectors import AnyUser

#: What a director may do to a started table from its page (each checks the director itself).
DIRECTOR_OPS = {
    "pause": services.table_pause,
    "resume": services.table_resume,
    "abandon": services.table_abandon,
}

HAND_NOT_FINISHED = gettext_lazy(
    "Hand {number} is still being played: it can be replayed when it is over."
)


def _table(club: Club, table_id: int, user: AnyUser) -> LiveTable:
    """The table ``table_id`` of ``club``, if ``user`` may watch it; else unknown (404)."""
    table = get_object_or_404(LiveTable.objects.select_related("club"), pk=table_id, club=club)
    if not selectors.may_watch(table, user):
        raise Http404("No such table.")
    return table


def _player(request: HttpRequest) -> Player | None:
    if not request.user.is_authenticated:
        return None
    return Player.objects.filter(user_id=request.user.pk).first()


@signed_in_view
@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """The signed-in member's tables: invitations waiting and Practice now first (a phone's
    first screen), then their games, the seats to take, tables to watch and recent games."""
    user = cast(User, request.user)
    context = {**practice_context(user), **lists_context(user)}
    return render(request, "tables/lobby.html", context)


@require_GET
@club_required(Capability.VIEW)
def club_tables(request: HttpRequest, club: Club) -> HttpResponse:
    stalled = (
        {table.pk for table in selectors.stalled_tables(club)}
        if has_capability(request.user, club, Capability.DIRECT)
        else set()
    )
    context = {
        "club": club,
        "tables": named(selectors.club_tables(club, request.user)),
        "stalled_ids": stalled,
        "member_start": start_refusal(club, cast(User, request.user)) is None,
    }
    return render(request, "tables/club_tables.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def table_new(request: HttpRequest, club: Club) -> HttpResponse:
    """A director sets up a table: rules, time, clock, and who sits where."""
    form = TableForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        rule_set = form.rule_set()
        try:
            game = rule_set.build_game() if rule_set is not None else get_game(form.game_id())
            table = services.table_create(
                club=club,
                by=cast(User, request.user),
                scheduled_at=form.cleaned_data["scheduled_at"],
                rule_set=rule_set,
                game_id=form.game_id(),
                title=form.cleaned_data["title"],
                seats=form.seats(game.seating.seats),
                turn_seconds=form.cleaned_data["turn_seconds"],
                grace_seconds=form.cleaned_data["grace_seconds"],
            )
        except RulesError as error:
            form.add_error("rules", error.message)
        except DomainError as error:
            form_refusal(form, error)
        else:
            messages.success(request, gettext("{table} is set up.").format(table=table))
            return redirect("table_detail", club.slug, table.pk)
    context = {"club": club, "form": form, "seat_count": form.seat_count_initially()}
    return render(request, "tables/table_new.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.VIEW)
def table_detail(request: HttpRequest, club: Club, table_id: int) -> HttpResponse:
    """The table: the seat's own screen, live; before the start, the seats to take."""
    table = _table(club, table_id, request.user)
    if request.method == "POST":
        return _seat_op(request, table)
    if table.status == TableStatus.SCHEDULED and table.scheduled_at <= timezone.now():
        # Celery beat opens due tables every minute; a visitor need not wait for it (nor for
        # a beat that is not running, as on the embedded default).
        table = services.table_open(table_id=table.pk)
    seat = selectors.seat_of(table, request.user)
    may_direct = has_capability(request.user, club, Capability.DIRECT)
    context = selectors.live_context(table, seat)
    context.update(
        club=club,
        my_seat=seat,
        my_player=_player(request),
        before_start=table.status in (TableStatus.SCHEDULED, TableStatus.OPEN),
        may_host=selectors.may_host(table, request.user),
        open_seat=selectors.any_open_seat(table),
        bot_levels=level_choices(),
        default_bot=DEFAULT_BOT,
        level_help=level_help(),
        may_direct=may_direct,
        stalled=may_direct and selectors.table_stalled(table),
        presence_seconds=settings.KITTY_TABLE_PRESENCE_SECONDS,
        script_words=table_script_words(),
        **member_parts(table, cast(User, request.user), seat),
        **advice_parts(table, seat),
    )
    return render(request, "tables/table.html", context)


def _seat_op(request: HttpRequest, table: LiveTable) -> HttpResponse:
    op = request.POST.get("op", "")
    player = _player(request)
    try:
        if op == "take" and player is not None:
            index = int(request.POST.get("index", "-1"))
            services.seat_take(table_id=table.pk, index=index, player=player)
        elif op == "leave" and player is not None:
            services.seat_leave(table_id=table.pk, player=player)
        elif op == "bots":
            if not selectors.may_host(table, request.user):
                raise PermissionDenied("Only the table's host and directors seat computers.")
            services.seats_fill_with_bots(
                table_id=table.pk, bot_name=request.POST.get("bot") or DEFAULT_BOT
            )
        elif op in DIRECTOR_OPS:
            user = cast(User, request.user)
            changed = DIRECTOR_OPS[op](table_id=table.pk, by=user)
            messages.success(request, f"{changed}: {changed.get_status_display()}.")
        else:
            messages.error(request, gettext("Nothing to do: choose a seat or an action."))
    except (DomainError, ValueError) as error:
        messages.error(request, getattr(error, "message", str(error)))
    return redirect(_back(request, table))


def _back(request: HttpRequest, table: LiveTable) -> str:
    """Where the form goes back to: its ``next`` (the round page a director acted from) when
    it is this site's, else the table page."""
    return back_to(request, reverse("table_detail", args=[table.club.slug, table.pk]))


#: What a director's no-show decision did, said back on the round page.
NO_SHOW_DONE = {
    "computer": gettext_lazy("{table}: the computer plays for the absent; the game starts."),
    "forfeit": gettext_lazy("{table}: the match is forfeited by the absent."),
    "wait": gettext_lazy("{table}: waiting one more grace time for the absent."),
}


@require_http_methods(["GET", "POST"])
@club_required(Capability.DIRECT)
def table_no_show(request: HttpRequest, club: Club, table_id: int) -> HttpResponse:
    """A director's decision for a match table flagged for a player who has not come (POST,
    from the round page's ``tournaments/_round_noshow.html``), then back to the round page
    with what was done or the refusal. GET shows the same choice on a page of its own."""
    table = get_object_or_404(
        LiveTable.objects.select_related("club", "match__round"), pk=table_id, club=club
    )
    match = table.match
    back = (
        reverse("round_detail", args=[club.slug, match.round.event_id, match.round.number])
        if match is not None
        else reverse("table_detail", args=[club.slug, table.pk])
    )
    if request.method == "GET":
        rows = round_no_shows(round_=match.round) if match is not None else []
        no_shows = [row for row in rows if row.flagged and row.live_table_id == table.pk]
        context = {"club": club, "table": table, "no_shows": no_shows, "back": back}
        return render(request, "tables/no_show.html", context)
    decision = request.POST.get("decision", "")
    try:
        services.match_no_show_decide(
            table_id=table.pk, decision=decision, by=cast(User, request.user)
        )
    except DomainError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, str(NO_SHOW_DONE[decision]).format(table=table))
    return redirect(back)


@require_GET
@club_required(Capability.VIEW)
def table_hand(request: HttpRequest, club: Club, table_id: int, number: int) -> HttpResponse:
    """A finished hand step by step, as the viewer's seat saw it (spectators: public facts)."""
    table = _table(club, table_id, request.user)
    table_hand = table.hands.filter(number=number).first()
    if table_hand is None:
        raise Http404("No such hand at this table.")
    context: dict[str, object] = {"club": club, "table": table, "table_hand": table_hand}
    if not table_hand.finished:
        context["notice"] = HAND_NOT_FINISHED.format(number=number)
        return render(request, "tables/table_hand.html", context)
    steps = selectors.hand_steps(table, table_hand)
    try:
        step = min(max(int(request.GET.get("step", len(steps))), 0), len(steps))
    except ValueError:
        step = len(steps)
    seat = selectors.seat_of(table, request.user)
    screen = selectors.history_screen(table, table_hand, seat, step)
    context.update(
        screen=screen,
        step=step,
        steps=len(steps),
        action=selectors.step_words(
            steps[step - 1], seat, naming.seat_names(selectors.seats_of(table), viewer=seat)
        )
        if step
        else "",
        previous=step - 1 if step > 0 else None,
        following=step + 1 if step < len(steps) else None,
    )
    return render(request, "tables/table_hand.html", context)
