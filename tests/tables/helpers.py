"""Helpers to set online tables up and play them through the service, as tests need."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from club.models import Club, Membership
from engine.rules import Hand
from tables import bot_moves, live
from tables.bot_moves import bot_action
from tables.models import LiveTable, TableInvitation
from tables.services import (
    SeatSpec,
    bot_rng,
    friendly_create,
    seat_connected,
    table_act,
    table_create,
)
from tests.factories import ClubFactory, MembershipFactory

if TYPE_CHECKING:
    from django.contrib.auth.models import User

PAST = timedelta(minutes=1)
#: The header a browser sends with a socket opened by one of the site's pages.
ORIGIN = (b"origin", b"http://localhost")


def session_cookie(user: User) -> bytes:
    """A ``Cookie`` header value that signs ``user`` in, for a socket's headers."""
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


def computer_breaks_once(monkeypatch: pytest.MonkeyPatch) -> list[Exception]:
    """The next computer move (a computer's, a stand-in's or the clock's) raises; the ones
    after it play. Returns the failure still to come: empty once it was raised."""
    failures: list[Exception] = [RuntimeError("the computer player broke")]
    real = bot_moves.bot_action

    def once_broken(*args: Any, **kwargs: Any) -> Any:
        if failures:
            raise failures.pop()
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_moves, "bot_action", once_broken)
    return failures


def players_arrive(table: LiveTable) -> None:
    """Every seated player opens the table page: a match table waiting for them starts."""
    for index in table.seats.filter(player__isnull=False).values_list("index", flat=True):
        seat_connected(table_id=table.pk, index=index)
    table.refresh_from_db()


def seated_members(club: Club, count: int) -> list[Membership]:
    """``count`` members of ``club`` with site accounts, named Seat 1, Seat 2..."""
    return [
        MembershipFactory.create(club=club, with_account=True, player__display_name=f"Seat {n + 1}")
        for n in range(count)
    ]


def table_with(
    *,
    club: Club | None = None,
    people: int = 1,
    bots: int | None = None,
    seed: int = 7,
    **kwargs: Any,
) -> tuple[LiveTable, list[Membership]]:
    """An open auction45 table: ``people`` members in the first seats, computer players in
    the next ``bots`` (the rest when not given). Started if every seat is filled."""
    club = club or ClubFactory.create()
    members = seated_members(club, people)
    bots = 4 - people if bots is None else bots
    seats = [SeatSpec(player=m.player) for m in members] + [SeatSpec(bot="random")] * bots
    kwargs.setdefault("game_id", "auction45")
    kwargs.setdefault("turn_seconds", 0)
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now() - PAST,
        seats=seats,
        seed=seed,
        **kwargs,
    )
    table.refresh_from_db()
    return table, members


def state(table: LiveTable) -> Hand:
    """The table's current hand, rebuilt from the database."""
    table.refresh_from_db()
    hand = live.current_hand(table)
    assert hand is not None
    return hand


def first_legal(table: LiveTable) -> tuple[int, str]:
    """The seat to act at ``table`` and the first of its legal actions (engine notation)."""
    hand = state(table)
    seat = hand.to_act
    assert seat is not None
    return seat, str(hand.legal_actions()[0])


def play_one(table: LiveTable) -> str:
    """Play the next action of whoever is to act, as a computer player would; returns it."""
    hand = state(table)
    seat = hand.to_act
    assert seat is not None
    action = bot_action(hand, seat, "random", bot_rng(table))
    table_act(table_id=table.pk, seat=seat, action=str(action), seen_seq=table.seq)
    return str(action)


def play_hand(table: LiveTable) -> int:
    """Play until the table's hand number changes or the game ends; returns the actions."""
    table.refresh_from_db()
    number = table.hand_number
    count = 0
    while table.hand_number == number and not table.is_finished:
        play_one(table)
        count += 1
        table.refresh_from_db()
    return count


def account(member: Membership) -> User:
    """The site account of a member made ``with_account``."""
    user = member.player.user
    assert user is not None
    return user


def invited_friend(
    club: Club, host: Membership, friend: Membership, **kwargs: Any
) -> tuple[LiveTable, TableInvitation]:
    """A friendly table of ``host`` in seat 0, ``friend`` invited to seat 1, computers in
    seats 2 and 3; with the invitation."""
    table = friendly_create(
        club=club,
        by=account(host),
        game_id="auction45",
        bot_name="random",
        seats=[SeatSpec(player=host.player), SeatSpec(player=friend.player)]
        + [SeatSpec(bot="random")] * 2,
        **kwargs,
    )
    return table, TableInvitation.objects.get(table=table)
