"""Invitations: a club asks a person, by email, to claim one of its players with their account.

The link carries a random secret; only its SHA-256 hash is stored, so a link is checked by
hashing what it carries and finding the row. A link changed by hand finds no row (the same
answer as a link that never existed), and a row that is found works once, until it expires,
and not after it is revoked; sending a newer invitation for the same player revokes the older.

Accepting links the account to the player. A person has one player (``Player.user`` is one to
one) and belongs to clubs through memberships, so when the person accepting already has a
player (they play in another club), the invited player is a placeholder the director typed in
for them: the person's own player joins the club with the placeholder's role and takes its
place in the club's partnerships, and the placeholder is deleted. A placeholder that already
has a history (sheets, seats, entries, emails: any row pointing at it besides its memberships,
partnerships and invitations; or a membership in another club) is not merged: it is refused
(``player_has_history``), since rewriting records of games played is not something an
invitation should do.

An invitation hands on the invited player's role, so it may not hand on more than its sender
has: inviting a player whose role is above the sender's needs a club admin (the capability
that grants roles), and accepting gives at most the sender's role at that moment. Otherwise a
director could invite the club admin placeholder to their own address and claim it.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from http import HTTPStatus
from typing import TYPE_CHECKING

from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy

from club.accounts import account_create
from club.emails import header_text, site_url
from club.errors import DomainError
from club.models import Club, Invitation, Membership, Partnership, Player
from club.permissions import may_hand_on, role_capped, role_held
from club.services import refresh_member_count_on_commit

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: How long an emailed link works: a week of evenings to open it, and no old links lying about.
INVITATION_DAYS = 7
#: Invitations one account may send within an hour: a director typing in a whole club sends a
#: few at a time; an account taken over must not mail strangers by the thousand.
INVITATIONS_PER_HOUR = 20

SUBJECT = gettext_lazy("{club} invites you to Kitty")
NO_EMAIL_ERROR = gettext_lazy("Give the address the invitation goes to.")
HAS_ACCOUNT_ERROR = gettext_lazy(
    "{player} already has a sign-in account: there is no one left to invite for this player."
)
THROTTLED_ERROR = gettext_lazy(
    "You have sent {count} invitations within the hour, the most allowed; try again later."
)
UNKNOWN_ERROR = gettext_lazy(
    "This invitation link is not valid. Check that the whole link was "
    "copied, or ask the club for a new invitation."
)
EXPIRED_ERROR = gettext_lazy("This invitation has expired. Ask {club} to send you a new one.")
USED_ERROR = gettext_lazy("This invitation has already been used. Sign in to see your clubs.")
REVOKED_ERROR = gettext_lazy(
    "This invitation was withdrawn by {club}, or replaced by a newer one: use the latest email."
)
TAKEN_ERROR = gettext_lazy(
    "{player} is already linked to another sign-in account, so it cannot be claimed. If that "
    "is a mistake, ask a club admin of {club}."
)
ROLE_ABOVE_ERROR = gettext_lazy(
    "{player} is {role} of {club}, a role above yours: only a club admin can invite them."
)
HISTORY_ERROR = gettext_lazy(
    "You already have a player, and {player} already has a record of its "
    "own (games, seats, emails or another club), so the two cannot be "
    "joined here. Ask a director of {club} to invite you under a new player"
    " instead."
)

STATE_CODES = frozenset({"invitation_expired", "invitation_used", "invitation_revoked"})
# Rows that point at a player without making it a player with a history.
MOVABLE = frozenset({"club.Membership", "club.Partnership", "club.Invitation"})


class InvitationError(DomainError):
    """A refused invitation or link: an unknown link answers 404, one whose state is in the
    way (expired, used, revoked) 409, too many invitations 429, anything else 400."""

    def __init__(self, code: str, message: object, field: str | None = None) -> None:
        super().__init__(code, message, field)
        if code in STATE_CODES:
            self.status = HTTPStatus.CONFLICT
        elif code == "invitation_unknown":
            self.status = HTTPStatus.NOT_FOUND
        elif code == "invitations_throttled":
            self.status = HTTPStatus.TOO_MANY_REQUESTS
        elif code == "role_above_sender":
            self.status = HTTPStatus.FORBIDDEN


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- Sending --------------------------------------------------------------------------------


def _refuse_too_many(by: User | None, now: datetime) -> None:
    """At most ``INVITATIONS_PER_HOUR`` per sender within an hour: an account taken over
    must not turn the site into a way of mailing strangers."""
    limit = INVITATIONS_PER_HOUR
    if by is None:
        return
    sent = Invitation.objects.filter(created_by=by, created__gt=now - timedelta(hours=1))
    if sent.count() >= limit:
        raise InvitationError("invitations_throttled", THROTTLED_ERROR.format(count=limit))


@transaction.atomic
def invitation_send(
    *, club: Club, player: Player, email: str, by: User | None
) -> tuple[Invitation, str]:
    """Invite whoever reads ``email`` to claim ``player``, a member of ``club`` (the caller got
    the player through the club), and email them the link. Returns the invitation and the
    link. Older pending invitations for the player in this club stop working. ``by`` is the
    sender (``None``: no one in particular, as a command sending on the club's behalf).

    Raises ``InvitationError``: no address (``email_required``), a player who already has an
    account (``player_has_account``), a player whose role is above the sender's, when the
    sender may not grant roles (``role_above_sender``, 403), too many invitations
    (``invitations_throttled``, 429). Whatever the mail server raises undoes the invitation.
    """
    email = email.strip()
    if not email:
        raise InvitationError("email_required", NO_EMAIL_ERROR, "email")
    player = Player.objects.select_for_update().get(pk=player.pk, memberships__club=club)
    if player.user_id is not None:
        raise InvitationError("player_has_account", HAS_ACCOUNT_ERROR.format(player=player))
    role = _role_of(player, club)
    if by is not None and not may_hand_on(by, club, role):
        label = Membership.Role(role).label
        message = ROLE_ABOVE_ERROR.format(player=player, role=label, club=club.name)
        raise InvitationError("role_above_sender", message)
    now = timezone.now()
    _refuse_too_many(by, now)
    Invitation.objects.filter(
        club=club, player=player, accepted_at__isnull=True, revoked_at__isnull=True
    ).update(revoked_at=now)
    token = secrets.token_urlsafe(32)
    days = INVITATION_DAYS
    invitation = Invitation(
        club=club,
        player=player,
        email=email,
        token_hash=token_hash(token),
        created_by=by,
        expires_at=now + timedelta(days=days),
    )
    invitation.full_clean()
    invitation.save()
    link = site_url(reverse("invitation_accept", args=[token]))
    context = {"club": club, "player": player, "by": by, "link": link, "days": days}
    # In the language of the player invited (their profile's, English until they choose).
    with translation.override(player.language):
        body = render_to_string("club/emails/invitation.txt", context)
        subject = header_text(SUBJECT.format(club=club.name))
    send_mail(subject, body, None, [email])
    return invitation, link


@transaction.atomic
def invitation_revoke(*, club: Club, invitation: Invitation) -> Invitation:
    """Take back a pending invitation: its link stops working. Revoking twice is harmless;
    an accepted invitation cannot be taken back (``invitation_used``)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk, club=club)
    if invitation.accepted_at is not None:
        raise InvitationError("invitation_used", USED_ERROR)
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


