"""The table's own entry without an account: a code opens its one sheet and nothing else,
wrong codes are refused with a code (and counted), the other side confirms or disagrees, and
the director issues, reissues and withdraws codes."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings as SettingsWrapper

from scoring import tablecodes
from scoring.models import FlagCleared, HandLine, LineRevision, SheetStatus, TableCode
from scoring.selectors import sheet_view
from scoring.services import SideSpec, handline_add, scoresheet_create
from scoring.tablecodes import tablecode_issue
from scoring.views.table_codes import sides_at_table
from tests.factories import MembershipFactory
from tests.proxy import behind_proxy
from tests.scoring.conftest import MakeSheet, Staff
from tests.scoring.games import AUCTION45
from tests.scoring.test_tablecodes import entered_from

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}
HAND = {"dealer": "1", "bidder": "2", "bid": "20", "trump": "H", "points_0": "10", "points_1": "20"}


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    cache.clear()


def entry(code: TableCode | str) -> str:
    return reverse("table_entry", args=[str(code)])


def test_a_code_opens_its_sheet_and_adds_a_line_without_an_account(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0, title="Table 4")
    code = tablecode_issue(sheet=sheet, by=staff.director)
    page = client.get(entry(code))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Table 4" in html and 'id="hand-form"' in html
    assert reverse("sheet_entry", args=[staff.club.slug, sheet.pk]) not in html
    assert client.session["kitty_table"]["sheet"] == sheet.pk
    added = client.post(entry(code), {**HAND, "number": "1", "client_key": "t-1"}, headers=JSON)
    assert added.status_code == 201 and added.json()["number"] == 1
    line = HandLine.objects.get(sheet=sheet)
    phone = client.session["kitty_table"]["phone"]
    assert LineRevision.objects.get(line=line).note == f"table {code.code}, phone {phone}"


def test_the_code_session_cannot_read_or_write_another_sheet(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    other = make_sheet(first_dealer=0)
    code = tablecode_issue(sheet=sheet, by=staff.director)
    assert client.get(entry(code)).status_code == 200
    slug = staff.club.slug
    for name in ("sheet_hand", "sheet_entry", "sheet_history", "sheet_print"):
        response = client.get(reverse(name, args=[slug, other.pk]))
        assert response.status_code == 302  # sent to sign in
    posted = client.post(
        reverse("sheet_hand", args=[slug, other.pk]), {**HAND, "number": "1"}, headers=JSON
    )
    assert posted.status_code == 302  # sent to sign in
    smuggled = client.post(entry(code), {**HAND, "number": "1", "sheet": str(other.pk)})
    assert smuggled.status_code == 404
    assert not HandLine.objects.exists()
    assert client.get(reverse("sheet_list", args=[slug])).status_code == 302


@pytest.mark.parametrize(
    ("make_code", "status", "code"),
    [
        (lambda sheet, by: "ZZZ-ZZZ", 404, "code_unknown"),
        (lambda sheet, by: tablecode_issue(sheet=sheet, by=by).code + "X", 404, "code_unknown"),
    ],
)
def test_a_wrong_code_is_refused_with_a_coded_message(
    client: Client, staff: Staff, make_sheet: MakeSheet, make_code: object, status: int, code: str
) -> None:
    typed = make_code(make_sheet(), staff.director)  # type: ignore[operator]
    page = client.get(entry(typed))
    assert page.status_code == status
    assert "check it against the printed sheet" in page.content.decode()
    answer = client.post(entry(typed), {**HAND, "number": "1"}, headers=JSON)
    assert answer.status_code == status and answer.json()["code"] == code


def test_a_withdrawn_code_is_refused_and_forgotten(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    old = tablecode_issue(sheet=sheet, by=staff.director)
    assert client.get(entry(old)).status_code == 200
    tablecode_issue(sheet=sheet, by=staff.director)
    refused = client.post(entry(old), {**HAND, "number": "1"}, headers=JSON)
    assert refused.status_code == 410 and refused.json()["code"] == "code_revoked"
    assert "kitty_table" not in client.session
    assert not HandLine.objects.exists()


def test_guessing_codes_is_throttled(client: Client, staff: Staff, make_sheet: MakeSheet) -> None:
    code = tablecode_issue(sheet=make_sheet(), by=staff.director)
    for n in range(tablecodes.SESSION_GUESSES):
        assert client.get(entry(f"AAA-A{n:02d}")).status_code == 404
    throttled = client.get(entry(code))  # even the right code waits now
    assert throttled.status_code == 429
    assert "Too many wrong table codes from this phone" in throttled.content.decode()


def test_behind_the_proxy_guesses_are_counted_by_the_address_nginx_saw(
    staff: Staff, make_sheet: MakeSheet, settings: SettingsWrapper
) -> None:
    """A new X-Forwarded-For on every guess does not make a new client."""
    settings.KITTY_NUM_PROXIES = 1
    code = tablecode_issue(sheet=make_sheet(), by=staff.director)
    statuses = [
        Client()
        .get(entry(f"AAA-A{n:02d}"), **behind_proxy("203.0.113.7", written=f"198.51.100.{n}"))
        .status_code
        for n in range(60)
    ]
    assert statuses == [404] * tablecodes.ADDRESS_GUESSES + [429] * 10
    another_table = Client().get(entry(code), **behind_proxy("203.0.113.8"))
    assert another_table.status_code == 200


def test_the_code_form_leads_to_the_tables_page(client: Client) -> None:
    assert client.get(reverse("table_start")).status_code == 200
    response = client.post(reverse("table_start"), {"code": "k7p 3qd"})
    assert response.status_code == 302 and response["Location"] == entry("K7P-3QD")


def _finished(staff: Staff, make_sheet: MakeSheet) -> TableCode:
    sheet = make_sheet()
    for number, line in enumerate(AUCTION45, start=1):
        handline_add(sheet=sheet, line=line, expected_number=number, by=None)
    return tablecode_issue(sheet=sheet, by=staff.director)


def test_the_other_side_confirms_and_the_code_closes(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _finished(staff, make_sheet)
    page = client.get(entry(code)).content.decode()
    assert "Side 2: confirm these scores" in page and "We disagree" in page
    assert "Side 1 enter the hands; Side 2 confirm" in page
    done = client.post(entry(code), {"answer": "confirm", "sheet": str(code.sheet_id)})
    assert done.status_code == 200 and "The sheet is confirmed" in done.content.decode()
    code.sheet.refresh_from_db()
    assert code.sheet.status == SheetStatus.CONFIRMED
    assert client.get(entry(code)).status_code == 409


def test_a_disagreement_flags_the_sheet_for_the_director(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _finished(staff, make_sheet)
    client.post(entry(code), {"answer": "disagree"})
    code.sheet.refresh_from_db()
    assert code.sheet.flagged_at is not None and code.sheet.status == SheetStatus.FINISHED
    director = Client()
    director.force_login(staff.director)
    html = director.get(reverse("sheet_entry", args=[staff.club.slug, code.sheet_id]))
    assert "Flagged" in html.content.decode() and code.code in html.content.decode()


def test_the_director_issues_reissues_and_withdraws(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet()
    client.force_login(staff.director)
    url = reverse("sheet_table_code", args=[staff.club.slug, sheet.pk])
    assert "has no table code" in client.get(url).content.decode()
    client.post(url, {"action": "issue"})
    first = TableCode.objects.get(sheet=sheet)
    assert first.code in client.get(url).content.decode()
    client.post(url, {"action": "issue"})
    assert TableCode.objects.live().get(sheet=sheet).code != first.code
    client.post(url, {"action": "revoke"})
    assert not TableCode.objects.live().filter(sheet=sheet).exists()
    printed = client.get(reverse("sheet_print", args=[staff.club.slug, sheet.pk]))
    assert 'class="table-code"' not in printed.content.decode()


@pytest.mark.parametrize("role", ["director", "scorer", "player"])
def test_the_printed_sheet_shows_the_code_and_its_address_to_scorers_only(
    client: Client, staff: Staff, make_sheet: MakeSheet, role: str
) -> None:
    """A plain member's paper leads to the sheet's page in the club, not to its table code."""
    sheet = make_sheet()
    code = tablecode_issue(sheet=sheet, by=staff.director)
    client.force_login(getattr(staff, role))
    html = client.get(reverse("sheet_print", args=[staff.club.slug, sheet.pk])).content.decode()
    shown = code.code in html and f"/t/{code.code}/" in html
    assert shown == (role != "player")
    sheet_page = reverse("sheet_entry", args=[staff.club.slug, sheet.pk])
    assert (f"testserver{sheet_page}" in html) == (role == "player")


def test_a_scorer_may_not_issue_codes(client: Client, staff: Staff, make_sheet: MakeSheet) -> None:
    sheet = make_sheet()
    client.force_login(staff.scorer)
    url = reverse("sheet_table_code", args=[staff.club.slug, sheet.pk])
    assert client.post(url, {"action": "issue"}).status_code == 403
    assert not TableCode.objects.exists()


def test_the_confirming_side_is_named_with_who_sits_there(staff: Staff) -> None:
    names = ["Smith", "Ann", "Jones", "Bob"]  # seats 1 and 3 are one side
    players = {
        seat: MembershipFactory.create(club=staff.club, player__display_name=name).player
        for seat, name in enumerate(names)
    }
    sheet = scoresheet_create(
        club=staff.club,
        by=None,
        game_id="auction45",
        sides=[SideSpec(label="North-South"), SideSpec(label="Ann & Bob")],
        seat_players=players,
    )
    view = sheet_view(sheet=sheet)
    assert sides_at_table(view) == ("North-South (Smith & Jones)", "Ann & Bob")


def test_a_second_phone_catches_up_with_the_lines_of_the_first(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    code = tablecode_issue(sheet=sheet, by=staff.director)
    first, second = Client(), Client()
    lines = reverse("table_lines", args=[code.code])
    page = second.get(entry(code)).content.decode()
    assert f'data-lines-url="{lines}"' in page and 'data-revision="0"' in page
    assert second.get(lines, {"since": "0"}).json() == {"revision": 0, "changed": False}

    first.post(entry(code), {**HAND, "number": "1", "client_key": "k-1"}, headers=JSON)
    news = second.get(lines, {"since": "0"}).json()
    assert news["changed"] and news["revision"] == 1
    assert news["totals"] == [10, 20] and news["next_number"] == 2 and news["next_dealer"] == 2
    assert [line["number"] for line in news["recent"]] == [1]
    assert news["recent"][0]["summary"].endswith("Side 1 10, Side 2 20")
    assert second.get(lines, {"since": "1"}).json()["changed"] is False
    assert second.get(lines, {"since": "nonsense"}).json()["changed"] is True


def test_the_lines_of_another_sheet_or_a_dead_code_are_refused(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    old = tablecode_issue(sheet=sheet, by=staff.director)
    tablecode_issue(sheet=sheet, by=staff.director)
    gone = client.get(reverse("table_lines", args=[old.code]))
    assert gone.status_code == 410 and gone.json()["code"] == "code_revoked"
    unknown = client.get(reverse("table_lines", args=["ZZZ-ZZZ"]))
    assert unknown.status_code == 404 and unknown.json()["code"] == "code_unknown"
    # A phone of one table cannot read another sheet's lines through the club's address.
    other = make_sheet(first_dealer=0)
    live = TableCode.objects.live().get(sheet=sheet)
    client.get(entry(live))
    club_lines = reverse("sheet_hand_lines", args=[staff.club.slug, other.pk])
    assert client.get(club_lines).status_code == 302  # sent to sign in


def test_the_director_clears_a_flag_and_the_history_keeps_it(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _finished(staff, make_sheet)
    tablecodes.sheet_flag(code=code, phone="a1b2c3")
    sheet_url = reverse("sheet_entry", args=[staff.club.slug, code.sheet_id])
    clear = reverse("sheet_flag_clear", args=[staff.club.slug, code.sheet_id])
    client.force_login(staff.scorer)
    assert "Clear the flag" not in client.get(sheet_url).content.decode()
    assert client.post(clear, {"reason": "x"}).status_code == 403

    client.force_login(staff.director)
    assert "Clear the flag" in client.get(sheet_url).content.decode()
    done = client.post(clear, {"reason": "line 4 corrected with both sides"}, follow=True)
    assert "The flag is cleared" in done.content.decode()
    code.sheet.refresh_from_db()
    assert code.sheet.flagged_at is None and code.sheet.flag_note == ""
    cleared = FlagCleared.objects.get(sheet=code.sheet)
    assert cleared.by == staff.director and "phone a1b2c3" in cleared.flag_note
    history = client.get(reverse("sheet_history", args=[staff.club.slug, code.sheet_id]))
    text = history.content.decode()
    assert "phone a1b2c3" in text and "line 4 corrected with both sides" in text

    again = client.post(clear, {"reason": ""}, follow=True)
    assert "not flagged" in again.content.decode()
    assert FlagCleared.objects.count() == 1


def test_a_director_of_another_club_cannot_clear_a_flag(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _finished(staff, make_sheet)
    tablecodes.sheet_flag(code=code, phone="a1b2c3")
    outsider = MembershipFactory.create(role="director", with_account=True)
    assert outsider.player.user is not None
    client.force_login(outsider.player.user)
    clear = reverse("sheet_flag_clear", args=[staff.club.slug, code.sheet_id])
    assert client.post(clear).status_code == 403
    own = reverse("sheet_flag_clear", args=[outsider.club.slug, code.sheet_id])
    assert client.post(own).status_code == 404
    code.sheet.refresh_from_db()
    assert code.sheet.flagged_at is not None


def test_the_director_overrides_a_tables_line_and_the_phones_follow(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    code = tablecode_issue(sheet=sheet, by=staff.director)
    client.post(entry(code), {**HAND, "number": "1", "client_key": "k-1"}, headers=JSON)
    phone = client.session["kitty_table"]["phone"]
    lines = reverse("table_lines", args=[code.code])
    seen = client.get(lines, {"since": "0"}).json()["revision"]

    director = Client()
    director.force_login(staff.director)
    line = HandLine.objects.get(sheet=sheet)
    edit = reverse("sheet_line_edit", args=[staff.club.slug, sheet.pk, 1])
    fixed = {**HAND, "points_0": "5", "points_1": "25", "version": str(line.version)}
    assert director.post(edit, fixed).status_code == 302
    # One history for both: the table's line (its code and phone), the director's correction.
    revisions = list(LineRevision.objects.filter(line=line).order_by("at", "pk"))
    assert [r.action for r in revisions] == ["add", "edit"]
    assert revisions[0].note == f"table {code.code}, phone {phone}" and revisions[0].by is None
    assert revisions[1].by == staff.director
    history = director.get(reverse("sheet_history", args=[staff.club.slug, sheet.pk]))
    assert f"table {code.code}, phone {phone}" in history.content.decode()
    # The table's phones see the corrected totals at their next look.
    news = client.get(lines, {"since": str(seen)}).json()
    assert news["changed"] and news["totals"] == [5, 25]


def test_following_the_sheet_does_not_write_the_session_again(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = tablecode_issue(sheet=make_sheet(first_dealer=0), by=staff.director)
    client.get(entry(code))
    key = client.session.session_key
    answer = client.get(reverse("table_lines", args=[code.code]), {"since": "0"})
    assert answer.status_code == 200 and settings.SESSION_COOKIE_NAME not in answer.cookies
    assert client.session.session_key == key


def test_wrong_codes_from_the_hall_do_not_lock_out_a_phone_already_at_its_table(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = tablecode_issue(sheet=make_sheet(first_dealer=0), by=staff.director)
    assert client.get(entry(code)).status_code == 200  # this table's phone opened its code
    typist = Client()  # another phone in the hall: the same address
    for n in range(tablecodes.SESSION_GUESSES):
        assert typist.get(entry(f"AAA-A{n:02d}")).status_code == 404
    assert typist.get(entry(code)).status_code == 429  # the guessing phone waits, even with it
    assert client.get(reverse("table_lines", args=[code.code])).status_code == 200
    added = client.post(entry(code), {**HAND, "number": "1", "client_key": "k-1"}, headers=JSON)
    assert added.status_code == 201


def test_one_phone_guessing_does_not_lock_the_halls_other_phones(
    staff: Staff, make_sheet: MakeSheet
) -> None:
    """The hall's phones share one address: one phone's wrong codes hold that phone only,
    again and again, and the other tables open codes they never opened before."""
    codes = [tablecode_issue(sheet=make_sheet(), by=staff.director) for _ in range(3)]
    for round_ in range(3):
        typist = Client()
        statuses = [typist.get(entry(f"AAA-{round_}{n:02d}")).status_code for n in range(12)]
        assert statuses == [404] * tablecodes.SESSION_GUESSES + [429] * 2
        arriving = Client()  # a phone that has not opened its code yet
        assert arriving.get(entry(codes[round_])).status_code == 200


def test_an_address_that_drops_its_cookies_still_waits(staff: Staff, make_sheet: MakeSheet) -> None:
    """A script starting a new session for every guess is held by the address's count."""
    statuses = [Client().get(entry(f"AAA-A{n:02d}")).status_code for n in range(55)]
    assert statuses == [404] * tablecodes.ADDRESS_GUESSES + [429] * 5


