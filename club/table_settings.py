"""The club's rules for its members' own tables, set by its directors.

Three settings on ``Club``: whether members may start tables (practice, friendly games, open
seats), how many a member may have open at once (``LIMIT_MIN`` to ``LIMIT_MAX``), and whether
members' games are listed for the whole club. The online tables read them when a member starts
or lists tables; changing them nudges the club's open lobby pages (``club.signals``).
"""

from __future__ import annotations

from http import HTTPStatus

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext_lazy

from club.errors import DomainError
from club.models import Club
from club.permissions import Capability, denied_message, has_capability
from club.signals import table_settings_changed

LIMIT_MIN = 1
LIMIT_MAX = 20
BAD_LIMIT = gettext_lazy("A member may have from {low} to {high} tables open at once.")
FIELDS = ("members_start_tables", "member_table_limit", "friendly_tables_listed")


class TableSettingsError(DomainError):
    """A refused change of the table settings: ``bad_limit`` (400) or ``not_a_director``
    (403: only directors and admins set them)."""

    def __init__(self, code: str, message: object, field: str | None = None) -> None:
        super().__init__(code, message, field)
        if code == "not_a_director":
            self.status = HTTPStatus.FORBIDDEN


@transaction.atomic
def club_table_settings_set(
    *,
    club: Club,
    by: AbstractBaseUser | AnonymousUser,
    members_start_tables: bool,
    member_table_limit: int,
    friendly_tables_listed: bool,
) -> Club:
    """Save the club's three table settings and return the club.

    Raises:
        TableSettingsError: ``not_a_director`` when ``by`` may not direct the club;
            ``bad_limit`` (field ``member_table_limit``) when the limit is out of range.
    """
    if not has_capability(by, club, Capability.DIRECT):
        raise TableSettingsError("not_a_director", denied_message(club, Capability.DIRECT))
    if (
        isinstance(member_table_limit, bool)
        or not isinstance(member_table_limit, int)
        or not LIMIT_MIN <= member_table_limit <= LIMIT_MAX
    ):
        message = BAD_LIMIT.format(low=LIMIT_MIN, high=LIMIT_MAX)
        raise TableSettingsError("bad_limit", message, field="member_table_limit")
    club.members_start_tables = bool(members_start_tables)
    club.member_table_limit = member_table_limit
    club.friendly_tables_listed = bool(friendly_tables_listed)
    club.save(update_fields=list(FIELDS))
    table_settings_changed.send(sender=Club, club_id=club.pk)
    return club
