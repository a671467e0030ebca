"""The tournaments services: what they write, and what they refuse with which code."""

from __future__ import annotations

import datetime
import random

import pytest

from scoring.models import Scoresheet, SheetSeat
from scoring.services import scoresheet_confirm
from scoring.tablecodes import tablecode_open
from tests.factories import ClubFactory, PartnershipFactory, RuleSetFactory
from tests.tournaments.factories import club_with, event_with, member_of
from tournaments.errors import TournamentError
from tournaments.models import (
    Bye,
    Entrant,
    Job,
    JobKind,
    JobState,
    Match,
    PlayerRating,
    RatingChange,
    Round,
    Seating,
    SeatingChange,
)
from tournaments.services.entrants import (
    entrant_add,
    entrant_arrive,
    entrant_check_in,
    entrant_check_out,
    late_arrival_add,
)
from tournaments.services.events import event_create, event_finish, event_update, season_create
from tournaments.services.publish import round_publish
from tournaments.services.ratings import club_ratings_update
from tournaments.services.rounds import round_discard, round_pair, round_pair_start
from tournaments.services.seats import seats_swap
from tournaments.services.standings import (
    event_standings_recompute,
    season_standings_recompute,
)
from tournaments.services.substitutes import entrant_substitute
from tournaments.simulate import sheet_play
from tournaments.standings_words import line_words

pytestmark = pytest.mark.django_db
DATE = datetime.date(2026, 1, 13)


def code_of(error: pytest.ExceptionInfo[TournamentError]) -> str:
    return error.value.code


def play_and_confirm(round_: Round, seed: int = 0) -> None:
    rng = random.Random(seed)
    for match in Match.objects.filter(round=round_).select_related("sheet"):
        assert match.sheet is not None
        sheet_play(sheet=match.sheet, rng=rng)
        scoresheet_confirm(sheet=match.sheet, by=None)


# --- Events ---------------------------------------------------------------------------------


def test_event_copies_the_rules_and_the_formats_standings_order() -> None:
    setup = club_with(players=4)
    event = event_with(setup, format="swiss", arrive=False)
    assert event.game == "auction45"
    assert event.options["target"] == 120
    assert event.tiebreaks[0] == "games_won" and "buchholz" in event.tiebreaks
    setup.rules.options = {"target": 125}
    setup.rules.save()
    event.refresh_from_db()
    assert event.options["target"] == 120  # a later edit of the rules does not reach it


@pytest.mark.parametrize(
    ("format", "game", "options"),
    [
        ("progressive", "auction45", {"players": 6, "six_player_teams": "two_trios"}),
        ("cutthroat", "auction45", {}),
        ("swiss", "pitch52", {"players": 3}),
    ],
)
def test_a_format_the_game_cannot_seat_is_refused(format: str, game: str, options: dict) -> None:
    club = ClubFactory.create()
    rules = RuleSetFactory.create(club=club, game=game, options=options)
    with pytest.raises(TournamentError) as refused:
        event_create(club=club, name="Night", date=DATE, format=format, rule_set=rules)
    assert code_of(refused) == "format_game"
    assert refused.value.field == "rule_set"


def test_rules_and_season_of_another_club_are_refused() -> None:
    club = ClubFactory.create()
    elsewhere = RuleSetFactory.create()
    with pytest.raises(TournamentError) as refused:
        event_create(club=club, name="N", date=DATE, format="progressive", rule_set=elsewhere)
    assert code_of(refused) == "rule_set"


def test_a_night_pairs_the_same_kind_of_entrant_as_its_season() -> None:
    setup = club_with(players=4)
    season = season_create(club=setup.club, name="League", format="progressive")
    with pytest.raises(TournamentError) as refused:
        event_create(
            club=setup.club,
            name="N",
            date=DATE,
            format="swiss",
            rule_set=setup.rules,
            season=season,
        )
    assert code_of(refused) == "season_kind"


def test_an_unknown_tiebreak_is_refused_on_its_field() -> None:
    setup = club_with(players=4)
    with pytest.raises(TournamentError) as refused:
        event_create(
            club=setup.club,
            name="N",
            date=DATE,
            format="progressive",
            rule_set=setup.rules,
            tiebreaks=["points", "charm"],
        )
    assert refused.value.field == "tiebreaks"
    assert "charm" in refused.value.message


# --- Entrants -------------------------------------------------------------------------------


