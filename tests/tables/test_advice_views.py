"""Hints and reviews on the pages and through the API: only for the member's own seat, a table
they may not see is not found, refusals keep their code and status, and no input gives 500."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

import engine.bots.advice
from club.models import Club, Membership
from tables.models import HandReview, LiveTable, ReviewStatus
from tests.factories import ClubFactory, MembershipFactory
from tests.tables.helpers import account
from tests.tables.test_advice import finish_first_hand, practice
from tests.tables.test_members_play import playing_friendly

pytestmark = pytest.mark.django_db


def client_of(member: Membership) -> Client:
    client = Client()
    client.force_login(account(member))
    return client


def api_of(member: Membership) -> APIClient:
    client = APIClient()
    client.force_authenticate(account(member))
    return client


def api_url(table: LiveTable, tail: str) -> str:
    return f"/api/clubs/{table.club.slug}/tables/{table.pk}/{tail}"


def test_the_table_page_offers_a_hint_and_the_hint_names_the_choices(
    club: Club, host: Membership
) -> None:
    table = practice(club, host)
    client = client_of(host)
    page = client.get(reverse("table_detail", args=[club.slug, table.pk])).content.decode()
    assert 'id="hint-button"' in page and 'id="review-link"' in page
    part = client.get(reverse("table_hint", args=[table.pk]), {"part": "1"})
    assert part.status_code == 200
    body = part.content.decode()
    assert 'id="hint-computer"' in body and "<html" not in body
    whole = client.get(reverse("table_hint", args=[table.pk]))
    assert whole.status_code == 200 and 'id="hint-best"' in whole.content.decode()


def test_no_hint_at_a_friendly_table_and_none_for_a_stranger(
    club: Club, host: Membership, friend: Membership
) -> None:
    friendly = playing_friendly(club, host, friend)
    client = client_of(host)
    page = client.get(reverse("table_detail", args=[club.slug, friendly.pk])).content.decode()
    assert 'id="hint-button"' not in page and 'id="review-link"' in page
    refused = client.get(reverse("table_hint", args=[friendly.pk]), {"part": "1"})
    assert refused.status_code == 403 and 'data-code="no_hints"' in refused.content.decode()
    stranger = MembershipFactory.create(club=ClubFactory.create(), with_account=True)
    assert client_of(stranger).get(reverse("table_hint", args=[friendly.pk])).status_code == 404
    # The API refuses another club's people at the club, as every club endpoint does.
    assert api_of(stranger).get(api_url(friendly, "hint/")).status_code == 403
    answer = api_of(host).get(api_url(friendly, "hint/"))
    assert answer.status_code == 403 and answer.json()["code"] == "no_hints"


def test_a_review_is_asked_for_and_read_by_its_member_only(
    club: Club, host: Membership, friend: Membership, django_capture_on_commit_callbacks: Any
) -> None:
    table = practice(club, host)
    finish_first_hand(table, host)
    client = client_of(host)
    url = reverse("table_review", args=[table.pk, 1])
    assert 'id="review-ask"' in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url).status_code == 302
    review = HandReview.objects.get(table=table)
    assert review.status == ReviewStatus.DONE
    page = client.get(url).content.decode()
    assert page.count('class="review-row"') == len(review.rows)
    if not review.rows:
        assert 'id="review-none"' in page
    assert client.get(reverse("table_review_last", args=[table.pk]))["Location"] == url
    # Another member of the club sees the table but has no seat: no review of theirs.
    other = client_of(friend).get(url)
    assert other.status_code == 403 and 'data-code="not_seated"' in other.content.decode()
    assert api_of(friend).get(api_url(table, "hands/1/review/")).status_code == 403
    read = api_of(host).get(api_url(table, "hands/1/review/"))
    assert read.status_code == 200 and read.json()["status"] == "done"
    assert len(read.json()["rows"]) == len(review.rows)
    stranger = MembershipFactory.create(club=ClubFactory.create(), with_account=True)
    assert client_of(stranger).get(url).status_code == 404
    assert api_of(stranger).post(api_url(table, "hands/1/review/")).status_code == 403
    assert HandReview.objects.count() == 1


@pytest.mark.parametrize("tail", ["hands/99/review/", "hands/0/review/", "hands/2/review/"])
def test_bad_hands_answer_a_code_never_500(club: Club, host: Membership, tail: str) -> None:
    table = practice(club, host)
    page = client_of(host).get(f"/tables/{table.pk}/{tail}")
    api = api_of(host).post(api_url(table, tail))
    assert page.status_code in (404, 409) and api.status_code in (404, 409)
    assert client_of(host).get("/tables/999999/hint/").status_code == 404


def test_the_api_asks_for_a_review_then_reads_it(
    club: Club, host: Membership, django_capture_on_commit_callbacks: Any
) -> None:
    table = practice(club, host)
    client = api_of(host)
    assert client.get(api_url(table, "hint/")).json()["seat"] == 0
    assert client.get(api_url(table, "hands/1/review/")).status_code == 409
    page = client_of(host).get(reverse("table_review", args=[table.pk, 1]))
    assert page.status_code == 409 and 'data-code="hand_not_finished"' in page.content.decode()
    refused = client.post(api_url(table, "hands/1/review/"))
    assert refused.status_code == 409 and refused.json()["code"] == "hand_not_finished"
    finish_first_hand(table, host)
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post(api_url(table, "hands/1/review/"))
    assert asked.status_code == 202
    read = client.get(api_url(table, "hands/1/review/")).json()
    assert read["status"] == "done" and read["hand"] == 1 and len(read["thresholds"]) == 3


def test_a_failed_review_shows_a_retry_button_that_works_it_out_again(
    club: Club,
    host: Membership,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    table = practice(club, host)
    finish_first_hand(table, host)
    client = client_of(host)
    url = reverse("table_review", args=[table.pk, 1])
    working = engine.bots.advice.appraise

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(engine.bots.advice, "appraise", broken)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url)
    page = client.get(url).content.decode()
    assert 'id="review-failed"' in page and 'id="review-retry"' in page
    monkeypatch.setattr(engine.bots.advice, "appraise", working)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url)
    assert HandReview.objects.get(table=table).status == ReviewStatus.DONE
    assert 'id="review-retry"' not in client.get(url).content.decode()
