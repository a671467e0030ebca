"""No seat ever receives a card it may not see (docs/rules.md#auction45-seen, #bidwhist-seen,
#pitch52-seen).

Whole hands are played at tables of three connected players and one computer player, for each
game; the players choose random legal actions from what their own socket showed them. Every
websocket message each seat and a spectator received, and the table page and hand history
each of them loaded, is then checked against what that seat could know at that moment: the
cards it held at some point of the hand, the cards played, and the cards shown face up (the
taste card, excess trumps). Everything else (the other hands, the kitty, the stock, any
discard) must not appear, neither in the engine's notation (``5H``) nor as a face (``5♥``).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from config.asgi import application
from engine.rules import ExcessDiscard, Play, card_str, parse_action
from tables import fanout, live, lobby_feed, notify
from tables.models import LiveTable, TableHand
from tests.factories import MembershipFactory
from tests.tables.helpers import table_with

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://localhost")
CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC]|BJ|LJ)(?![A-Za-z0-9])")
FACE = re.compile(r"(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])")
SUIT_OF_SYMBOL = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
JOKER_WORDS = {
    "big joker": "BJ",
    "little joker": "LJ",
    "grand joker": "BJ",
    "petit joker": "LJ",
}
#: A card's name in words, in English or French ("five of hearts", "cinq de cœur"), or as a
#: button names it ("5 of hearts").
RANKS = "AKQJT98765432"
ENGLISH_RANKS = "ace king queen jack ten nine eight seven six five four three two"
FRENCH_RANKS = "as roi dame valet dix neuf huit sept six cinq quatre trois deux"
RANK_OF_WORD = {
    **dict(zip(ENGLISH_RANKS.split(), RANKS, strict=True)),
    **dict(zip(FRENCH_RANKS.split(), RANKS, strict=True)),
    **{rank: rank for rank in "AKQJ98765432"},
    "10": "T",
}
SUIT_WORDS = {
    "spades": "S",
    "hearts": "H",
    "diamonds": "D",
    "clubs": "C",
    "pique": "S",
    "cœur": "H",
    "carreau": "D",
    "trèfle": "C",
}
SPOKEN = re.compile(
    r"(?<![\w])("
    + "|".join(sorted(RANK_OF_WORD, key=len, reverse=True))
    + r") (?:of|de) ("
    + "|".join(SUIT_WORDS)
    + r")(?![\w])"
)
SPECTATOR = -1


def cards_in(text: str) -> set[str]:
    """Every card named in ``text``, in notation or as a face."""
    found = set(CODE.findall(text))
    for rank, symbol in FACE.findall(text):
        found.add(("T" if rank == "10" else rank) + SUIT_OF_SYMBOL[symbol])
    lowered = text.lower()
    found.update(code for word, code in JOKER_WORDS.items() if word in lowered)
    for rank, suit in SPOKEN.findall(text):
        found.add(RANK_OF_WORD[rank] + SUIT_WORDS[suit])
    return found


@dataclass
class Received:
    seat: int  # SPECTATOR for the watcher
    hand: int
    seq: int
    text: str
    where: str


@dataclass
class Knowledge:
    """What each seat may know at each seq of each hand (computed from the full log)."""

    known: dict[tuple[int, int, int], set[str]] = field(default_factory=dict)

    def allowed(self, seat: int, hand: int, seq: int) -> set[str]:
        return self.known[(seat, hand, seq)]


def knowledge_of(table: LiveTable) -> Knowledge:
    """Replay every hand of the table action by action, noting what each seat may know. The
    cards shown face up in a hand stay known in the next one, whose screens sum it up (its
    best trump, the jokers taken)."""
    knowledge = Knowledge()
    table.refresh_from_db()
    public: set[str] = set()
    for table_hand in TableHand.objects.filter(table=table).order_by("number"):
        hand = live.hand_dealt(table, table_hand)
        seats = hand.game.seating.seats
        before, public = public, set()
        options = hand.game.options_dict()
        if options.get("kitty_taste") and hand.deal.kitty:
            public.add(card_str(hand.deal.kitty[-1]))
        held: dict[int, set[str]] = {s: set() for s in range(seats)}
        actions = list(table_hand.actions.order_by("seq").values_list("seq", "action"))
        seq = table_hand.first_seq - 1
        index = 0
        while True:
            for s in range(seats):
                held[s].update(hand.view(s)["hand"] or [])
            for s in range(seats):
                knowledge.known[(s, table_hand.number, seq)] = held[s] | public | before
            knowledge.known[(SPECTATOR, table_hand.number, seq)] = public | before
            if index == len(actions):
                break
            seq, text = actions[index]
            index += 1
            action = parse_action(text)
            hand.apply(action)
            if isinstance(action, Play):
                public.add(card_str(action.card))
            if isinstance(action, ExcessDiscard):
                public.update(card_str(c) for c in action.cards)
    return knowledge


def _cookie(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    name = django_settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}".encode()


def _text(message: dict[str, Any]) -> str:
    """A state message as text, every field of it (the seat's screen as data, the engine's
    view, the score box), with faces as the page shows them."""
    return json.dumps(message, ensure_ascii=False)


class Seat:
    """One connected browser: its socket and everything it received."""

    def __init__(self, seat: int, user: User, table: LiveTable) -> None:
        self.seat = seat
        self.user = user
        self.table = table
        self.socket: WebsocketCommunicator
        self.last: dict[str, Any] = {}
        self.received: list[Received] = []

    async def connect(self) -> None:
        cookie = await database_sync_to_async(_cookie)(self.user)
        self.socket = WebsocketCommunicator(
            application, f"/ws/tables/{self.table.pk}/", headers=[ORIGIN, (b"cookie", cookie)]
        )
        connected, _ = await self.socket.connect()
        assert connected
        await self.next()

    async def next(self) -> dict[str, Any]:
        message = await self.socket.receive_json_from(timeout=10)
        assert message["type"] == "state", message
        # Each socket only ever gets its own seat's screen; a spectator the public one.
        assert message["seat"] == (None if self.seat == SPECTATOR else self.seat), message
        assert message["seq"] >= self.last.get("seq", -1), "a screen went back"
        self.last = message
        self.received.append(
            # Faces unescaped (``10♥``, not ``10\\u2665``), so the card finder sees them as well
            # as the codes.
            Received(self.seat, message["hand"], message["seq"], _text(message), "socket")
        )
        return message

    async def until(self, seq: int) -> None:
        while self.last.get("seq") != seq:
            await self.next()


_clients: dict[int, Client] = {}


def _page(user: User, url: str) -> str:
    if user.pk not in _clients:
        _clients[user.pk] = Client()
        _clients[user.pk].force_login(user)
    response = _clients[user.pk].get(url)
    assert response.status_code == 200
    return response.content.decode()


def _where(table: LiveTable) -> tuple[int, int, str, int | None, bool]:
    """The table now: hand, seq, status, who is to act, and whether that is the computer."""
    table.refresh_from_db()
    hand = live.current_hand(table)
    to_act = None if hand is None or table.is_finished else hand.to_act
    bot = to_act is not None and table.seats.get(index=to_act).bot_acts
    return table.hand_number, table.seq, table.status, to_act, bot


async def settled(table: LiveTable, after: int) -> tuple[int, int, str, int | None]:
    """Wait until the action sent at ``after`` and the computer's moves are played."""
    for _ in range(1000):
        hand_number, seq, status, to_act, bot = await database_sync_to_async(_where)(table)
        if seq != after and not bot:
            return hand_number, seq, status, to_act
        await asyncio.sleep(0.01)
    raise AssertionError(f"the table did not move on from seq {after}")