def test_entrants_must_be_of_the_events_kind_and_club() -> None:
    setup = club_with(players=2, partnerships=2)
    event = event_with(setup, format="swiss", arrive=False)
    with pytest.raises(TournamentError) as refused:
        entrant_add(event=event, player=setup.players[0])
    assert code_of(refused) == "wrong_kind"
    with pytest.raises(TournamentError) as refused:
        entrant_add(event=event, partnership=PartnershipFactory.create())
    assert code_of(refused) == "other_club"


def test_a_player_plays_for_one_partnership_an_evening() -> None:
    setup = club_with(partnerships=1)
    event = event_with(setup, format="swiss")
    shared = setup.partnerships[0].players.first()
    assert shared is not None
    other = PartnershipFactory.create(
        club=setup.club, name="Other", players=[shared, member_of(setup.club, "Someone")]
    )
    with pytest.raises(TournamentError) as refused:
        entrant_add(event=event, partnership=other)
    assert code_of(refused) == "already_plays"


def test_a_partnership_too_small_for_the_table_is_refused() -> None:
    setup = club_with(partnerships=1, options={"players": 6, "six_player_teams": "two_trios"})
    event = event_with(setup, format="round_robin", arrive=False)
    with pytest.raises(TournamentError) as refused:
        entrant_add(event=event, partnership=setup.partnerships[0])
    assert code_of(refused) == "too_few_players"
    assert "has 2 players; this game needs 3 on a side" in refused.value.message


def test_ticking_in_twice_keeps_one_entrant() -> None:
    setup = club_with(players=1)
    event = event_with(setup, format="progressive", arrive=False)
    first = entrant_arrive(event=event, player=setup.players[0])
    again = entrant_arrive(event=event, player=setup.players[0])
    assert first.pk == again.pk and again.checked_in
    assert Entrant.objects.filter(event=event).count() == 1


def test_leaving_before_play_unticks_after_play_withdraws() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    never = Entrant.objects.get(event=event, player=setup.players[0])
    entrant_check_out(entrant=never)
    never.refresh_from_db()
    assert not never.checked_in and not never.withdrawn
    entrant_check_in(entrant=never)
    round_publish(round_=round_pair(event=event))
    played = Seating.objects.filter(round__event=event).first()
    assert played is not None
    leaver = entrant_check_out(entrant=played.entrant)
    assert leaver.withdrawn and leaver.left_after_round == 1 and leaver.checked_in
    back = entrant_check_in(entrant=leaver)
    assert not back.withdrawn and back.left_after_round is None


def test_leaving_while_in_a_draft_is_refused() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    draft = round_pair(event=event)
    seated = Seating.objects.filter(round=draft).first()
    assert seated is not None
    with pytest.raises(TournamentError) as refused:
        entrant_check_out(entrant=seated.entrant)
    assert code_of(refused) == "in_draft"


def test_a_late_arrival_new_to_the_club_becomes_a_member_and_plays_next() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_publish(round_=round_pair(event=event))
    entrant = late_arrival_add(event=event, display_name="Nora Newcomer")
    assert entrant.player is not None
    assert entrant.player.memberships.filter(club=setup.club).exists()
    assert entrant.joined_round == 2


def test_a_late_partnership_is_made_from_two_members() -> None:
    setup = club_with(partnerships=2)
    event = event_with(setup, format="swiss")
    players = [member_of(setup.club, "Ann"), member_of(setup.club, "Bob")]
    entrant = late_arrival_add(event=event, partnership_name="Ann & Bob", players=players)
    assert entrant.partnership is not None and entrant.name == "Ann & Bob"
    with pytest.raises(TournamentError) as refused:
        late_arrival_add(event=event, partnership_name="Ann & Bob", players=players)
    assert code_of(refused) == "invalid"


# --- Rounds ---------------------------------------------------------------------------------


def test_pairing_writes_tables_matches_seats_and_reasons_in_names() -> None:
    setup = club_with(partnerships=5)
    event = event_with(setup, format="swiss")
    draft = round_pair(event=event)
    assert draft.status == "draft" and draft.number == 1
    assert draft.tables.count() == 2 and draft.matches.count() == 2
    assert Bye.objects.filter(round=draft).count() == 1
    assert Seating.objects.filter(round=draft).count() == 8
    first = Seating.objects.filter(round=draft, seat=0).select_related("entrant").first()
    assert first is not None and first.entrant.partnership is not None
    assert first.player in first.entrant.partnership.players.all()
    assert all(isinstance(r["text"], str) for t in draft.tables.all() for r in t.reasons)


