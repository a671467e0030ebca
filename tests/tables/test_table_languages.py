"""The live table in each reader's language: a French member's socket and page read French
while an English member at the same table reads English, and no seat's screen is built twice
when everybody reads the site's language."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from club.language import reader_language
from tables import notify, readers, selectors
from tables.cards import Card
from tables.models import LiveTable
from tests.factories import MembershipFactory
from tests.tables.helpers import state, table_with
from tests.tables.test_consumers import first_action_watched, joined

if TYPE_CHECKING:
    from pytest_django.fixtures import Settings

pytestmark = pytest.mark.django_db(transaction=True)

#: A card's spoken name: the rank's word, then the suit's, in each language.
FRENCH_CARD = re.compile(
    r"^(as|roi|dame|valet|dix|neuf|huit|sept|six|cinq|quatre|trois|deux)"
    r" de (pique|cœur|carreau|trèfle)$|^(grand|petit) joker$"
)
ENGLISH_CARD = re.compile(
    r"^(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)"
    r" of (spades|hearts|diamonds|clubs)$|^(big|little) joker$"
)


@pytest.fixture(autouse=True)
def _in_memory_layer_and_fresh_cache(settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    cache.clear()


@database_sync_to_async
def french_and_english() -> tuple[LiveTable, User, User, User]:
    """A started table: seat 0 a French member, seat 1 an English one, two computers; and a
    French member of the club watching."""
    table, members = table_with(people=2, bots=2, seed=21, first_dealer=3)
    french, english = members[0].player, members[1].player
    french.language = "fr"
    french.save(update_fields=["language"])
    watcher = MembershipFactory.create(
        club=table.club, with_account=True, player__language="fr"
    ).player.user
    assert french.user is not None and english.user is not None and watcher is not None
    return table, french.user, english.user, watcher


def test_card_names_are_said_as_players_say_them() -> None:
    from django.utils import translation

    with translation.override("fr"):
        assert Card.of("5H").spoken == "cinq de cœur"
        assert Card.of("JD").spoken == "valet de carreau"
        assert Card.of("AS").spoken == "as de pique"
        assert Card.of("TC").named == "10 de trèfle"
        assert Card.of("BJ").spoken == "grand joker"
    assert Card.of("5H").spoken == "five of hearts"
    assert Card.of("JD").named == "J of diamonds"


async def test_a_french_socket_reads_french_and_an_english_one_english_at_one_table() -> None:
    table, french, english, watcher = await french_and_english()
    fr, fr_state = await joined(table, french)
    en, en_state = await joined(table, english)
    w, w_state = await joined(table, watcher)
    assert (fr_state["seat"], en_state["seat"], w_state["seat"]) == (0, 1, None)
    assert fr_state["phase_label"] == "Enchères"
    assert en_state["phase_label"] == "Auction"
    assert w_state["phase_label"] == "Enchères"
    assert all(FRENCH_CARD.match(card["spoken"]) for card in fr_state["own"])
    assert all(ENGLISH_CARD.match(card["spoken"]) for card in en_state["own"])
    assert [b["label"] for b in fr_state["buttons"]][0] == "Passer"
    assert fr_state["seats"][0]["name"] == "Vous" and en_state["seats"][1]["name"] == "You"
    assert fr_state["seats"][2]["name"].startswith("Ordinateur Sud")

    action = fr_state["view"]["legal"][0]
    await fr.send_json_to({"type": "act", "action": action, "seq": fr_state["seq"]})
    fr_next = await fr.receive_json_from(timeout=5)
    en_next = await en.receive_json_from(timeout=5)
    w_next = await w.receive_json_from(timeout=5)
    assert fr_next["seq"] == en_next["seq"] == w_next["seq"] == fr_state["seq"] + 1
    assert fr_next["phase_label"] == "Enchères" and w_next["phase_label"] == "Enchères"
    assert en_next["phase_label"] == "Auction"
    assert en_next["buttons"] and all(
        b["label"] in ("Pass", "Hold") or b["label"].startswith("Bid ") for b in en_next["buttons"]
    )
    assert all(FRENCH_CARD.match(card["spoken"]) for card in fr_next["own"])
    assert all(ENGLISH_CARD.match(card["spoken"]) for card in en_next["own"])
    # Each socket still sends only its own seat's cards.
    hand = await database_sync_to_async(state)(table)
    assert fr_next["view"]["hand"] == hand.view(0)["hand"]
    assert en_next["view"]["hand"] == hand.view(1)["hand"]
    assert w_next["view"]["hand"] is None
    for socket in (fr, en, w):
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()


async def test_the_group_message_carries_each_seat_in_its_members_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, french, english, watcher = await french_and_english()
    (fr, en, w), received, spy = await first_action_watched(
        table, [french, english, watcher], monkeypatch
    )
    [(_, message)] = spy.sent
    assert message["languages"][:2] == ["fr", "en"]
    assert sorted(message["public"]) == ["en", "fr"]  # the site's, and the French sockets'
    assert json.loads(message["seats"][0]) == received[0]
    assert json.loads(message["seats"][1]) == received[1]
    assert json.loads(message["public"]["fr"]) == received[2]
    for socket in (fr, en, w):
        await socket.disconnect()


def test_a_table_read_in_the_sites_language_builds_each_screen_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, _ = table_with(people=4, bots=0, seed=3)
    built: list[int | None] = []
    real = selectors.seat_payload

    def counted(shared: Any, seat: int | None) -> dict[str, Any]:
        built.append(seat)
        return real(shared, seat)

    monkeypatch.setattr(selectors, "seat_payload", counted)
    payloads = selectors.table_payloads(table.pk)
    assert sorted(built, key=str) == sorted([0, 1, 2, 3, None], key=str)
    assert list(payloads.public) == ["en"]
    readers.register(table.pk, "fr")  # a French spectator connected
    built.clear()
    payloads = selectors.table_payloads(table.pk)
    assert built.count(None) == 2 and len(built) == 6
    assert sorted(payloads.public) == ["en", "fr"]


def test_the_first_page_render_is_in_the_members_language() -> None:
    table, members = table_with(people=2, bots=2, seed=21, first_dealer=3)
    french = members[0].player
    french.language = "fr"
    french.save(update_fields=["language"])
    url = reverse("table_detail", args=[table.club.slug, table.pk])
    client = Client()
    client.force_login(french.user)  # type: ignore[arg-type]
    session = client.session
    session["kitty_language"] = "fr"
    session.save()
    page = client.get(url).content.decode()
    assert "Enchères" in page
    assert "Passer" in page
    spoken = re.findall(
        r'class="playing-card hand-card[^"]*" data-card="[^"]+"[^>]*'
        r'aria-label="([^"]+)"',
        page,
    )
    assert spoken and all(FRENCH_CARD.match(name) for name in spoken), spoken
    english = Client()
    english.force_login(members[1].player.user)  # type: ignore[arg-type]
    assert "Auction" in english.get(url).content.decode()


def test_a_sockets_language_follows_the_rule_of_pages() -> None:
    member = MembershipFactory.create(with_account=True, player__language="fr").player
    assert reader_language(member.user, session_code="en", accept_language="en") == "fr"
    assert reader_language(None, session_code="fr") == "fr"
    assert reader_language(None, cookie_code="fr", accept_language="en") == "fr"
    assert reader_language(None, accept_language="de, fr-CA;q=0.8, en;q=0.5") == "fr"
    assert reader_language(None, cookie_code="xx", accept_language="de") == "en"


async def test_a_socket_whose_language_the_message_lacks_builds_its_own_and_registers_again() -> (
    None
):
    table, french, english, watcher = await french_and_english()
    en, _ = await joined(table, english)
    w, _ = await joined(table, watcher)
    await database_sync_to_async(cache.clear)()  # the French spectator's entry expired
    readers.forget_all()  # and so did this process's memo of it
    await database_sync_to_async(notify.broadcast)(table.pk)
    assert (await en.receive_json_from(timeout=5))["phase_label"] == "Auction"
    assert (await w.receive_json_from(timeout=5))["phase_label"] == "Enchères"
    assert await database_sync_to_async(readers.spectator_languages)(table.pk) == ["en", "fr"]
    for socket in (en, w):
        await socket.disconnect()


class Clock:
    """Seconds moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_process_asks_the_cache_for_a_tables_languages_once_in_a_few_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, _ = table_with(people=4, bots=0, seed=3)
    readers.forget_all()  # the table's start was broadcast, and read them
    clock = Clock()
    monkeypatch.setattr(readers, "clock", clock)
    asked: list[str] = []
    real_get = cache.get

    def get(key: str, *args: Any) -> Any:
        asked.append(key)
        return real_get(key, *args)

    monkeypatch.setattr(cache, "get", get)
    assert readers.spectator_languages(table.pk) == ["en"]
    cache.set(f"kitty:table-languages:{table.pk}", ["fr"])  # registered by another process
    clock.now += readers.MEMO_SECONDS - 0.1
    assert readers.spectator_languages(table.pk) == ["en"]
    assert len(asked) == 1
    clock.now += 0.2
    assert readers.spectator_languages(table.pk) == ["en", "fr"]
    assert len(asked) == 2


