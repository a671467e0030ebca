"""The round page puts the night's table codes in one place: every table's code for the club's
directors and scorers (nobody else), missing codes issued in one action, and every blank
sheet of the round printed in one document."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from club.models import Membership
from scoring.models import Scoresheet, TableCode
from scoring.services import scoresheet_confirm
from scoring.tablecodes import tablecode_revoke
from tests.tournaments.factories import club_with, event_with
from tests.tournaments.test_views import signed_in, url
from tournaments.models import Match, Round
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db


def _sheets(round_: Round) -> list[Scoresheet]:
    matches = Match.objects.filter(round=round_).select_related("sheet", "table")
    return [m.sheet for m in sorted(matches, key=lambda m: m.table.number) if m.sheet]


def _codes(sheets: list[Scoresheet]) -> list[str]:
    return [sheet.codes.live().get().code for sheet in sheets]


@pytest.fixture
def night() -> tuple[Round, dict[str, Client]]:
    setup = club_with(players=16)
    round_ = round_publish(round_=round_pair(event=event_with(setup, format="progressive")))
    roles = {
        "director": Membership.Role.DIRECTOR,
        "scorer": Membership.Role.SCORER,
        "player": Membership.Role.PLAYER,
    }
    return round_, {name: signed_in(setup, role=role) for name, role in roles.items()}


def test_the_round_page_lists_every_tables_code_for_directors_and_scorers(
    night: tuple[Round, dict[str, Client]],
) -> None:
    round_, clients = night
    codes = _codes(_sheets(round_))
    assert len(codes) == 4
    for who in ("director", "scorer"):
        page = clients[who].get(url("round_detail", round_.event, 1)).content.decode()
        assert all(code in page for code in codes), who
        assert codes[2] in _card(page, 3)
    seen = clients["player"].get(url("round_detail", round_.event, 1)).content.decode()
    assert not any(code in seen for code in codes)
    assert url("round_print", round_.event, 1) not in seen


def test_a_confirmed_tables_code_leaves_its_card(
    night: tuple[Round, dict[str, Client]],
) -> None:
    round_, clients = night
    sheets = _sheets(round_)
    codes = _codes(sheets)
    sheet_play(sheet=sheets[1], rng=random.Random(5))
    scoresheet_confirm(sheet=sheets[1], by=None)
    page = clients["director"].get(url("round_detail", round_.event, 1)).content.decode()
    assert codes[1] not in _card(page, 2)
    assert codes[0] in _card(page, 1)
    assert "have no table code" not in page and "has no table code" not in page


def _card(page: str, table: int) -> str:
    found = re.search(rf'<li class="table-card[^"]*" data-table="{table}">(.*?)</li>', page, re.S)
    assert found is not None
    return found.group(1)


def test_the_director_issues_the_missing_codes_in_one_action(
    night: tuple[Round, dict[str, Client]],
) -> None:
    round_, clients = night
    sheets = _sheets(round_)
    kept = _codes(sheets)[0]
    for sheet in sheets[1:3]:
        tablecode_revoke(sheet=sheet)
    sheet_play(sheet=sheets[3], rng=random.Random(3))
    scoresheet_confirm(sheet=sheets[3], by=None)
    tablecode_revoke(sheet=sheets[3])
    action = url("round_codes_issue", round_.event, 1)
    page = clients["director"].get(url("round_detail", round_.event, 1)).content.decode()
    assert f'action="{action}"' in page and "2 tables have no table code" in page

    assert clients["scorer"].post(action).status_code == 403
    done = clients["director"].post(action, follow=True)

    assert "Table codes issued for 2 tables" in done.content.decode()
    live = TableCode.objects.live()
    assert live.get(sheet=sheets[0]).code == kept
    assert live.filter(sheet__in=sheets[1:3]).count() == 2
    assert not live.filter(sheet=sheets[3]).exists()  # confirmed: its table's entry is closed


def test_every_blank_sheet_of_the_round_prints_in_one_document(
    night: tuple[Round, dict[str, Client]],
) -> None:
    round_, clients = night
    codes = _codes(_sheets(round_))
    printed = clients["scorer"].get(url("round_print", round_.event, 1))
    assert printed.status_code == 200
    html = printed.content.decode()
    assert html.count('<article class="paper-sheet') == 4
    assert html.count("<svg") == 4  # a QR code on each
    for code in codes:
        assert f'<strong class="table-code">{code}</strong>' in html and f"/t/{code}/" in html
    assert html.index(codes[0]) < html.index(codes[1]) < html.index(codes[3])
    assert clients["player"].get(url("round_print", round_.event, 1)).status_code == 403
    page = clients["scorer"].get(url("round_detail", round_.event, 1)).content.decode()
    assert f'href="{url("round_print", round_.event, 1)}"' in page


def test_a_draft_round_has_no_sheets_to_print_yet() -> None:
    setup = club_with(players=8)
    round_ = round_pair(event=event_with(setup, format="progressive"))
    printed = signed_in(setup).get(url("round_print", round_.event, round_.number))
    assert printed.status_code == 200
    html = printed.content.decode()
    assert "paper-sheet" not in html and "its sheets are made when it is published" in html