def _entered_here(client: Client, staff: Staff, make_sheet: MakeSheet) -> TableCode:
    """A finished game whose every line was added from ``client``'s phone."""
    code = tablecode_issue(sheet=make_sheet(), by=staff.director)
    client.get(entry(code))
    entered_from(code, client.session["kitty_table"]["phone"])
    return code


def test_the_phone_that_entered_cannot_confirm_and_says_so(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _entered_here(client, staff, make_sheet)
    page = client.get(entry(code)).content.decode()
    assert "This phone entered the hands" in page and "Confirm the scores" not in page
    refused = client.post(entry(code), {"answer": "confirm", "sheet": str(code.sheet_id)})
    assert refused.status_code == 403
    assert "This phone entered the hands, so it cannot confirm them" in refused.content.decode()
    code.sheet.refresh_from_db()
    assert code.sheet.status == SheetStatus.FINISHED

    other_side = Client()
    assert "Confirm the scores" in other_side.get(entry(code)).content.decode()
    done = other_side.post(entry(code), {"answer": "confirm", "sheet": str(code.sheet_id)})
    assert done.status_code == 200 and "The sheet is confirmed" in done.content.decode()
    phone = other_side.session["kitty_table"]["phone"]
    director = Client()
    director.force_login(staff.director)
    history = director.get(reverse("sheet_history", args=[staff.club.slug, code.sheet_id]))
    assert f"table {code.code}, phone {phone}" in history.content.decode()


def test_a_signed_in_member_confirming_at_the_table_is_named(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    code = _finished(staff, make_sheet)
    client.force_login(staff.player)
    client.post(entry(code), {"answer": "confirm", "sheet": str(code.sheet_id)})
    code.sheet.refresh_from_db()
    assert code.sheet.status == SheetStatus.CONFIRMED
    assert code.sheet.confirmed_by == staff.player


def test_disagreeing_is_refused_before_the_end_and_said_once(
    client: Client, staff: Staff, make_sheet: MakeSheet
) -> None:
    sheet = make_sheet(first_dealer=0)
    code = tablecode_issue(sheet=sheet, by=staff.director)
    early = client.post(entry(code), {"answer": "disagree"})
    assert early.status_code == 400 and "The game is not over yet" in early.content.decode()
    sheet.refresh_from_db()
    assert sheet.flagged_at is None

    code = _finished(staff, make_sheet)
    client.post(entry(code), {"answer": "disagree"})
    code.sheet.refresh_from_db()
    first = code.sheet.flag_note
    again = Client().post(entry(code), {"answer": "disagree"})
    assert again.status_code == 409 and "already" in again.content.decode()
    code.sheet.refresh_from_db()
    assert code.sheet.flag_note == first
