"""A phone's hold on its table code: the session remembers the one sheet its code opens and a
short id of the phone, which each line's history names.

The code is checked on every request, by the table's page (``scoring.views.table_codes``)
and by the API its script calls (``scoring.api_hands``) alike, so a withdrawn code or a
confirmed sheet closes both at once. Wrong codes are counted per phone (its session) and
per address, and a phone or an address that guesses too many waits.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from club.client_address import client_address
from scoring import tablecodes
from scoring.models import TableCode

SESSION_KEY = "kitty_table"
SHEET_UNKNOWN = gettext_lazy("This phone enters the sheet of its table code only.")


def table_code_open(request: HttpRequest, code: str) -> TableCode:
    """The live code, remembered in the session with this phone's short id.

    Raises:
        ScoringError: ``code_throttled`` (429) or a ``TableCodeRefused``.
    """
    address = client_address(request)
    held = request.session.get(SESSION_KEY) or {}
    # A phone that has already opened its code carries on, whatever was guessed meanwhile
    # (guessing needs a code the phone did not have).
    opened = bool(held.get("code")) and held.get("code") == tablecodes.code_normal(code)
    refusal = None if opened else tablecodes.guesses_refusal(address, _session_id(request))
    if refusal is not None:
        raise refusal
    try:
        table_code = tablecodes.tablecode_open(code=code)
    except tablecodes.TableCodeRefused as error:
        request.session.pop(SESSION_KEY, None)
        if error.code == "code_unknown":
            tablecodes.guess_failed(address, _session_id(request, create=True))
        raise
    phone = held.get("phone") or secrets.token_hex(3)
    remembered = {"sheet": table_code.sheet_id, "code": table_code.code, "phone": phone}
    if held != remembered:  # the page asks every few seconds: write the session only once
        request.session[SESSION_KEY] = remembered
    return table_code


def _session_id(request: HttpRequest, *, create: bool = False) -> str:
    """The phone's session key, which wrong codes are counted by; ``create`` starts a session
    for a phone that has none yet (its cookie goes back with the refusal)."""
    if create and request.session.session_key is None:
        request.session.save()
    return request.session.session_key or ""


def phone_of(request: HttpRequest) -> str:
    """The short id of the phone, named in the history of each line it adds."""
    return str((request.session.get(SESSION_KEY) or {}).get("phone", ""))
