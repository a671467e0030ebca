"""Members' own tables, the pages' side: practice now, a friendly table, answering an
invitation, taking an open seat, leaving, abandoning, "Play again".

Each action is a POST from the lobby or the table page, by a signed-in member, then a redirect
to where the game goes on. A table, seat or invitation the member may not see answers 404 as
an unknown one would; a service's refusal is shown as a message on the page the form came
from (its ``next``), never as an error page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from club.errors import DomainError
from club.models import Club, Player
from club.page_errors import form_refusal
from club.permissions import Capability, club_required, signed_in_view
from engine.rules import RulesError, get_game
from tables import services
from tables.forms import NOW
from tables.member_forms import FriendlyForm, PracticeForm
from tables.models import LiveTable, TableInvitation
from tables.views import lobby as lobby_reads

LEFT = gettext_lazy("You left {table}.")
ABANDONED = gettext_lazy("{table} is abandoned.")


def member_action(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A signed-in member's POST: anonymous visitors sign in first, a GET answers 405
    (``post_only`` tells the permission walk so)."""
    wrapped = signed_in_view(require_POST(view))
    wrapped.post_only = True  # type: ignore[attr-defined]
    return wrapped


def _user(request: HttpRequest) -> User:
    return cast(User, request.user)


def back_to(request: HttpRequest, default: str) -> str:
    """The form's ``next`` when it is this site's, else ``default``."""
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return default


def _table_url(table: LiveTable) -> str:
    return reverse("table_detail", args=[table.club.slug, table.pk])


def _lobby_url() -> str:
    return reverse("table_lobby")


def _table(request: HttpRequest, table_id: int) -> LiveTable:
    """A table of one of the member's clubs (any other answers 404)."""
    return get_object_or_404(
        LiveTable.objects.select_related("club"),
        pk=table_id,
        club__memberships__player__user_id=request.user.pk,
    )


def _invitation(request: HttpRequest, invitation_id: int, *, own: bool) -> TableInvitation:
    """An invitation to the member (``own``), or to a table of one of their clubs."""
    scope = (
        {"player__user_id": request.user.pk}
        if own
        else {"table__club__memberships__player__user_id": request.user.pk}
    )
    return get_object_or_404(
        TableInvitation.objects.select_related("table__club"), pk=invitation_id, **scope
    )


def member_parts(table: LiveTable, user: User, seat: int | None) -> dict[str, Any]:
    """What the table page shows of a member's table: the seats kept for invitees (the
    viewer's own invitation among them), whether the viewer hosts it, the next game."""
    invitations = list(
        table.invitations.filter(status=TableInvitation.Status.PENDING).select_related("player")
    )
    return {
        "invitations": invitations,
        "my_invitation": next((i for i in invitations if i.player.user_id == user.pk), None),
        "reserved_seats": {invitation.seat for invitation in invitations},
        "is_host": table.is_members and table.created_by_id == user.pk,
        "seated": seat is not None,
        "next_table": table.next_table if table.next_table_id else None,
    }


def _refused(request: HttpRequest, error: DomainError, default: str) -> HttpResponseRedirect:
    messages.error(request, error.message)
    return redirect(back_to(request, default))


@member_action
def practice_start(request: HttpRequest) -> HttpResponse:
    """Practice now: a table with computers in the other seats, started at once."""
    form = PracticeForm(request.POST, clubs=lobby_reads.clubs_of(_user(request)) or _no_club())
    if not form.is_valid():
        errors = [str(error) for field_errors in form.errors.values() for error in field_errors]
        messages.error(request, " ".join(errors))
        return redirect(back_to(request, _lobby_url()))
    try:
        table = services.practice_start(
            club=form.chosen_club(),
            by=_user(request),
            rule_set=form.rule_set(),
            game_id=form.game_id(),
            bot_name=form.cleaned_data["level"],
        )
    except DomainError as error:
        return _refused(request, error, _lobby_url())
    return redirect(_table_url(table))


def _no_club() -> list[Club]:
    raise Http404("Not a member of any club.")