# --- Following the link ---------------------------------------------------------------------


def invitation_check(invitation: Invitation | None) -> Invitation:
    """``invitation`` if its link may still be followed; else the coded refusal."""
    if invitation is None:
        raise InvitationError("invitation_unknown", UNKNOWN_ERROR)
    if invitation.accepted_at is not None:
        raise InvitationError("invitation_used", USED_ERROR)
    if invitation.revoked_at is not None:
        raise InvitationError("invitation_revoked", REVOKED_ERROR.format(club=invitation.club))
    if invitation.expires_at <= timezone.now():
        raise InvitationError("invitation_expired", EXPIRED_ERROR.format(club=invitation.club))
    return invitation


def invitation_for_token(token: str) -> Invitation:
    """The invitation whose link carries ``token``, if it may still be followed.

    Raises ``InvitationError``: ``invitation_unknown`` (no such link, or one changed by
    hand), ``invitation_used``, ``invitation_revoked``, ``invitation_expired``.
    """
    found = (
        Invitation.objects.select_related("club", "player").filter(token_hash=token_hash(token))
    ).first()
    return invitation_check(found)


def _has_history(player: Player, club: Club) -> bool:
    """Whether ``player`` is more than ``club``'s placeholder: a member of another club too,
    or pointed at by any row besides memberships, partnerships and invitations (read from the
    model's relations, so the apps above the club need not be imported here)."""
    if Membership.objects.filter(player=player).exclude(club=club).exists():
        return True
    for relation in Player._meta.related_objects:
        if relation.related_model._meta.label in MOVABLE:
            continue
        accessor = relation.get_accessor_name()
        if accessor and getattr(player, accessor).exists():
            return True
    return False


