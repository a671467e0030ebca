"""The event pages: a director's evening through the pages, and the public pages and exports."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.core.exceptions import NON_FIELD_ERRORS
from django.test import Client
from django.urls import reverse

from club.models import Membership, RuleSet
from club.rule_sets import RuleSetOptionError, options_check
from scoring.services import scoresheet_confirm
from scoring.tablecodes import sheet_flag
from tests.factories import MembershipFactory
from tests.tournaments.factories import ClubSetup, club_with, event_with
from tournaments.models import Entrant, Event, Job, JobKind, Match, Round, SeatingChange
from tournaments.services import events
from tournaments.services.publish import round_publish
from tournaments.services.ratings import club_ratings_update
from tournaments.services.rounds import round_pair
from tournaments.services.standings import event_standings_recompute
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def signed_in(setup: ClubSetup, role: str = Membership.Role.DIRECTOR) -> Client:
    member = MembershipFactory.create(club=setup.club, role=role, with_account=True)
    assert member.player.user is not None
    client = Client()
    client.force_login(member.player.user)
    return client


def url(name: str, event: Event, *args: object) -> str:
    return reverse(name, args=[event.club.slug, event.pk, *args])


def play_round(round_: Round) -> None:
    for match in Match.objects.filter(round=round_).select_related("sheet"):
        assert match.sheet is not None
        sheet_play(sheet=match.sheet, rng=random.Random(match.pk))
        scoresheet_confirm(sheet=match.sheet, by=None)


def test_a_director_sets_an_event_to_be_played_online_from_the_form() -> None:
    setup = club_with(players=4)
    client = signed_in(setup)
    form = client.get(reverse("event_new", args=[setup.club.slug])).content.decode()
    assert 'name="plays_at"' in form and 'name="turn_seconds"' in form
    answer = client.post(
        reverse("event_new", args=[setup.club.slug]),
        {
            "name": "Winter online",
            "date": "2026-12-01",
            "format": "progressive",
            "rule_set": setup.rules.pk,
            "plays_at": "online",
            "turn_seconds": "0",
            "grace_seconds": "300",
        },
    )
    assert answer.status_code == 302
    event = Event.objects.get(name="Winter online")
    assert (event.plays_at, event.turn_seconds, event.grace_seconds) == ("online", 0, 300)
    edit = client.get(url("event_edit", event)).content.decode()
    assert '<option value="online" selected>' in edit


def test_the_event_form_groups_the_online_settings_and_takes_them() -> None:
    setup = club_with(players=4)
    client = signed_in(setup)
    form = client.get(reverse("event_new", args=[setup.club.slug])).content.decode()
    start = form.index('id="played-online"')
    online = form[start : form.index("</details>", start)]
    assert "<details" in form and 'id="played-online" open' not in form  # a hall event: closed
    assert 'name="no_show"' in online and 'name="forfeit_minutes"' in online
    assert 'name="pairs_itself"' in form and 'name="publishes_itself"' in form
    assert '<option value="by_round">' in form
    answer = client.post(
        reverse("event_new", args=[setup.club.slug]),
        {
            "name": "League online",
            "date": "2026-12-01",
            "format": "swiss",
            "rule_set": setup.rules.pk,
            "plays_at": "online",
            "no_show": "forfeit",
            "forfeit_minutes": "20",
            "pairs_itself": "on",
            "publishes_itself": "on",
        },
    )
    assert answer.status_code == 302
    event = Event.objects.get(name="League online")
    assert (event.no_show, event.forfeit_minutes) == ("forfeit", 20)
    assert event.pairs_itself and event.publishes_itself
    edit = client.get(url("event_edit", event)).content.decode()
    assert 'id="played-online" open' in edit
    assert '<option value="forfeit" selected>' in edit
    assert 'name="pairs_itself" id="id_pairs_itself" checked' in edit


def test_the_event_form_refuses_publishing_a_round_the_event_did_not_pair() -> None:
    setup = club_with(players=4)
    client = signed_in(setup)
    answer = client.post(
        reverse("event_new", args=[setup.club.slug]),
        {
            "name": "League online",
            "date": "2026-12-01",
            "format": "swiss",
            "rule_set": setup.rules.pk,
            "publishes_itself": "on",
        },
    )
    assert answer.status_code == 200
    assert "let it pair the next round too" in answer.content.decode()
    assert not Event.objects.filter(name="League online").exists()


def test_a_director_creates_an_event_from_the_form() -> None:
    setup = club_with(players=4)
    client = signed_in(setup)
    response = client.post(
        reverse("event_new", args=[setup.club.slug]),
        {
            "name": "Spring 45s",
            "date": "2026-04-01",
            "format": "progressive",
            "rule_set": setup.rules.pk,
            "rounds_planned": "6",
            "tiebreak_1": "games_won",
            "tiebreak_2": "points",
        },
    )
    event = Event.objects.get(name="Spring 45s")
    assert response.status_code == 302
    assert response["Location"] == url("event_dashboard", event)
    assert event.tiebreaks == ["games_won", "points"] and event.rounds_planned == 6


def test_the_event_form_shows_a_format_the_rules_cannot_seat_on_the_rules_field() -> None:
    setup = club_with(players=4)
    client = signed_in(setup)
    response = client.post(
        reverse("event_new", args=[setup.club.slug]),
        {"name": "X", "date": "2026-04-01", "format": "cutthroat", "rule_set": setup.rules.pk},
    )
    assert response.status_code == 200
    assert "needs every player for themselves" in response.content.decode()
    assert not Event.objects.filter(name="X").exists()


NEW_EVENT = {"name": "X", "date": "2026-04-01", "format": "progressive"}


def test_rules_the_engine_no_longer_takes_are_refused_on_the_event_form_with_their_code() -> None:
    setup = club_with(players=4)
    # Stored by an older engine that took the value; the event copies the rules, so it asks.
    RuleSet.objects.filter(pk=setup.rules.pk).update(options={"renege": "sometimes"})
    client = signed_in(setup)
    response = client.post(
        reverse("event_new", args=[setup.club.slug]), {**NEW_EVENT, "rule_set": setup.rules.pk}
    )
    assert response.status_code == 200
    assert response.context["form"].has_error(NON_FIELD_ERRORS, "bad_rules")
    assert "&#x27;renege&#x27;" in response.content.decode()
    assert not Event.objects.exists()


def test_a_refusal_of_another_app_inside_event_create_comes_back_to_the_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Any service refusal (here the rule sets' own, a ``RuleSetOptionError``) is shown on the
    form with its code, whichever app raised it: not a page of its own, not a 500."""
    with pytest.raises(RuleSetOptionError) as caught:
        options_check(game="auction45", options={"renege": "sometimes"})
    refused = caught.value

    def refuse(*args: object, **kwargs: object) -> None:
        raise refused

    monkeypatch.setattr(events, "layout_for", refuse)
    setup = club_with(players=4)
    client = signed_in(setup)
    response = client.post(
        reverse("event_new", args=[setup.club.slug]), {**NEW_EVENT, "rule_set": setup.rules.pk}
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert form.has_error(NON_FIELD_ERRORS, "bad_option_value")
    assert form.non_field_errors() == [refused.message]
    assert not Event.objects.exists()


def test_door_tick_with_htmx_answers_the_row_and_the_count() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive", arrive=False)
    client = signed_in(setup)
    player = setup.players[0]
    response = client.post(
        url("event_door", event), {"who": f"player-{player.pk}", "here": "on"}, headers=HTMX
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert f'id="door-player-{player.pk}"' in body and "Check out" in body
    assert 'id="here-count" hx-swap-oob="true">1<' in body
    assert Entrant.objects.get(event=event, player=player).checked_in
    response = client.post(url("event_door", event), {"who": f"player-{player.pk}"}, headers=HTMX)
    assert "Check in" in response.content.decode()
    assert not Entrant.objects.get(event=event, player=player).checked_in


def test_door_tick_without_javascript_goes_back_to_the_page() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive", arrive=False)
    client = signed_in(setup)
    response = client.post(
        url("event_door", event),
        {"who": f"player-{setup.players[1].pk}", "here": "on", "next": "https://evil.example/"},
    )
    assert response.status_code == 302
    assert response["Location"] == url("event_dashboard", event)


# Real commits: the job's task is sent once the request's transaction commits.
@pytest.mark.django_db(transaction=True)
def test_pair_publish_and_the_dashboard_shows_tables_and_sheet_links() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    client = signed_in(setup)
    response = client.post(url("round_pair", event), follow=True)
    assert "Round 1 is paired: 2 tables." in response.content.decode()
    draft = Round.objects.get(event=event, number=1)
    assert draft.status == "draft"
    page = client.get(url("event_dashboard", event)).content.decode()
    assert "Publish round 1" in page and "Swap seats" in page
    # Publishing asks first, from the dashboard as from the round page: both link to the
    # confirmation, neither posts at once.
    publish = url("round_publish", event, 1)
    round_page = client.get(url("round_detail", event, 1)).content.decode()
    for shown in (page, round_page):
        assert f'href="{publish}"' in shown and f'action="{publish}"' not in shown
    assert "Seats cannot be swapped after this." in client.get(publish).content.decode()
    response = client.post(url("round_publish", event, 1), follow=True)
    assert "the scoresheets are ready" in response.content.decode()
    page = client.get(url("event_dashboard", event)).content.decode()
    sheet = Match.objects.filter(round=draft).first()
    assert sheet is not None and sheet.sheet_id is not None
    assert reverse("sheet_entry", args=[setup.club.slug, sheet.sheet_id]) in page
    assert "Pair round 2" in page


def test_pairing_twice_while_a_draft_waits_says_why() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_pair(event=event)
    client = signed_in(setup)
    response = client.post(url("round_pair", event), follow=True)
    assert "Round 1 is still a draft" in response.content.decode()
    assert not Job.objects.filter(event=event).exists()
    confirm = client.get(url("round_pair", event)).content.decode()
    assert "Round 1 is still a draft" in confirm and "<button" not in confirm.split("main")[1]


def test_a_running_job_polls_and_a_finished_one_reloads_the_page() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    job = Job.objects.create(
        club=setup.club, event=event, kind=JobKind.PAIR, round_number=1, task_id="x" * 32
    )
    client = signed_in(setup)
    dashboard = client.get(url("event_dashboard", event)).content.decode()
    assert 'hx-trigger="every 1s"' in dashboard
    fragment = client.get(
        reverse("job_status", args=[setup.club.slug, job.pk]) + "?reload=1", headers=HTMX
    )
    assert 'hx-trigger="every 1s"' in fragment.content.decode()
    Job.objects.filter(pk=job.pk).update(state="done", message="Round 1 is paired.")
    done = client.get(
        reverse("job_status", args=[setup.club.slug, job.pk]) + "?reload=1", headers=HTMX
    )
    assert done["HX-Refresh"] == "true"


# Real commits: the job's task is sent once the request's transaction commits.
@pytest.mark.django_db(transaction=True)
def test_a_failed_job_shows_its_message_and_stops_polling() -> None:
    setup = club_with(players=3)
    event = event_with(setup, format="progressive")
    client = signed_in(setup)
    response = client.post(url("round_pair", event), follow=True)
    body = response.content.decode()
    assert "cannot fill a progressive table" in body
    job = Job.objects.get(event=event)
    fragment = client.get(reverse("job_status", args=[setup.club.slug, job.pk]), headers=HTMX)
    text = fragment.content.decode()
    assert "failed" in text and "hx-trigger" not in text


def test_swap_form_records_the_reason_on_the_round_page() -> None:
    setup = club_with(partnerships=4)
    event = event_with(setup, format="swiss")
    draft = round_pair(event=event)
    first, second = list(Entrant.objects.filter(event=event).order_by("pk"))[:2]
    client = signed_in(setup)
    response = client.post(
        url("round_swap", event, 1),
        {"first": first.pk, "second": second.pk, "reason": "Sisters want to play apart"},
        follow=True,
    )
    assert "Sisters want to play apart" in response.content.decode()
    assert SeatingChange.objects.get(round=draft).reason == "Sisters want to play apart"


def test_late_arrival_form_adds_a_new_member_and_checks_them_in() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    client = signed_in(setup)
    response = client.post(url("event_late_arrival", event), {"display_name": "Walter Late"})
    assert response.status_code == 302
    entrant = Entrant.objects.get(event=event, name="Walter Late")
    assert entrant.checked_in and entrant.player is not None


def test_members_see_the_dashboard_without_the_buttons() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    client = signed_in(setup, role=Membership.Role.PLAYER)
    page = client.get(url("event_dashboard", event)).content.decode()
    assert "At the door" in page
    assert "Pair round 1" not in page and "Check in" not in page
    assert client.post(url("round_pair", event)).status_code == 403
    assert not Job.objects.exists()


def test_public_pairings_show_who_sits_where_but_never_a_draft() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    draft = round_pair(event=event)
    anonymous = Client()
    page = anonymous.get(reverse("event_pairings", args=[event.pk])).content.decode()
    assert "has not been paired yet" in page
    round_publish(round_=draft)
    page = anonymous.get(reverse("event_pairings", args=[event.pk])).content.decode()
    assert "Table 1" in page and "Table 2" in page and "deals" in page
    assert 'hx-trigger="every 20s"' in page
    assert all(player.display_name in page for player in setup.players)
    fragment = anonymous.get(reverse("event_pairings", args=[event.pk]), headers=HTMX)
    assert fragment.content.decode().lstrip().startswith('<section id="live"')


def test_public_standings_results_and_csv_exports() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    play_round(round_)
    event_standings_recompute(event=event)
    anonymous = Client()
    standings = anonymous.get(reverse("event_public", args=[event.pk])).content.decode()
    assert "Games won" in standings and "Why here" in standings
    results = anonymous.get(reverse("event_results", args=[event.pk])).content.decode()
    assert "Confirmed" in results
    rows = list(
        csv.reader(
            io.StringIO(
                anonymous.get(reverse("event_standings_csv", args=[event.pk])).content.decode()
            )
        )
    )
    assert rows[0][:3] == ["rank", "name", "played"] and len(rows) == 5
    assert {row[1] for row in rows[1:]} == {p.display_name for p in setup.players}
    results_csv = anonymous.get(reverse("event_results_csv", args=[event.pk]))
    assert results_csv["Content-Type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(results_csv.content.decode())))
    assert lines[1][:2] == ["1", "1"] and lines[1][-1] == "confirmed"


def test_player_rating_page_shows_the_history() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="progressive")
    play_round(round_publish(round_=round_pair(event=event)))
    club_ratings_update(club=setup.club)
    client = signed_in(setup, role=Membership.Role.PLAYER)
    player = setup.players[0]
    page = client.get(reverse("player_rating", args=[setup.club.slug, player.pk])).content.decode()
    assert "after 1 rated game" in page and event.name in page
    ladder = client.get(reverse("club_ratings", args=[setup.club.slug])).content.decode()
    assert all(p.display_name in ladder for p in setup.players)


# Real commits: the job's task is sent once the request's transaction commits.
@pytest.mark.django_db(transaction=True)
def test_standings_recompute_button_enqueues_a_job() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="progressive")
    client = signed_in(setup)
    response = client.post(url("event_standings_recompute", event), follow=True)
    assert "Standings updated after 0 games." in response.content.decode()
    assert Job.objects.filter(event=event, kind=JobKind.STANDINGS, state="done").exists()


def test_a_director_edits_an_event_and_the_format_is_fixed_once_paired() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    client = signed_in(setup)
    form = client.get(url("event_edit", event)).content.decode()
    assert 'value="progressive night"' in form
    edit = {
        "name": "Spring night",
        "date": "2026-04-02",
        "format": "progressive",
        "rule_set": setup.rules.pk,
        "rounds_planned": "5",
        "tiebreak_1": "points",
    }
    response = client.post(url("event_edit", event), edit)
    assert response.status_code == 302 and response["Location"] == url("event_dashboard", event)
    event.refresh_from_db()
    assert (event.name, event.rounds_planned, str(event.date)) == ("Spring night", 5, "2026-04-02")
    round_publish(round_=round_pair(event=event))
    round_pair(event=event)  # round 2 as a draft: two rounds paired
    page = client.get(url("event_edit", event)).content.decode()
    assert "Fixed once round 1 is paired." in page
    # A disabled field keeps its value whatever is posted; too few rounds is refused.
    response = client.post(
        url("event_edit", event), {**edit, "format": "cutthroat", "rounds_planned": "1"}
    )
    assert response.status_code == 200
    assert "2 rounds already paired" in response.content.decode()
    event.refresh_from_db()
    assert (event.format, event.rounds_planned) == ("progressive", 5)


def test_a_table_that_disagrees_is_flagged_on_the_dashboard() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    client = signed_in(setup)
    assert "Flagged" not in client.get(url("event_dashboard", event)).content.decode()
    sheet = Match.objects.filter(round=round_).first().sheet  # type: ignore[union-attr]
    assert sheet is not None
    sheet_play(sheet=sheet, rng=random.Random(1))  # the sides disagree once it is over
    sheet_flag(code=sheet.codes.get(), phone="a1b2c3")
    assert (
        "Flagged: the sides disagree" in client.get(url("event_dashboard", event)).content.decode()
    )
