"""A player's own table: a signed-in player seated at a sheet enters its hands on the
hand-by-hand page, as anyone holding the table's code can, and each line is theirs in the
sheet's history (their account, not a phone).

The table's entry is open to its seated players exactly while its code opens the sheet
(``tablecodes.tablecode_open``: a live code, the sheet not confirmed since it was issued; a
finished event's codes are withdrawn). Scorers and directors enter any sheet of their club, as
before; nobody else's entry changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from club.models import Club
from scoring import tablecodes
from scoring.models import SheetSeat, TableCode

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
    from django.http import HttpRequest


def seated_entry_open(*, club: Club, sheet_id: int, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``user`` sits at the club's sheet ``sheet_id`` and its table enters its hands."""
    if not user.is_authenticated:
        return False
    seats = SheetSeat.objects.filter(sheet_id=sheet_id, sheet__club=club, player__user_id=user.pk)
    if not seats.exists():  # most members at most sheets: one query
        return False
    live = TableCode.objects.live().filter(sheet_id=sheet_id).first()
    if live is None:
        return False
    try:
        tablecodes.tablecode_open(code=live.code)
    except tablecodes.TableCodeRefused:
        return False
    return True


def seated_at_sheet(request: HttpRequest, club: Club, *, sheet_id: int, **_: object) -> bool:
    """``club_required``'s ``or_when`` for the pages of a table's entry."""
    return seated_entry_open(club=club, sheet_id=sheet_id, user=request.user)