def _role_of(player: Player, club: Club) -> str:
    found = Membership.objects.filter(club=club, player=player).values_list("role", flat=True)
    return found.first() or Membership.Role.PLAYER


def _role_given(invitation: Invitation, role: str) -> str:
    """The role accepting ``invitation`` gives: the placeholder's ``role``, at most the
    sender's role in the club now (a sender demoted since, or an invitation sent before the
    check at sending, gives no more). An invitation sent by no one in particular gives the
    placeholder's role."""
    sender = invitation.created_by
    if sender is None:
        return role
    return role_capped(role, role_held(sender, invitation.club))


def _merge_into(placeholder: Player, own: Player, club: Club, role: str) -> None:
    """``own`` takes ``placeholder``'s place in ``club`` (with ``role`` when it is not a
    member yet), then the placeholder is deleted."""
    if _has_history(placeholder, club):
        raise InvitationError(
            "player_has_history", HISTORY_ERROR.format(player=placeholder, club=club)
        )
    if not Membership.objects.filter(club=club, player=own).exists():
        Membership.objects.create(club=club, player=own, role=role)
    for partnership in Partnership.objects.filter(players=placeholder):
        partnership.players.remove(placeholder)
        partnership.players.add(own)
    placeholder.delete()


@transaction.atomic
def invitation_accept(*, token: str, user: User) -> Player:
    """Claim the invited player for ``user``; returns the player now linked to the account.

    A person without a player gets the invited one (and its email, when it had none). A
    person who already has one joins the club with it, in the invited placeholder's place
    (see the module's docstring). Either way the role in the club is the placeholder's, at
    most the sender's (``_role_given``).

    Raises ``InvitationError``: the link's own refusals (see ``invitation_for_token``),
    ``player_taken`` when the invited player is linked to another account, and
    ``player_has_history`` when a placeholder with games recorded would have to be merged.
    """
    found = invitation_for_token(token)
    invitation = invitation_check(
        Invitation.objects.select_for_update().filter(pk=found.pk).select_related("club").first()
    )
    club = invitation.club
    placeholder = Player.objects.select_for_update().get(pk=invitation.player_id)
    own = Player.objects.select_for_update().filter(user=user).first()
    if placeholder.user_id is not None and placeholder.user_id != user.pk:
        raise InvitationError("player_taken", TAKEN_ERROR.format(player=placeholder, club=club))
    held = _role_of(placeholder, club)
    role = _role_given(invitation, held)
    if own is None:
        if role != held:
            Membership.objects.filter(club=club, player=placeholder).update(role=role)
        placeholder.user = user
        placeholder.email = placeholder.email or invitation.email
        placeholder.full_clean()
        placeholder.save(update_fields=["user", "email"])
        if not user.email:  # the address the link reached is the person's
            user.email = invitation.email
            user.save(update_fields=["email"])
        own = placeholder
    elif own.pk != placeholder.pk:
        invitation.player = own
        invitation.save(update_fields=["player"])
        _merge_into(placeholder, own, club, role)
        refresh_member_count_on_commit(club)
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    return own


@transaction.atomic
def invitation_accept_new_account(*, token: str, username: str, password: str) -> Player:
    """Create an account (at the invitation's address) and claim the invited player with it;
    neither happens when the claim is refused. The caller validated username and password."""
    invitation = invitation_for_token(token)
    user = account_create(username=username, password=password, email=invitation.email)
    return invitation_accept(token=token, user=user)