def test_one_draft_at_a_time_and_the_same_round_only_once() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    draft = round_pair(event=event)
    with pytest.raises(TournamentError) as refused:
        round_pair(event=event)
    assert code_of(refused) == "draft_pending"
    assert round_pair(event=event, number=1).pk == draft.pk  # asked again: the same round
    round_publish(round_=draft)
    with pytest.raises(TournamentError) as refused:
        round_pair(event=event, number=3)
    assert code_of(refused) == "round_taken"


def test_pair_start_follows_the_job_still_queued_or_running_else_records_one() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    first = round_pair_start(event=event)
    assert (first.kind, first.round_number, first.state) == (JobKind.PAIR, 1, JobState.QUEUED)
    assert round_pair_start(event=event).pk == first.pk  # still waiting: the same job
    Job.objects.filter(pk=first.pk).update(state=JobState.RUNNING)
    assert round_pair_start(event=event).pk == first.pk  # running: the same job
    Job.objects.filter(pk=first.pk).update(state=JobState.FAILED)
    again = round_pair_start(event=event)  # the last one failed: a new one
    assert again.pk != first.pk and again.round_number == 1
    assert Job.objects.filter(event=event, kind=JobKind.PAIR).count() == 2


def test_pair_start_refuses_before_recording_a_job() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_pair(event=event)
    with pytest.raises(TournamentError) as refused:
        round_pair_start(event=event)
    assert code_of(refused) == "draft_pending"
    assert not Job.objects.filter(event=event).exists()


def test_swiss_waits_for_the_results_of_the_last_round() -> None:
    setup = club_with(partnerships=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="swiss")
    first = round_publish(round_=round_pair(event=event))
    with pytest.raises(TournamentError) as refused:
        round_pair(event=event)
    assert code_of(refused) == "results_pending"
    assert "Round 1 still has 2 scoresheets to confirm" in refused.value.message
    play_and_confirm(first)
    assert round_pair(event=event).number == 2


def test_too_few_players_is_the_formats_refusal_in_words() -> None:
    setup = club_with(players=3)
    event = event_with(setup, format="progressive")
    with pytest.raises(TournamentError) as refused:
        round_pair(event=event)
    assert code_of(refused) == "too_few_players"
    assert refused.value.message.endswith(".")


def test_publishing_makes_one_sheet_per_match_with_the_seats_and_first_dealer() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    round_ = round_publish(round_=round_pair(event=event))
    event.refresh_from_db()
    assert event.status == "running" and round_.status == "published"
    for match in Match.objects.filter(round=round_).select_related("sheet", "table"):
        sheet = match.sheet
        assert sheet is not None and sheet.match_id == match.pk
        seats = {s.seat: s.player_id for s in SheetSeat.objects.filter(sheet=sheet)}
        assert seats == {s.seat: s.player_id for s in match.table.seatings.all()}
        assert sheet.first_dealer == match.table.seatings.get(deals_first=True).seat
        assert tablecode_open(code=sheet.codes.get().code).sheet_id == sheet.pk  # its table's
    with pytest.raises(TournamentError) as refused:
        round_publish(round_=round_)
    assert code_of(refused) == "not_draft"


def test_published_sheets_keep_the_events_rules_after_the_rule_set_changes() -> None:
    setup = club_with(players=8, options={"target": 125})
    event = event_with(setup, format="progressive")
    setup.rules.options = {}
    setup.rules.save()
    round_ = round_publish(round_=round_pair(event=event))
    sheet = Scoresheet.objects.filter(tournament_match__round=round_).first()
    assert sheet is not None and sheet.target == 125


def test_discarding_a_draft_pairs_it_again() -> None:
    setup = club_with(partnerships=4)
    event = event_with(setup, format="round_robin")
    draft = round_pair(event=event)
    seats = list(Seating.objects.filter(round=draft).values_list("seat", "entrant_id"))
    assert round_discard(round_=draft) == 1
    assert not Round.objects.filter(event=event).exists()
    again = round_pair(event=event)
    assert list(Seating.objects.filter(round=again).values_list("seat", "entrant_id")) == seats


def test_swap_exchanges_two_entrants_and_keeps_the_reason() -> None:
    setup = club_with(partnerships=4)
    event = event_with(setup, format="swiss")
    draft = round_pair(event=event)
    tables = list(draft.tables.order_by("number"))
    first = tables[0].seatings.get(seat=0).entrant
    second = tables[1].seatings.get(seat=1).entrant
    change = seats_swap(round_=draft, first=first, second=second, reason="Married couple")
    assert change.reason == "Married couple" and change.kind == "swap"
    assert set(tables[0].seatings.values_list("entrant_id", flat=True)) >= {second.pk}
    assert set(tables[1].seatings.values_list("entrant_id", flat=True)) >= {first.pk}
    with pytest.raises(TournamentError) as refused:
        seats_swap(round_=draft, first=first, second=second, reason="  ")
    assert code_of(refused) == "reason"


