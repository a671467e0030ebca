"""How pages show a domain error: on the form, as a message, or as a page of its own."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.http import HttpRequest
from django.test import RequestFactory

from club.errors import DomainError
from club.page_errors import DomainErrorMiddleware, form_refusal, refusal_message
from club.rule_sets import RuleSetOptionError, options_check
from club.rules_forms import RuleSetForm
from scoring.errors import SheetLocked
from tournaments.errors import TournamentError

pytestmark = pytest.mark.django_db


class NameForm(forms.Form):
    name = forms.CharField()


def page_request() -> HttpRequest:
    request = RequestFactory().post("/clubs/x/")
    request.user = AnonymousUser()
    request.session = {}  # type: ignore[assignment]
    request._messages = FallbackStorage(request)  # type: ignore[attr-defined]
    return request


def test_a_refusal_naming_a_field_of_the_form_shows_next_to_it() -> None:
    form = NameForm({"name": "Ann"})
    assert form.is_valid()
    form_refusal(form, DomainError("taken", "That name is taken.", "name"))
    assert form.errors == {"name": ["That name is taken."]}


def test_a_refusal_naming_no_field_of_the_form_shows_on_top() -> None:
    form = NameForm({"name": "Ann"})
    assert form.is_valid()
    form_refusal(form, TournamentError("finished", "The event is finished.", "event"))
    assert form.non_field_errors() == ["The event is finished."]


def test_the_form_keeps_the_refusals_code() -> None:
    form = NameForm({"name": "Ann"})
    assert form.is_valid()
    form_refusal(form, DomainError("taken", "That name is taken.", "name"))
    assert form.has_error("name", "taken")
    assert [error.code for error in form.errors.as_data()["name"]] == ["taken"]


def test_a_form_names_the_input_of_a_services_field() -> None:
    """The rule set form's ``option_renege`` is the engine's ``options.renege``."""
    form = RuleSetForm({"name": "Odd"}, game="auction45")
    form.is_valid()
    with pytest.raises(RuleSetOptionError) as refused:
        options_check(game="auction45", options={"renege": "sometimes"})
    form_refusal(form, refused.value)
    assert form.has_error("option_renege", "bad_option_value")


def test_a_refused_action_becomes_an_error_message_and_stops_there() -> None:
    request = page_request()
    done: list[bool] = []
    with refusal_message(request):
        raise TournamentError("not_draft", "Round 1 is published: only a draft can be discarded.")
        done.append(True)  # never reached
    assert not done
    assert [str(m) for m in get_messages(request)] == [
        "Round 1 is published: only a draft can be discarded."
    ]


def test_an_action_that_goes_through_leaves_no_error_message() -> None:
    request = page_request()
    with refusal_message(request):
        pass
    assert list(get_messages(request)) == []


def test_a_refusal_no_view_handled_is_a_page_with_its_message_and_status() -> None:
    middleware = DomainErrorMiddleware(lambda request: pytest.fail("not called"))
    request = page_request()
    response = middleware.process_exception(
        request, SheetLocked("locked", "The sheet is confirmed: unlock it first.")
    )
    assert response is not None and response.status_code == 409
    assert "The sheet is confirmed: unlock it first." in response.content.decode()
    assert middleware.process_exception(request, ValueError("a bug")) is None
