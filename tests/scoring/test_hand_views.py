"""The one-hand-at-a-time page without JavaScript (a plain form post) and as its script uses it
(JSON, from the API): the choices drawn for each game, a hand added once per key, refusals
kept as tapped, pitch's categories, and who may use it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Player
from scoring.models import HandLine, LineRevision, Scoresheet
from scoring.services import scoresheet_create
from scoring.tablecodes import tablecode_issue, tablecode_revoke
from tests.factories import ClubFactory
from tests.scoring.conftest import MakeSheet, Staff

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}
HAND = {"dealer": "1", "bidder": "2", "bid": "20", "trump": "H", "points_0": "10", "points_1": "20"}


@pytest.fixture
def scorer(client: Client, staff: Staff) -> Client:
    client.force_login(staff.scorer)
    return client


def url(staff: Staff, sheet_id: int) -> str:
    return reverse("sheet_hand", args=[staff.club.slug, sheet_id])


def api(staff: Staff, sheet_id: int) -> str:
    """Where the page's script sends the hands (the page's ``data-add-url``)."""
    return reverse("api_sheet_hand", args=[staff.club.slug, sheet_id])


def checked(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)" checked', html)


def radios(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', html)


@pytest.mark.parametrize(
    ("game_id", "bids", "trumps"),
    [
        ("auction45", ["15", "20", "25", "30", "60"], ["S", "H", "D", "C"]),
        ("bidwhist", [str(n) for n in range(1, 8)], ["S", "H", "D", "C", "NT"]),
        ("pitch52", [str(n) for n in range(4, 11)], ["S", "H", "D", "C"]),
    ],
)
def test_each_game_gets_its_buttons(
    scorer: Client,
    staff: Staff,
    make_sheet: MakeSheet,
    game_id: str,
    bids: list[str],
    trumps: list[str],
) -> None:
    sheet = make_sheet(game_id, first_dealer=2)
    html = scorer.get(url(staff, sheet.pk)).content.decode()
    assert radios(html, "bid") == bids
    assert radios(html, "trump") == trumps
    assert radios(html, "bidder") == ["1", "2", "3", "4"]
    assert checked(html, "dealer") == ["3"]  # the first dealer, seats from 1
    assert ("Spades" in html) and ("Hearts" in html)  # suits named, not only drawn
    assert bool(radios(html, "mode")) == (game_id == "bidwhist")
    assert bool(radios(html, "cat_high")) == (game_id == "pitch52")
    key = re.search(r'name="client_key" value="([0-9a-f]{32})"', html)
    assert key is not None


def test_a_plain_post_adds_once_per_key_and_comes_back_for_the_next(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    data = {**HAND, "number": "1", "client_key": "k-1"}
    response = scorer.post(url(staff, sheet.pk), data)
    assert response.status_code == 302 and response["Location"] == url(staff, sheet.pk)
    again = scorer.post(url(staff, sheet.pk), data)  # a double tap
    assert again.status_code == 302
    assert HandLine.objects.filter(sheet=sheet).count() == 1
    html = scorer.get(url(staff, sheet.pk)).content.decode()
    assert checked(html, "dealer") == ["2"]  # the deal passed to the left
    assert 'name="number" value="2"' in html
    assert "Line 1 added." in html


def test_a_refused_hand_comes_back_as_tapped_with_the_reason(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    data = {**HAND, "number": "1", "client_key": "k-1", "points_1": "25"}
    response = scorer.post(url(staff, sheet.pk), data)
    html = response.content.decode()
    assert response.status_code == 400
    assert "The points do not add up." in html
    assert checked(html, "bidder") == ["2"] and checked(html, "bid") == ["20"]
    assert 'value="25"' in html and 'name="client_key" value="k-1"' in html
    assert not HandLine.objects.exists()


def test_the_script_gets_json(scorer: Client, staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet(first_dealer=0)
    data = {**HAND, "number": "1", "client_key": "k-1"}
    added = scorer.post(api(staff, sheet.pk), data, headers=JSON)
    assert added.status_code == 201
    body = added.json()
    assert body["number"] == 1 and body["totals"] == [10, 20]
    assert body["next_number"] == 2 and body["next_dealer"] == 2
    assert scorer.post(api(staff, sheet.pk), data, headers=JSON).json()["number"] == 1
    stale = scorer.post(api(staff, sheet.pk), {**data, "client_key": "k-2"}, headers=JSON)
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale" and stale.json()["next_number"] == 2
    wrong = {**HAND, "dealer": "4", "number": "2", "client_key": "k-3"}
    refused = scorer.post(api(staff, sheet.pk), wrong, headers=JSON)
    assert refused.status_code == 400
    assert refused.json()["code"] == "dealer_out_of_turn"
    assert refused.json()["field"] == "dealer"


def test_pitch_categories_give_the_points(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet("pitch52", first_dealer=0)
    data = {
        "number": "1",
        "client_key": "p-1",
        "dealer": "1",
        "bidder": "2",
        "bid": "4",
        "trump": "S",
        "cat_high": "2",
        "cat_low": "2",
        "cat_jack": "1",
        "cat_game": "2",
    }
    assert scorer.post(api(staff, sheet.pk), data, headers=JSON).status_code == 201
    line = HandLine.objects.get(sheet=sheet)
    assert line.line["points"] == [1, 3]
    assert line.line["categories"] == {"high": 1, "low": 1, "jack": 0, "game": 1}
    bad = {**data, "number": "2", "client_key": "p-2", "dealer": "2", "cat_high": "7"}
    refused = scorer.post(api(staff, sheet.pk), bad, headers=JSON)
    assert refused.json()["code"] == "bad_category"


def test_players_may_not_and_other_clubs_sheets_are_not_found(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    client.force_login(staff.player)
    assert client.get(url(staff, sheet.pk)).status_code == 403
    assert client.post(url(staff, sheet.pk), {**HAND, "number": "1"}).status_code == 403
    client.force_login(staff.scorer)
    elsewhere = scoresheet_create(club=ClubFactory.create(), by=None, game_id="auction45")
    assert client.get(url(staff, elsewhere.pk)).status_code == 404
    assert client.post(url(staff, elsewhere.pk), {**HAND, "number": "1"}).status_code == 404
    assert not HandLine.objects.exists()


def test_the_sheet_page_offers_it_to_scorers(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    html = scorer.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk])).content.decode()
    assert f'href="{url(staff, sheet.pk)}">Enter hand by hand' in html


def _seated_sheet(staff: Staff, make_sheet: MakeSheet) -> Scoresheet:
    """A sheet with the staff's player in seat 2, and its table code issued."""
    player = Player.objects.get(user=staff.player)
    sheet = make_sheet(first_dealer=0, seat_players={1: player})
    tablecode_issue(sheet=sheet, by=staff.director)
    return sheet


