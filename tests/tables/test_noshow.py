"""No-shows at an event's online match: the table waits for its players, and after the grace
time the event's rule says what happens (the computer plays, a forfeit, or the director)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Membership
from scoring.models import SheetStatus
from tables.errors import TableError
from tables.models import LiveTable, TableStatus
from tables.screen import screen_state, table_screen
from tables.services import (
    SeatSpec,
    bots_play,
    match_no_show_check,
    match_no_show_decide,
    match_no_shows_sweep,
    seat_connected,
    seat_take_back,
    table_create,
)
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.tournaments.factories import club_with, event_with
from tournaments.models import (
    Match,
    NoShow,
    NoShowRule,
    PlaysAt,
    Round,
    RoundStatus,
    StandingsSnapshot,
)
from tournaments.services.events import OnlinePlay
from tournaments.services.publish import round_publish
from tournaments.services.rounds import round_pair
from tournaments.services.standings import event_standings_recompute

pytestmark = pytest.mark.django_db

GRACE = 90
ONLINE = OnlinePlay(PlaysAt.ONLINE, turn_seconds=0, grace_seconds=GRACE)


def _match_table(rule: str, *, bye_scores: str = "nothing", forfeit_minutes: int = 15) -> LiveTable:
    """The one live table of round 1 of a Swiss night of two partnerships, played online."""
    setup = club_with(partnerships=2, options={"target": 120})
    event = event_with(setup, format="swiss", online=ONLINE)
    event.no_show = rule
    event.bye_scores = bye_scores
    event.forfeit_minutes = forfeit_minutes
    event.save(update_fields=["no_show", "bye_scores", "forfeit_minutes"])
    published = round_publish(round_=round_pair(event=event))
    return LiveTable.objects.get(match__round=published)


def _after(table: LiveTable, seconds: float) -> datetime:
    return table.created + timedelta(seconds=seconds)


def _arrive(table: LiveTable, *indexes: int) -> None:
    for index in indexes:
        seat_connected(table_id=table.pk, index=index)
    table.refresh_from_db()


def _director(table: LiveTable) -> User:
    member = MembershipFactory.create(
        club=table.club, role=Membership.Role.DIRECTOR, with_account=True
    )
    assert member.player.user is not None
    return member.player.user


def _match(table: LiveTable) -> Match:
    return Match.objects.select_related("sheet", "round").get(live_table=table)


# --- Waiting for the players ------------------------------------------------------------------


def test_a_match_table_waits_until_every_seated_player_has_come() -> None:
    table = _match_table(NoShowRule.COMPUTER)
    assert table.status == TableStatus.OPEN
    assert table.clock_due_at is not None  # its no-show check is due after the grace time
    _arrive(table, 0, 1, 2)
    assert table.status == TableStatus.OPEN and table.hand_number == 0
    _arrive(table, 3)
    assert table.status == TableStatus.PLAYING and table.hand_number == 1
    assert _match(table).no_show == NoShow.NONE


def test_a_table_without_a_match_starts_as_soon_as_its_seats_are_filled() -> None:
    club = ClubFactory.create()
    members = [MembershipFactory.create(club=club).player for _ in range(4)]
    table = table_create(
        club=club,
        by=None,
        scheduled_at=timezone.now(),
        game_id="auction45",
        seats=[SeatSpec(player=player) for player in members],
    )
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert match_no_show_check(table_id=table.pk, now=_after(table, 3600)) == ""


def test_the_page_names_the_players_still_awaited() -> None:
    table = _match_table(NoShowRule.COMPUTER)
    _arrive(table, 0)
    seats = list(table.seats.select_related("player").order_by("index"))
    screen = table_screen(table, seats, None, 0)
    names = [seat.player.display_name for seat in seats[1:] if seat.player is not None]
    assert screen.awaited == ", ".join(names)
    assert screen_state(screen)["awaited"] == screen.awaited
    assert seats[0].player is not None and seats[0].player.display_name not in screen.awaited


def test_a_check_before_the_grace_time_or_with_everyone_there_does_nothing() -> None:
    table = _match_table(NoShowRule.COMPUTER)
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE - 10)) == ""
    assert _match(table).no_show == NoShow.NONE
    _arrive(table, 0, 1, 2, 3)
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 10)) == ""


# --- The computer plays --------------------------------------------------------------------------


def test_under_the_computer_rule_the_absent_seat_is_played_and_marked(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    table = _match_table(NoShowRule.COMPUTER)
    _arrive(table, 0, 1, 3)
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1)) == "computer"
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    absent = table.seats.get(index=2)
    assert absent.bot_playing and absent.bot_name
    match = _match(table)
    assert (match.no_show, match.absent_seats) == (NoShow.COMPUTER, [2])
    # Run twice: nothing more happens.
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 2)) == ""
    # The late player takes the seat back.
    assert absent.player is not None and absent.player.user is None
    absent.player.user = UserFactory.create()
    absent.player.save(update_fields=["user"])
    assert seat_take_back(table_id=table.pk, user=absent.player.user) == 2
    assert not table.seats.get(index=2).bot_playing


def test_a_game_the_computer_played_for_the_absent_is_marked_on_sheet_and_standings(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    table = _match_table(NoShowRule.COMPUTER)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        # Nobody came: the computer plays every seat, to the end of the game.
        match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1))
        bots_play(table_id=table.pk)
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    match = _match(table)
    assert match.sheet is not None and match.sheet.status == SheetStatus.CONFIRMED
    event_standings_recompute(event=match.round.event)
    rows = StandingsSnapshot.objects.get(event=match.round.event).rows
    assert all(row["marks"] == [{"round": 1, "mark": "computer"}] for row in rows)
    client = Client()
    client.force_login(_director(table))
    slug, event_id = table.club.slug, match.round.event_id
    page = client.get(reverse("sheet_entry", args=[slug, match.sheet.pk])).content.decode()
    second = table.seats.get(index=1).player
    assert second is not None
    assert f"Seat 2 ({second.display_name}) was played by the computer: absent." in page
    api = client.get(reverse("api_event_standings", args=[slug, event_id])).json()
    assert api["rows"][0]["marks"] == [{"round": 1, "mark": "computer"}]
    standings = client.get(reverse("event_public", args=[event_id])).content.decode()
    assert "round 1: played partly by the computer" in standings


# --- Forfeit ----------------------------------------------------------------------------------


def _forfeited(bye_scores: str) -> tuple[LiveTable, Match, list[dict[str, object]]]:
    table = _match_table(NoShowRule.FORFEIT, bye_scores=bye_scores, forfeit_minutes=10)
    _arrive(table, 0, 2)  # seats 1 and 3 (the first partnership) came; side 1 did not
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1)) == "waiting"
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and _match(table).no_show == NoShow.NONE
    assert match_no_show_check(table_id=table.pk, now=_after(table, 9 * 60)) == ""
    assert match_no_show_check(table_id=table.pk, now=_after(table, 10 * 60 + 1)) == "forfeit"
    table.refresh_from_db()
    match = _match(table)
    event_standings_recompute(event=match.round.event)
    rows = StandingsSnapshot.objects.get(event=match.round.event).rows
    return table, match, rows


def _row(rows: list[dict[str, object]], match: Match, side: int) -> dict[str, object]:
    entrant = match.table.seatings.filter(side=side).first()
    assert entrant is not None
    return next(row for row in rows if row["entrant_id"] == entrant.entrant_id)


def test_a_forfeit_abandons_the_table_closes_the_sheet_and_finishes_the_round() -> None:
    table, match, rows = _forfeited("win")
    assert table.status == TableStatus.ABANDONED and table.hand_number == 0
    assert not table.seats.filter(bot_playing=True).exists()
    assert (match.no_show, match.absent_seats) == (NoShow.FORFEIT, [1, 3])
    assert match.sheet is not None
    assert match.sheet.status == SheetStatus.CONFIRMED and match.sheet.winners == [0]
    assert not match.sheet.lines.exists()
    assert Round.objects.get(pk=match.round_id).status == RoundStatus.FINISHED
    assert _row(rows, match, 0)["marks"] == [{"round": 1, "mark": "forfeit_won"}]
    assert _row(rows, match, 1)["marks"] == [{"round": 1, "mark": "forfeit_lost"}]


@pytest.mark.parametrize(
    ("bye_scores", "won", "points", "present_played"),
    [("nothing", 0, 0, 0), ("win", 1, 120, 1), ("average", 0, 0, 1)],
)
def test_a_forfeit_scores_the_present_side_by_the_bye_rule(
    bye_scores: str, won: int, points: int, present_played: int
) -> None:
    """(An average over no other game is nothing yet: the next test has one.)"""
    _, match, rows = _forfeited(bye_scores)
    present, absent = _row(rows, match, 0), _row(rows, match, 1)
    assert present["metrics"] == {
        "games_won": won,
        "buchholz": 0,
        "point_differential": points,
        "points": points,
    }
    assert present["played"] == present_played
    assert absent["metrics"] == {
        "games_won": 0,
        "buchholz": 0,
        "point_differential": 0,
        "points": 0,
    }
    assert absent["played"] == 1


def test_a_forfeit_under_the_average_rule_scores_the_present_sides_other_games(
    django_capture_on_commit_callbacks: pytest.FixtureRequest,
) -> None:
    table = _match_table(NoShowRule.COMPUTER, bye_scores="average", forfeit_minutes=10)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1))
        bots_play(table_id=table.pk)
    event = _match(table).round.event
    event_standings_recompute(event=event)
    before = {
        row["entrant_id"]: row["metrics"] for row in StandingsSnapshot.objects.get(event=event).rows
    }
    event.no_show = NoShowRule.FORFEIT
    event.save(update_fields=["no_show"])
    second = LiveTable.objects.get(match__round=round_publish(round_=round_pair(event=event)))
    _arrive(second, 0, 2)
    assert match_no_show_check(table_id=second.pk, now=_after(second, 11 * 60)) == "forfeit"
    match = _match(second)
    event_standings_recompute(event=event)
    rows = StandingsSnapshot.objects.get(event=event).rows
    present, absent = _row(rows, match, 0), _row(rows, match, 1)
    first = before[present["entrant_id"]]
    assert isinstance(first, dict) and isinstance(present["metrics"], dict)
    # The bye repeats the present side's one other game: twice its figures.
    assert present["metrics"]["points"] == 2 * first["points"]
    assert present["metrics"]["games_won"] == 2 * first["games_won"]
    assert (present["played"], absent["played"]) == (2, 2)
    assert absent["metrics"]["points"] == before[absent["entrant_id"]]["points"]  # type: ignore[index]


def test_everyone_coming_before_the_forfeit_time_starts_the_game() -> None:
    table = _match_table(NoShowRule.FORFEIT, forfeit_minutes=10)
    _arrive(table, 0, 2)
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1)) == "waiting"
    _arrive(table, 1, 3)
    assert table.status == TableStatus.PLAYING
    assert match_no_show_check(table_id=table.pk, now=_after(table, 11 * 60)) == ""
    assert _match(table).no_show == NoShow.NONE


def test_the_beat_sweeps_the_due_checks() -> None:
    table = _match_table(NoShowRule.DIRECTOR)
    assert match_no_shows_sweep(now=_after(table, GRACE - 10)) == []
    assert match_no_shows_sweep(now=_after(table, GRACE + 61)) == [table.pk]
    assert _match(table).no_show == NoShow.FLAGGED
    # Flagged, no check is due any more.
    assert match_no_shows_sweep(now=_after(table, GRACE + 600)) == []


# --- The director decides ------------------------------------------------------------------------


def _flagged() -> tuple[LiveTable, User]:
    table = _match_table(NoShowRule.DIRECTOR)
    _arrive(table, 0, 1, 2)
    assert match_no_show_check(table_id=table.pk, now=_after(table, GRACE + 1)) == "flagged"
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN
    match = _match(table)
    assert (match.no_show, match.absent_seats) == (NoShow.FLAGGED, [3])
    return table, _director(table)


def test_the_director_lets_the_computer_play() -> None:
    table, director = _flagged()
    table = match_no_show_decide(table_id=table.pk, decision="computer", by=director)
    assert table.status == TableStatus.PLAYING and table.seats.get(index=3).bot_playing
    assert (_match(table).no_show, _match(table).absent_seats) == (NoShow.COMPUTER, [3])


def test_the_director_forfeits_the_match() -> None:
    table, director = _flagged()
    table = match_no_show_decide(table_id=table.pk, decision="forfeit", by=director)
    assert table.status == TableStatus.ABANDONED
    match = _match(table)
    assert match.no_show == NoShow.FORFEIT and match.sheet is not None
    assert match.sheet.winners == [0]  # seat 4 is on side 1 (seats 2 and 4)


def test_the_director_waits_one_more_grace_time_and_a_late_player_starts_the_game() -> None:
    table, director = _flagged()
    now = _after(table, GRACE + 30)
    table = match_no_show_decide(table_id=table.pk, decision="wait", by=director, now=now)
    assert table.status == TableStatus.OPEN and table.clock_due_at == now + timedelta(seconds=GRACE)
    assert (_match(table).no_show, _match(table).absent_seats) == (NoShow.NONE, [])
    assert match_no_show_check(table_id=table.pk, now=now + timedelta(seconds=GRACE - 1)) == ""
    _arrive(table, 3)
    assert table.status == TableStatus.PLAYING


def test_the_wait_flags_again_after_one_more_grace_time() -> None:
    table, director = _flagged()
    now = _after(table, GRACE + 30)
    match_no_show_decide(table_id=table.pk, decision="wait", by=director, now=now)
    later = now + timedelta(seconds=GRACE + 1)
    assert match_no_show_check(table_id=table.pk, now=later) == "flagged"


@pytest.mark.parametrize(
    ("decision", "code"),
    [("maybe", "unknown_decision"), ("computer", "not_flagged")],
)
def test_refusals_are_coded_and_change_nothing(decision: str, code: str) -> None:
    table = _match_table(NoShowRule.DIRECTOR)
    director = _director(table)
    with pytest.raises(TableError) as refused:
        match_no_show_decide(table_id=table.pk, decision=decision, by=director)
    assert refused.value.code == code
    table.refresh_from_db()
    assert table.status == TableStatus.OPEN and _match(table).no_show == NoShow.NONE


def test_a_decision_for_a_started_table_is_refused() -> None:
    table, director = _flagged()
    match_no_show_decide(table_id=table.pk, decision="computer", by=director)
    with pytest.raises(TableError) as refused:
        match_no_show_decide(table_id=table.pk, decision="forfeit", by=director)
    assert refused.value.code == "started"
    assert _match(table).no_show == NoShow.COMPUTER


def test_a_player_may_not_decide() -> None:
    table, _ = _flagged()
    member = MembershipFactory.create(club=table.club, with_account=True)
    assert member.player.user is not None
    with pytest.raises(TableError) as refused:
        match_no_show_decide(table_id=table.pk, decision="forfeit", by=member.player.user)
    assert refused.value.code == "not_a_director"
    assert _match(table).no_show == NoShow.FLAGGED
