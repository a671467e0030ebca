"""The one domain error: a refusal a person can act on, raised by any service of any app.

Every app's own refusals (``ScoringError``, ``TournamentError``, ``RuleSetOptionError``…)
derive from ``DomainError``, so the API's exception handler (``club.api_errors``) and the pages
(``club.page_errors``) each map it in one place: the API answers ``{code, message, field}``
with the error's ``status``; a page shows the message next to the form field it names, or on
top of the page.

This module imports nothing from Django or any app: the pure parts of the project may raise it
through their own subclasses without depending on the web layer.
"""

from __future__ import annotations

from http import HTTPStatus


class DomainError(Exception):
    """Something the user can fix, shown to them as it is.

    ``code`` is stable and meant for programs; ``message`` says what is wrong in plain words
    (text, or a lazily translated text, read as text here);
    ``field`` names the input at fault (dotted into nested input) or is ``None``. ``status`` is
    the HTTP status the API answers with: 400 unless the error class, or the code, says the
    object's state is in the way (409).
    """

    status: int = HTTPStatus.BAD_REQUEST

    def __init__(self, code: str, message: object, field: str | None = None) -> None:
        # A translated message may come lazily (``gettext_lazy``): it is read now, in the
        # language of the request that raised it, so that it serialises as plain text.
        message = str(message)
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict[str, str | None]:
        """The API's refusal body: ``{"code", "message", "field"}``."""
        return {"code": self.code, "message": self.message, "field": self.field}