def test_swap_with_someone_sitting_out_puts_them_in() -> None:
    setup = club_with(players=9)
    event = event_with(setup, format="progressive")
    draft = round_pair(event=event)
    sitter = Bye.objects.get(round=draft).entrant
    seated = Seating.objects.filter(round=draft).first()
    assert seated is not None
    seats_swap(round_=draft, first=seated.entrant, second=sitter, reason="Wants to rest")
    assert Bye.objects.get(round=draft).entrant_id == seated.entrant_id
    assert Seating.objects.filter(round=draft, entrant=sitter).count() == 1


def test_a_published_round_cannot_be_swapped() -> None:
    setup = club_with(partnerships=4)
    event = event_with(setup, format="swiss")
    round_ = round_publish(round_=round_pair(event=event))
    a, b = list(Entrant.objects.filter(event=event))[:2]
    with pytest.raises(TournamentError) as refused:
        seats_swap(round_=round_, first=a, second=b, reason="x")
    assert code_of(refused) == "not_draft"


def test_a_substitute_takes_the_seat_and_the_sheet_name() -> None:
    setup = club_with(partnerships=4)
    event = event_with(setup, format="round_robin")
    round_ = round_publish(round_=round_pair(event=event))
    seat = Seating.objects.filter(round=round_).select_related("entrant", "player").first()
    assert seat is not None and seat.player is not None
    sub = member_of(setup.club, "Stand In")
    substitution = entrant_substitute(
        entrant=seat.entrant, player_out=seat.player, player_in=sub, reason="Ill"
    )
    assert substitution.from_round == 1
    seat.refresh_from_db()
    assert seat.player == sub
    match = Match.objects.get(table=seat.table)
    assert SheetSeat.objects.get(sheet=match.sheet, seat=seat.seat).player == sub
    assert SeatingChange.objects.filter(round=round_, kind="substitute", reason="Ill").exists()
    with pytest.raises(TournamentError) as refused:
        entrant_substitute(entrant=seat.entrant, player_out=sub, player_in=sub, reason="x")
    assert code_of(refused) == "same_player"


def test_substitutes_are_for_partnership_events_only() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    entrant = Entrant.objects.filter(event=event).first()
    assert entrant is not None and entrant.player is not None
    with pytest.raises(TournamentError) as refused:
        entrant_substitute(
            entrant=entrant, player_out=entrant.player, player_in=setup.players[1], reason="x"
        )
    assert code_of(refused) == "not_partnership_event"


def test_finishing_stops_pairing() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive")
    draft = round_pair(event=event)
    with pytest.raises(TournamentError) as refused:
        event_finish(event=event)
    assert code_of(refused) == "draft_open"
    round_publish(round_=draft)
    event_finish(event=event)
    with pytest.raises(TournamentError) as refused:
        round_pair(event=event)
    assert code_of(refused) == "finished"


# --- Standings and ratings -----------------------------------------------------------------


def test_standings_count_confirmed_sheets_only_and_explain_each_row() -> None:
    setup = club_with(partnerships=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="round_robin")
    round_ = round_publish(round_=round_pair(event=event))
    first, second = Match.objects.filter(round=round_).select_related("sheet")
    assert first.sheet is not None and second.sheet is not None
    sheet_play(sheet=first.sheet, rng=random.Random(1))
    scoresheet_confirm(sheet=first.sheet, by=None)
    sheet_play(sheet=second.sheet, rng=random.Random(2))  # finished, not confirmed
    snapshot = event_standings_recompute(event=event)
    assert snapshot.games_counted == 1
    assert [c["key"] for c in snapshot.columns] == event.tiebreaks
    assert sum(row["played"] for row in snapshot.rows) == 2
    assert snapshot.rows[0]["metrics"]["games_won"] == 1
    assert all(row["explanation"] for row in snapshot.rows)
    assert event_standings_recompute(event=event).rows == snapshot.rows  # idempotent
    scoresheet_confirm(sheet=second.sheet, by=None)
    event_standings_recompute(event=event)
    round_.refresh_from_db()
    assert round_.status == "finished"


def test_points_cap_limits_each_game() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="progressive", points_cap=1)
    round_ = round_publish(round_=round_pair(event=event))
    for match in Match.objects.filter(round=round_).select_related("sheet"):
        assert match.sheet is not None
        sheet_play(sheet=match.sheet, rng=random.Random(3))
        scoresheet_confirm(sheet=match.sheet, by=None)
    snapshot = event_standings_recompute(event=event)
    assert max(row["metrics"]["points"] for row in snapshot.rows) <= 1