def test_a_seated_player_enters_their_tables_hands_in_their_own_name(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = _seated_sheet(staff, make_sheet)
    client.force_login(staff.player)
    page = client.get(url(staff, sheet.pk))
    assert page.status_code == 200 and 'id="hand-form"' in page.content.decode()
    check = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    assert client.get(check, {**HAND, "number": "1"}).status_code == 200

    added = client.post(url(staff, sheet.pk), {**HAND, "number": "1", "client_key": "s-1"})

    assert added.status_code == 302
    revision = LineRevision.objects.get(line__sheet=sheet)
    assert revision.by == staff.player and revision.action == LineRevision.Action.ADD
    entry_page = reverse("sheet_entry", args=[staff.club.slug, sheet.pk])
    html = client.get(entry_page).content.decode()
    assert f'href="{url(staff, sheet.pk)}">Enter hand by hand' in html


def test_a_seated_player_adds_hands_through_the_api_as_on_the_page(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    """A player without the scorer's role is let in by their seat at the sheet, in the API
    as on the page, while the table's code is live."""
    sheet = _seated_sheet(staff, make_sheet)
    client.force_login(staff.player)
    added = client.post(api(staff, sheet.pk), {**HAND, "number": "1", "client_key": "s-1"})
    assert added.status_code == 201 and added.json()["number"] == 1
    assert LineRevision.objects.get(line__sheet=sheet).by == staff.player
    news = client.get(api(staff, sheet.pk), {"since": "0"}).json()
    assert news["changed"] and news["totals"] == [10, 20]
    tablecode_revoke(sheet=sheet)
    refused = client.post(api(staff, sheet.pk), {**HAND, "number": "2", "dealer": "2"})
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_a_player_enters_only_while_their_table_has_its_code(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    seated = _seated_sheet(staff, make_sheet)
    other = make_sheet(first_dealer=0)
    tablecode_issue(sheet=other, by=staff.director)
    client.force_login(staff.player)
    assert client.get(url(staff, other.pk)).status_code == 403  # not their table
    tablecode_revoke(sheet=seated)  # the director took the table's entry back
    assert client.get(url(staff, seated.pk)).status_code == 403
    refused = client.post(api(staff, seated.pk), {**HAND, "number": "1"}, headers=JSON)
    assert refused.status_code == 403
    assert not HandLine.objects.exists()


def test_a_refused_hand_reads_as_whole_sentences(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    """The phone puts the reason between its own words: the reason is a sentence of its own
    (capital, full stop), so the text never runs on (": 23 Correct it")."""
    sheet = make_sheet(first_dealer=0)
    odd = {**HAND, "points_0": "23", "points_1": "7", "number": "1", "client_key": "k-1"}
    refused = scorer.post(api(staff, sheet.pk), odd, headers=JSON).json()
    assert refused["code"] == "points_not_multiple_of_5"
    assert refused["message"].startswith("Points must be multiples of 5")
    assert refused["message"].endswith(": 23.")
    page = scorer.get(url(staff, sheet.pk)).content.decode()
    assert 'data-text-refused="Hand {number} was not added. {reason} Correct it and tap Add."' in (
        page
    )


#: hand.js, whose words come from the page (data-text-* on the form).
HAND_JS = Path(__file__).resolve().parents[2] / "static" / "kitty" / "hand.js"


def test_the_scripts_words_come_from_the_page_in_the_readers_language(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    """The phone says nothing in words of its own: each text it shows is one the page gives
    it, in the reader's language, and the script holds no sentence of its own."""
    script = HAND_JS.read_text()
    code = "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))
    assert not re.findall(r"[\"'`][A-Za-z]+(?: [A-Za-z']+){2,}[.!?]?[\"'`]", code)
    names = sorted(set(re.findall(r"\"(text[A-Z]\w*)\"", code)))
    assert "textNoReason" in names
    sheet = make_sheet(first_dealer=0)
    scorer.post(reverse("set_language"), {"language": "fr", "next": "/"})
    page = scorer.get(url(staff, sheet.pk)).content.decode()
    for name in names:
        attribute = "data-" + re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)
        assert f'{attribute}="' in page, attribute
    assert 'data-text-no-reason="Refusée par la feuille, sans raison donnée."' in page


def test_the_tap_page_opens_at_its_top_and_speaks_of_taps(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    """No input below the bidder takes the focus (the browser would scroll to it), and the
    engine's check, asked by the tap page, gives the tap page's hint, not the keyboard's."""
    sheet = make_sheet(first_dealer=0)
    page = scorer.get(url(staff, sheet.pk)).content.decode()
    assert "autofocus" not in page
    check = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    tapped = scorer.get(check, {"dealer": "1", "tap": "1"}).content.decode()
    assert "Tab moves on" not in tapped and "Tap the bidder" in tapped
    typed = scorer.get(check, {"dealer": "1"}).content.decode()
    assert "Tab moves on" in typed


def test_the_tap_pages_check_keeps_its_room_and_asks_with_tap_again(
    scorer: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    """The answer replaces the tap page's check region whole: it keeps the region's class (its
    fixed room above "Add") and "tap" for the next question, and says the whole refusal there,
    sending nothing to the slots of the inputs above "Add"."""
    sheet = make_sheet(first_dealer=0)
    check = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    hand = {
        "dealer": "3",
        "bidder": "2",
        "bid": "20",
        "trump": "H",
        "points_0": "10",
        "points_1": "20",
    }
    tapped = scorer.get(check, hand | {"tap": "1"}).content.decode()
    assert 'class="line-check hand-check"' in tapped
    assert """hx-vals='{"tap": "1"}'""" in tapped
    assert "Seat 1 deals line 1" in tapped and "hx-swap-oob" not in tapped
    typed = scorer.get(check, hand).content.decode()
    assert 'class="line-check"' in typed and "hx-vals" not in typed
    assert "See the field marked in red." in typed and 'id="error-dealer"' in typed