@member_action
def invitation_accept(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """The invitee takes the seat kept for them, and goes to the table."""
    invitation = _answered(request, invitation_id, services.invitation_accept)
    return redirect(_table_url(invitation.table) if invitation else _lobby_url())


@member_action
def invitation_decline(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """The invitee says no, and goes back to the lobby."""
    if _answered(request, invitation_id, services.invitation_decline):
        messages.success(request, gettext("Invitation declined."))
    return redirect(back_to(request, _lobby_url()))


def _answered(
    request: HttpRequest, invitation_id: int, answer: Callable[..., TableInvitation]
) -> TableInvitation | None:
    """The member's invitation once ``answer`` took it; ``None`` when refused (said)."""
    invitation = _invitation(request, invitation_id, own=True)
    try:
        answer(invitation_id=invitation.pk, by=_user(request))
    except DomainError as error:
        messages.error(request, error.message)
        return None
    return invitation


@member_action
def invitation_withdraw(request: HttpRequest, invitation_id: int) -> HttpResponse:
    """The host takes an invitation back from the table page: the seat opens."""
    invitation = _invitation(request, invitation_id, own=False)
    table_url = _table_url(invitation.table)
    try:
        services.invitation_withdraw(invitation_id=invitation.pk, by=_user(request))
    except DomainError as error:
        return _refused(request, error, table_url)
    return redirect(back_to(request, table_url))


@member_action
def open_seat_take(request: HttpRequest, table_id: int) -> HttpResponse:
    """A member takes an open seat from the lobby, and goes to the table."""
    table = _table(request, table_id)
    try:
        index = int(request.POST.get("index", ""))
    except ValueError:
        messages.error(request, gettext("Choose a seat to take."))
        return redirect(back_to(request, _lobby_url()))
    try:
        services.open_seat_take(table_id=table.pk, index=index, by=_user(request))
    except DomainError as error:
        return _refused(request, error, _lobby_url())
    return redirect(_table_url(table))


@member_action
def play_again(request: HttpRequest, table_id: int) -> HttpResponse:
    """A new game for the same seats: to the new table."""
    table = _table(request, table_id)
    try:
        again = services.table_play_again(table_id=table.pk, by=_user(request))
    except DomainError as error:
        return _refused(request, error, _table_url(table))
    return redirect(_table_url(again))


@member_action
def table_leave(request: HttpRequest, table_id: int) -> HttpResponse:
    """The member leaves their seat (a practice game waits for them): to the lobby."""
    return _away(request, table_id, services.table_leave, LEFT)


@member_action
def table_abandon(request: HttpRequest, table_id: int) -> HttpResponse:
    """The host abandons their table that is not over: to the lobby."""
    return _away(request, table_id, services.member_table_abandon, ABANDONED)


def _away(
    request: HttpRequest, table_id: int, service: Callable[..., LiveTable], done: Promise
) -> HttpResponse:
    """Leave or abandon the table, then to the lobby (refused: back to the table)."""
    table = _table(request, table_id)
    try:
        service(table_id=table.pk, by=_user(request))
    except DomainError as error:
        return _refused(request, error, _table_url(table))
    messages.success(request, str(done).format(table=table))
    return redirect(back_to(request, _lobby_url()))


@require_http_methods(["GET", "POST"])
@club_required(Capability.VIEW)
def friendly_new(request: HttpRequest, club: Club) -> HttpResponse:
    """A member sets up a friendly table: their seat, invitations, computers, open seats."""
    me = Player.objects.filter(user_id=_user(request).pk).first()
    if me is None:
        raise Http404("No player for this account.")
    refusal = lobby_reads.start_refusal(club, _user(request))
    form = FriendlyForm(request.POST or None, club=club, me=me)
    if request.method == "POST" and refusal is None and form.is_valid():
        table = _friendly_create(request, club, form)
        if table is not None:
            messages.success(request, gettext("{table} is set up.").format(table=table))
            return redirect(_table_url(table))
    context = {
        "club": club,
        "form": form,
        "seat_count": form.seat_count_initially(),
        "refusal": refusal,
    }
    return render(request, "tables/friendly_new.html", context)


def _friendly_create(request: HttpRequest, club: Club, form: FriendlyForm) -> LiveTable | None:
    """The table the valid form asks for, or ``None`` with the refusal on the form."""
    rule_set = form.rule_set()
    data = form.cleaned_data
    try:
        game = rule_set.build_game() if rule_set is not None else get_game(form.game_id())
        return services.friendly_create(
            club=club,
            by=_user(request),
            seats=form.seats(game.seating.seats),
            rule_set=rule_set,
            game_id=form.game_id(),
            scheduled_at=None if data.get("when") == NOW else data["scheduled_at"],
            expires_at=data["expires_at"],
            if_unanswered=data["if_unanswered"],
            bot_name=data["bot_name"],
            title=data["title"],
            turn_seconds=data["turn_seconds"],
            grace_seconds=data["grace_seconds"],
        )
    except RulesError as error:
        form.add_error("rules", error.message)
    except DomainError as error:
        form_refusal(form, error)
    return None