class GroupSpy:
    """Every message this process sends to a table's group (``tables.fanout``, through
    whichever channel layer the settings name)."""

    def __init__(self) -> None:
        self._send_all = fanout.group_send_all
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def group_send_all(self, layer: Any, sends: list[tuple[str, dict[str, Any]]]) -> None:
        self.sent.extend(sends)
        await self._send_all(layer, sends)

    def screens(self, table: LiveTable) -> dict[int, list[Received]]:
        """The screens of the table's messages, by the seat each was built for (the
        spectators' as ``SPECTATOR``): what a socket of that seat could send its browser."""
        screens: dict[int, list[Received]] = {}
        for group, message in self.sent:
            if message.get("type") == lobby_feed.CHANGED:
                # A lobby's nudge says only that something changed: no card, no state.
                assert message == {"type": lobby_feed.CHANGED}
                continue
            assert group == notify.table_group(table.pk)
            publics = [(SPECTATOR, text) for text in message["public"].values()]
            parts = [*enumerate(message["seats"]), *publics]
            for seat, text in parts:
                if text is None:
                    continue
                payload = json.loads(text)
                assert payload["seat"] == (None if seat == SPECTATOR else seat), group
                screens.setdefault(seat, []).append(
                    Received(seat, payload["hand"], payload["seq"], _text(payload), group)
                )
        return screens


