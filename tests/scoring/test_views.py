"""The scoresheet pages through Django's test client: list, new sheet, the entry page with its
htmx add and check, corrections with history, confirm and unlock."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import HandLine, LineRevision, Scoresheet, SheetStatus
from scoring.services import handline_add
from tests.factories import RuleSetFactory
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def typed(line: dict[str, Any], number: int) -> dict[str, str]:
    """An auction45 line as a director types it: seats from 1, points per side."""
    return {
        "number": str(number),
        "entry": "primary",
        "dealer": str(line["dealer"] + 1),
        "bidder": str(line["bidder"] + 1),
        "bid": str(line["bid"]),
        "trump": line["trump"].lower(),
        "points_0": str(line["points"][0]),
        "points_1": str(line["points"][1]),
    }


def input_tag(html: str, name: str) -> str:
    """The ``<input …>`` tag of input ``name`` in ``html``."""
    start = html.index(f'id="id_{name}"')
    return html[html.rindex("<", 0, start) : html.index(">", start) + 1]


@pytest.fixture
def director(client: Client, staff: Staff) -> Client:
    client.force_login(staff.director)
    return client


def test_the_entry_page_shows_an_input_row_to_scorers_only(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=2)
    url = reverse("sheet_entry", args=[staff.club.slug, sheet.pk])
    client.force_login(staff.scorer)
    html = client.get(url).content.decode()
    assert 'name="bidder"' in html and 'name="points_1"' in html
    assert 'value="3"' in input_tag(html, "dealer")  # seat 3 deals first, filled in
    client.force_login(staff.player)
    html = client.get(url).content.decode()
    assert 'name="bidder"' not in html
    assert "No line yet." in html


def test_enter_adds_a_line_and_the_fragment_shows_totals_and_a_fresh_row(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    response = director.post(url, typed(AUCTION45[0], 1), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "none"  # only the out-of-band parts, in place
    assert '<tr id="sheet-empty" hx-swap-oob="delete">' in html  # "No line yet." goes
    assert '<tr id="line-1"' in html and "Line 1 added." in html
    assert 'id="total-0">10<' in html and 'id="total-1">20<' in html
    assert 'name="number" value="2"' in html
    # No first dealer known, but line 1 names its dealer (seat 1): seat 2 deals next.
    assert 'value="2"' in input_tag(html, "dealer")
    assert "autofocus" in input_tag(html, "dealer")
    assert HandLine.objects.get(sheet=sheet).scores_after == [10, 20]


def test_a_later_line_answers_only_what_changed_swapped_in_place(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    director.post(url, typed(AUCTION45[0], 1), headers=HTMX)
    response = director.post(url, typed(AUCTION45[1], 2), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "none"  # nothing but the out-of-band parts
    assert '<section id="sheet"' not in html and 'id="line-1"' not in html
    assert '<tbody hx-swap-oob="beforeend:#sheet-lines"><tr id="line-2"' in html.replace("\n", "")
    assert "sheet-empty" not in html
    line = HandLine.objects.get(sheet=sheet, number=2)
    for side, total in enumerate(line.scores_after):
        assert f'id="total-{side}">{total}</strong>' in html
    assert '<tfoot id="sheet-entry" hx-swap-oob="true">' in html
    assert 'name="number" value="3"' in html
    assert 'value="3"' in input_tag(html, "dealer")  # seat 1 dealt first: seat 3 deals line 3
    assert "autofocus" in input_tag(html, "dealer")
    assert '<div id="sheet-notice" hx-swap-oob="true">' in html and "Line 2 added." in html
    # The whole page, read again, shows the same rows the answers built.
    page = director.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk])).content.decode()
    row = html[html.index('<tr id="line-2"') : html.index("</tr>", html.index('<tr id="line-2"'))]
    assert row in page


def test_a_refused_line_keeps_what_was_typed_and_names_the_field(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    data = typed(AUCTION45[0], 1) | {"bid": "12"}
    response = director.post(url, data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200  # htmx swaps 2xx only: the refusal must reach the form
    assert not HandLine.objects.exists()
    bid_cell = html.split('id="id_bid"')[1].split("</td>")[0]
    assert 'value="12"' in input_tag(html, "bid")
    assert "autofocus" in input_tag(html, "bid")
    assert "autofocus" not in input_tag(html, "dealer")
    assert "bid 12 is not allowed" in bid_cell.lower()
    assert "rules.md" not in bid_cell.lower()
    assert 'value="20"' in input_tag(html, "points_1")
    assert "That bid is not allowed." in html


def test_a_bad_seat_is_worded_with_seats_from_one(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    data = typed(AUCTION45[0], 1) | {"bidder": "5"}
    html = director.post(url, data, headers=HTMX).content.decode()
    assert "There is no seat 5 at this table: seats are 1 to 4." in html


def test_without_htmx_a_refusal_answers_400_with_the_whole_page(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    response = director.post(url, typed(AUCTION45[0], 1) | {"points_1": "15"})
    assert response.status_code == 400
    assert "<html" in response.content.decode()
    response = director.post(url, typed(AUCTION45[0], 1))
    assert response.status_code == 302
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_a_stale_form_is_refused_with_the_line_kept(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=staff.scorer)
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    response = director.post(url, typed(AUCTION45[1], 1), headers=HTMX)
    html = response.content.decode()
    assert "Line 1 was just added by" in html
    assert 'name="number" value="2"' in html  # Enter again adds it as line 2
    assert 'value="15"' in input_tag(html, "bid")
    assert HandLine.objects.filter(sheet=sheet).count() == 1


def test_the_check_answers_made_and_totals_without_saving(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    html = director.get(url, typed(AUCTION45[2], 1), headers=HTMX).content.decode()
    assert "Set" in html and "−25" in html
    assert not HandLine.objects.exists()
    assert sheet.lines.count() == 0


def test_the_check_waits_for_untyped_fields_and_names_a_bad_one(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_check", args=[staff.club.slug, sheet.pk])
    partial = {"dealer": "1", "bidder": "2", "bid": "20", "trump": "H"}
    html = director.get(url, partial).content.decode()
    assert 'role="alert"' not in html  # the points are simply not typed yet
    assert "Enter adds the line" in html
    html = director.get(url, partial | {"points_0": "12", "points_1": "18"}).content.decode()
    error = html.split('id="error-points_0"')[1].split("</small>")[0]
    assert "multiples of 5" in error
    assert 'hx-swap-oob="true"' in html


def test_the_game_end_is_shown_and_the_entry_row_goes(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    for number, line in enumerate(AUCTION45, start=1):
        response = director.post(url, typed(line, number), headers=HTMX)
    html = response.content.decode()
    assert '<div id="sheet-end" hx-swap-oob="true">' in html
    assert "Game over." in html and "reached the target" in html
    assert '<tfoot id="sheet-entry" hx-swap-oob="delete">' in html  # the input row goes
    assert 'name="bidder"' not in html
    page = director.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk])).content.decode()
    assert "Game over." in page and 'name="bidder"' not in page
    response = director.post(url, typed(AUCTION45[0], 7), headers=HTMX)
    assert HandLine.objects.filter(sheet=sheet).count() == 6
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FINISHED


def test_a_correction_recomputes_and_is_in_the_history(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45[:3], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=staff.scorer)
    edit = reverse("sheet_line_edit", args=[staff.club.slug, sheet.pk, 1])
    html = director.get(edit).content.decode()
    version = html.split('name="version" value="')[1].split('"')[0]
    data = typed(AUCTION45[0], 1) | {"points_0": "5", "points_1": "25", "version": version}
    response = director.post(edit, data)
    assert response.status_code == 302
    last = HandLine.objects.get(sheet=sheet, number=3)
    assert last.scores_after == [35, 10]
    history = director.get(reverse("sheet_history", args=[staff.club.slug, sheet.pk])).content
    text = history.decode()
    assert "Corrected" in text and "Points: Side 1 10" in text and "Points: Side 1 5" in text
    assert staff.director.username in text


def test_a_stale_correction_is_refused(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    line = handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=staff.scorer)
    edit = reverse("sheet_line_edit", args=[staff.club.slug, sheet.pk, 1])
    data = typed(AUCTION45[0], 1) | {"bid": "25", "version": str(line.version - 1)}
    response = director.post(edit, data)
    assert response.status_code == 409
    assert "was changed by" in response.content.decode()
    assert HandLine.objects.get(pk=line.pk).bid == 20


def test_confirm_then_unlock_with_a_reason(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=staff.scorer)
    confirm = reverse("sheet_confirm", args=[staff.club.slug, sheet.pk])
    assert director.post(confirm).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.CONFIRMED and sheet.confirmed_by == staff.director
    unlock = reverse("sheet_unlock", args=[staff.club.slug, sheet.pk])
    assert director.post(unlock, {"reason": ""}).status_code == 400
    assert director.post(unlock, {"reason": "line 4 was 25, not 30"}).status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.FINISHED
    assert sheet.unlocks.get().reason == "line 4 was 25, not 30"


def test_a_scorer_cannot_confirm(client: Client, staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client.force_login(staff.scorer)
    assert (
        client.post(reverse("sheet_confirm", args=[staff.club.slug, sheet.pk])).status_code == 403
    )


def test_new_sheet_from_partnerships_and_seats(director: Client, staff: Staff) -> None:
    url = reverse("sheet_new", args=[staff.club.slug])
    html = director.get(url, {"rules": "standard:pitch52"}, headers=HTMX).content.decode()
    assert html.lstrip().startswith('<div id="sides"')
    assert "Nine-card" in html or "Pitch" in html
    response = director.post(
        url,
        {
            "rules": "standard:bidwhist",
            "title": "Table 2",
            "side_0_label": "Us",
            "side_1_label": "Them",
            "first_dealer": "1",
        },
    )
    assert response.status_code == 302
    sheet = Scoresheet.objects.get(title="Table 2")
    assert sheet.game == "bidwhist" and sheet.first_dealer == 1
    assert [s.label for s in sheet.sides.all()] == ["Us", "Them"]
    assert response["Location"] == reverse("sheet_entry", args=[staff.club.slug, sheet.pk])


def test_sheet_list_filters_by_status(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    done = make_sheet(title="Done")
    make_sheet(title="Going")
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=done, line=line, expected_number=number, by=staff.scorer)
    url = reverse("sheet_list", args=[staff.club.slug])
    html = director.get(url, {"status": "finished"}, headers=HTMX).content.decode()
    assert "Done" in html and "Going" not in html
    assert "<strong>125</strong>" in html


def test_print_has_a_qr_code_to_the_entry_page(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(title="Table 9")
    html = director.get(reverse("sheet_print", args=[staff.club.slug, sheet.pk])).content.decode()
    assert "<svg" in html
    assert reverse("sheet_entry", args=[staff.club.slug, sheet.pk]) in html
    assert html.count("<tr><td>") >= 20


def test_the_printed_house_rules_are_words_not_option_ids(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    rules = RuleSetFactory.create(
        club=staff.club, options={"target": 125, "renege": "five_jack_ah"}
    )
    sheet = make_sheet(rule_set=rules)
    html = director.get(reverse("sheet_print", args=[staff.club.slug, sheet.pk])).content.decode()
    assert "five_jack_ah" not in html and "renege" not in html
    assert "Trumps that may be held back on a trump lead: five, jack and ace of hearts" in html
    assert "Score that wins the game: 125" in html


def test_history_records_revisions_for_every_add(staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    handline_add(sheet=sheet, line=AUCTION45[0], expected_number=1, by=staff.scorer)
    assert LineRevision.objects.filter(line__sheet=sheet, action="add").count() == 1


def test_delete_page_asks_then_deletes(
    director: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45[:2], start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=staff.scorer)
    url = reverse("sheet_line_delete", args=[staff.club.slug, sheet.pk, 1])
    html = director.get(url).content.decode()
    assert "Delete line 1?" in html and "Bid 20" in html
    version = html.split('name="version" value="')[1].split('"')[0]
    assert director.post(url, {"version": version}).status_code == 302
    assert list(HandLine.objects.live().filter(sheet=sheet).values_list("bid", flat=True)) == [15]
    stale = director.post(url, {"version": version})  # line 1 is now another line
    assert stale.status_code == 400 and "was changed" in stale.content.decode()


@pytest.mark.parametrize(
    ("game_id", "typed", "totals"),
    [
        (
            "bidwhist",
            {
                "bidder": "1",
                "bid": "4",
                "trump": "nt",
                "mode": "uptown",
                "books_0": "11",
                "books_1": "2",
            },
            ("5", "0"),
        ),
        (
            "pitch52",
            {"bidder": "2", "bid": "6", "trump": "s", "points_0": "2", "points_1": "8"},
            ("2", "8"),
        ),
        (
            "auction45",
            {"bidder": "3", "bid": "25", "trump": "d", "points_0": "25", "points_1": "5"},
            ("25", "5"),
        ),
    ],
)
def test_each_game_is_typed_through_the_page(
    director: Client,
    staff: Staff,
    make_sheet: MakeSheet,
    game_id: str,
    typed: dict[str, str],
    totals: tuple[str, str],
) -> None:
    sheet = make_sheet(game_id, title=f"{game_id} sheet", first_dealer=0)
    page = director.get(reverse("sheet_entry", args=[staff.club.slug, sheet.pk])).content.decode()
    assert f"{sheet.title}" in page and 'value="1"' in input_tag(page, "dealer")
    url = reverse("sheet_line_add", args=[staff.club.slug, sheet.pk])
    data = {"number": "1", "entry": "primary", "dealer": "1", **typed}
    html = director.post(url, data, headers=HTMX).content.decode()
    assert f'id="total-0">{totals[0]}<' in html and f'id="total-1">{totals[1]}<' in html
    assert HandLine.objects.get(sheet=sheet).dealer == 0