def test_a_language_registered_by_this_process_is_built_at_once() -> None:
    table, _ = table_with(people=4, bots=0, seed=3)
    assert readers.spectator_languages(table.pk) == ["en"]
    readers.register(table.pk, "fr")
    assert readers.spectator_languages(table.pk) == ["en", "fr"]


def test_the_memo_drops_expired_tables_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(readers, "clock", clock)
    monkeypatch.setattr(readers, "MEMO_SIZE", 3)
    for table_id in (1, 2, 3):
        readers.spectator_languages(table_id)
    clock.now += readers.MEMO_SECONDS
    readers.spectator_languages(4)
    assert sorted(readers._memo) == [4]


async def test_a_socket_registered_in_another_process_gets_its_language_while_the_memo_is_old(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The process that commits read the table's languages before the French spectator
    connected to another process: its message lacks French, so the socket builds its own
    screen, and registers again, which this process then sees."""
    table, french, english, watcher = await french_and_english()
    en, _ = await joined(table, english)
    assert await database_sync_to_async(readers.spectator_languages)(table.pk) == ["en"]
    with monkeypatch.context() as other_process:
        other_process.setattr(readers, "_forget", lambda table_id: None)
        w, _ = await joined(table, watcher)
    assert await database_sync_to_async(readers.spectator_languages)(table.pk) == ["en"]
    await database_sync_to_async(notify.broadcast)(table.pk)
    assert (await en.receive_json_from(timeout=5))["phase_label"] == "Auction"
    assert (await w.receive_json_from(timeout=5))["phase_label"] == "Enchères"
    assert await database_sync_to_async(readers.spectator_languages)(table.pk) == ["en", "fr"]
    for socket in (en, w):
        await socket.disconnect()
