"""Which emails a player gets, why each email says it was sent, and its one-click unsubscribe.

Each kind of notice is one of the player's email choices (``club.models.EMAIL_CHOICES``): the
profile page sets them, and every notice carries a link that turns its own kind off without
signing in. The link holds the player's id and the kind, signed with the site's secret key
(``django.core.signing``, a salt of its own), so it cannot be changed into another player's
or another kind's; it does not expire, since an old email's link must still work. The email
also carries RFC 8058's ``List-Unsubscribe`` and ``List-Unsubscribe-Post`` headers, so a mail
program's own unsubscribe button POSTs to the same link.

``notices.services.notice_send`` asks ``wants`` before sending anything: a kind turned off is
never sent again.
"""

from __future__ import annotations

from django.core import signing
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy

from club.accounts import player_emails_turn_off
from club.emails import site_url
from club.errors import DomainError
from club.models import Club, Player
from notices.models import NoticeKind

SALT = "notices.unsubscribe"

EMAIL_CHOICE = {
    NoticeKind.TABLE_SCHEDULED: "email_table_scheduled",
    NoticeKind.TABLE_REMINDER: "email_table_reminder",
    NoticeKind.PAIRINGS_PUBLISHED: "email_pairings",
    NoticeKind.TABLE_INVITATION: "email_table_invitation",
}
"""The player's field that turns each kind of notice on or off."""

WHY = {
    NoticeKind.TABLE_SCHEDULED: (
        gettext_lazy(
            "You get this because you play at {club} and asked to hear when you are seated "
            "at an online table."
        )
    ),
    NoticeKind.TABLE_REMINDER: (
        gettext_lazy("You get this because you play at {club} and asked for table reminders.")
    ),
    NoticeKind.PAIRINGS_PUBLISHED: (
        gettext_lazy(
            "You get this because you play at {club} and asked to hear when pairings are up."
        )
    ),
    NoticeKind.TABLE_INVITATION: (
        gettext_lazy(
            "You get this because you play at {club} and asked to hear when a member invites "
            "you to their table."
        )
    ),
}
"""Why an email of each kind reached its reader."""

STOPS = {
    NoticeKind.TABLE_SCHEDULED: gettext_lazy(
        "You will get no more emails when a club seats you at an online table."
    ),
    NoticeKind.TABLE_REMINDER: gettext_lazy("You will get no more table reminders."),
    NoticeKind.PAIRINGS_PUBLISHED: gettext_lazy("You will get no more “pairings are up” emails."),
    NoticeKind.TABLE_INVITATION: gettext_lazy(
        "You will get no more emails when a member invites you to a game."
    ),
}
"""What the unsubscribe page says it turns off, one whole sentence per kind."""


def wants(player: Player, kind: str) -> bool:
    """Whether ``player`` still gets notices of ``kind``."""
    return bool(getattr(player, EMAIL_CHOICE[NoticeKind(kind)]))


def unsubscribe_token(player_id: int, kind: str) -> str:
    return signing.dumps([player_id, str(kind)], salt=SALT)


def unsubscribe_read(token: str) -> tuple[int, NoticeKind] | None:
    """The player id and kind a link names; ``None`` for a link changed or cut short."""
    try:
        value = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    match value:
        case [int(player_id), str(kind)] if kind in NoticeKind.values:
            return player_id, NoticeKind(kind)
    return None


def unsubscribe_url(player_id: int, kind: str) -> str:
    return site_url(reverse("unsubscribe", args=[unsubscribe_token(player_id, kind)]))


class UnsubscribeRefused(DomainError):
    """A link that turns nothing off: changed or cut short (``unsubscribe_link_invalid``,
    400), or its player is no longer in Kitty (``unsubscribe_player_gone``, 410)."""


LINK_INVALID = gettext_lazy(
    "This unsubscribe link is not valid: it was not copied whole, or the "
    "player it was for is gone. Sign in to choose your emails on your "
    "profile page."
)
PLAYER_GONE = gettext_lazy(
    "The player this link was for is no longer in Kitty, so there is nothing to "
    "unsubscribe: Kitty sends them no more emails."
)


def _refused(code: str) -> UnsubscribeRefused:
    if code == "unsubscribe_player_gone":
        error = UnsubscribeRefused(code, PLAYER_GONE)
        error.status = 410
        return error
    return UnsubscribeRefused(code, LINK_INVALID)


def _named(token: str) -> tuple[int, NoticeKind]:
    found = unsubscribe_read(token)
    if found is None:
        raise _refused("unsubscribe_link_invalid")
    return found


def unsubscribe_find(token: str) -> NoticeKind:
    """The kind of email a link turns off, asked before turning it off.

    Raises:
        UnsubscribeRefused: ``unsubscribe_link_invalid``, ``unsubscribe_player_gone``.
    """
    player_id, kind = _named(token)
    if not Player.objects.filter(pk=player_id).exists():
        raise _refused("unsubscribe_player_gone")
    return kind


def unsubscribe(token: str) -> NoticeKind:
    """Turn off the kind of email the link names for its player; that kind.

    Raises:
        UnsubscribeRefused: ``unsubscribe_link_invalid``, ``unsubscribe_player_gone`` (also
            when the player went between the page and its button).
    """
    player_id, kind = _named(token)
    if not player_emails_turn_off(player_id=player_id, field=EMAIL_CHOICE[kind]):
        raise _refused("unsubscribe_player_gone")
    return kind


def footer(kind: str, player: Player, club: Club) -> tuple[str, dict[str, str]]:
    """What ends every notice of ``kind`` to ``player`` about ``club``: the text (why it was
    sent, how to stop it) and the email headers of the one-click unsubscribe."""
    link = unsubscribe_url(player.pk, kind)
    context = {
        "why": WHY[NoticeKind(kind)].format(club=club.name),
        "link": link,
        "profile": site_url(reverse("profile")),
    }
    headers = {
        "List-Unsubscribe": f"<{link}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return render_to_string("notices/_footer.txt", context), headers
