"""House rules pages: the club's rule sets per game, the form of engine options, the default."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from club import rule_sets
from club.forms import GameChoiceForm
from club.models import Club, RuleSet
from club.permissions import Capability, club_required
from club.rules_forms import RuleSetForm
from club.selectors import club_rule_set_get, club_rule_sets
from club.views.clubs import form_errors_from
from engine.rules import GAME_NAMES


def _default_first(rule_set: RuleSet) -> tuple[bool, str]:
    return not rule_set.is_default, rule_set.name


@require_GET
@club_required(Capability.VIEW)
def rule_set_list(request: HttpRequest, club: Club) -> HttpResponse:
    """Each game with the club's rule sets for it, the default first."""
    by_game: dict[str, list[RuleSet]] = {game: [] for game in GAME_NAMES}
    for rule_set in club_rule_sets(club=club):
        by_game[rule_set.game].append(rule_set)
    games: list[dict[str, object]] = [
        {"id": game, "name": GAME_NAMES[game], "rule_sets": sorted(sets, key=_default_first)}
        for game, sets in by_game.items()
    ]
    return render(request, "club/rule_sets.html", {"club": club, "games": games})


def _save(form: RuleSetForm, club: Club, rule_set: RuleSet | None) -> RuleSet | None:
    try:
        if rule_set is None:
            return rule_sets.rule_set_create(
                club=club,
                name=form.cleaned_data["name"],
                game=form.game,
                options=form.options(),
                is_default=form.cleaned_data["is_default"],
            )
        return rule_sets.rule_set_update(
            club=club, rule_set=rule_set, name=form.cleaned_data["name"], options=form.options()
        )
    except rule_sets.RuleSetOptionError as error:
        form.add_option_error(error.option, error.message)
    except ValidationError as error:
        form_errors_from(form, error)
    return None


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def rule_set_add(request: HttpRequest, club: Club) -> HttpResponse:
    """Pick a game (``?game=``), then fill in the name and the options."""
    choice = GameChoiceForm(request.GET or None)
    if not choice.is_valid():
        return render(request, "club/rule_set_game.html", {"club": club, "form": choice})
    form = RuleSetForm(request.POST or None, game=choice.cleaned_data["game"])
    if request.method == "POST" and form.is_valid():
        saved = _save(form, club, None)
        if saved is not None:
            messages.success(request, gettext("Rule set {saved} is saved.").format(saved=saved))
            return redirect("rule_set_list", slug=club.slug)
    return render(request, "club/rule_set_form.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def rule_set_edit(request: HttpRequest, club: Club, rule_set_id: int) -> HttpResponse:
    rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
    form = RuleSetForm(request.POST or None, game=rule_set.game, rule_set=rule_set)
    if request.method == "POST" and form.is_valid():
        saved = _save(form, club, rule_set)
        if saved is not None:
            messages.success(request, gettext("Rule set {saved} is saved.").format(saved=saved))
            return redirect("rule_set_list", slug=club.slug)
    context = {"club": club, "form": form, "rule_set": rule_set}
    return render(request, "club/rule_set_form.html", context)


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def rule_set_default(request: HttpRequest, club: Club, rule_set_id: int) -> HttpResponse:
    """GET asks to confirm; POST makes the rule set its game's club default."""
    rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
    if request.method == "POST":
        rule_sets.rule_set_make_default(club=club, rule_set=rule_set)
        messages.success(
            request,
            gettext("{rule_set} is now the club's rules for {value}.").format(
                rule_set=rule_set, value=rule_set.get_game_display()
            ),
        )
        return redirect("rule_set_list", slug=club.slug)
    return render(request, "club/rule_set_default.html", {"club": club, "rule_set": rule_set})


@require_http_methods(["GET", "POST"])
@club_required(Capability.ADMIN)
def rule_set_delete(request: HttpRequest, club: Club, rule_set_id: int) -> HttpResponse:
    """GET asks to confirm; POST deletes."""
    rule_set = club_rule_set_get(club=club, rule_set_id=rule_set_id)
    if request.method == "POST":
        rule_sets.rule_set_delete(club=club, rule_set=rule_set)
        messages.success(
            request, gettext("Rule set {rule_set} is deleted.").format(rule_set=rule_set)
        )
        return redirect("rule_set_list", slug=club.slug)
    return render(request, "club/rule_set_delete.html", {"club": club, "rule_set": rule_set})
