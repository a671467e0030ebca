"""How the pages show a refusal (``club.errors.DomainError``), written once for every app.

A page shows a service's refusal in one of three ways:

- on a form: ``form_refusal`` puts the message next to the field the error names when the form
  has that field, on top of the form otherwise, with the error's code (``form.has_error``
  and the form's ``errors.as_data()`` read it), as any other coded form error;
- after an action that goes back to a page (publish, discard, finish): ``refusal_message``
  turns the refusal into an error message shown on the page it goes back to;
- anything a view lets out: ``DomainErrorMiddleware`` answers a page saying what was refused,
  with the error's status (400, or 409 when the object's state is in the way), never a 500.

The API does not come here: DRF answers its views' errors (``club.api_errors``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from club.errors import DomainError


def form_refusal(form: BaseForm, error: DomainError) -> None:
    """Show a service's refusal, with its code, next to its field when the form has it, else
    on top.

    A form whose inputs are named otherwise than the service's fields (the rule set form's
    ``option_renege`` for ``options.renege``) says which input is meant with a
    ``refusal_field(name) -> str | None`` method.
    """
    field = error.field
    if field is not None and hasattr(form, "refusal_field"):
        field = form.refusal_field(field)
    if field not in form.fields:
        field = None
    form.add_error(field, ValidationError(error.message, code=error.code))


@contextmanager
def refusal_message(request: HttpRequest) -> Iterator[None]:
    """Run an action; if a service refuses it, its message is shown as an error message on the
    next page (the code after the refused call in the block does not run)."""
    try:
        yield
    except DomainError as error:
        messages.error(request, error.message)


class DomainErrorMiddleware:
    """A refusal no page view handled answers a small page with the message and its status."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, DomainError):
            return None
        context = {"message": exception.message, "code": exception.code}
        return render(request, "refused.html", context, status=exception.status)