def test_season_standings_follow_the_same_player_across_nights_best_of() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    season = season_create(
        club=setup.club, name="League", format="progressive", rule_set=setup.rules, best_of=1
    )
    for night in range(2):
        event = event_create(
            club=setup.club,
            name=f"Night {night}",
            date=DATE + datetime.timedelta(days=7 * night),
            format="progressive",
            rule_set=setup.rules,
            season=season,
            seed=night,
        )
        for player in setup.players:
            entrant_arrive(event=event, player=player)
        play_and_confirm(round_publish(round_=round_pair(event=event)), seed=night)
    snapshot = season_standings_recompute(season=season)
    assert {row["entrant_id"] for row in snapshot.rows} == {p.pk for p in setup.players}
    assert all(row["attendance"] == 2 for row in snapshot.rows)
    assert all(len(row["dropped"]) == 1 for row in snapshot.rows)  # best 1 of 2
    assert all(row["explanation"][0]["code"] == "season_best" for row in snapshot.rows)
    assert all(line_words(row["explanation"][0]).startswith("best 1 of 2") for row in snapshot.rows)


def test_ratings_move_with_every_confirmed_game_and_rerun_the_same() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="progressive")
    play_and_confirm(round_publish(round_=round_pair(event=event)))
    assert club_ratings_update(club=setup.club) == 1
    ratings = {r.player_id: (r.mu, r.sigma) for r in PlayerRating.objects.filter(club=setup.club)}
    assert len(ratings) == 4
    changes = RatingChange.objects.filter(club=setup.club)
    assert changes.count() == 4
    winners = [c for c in changes if c.won]
    assert len(winners) == 2 and all(c.mu_after > c.mu_before for c in winners)
    assert club_ratings_update(club=setup.club) == 1
    again = {r.player_id: (r.mu, r.sigma) for r in PlayerRating.objects.filter(club=setup.club)}
    assert again == ratings and RatingChange.objects.filter(club=setup.club).count() == 4


def test_ratings_write_only_the_history_a_new_game_adds() -> None:
    setup = club_with(players=4, game="bidwhist", options={"target": 5})
    event = event_with(setup, format="progressive")
    play_and_confirm(round_publish(round_=round_pair(event=event)), seed=1)
    club_ratings_update(club=setup.club)
    first = set(RatingChange.objects.filter(club=setup.club).values_list("pk", flat=True))
    play_and_confirm(round_publish(round_=round_pair(event=event)), seed=2)
    assert club_ratings_update(club=setup.club) == 2
    after = set(RatingChange.objects.filter(club=setup.club).values_list("pk", flat=True))
    assert first < after and len(after) == 8  # the first game's rows were kept as they were
    assert sorted(
        RatingChange.objects.filter(club=setup.club).values_list("position", flat=True)
    ) == [1, 1, 1, 1, 2, 2, 2, 2]


def test_event_update_refuses_new_rules_after_round_1_and_recomputes_standings() -> None:
    setup = club_with(players=8)
    event = event_with(setup, format="progressive", arrive=False)
    fields = {
        "name": event.name,
        "date": event.date,
        "format": event.format,
        "rule_set": event.rule_set,
        "rounds_planned": None,
        "tiebreaks": event.tiebreaks,
        "points_cap": None,
        "third_place": False,
    }
    # Before anyone is checked in, even the kind of entrant may change.
    event = event_update(event=event, **{**fields, "format": "round_robin"})
    assert event.format == "round_robin" and event.entrant_kind == "partnership"
    event = event_update(event=event, **fields)
    for player in setup.players:
        entrant_arrive(event=event, player=player)
    with pytest.raises(TournamentError) as refused:
        event_update(event=event, **{**fields, "format": "round_robin"})
    assert (refused.value.code, refused.value.field) == ("entrant_kind", "format")
    round_publish(round_=round_pair(event=event))
    with pytest.raises(TournamentError) as refused:
        event_update(event=event, **{**fields, "format": "cutthroat"})
    assert (refused.value.code, refused.value.field) == ("started", "format")
    jobs_before = Job.objects.filter(event=event, kind=JobKind.STANDINGS).count()
    event = event_update(event=event, **{**fields, "points_cap": 30})
    assert event.points_cap == 30
    assert Job.objects.filter(event=event, kind=JobKind.STANDINGS).count() == jobs_before + 1
