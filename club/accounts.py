"""Writes a person makes to their own account: creating it, their profile, their emails.

A person's player is theirs in every club they play in, so only they change its name and
email here (a club's directors cannot once the player plays elsewhere, ``club.services``).

The account's own email (``User.email``) is where password resets go. It is set only by the
person: to the address their invitation reached when they create the account with it, and to
the address they give on their profile. A director changing a member's email on the club's
pages does not move it, so a director cannot send a member's password reset to themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.db import transaction

from club.models import EMAIL_CHOICES, Player

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@transaction.atomic
def account_create(*, username: str, password: str, email: str = "") -> User:
    """A new site account. The caller checked the password against the validators (the
    form did) and that the username is free."""
    user: User = get_user_model().objects.create_user(
        username=username, password=password, email=email
    )
    return user


@transaction.atomic
def profile_update(
    *,
    user: User,
    display_name: str,
    email: str,
    language: str,
    emails: dict[str, bool],
) -> Player:
    """Change the player of ``user``: name, email and language as given, and the kinds of
    email in ``emails`` (keys from ``EMAIL_CHOICES``; others are ignored) turned on or off.
    The account's email follows the player's. Raises ``Player.DoesNotExist`` for an account
    without a player."""
    player = Player.objects.select_for_update().get(user=user)
    player.display_name = display_name
    player.email = email
    player.language = language
    for field in EMAIL_CHOICES:
        if field in emails:
            setattr(player, field, bool(emails[field]))
    player.full_clean()
    player.save()
    if user.email != email:
        user.email = email
        user.save(update_fields=["email"])
    return player


def player_emails_turn_off(*, player_id: int, field: str) -> bool:
    """Stop one kind of email (``field``, from ``EMAIL_CHOICES``) to a player; True if the
    player exists. Turning off what is off already changes nothing."""
    if field not in EMAIL_CHOICES:
        raise ValueError(f"{field!r} is not a kind of email a player chooses")
    return Player.objects.filter(pk=player_id).update(**{field: False}) > 0