async def play(game_id: str, hands: int, seed: int) -> tuple[LiveTable, list[Seat]]:
    table, members = await database_sync_to_async(table_with)(
        people=3, bots=1, seed=seed, game_id=game_id
    )
    # One player and the spectator read French: their screens are built apart.
    await database_sync_to_async(
        lambda: (
            type(members[1].player).objects.filter(pk=members[1].player.pk).update(language="fr")
        )
    )()
    watcher = await database_sync_to_async(
        lambda: (
            MembershipFactory.create(
                club=table.club, with_account=True, player__language="fr"
            ).player.user
        )
    )()
    seats = [Seat(i, m.player.user, table) for i, m in enumerate(members)]
    seats.append(Seat(SPECTATOR, watcher, table))
    for seat in seats:
        await seat.connect()
    rng = random.Random(seed)
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    actions = 0
    seq = -1
    while True:
        hand_number, seq, status, to_act = await settled(table, seq)
        if status == "finished" or hand_number > hands:
            break
        for seat in seats:
            await seat.until(seq)
        if actions % 9 == 0:  # the page as each seat would load it now
            for seat in seats:
                html = await database_sync_to_async(_page)(seat.user, url)
                seat.received.append(Received(seat.seat, hand_number, seq, html, "page"))
        actor = next(s for s in seats if s.seat == to_act)
        legal = actor.last["view"]["legal"]
        await actor.socket.send_json_to(
            {"type": "act", "action": legal[rng.randrange(len(legal))], "seq": seq}
        )
        actions += 1
    for seat in seats:
        await seat.socket.disconnect()
    return table, seats


def _history_pages(table: LiveTable, seats: list[Seat]) -> None:
    for table_hand in TableHand.objects.filter(table=table, finished=True):
        steps = table_hand.actions.count()
        url = reverse("table_hand", args=[table.club.slug, table.pk, table_hand.number])
        for step in sorted({0, steps // 3, steps - 2, steps}):
            for seat in seats:
                html = _page(seat.user, f"{url}?step={step}")
                seq = table_hand.first_seq - 1 + step
                seat.received.append(
                    Received(seat.seat, table_hand.number, seq, html, f"history {step}")
                )


@pytest.mark.parametrize(
    ("game_id", "hands", "seed"), [("auction45", 3, 1), ("bidwhist", 2, 2), ("pitch52", 3, 3)]
)
async def test_no_seat_receives_a_card_it_may_not_see(
    game_id: str, hands: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _clients.clear()
    spy = GroupSpy()
    monkeypatch.setattr(fanout, "group_send_all", spy.group_send_all)
    table, seats = await play(game_id, hands, seed)
    await database_sync_to_async(_history_pages)(table, seats)
    # Each seat's part of the table's messages is checked like what its socket received.
    screens = spy.screens(table)
    for seat in seats:
        seat.received.extend(screens.get(seat.seat, []))
    assert len(screens) == 4  # three people's seats and the spectators'
    knowledge = await database_sync_to_async(knowledge_of)(table)

    checked = 0
    for seat in seats:
        own_cards_seen = False
        for received in seat.received:
            allowed = knowledge.allowed(seat.seat, received.hand, received.seq)
            leaked = cards_in(received.text) - allowed
            assert not leaked, (
                f"{game_id}: seat {seat.seat} received {sorted(leaked)} in a {received.where} "
                f"at hand {received.hand}, seq {received.seq}"
            )
            own_cards_seen = own_cards_seen or bool(cards_in(received.text) & allowed)
            checked += 1
        # The check can fail: cards are found in what was received (for a spectator, the
        # played ones).
        assert own_cards_seen
    assert checked > 100
    await database_sync_to_async(table.refresh_from_db)()
    assert table.hand_number > 1 or table.is_finished


def test_the_card_finder_reads_notation_and_faces() -> None:
    text = '<span data-card="5H">5\u2665</span> 10\u2660 "0 play QC" Big joker TD td ASK'
    assert cards_in(text) == {"5H", "TS", "QC", "BJ", "TD"}
