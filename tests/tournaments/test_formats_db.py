"""Properties of every format once rounds are written to the database.

The pure modules prove their own guarantees on plain data (tests/tournaments/pairing); these
check what the adapter adds: the rows it writes seat everyone checked in exactly once (or give
them a bye), sides sit where the rules engine expects them, each table has one first dealer,
byes stay fair across rounds read back from the database, a round robin meets every pair once,
and Swiss avoids every rematch that can be avoided (checked against every pairing of a small
field), with late arrivals and early leavers on the way.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.services import scoresheet_confirm
from tests.tournaments.factories import club_with, event_with
from tournaments.models import Bye, Entrant, Event, Match, Round, Seating
from tournaments.outcomes import match_outcomes
from tournaments.selectors import active_entrants
from tournaments.services.entrants import entrant_check_out
from tournaments.services.publish import round_publish
from tournaments.services.rounds import event_layout, round_pair
from tournaments.simulate import sheet_play

pytestmark = pytest.mark.django_db
DB_EXAMPLES = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
QUICK_GAME = {"target": 5}  # bid whist to 5: a game is a hand or two


def play_round(event: Event, *, results: bool = False, seed: int = 0) -> Round:
    """Pair, check and publish the next round; with ``results`` play and confirm its sheets."""
    active = {e.pk for e in active_entrants(event=event)}
    round_ = round_publish(round_=round_pair(event=event))
    check_round(event, round_, active)
    if results:
        rng = random.Random(seed)
        for match in Match.objects.filter(round=round_).select_related("sheet"):
            assert match.sheet is not None
            sheet_play(sheet=match.sheet, rng=rng)
            scoresheet_confirm(sheet=match.sheet, by=None)
    return round_


def check_round(event: Event, round_: Round, active: set[int]) -> None:
    layout = event_layout(event)
    seats = list(Seating.objects.filter(round=round_).order_by("table__number", "seat"))
    byes = set(Bye.objects.filter(round=round_).values_list("entrant_id", flat=True))
    per_entrant = Counter(s.entrant_id for s in seats)
    seated = set(per_entrant)
    assert seated.isdisjoint(byes), "an entrant both plays and sits out"
    if event.format == "knockout":  # the beaten are out: the rest play or go through
        assert seated | byes <= active
    else:
        assert seated | byes == active, "everyone here plays or sits out, nobody else"
    assert all(
        n == layout.side_size if event.entrant_kind == "partnership" else n == 1
        for n in per_entrant.values()
    ), "an entrant seated the wrong number of times"
    players = [s.player_id for s in seats]
    assert len(players) == len(set(players)), "a player seated twice"
    tables: dict[int, list[Seating]] = {}
    for seat in seats:
        tables.setdefault(seat.table_id, []).append(seat)
    for table in tables.values():
        assert [s.seat for s in table] == list(range(layout.seats))
        assert [s.side for s in table] == list(layout.seat_side)
        assert sum(s.deals_first for s in table) == 1
        if event.entrant_kind == "partnership":
            for side in range(layout.sides):
                assert len({s.entrant_id for s in table if s.side == side}) == 1


def meetings(event: Event) -> Counter[tuple[int, int]]:
    """How often each pair of entrants sat on opposite sides."""
    met: Counter[tuple[int, int]] = Counter()
    by_table: dict[int, dict[int, set[int]]] = {}
    for table_id, side, entrant_id in Seating.objects.filter(round__event=event).values_list(
        "table_id", "side", "entrant_id"
    ):
        by_table.setdefault(table_id, {}).setdefault(side, set()).add(entrant_id)
    for sides in by_table.values():
        for a_side, b_side in itertools.combinations(sides.values(), 2):
            for a in a_side:
                for b in b_side:
                    met[(min(a, b), max(a, b))] += 1
    return met


def bye_counts(event: Event, entrants: Iterable[int]) -> list[int]:
    counts = Counter(Bye.objects.filter(round__event=event).values_list("entrant_id", flat=True))
    return [counts.get(e, 0) for e in entrants]


@DB_EXAMPLES
@given(count=st.integers(3, 8), seed=st.integers(0, 10_000))
def test_round_robin_meets_every_pair_once_with_fair_byes(count: int, seed: int) -> None:
    event = event_with(club_with(partnerships=count), format="round_robin", seed=seed)
    ids = [e.pk for e in active_entrants(event=event)]
    rounds = count - 1 if count % 2 == 0 else count
    for _ in range(rounds):
        play_round(event)
    met = meetings(event)
    assert all(met[pair] == 1 for pair in itertools.combinations(sorted(ids), 2))
    assert len(met) == count * (count - 1) // 2
    assert set(bye_counts(event, ids)) == ({1} if count % 2 else {0})


@DB_EXAMPLES
@given(count=st.integers(4, 13), rounds=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_progressive_seats_everyone_and_rotates_sit_outs(
    count: int, rounds: int, seed: int
) -> None:
    event = event_with(club_with(players=count), format="progressive", seed=seed)
    ids = [e.pk for e in active_entrants(event=event)]
    for _ in range(rounds):
        play_round(event)
    counts = bye_counts(event, ids)
    assert max(counts) - min(counts) <= 1


@DB_EXAMPLES
@given(count=st.integers(6, 10), seed=st.integers(0, 10_000))
def test_cutthroat_tables_fit_the_game_and_sit_outs_rotate(count: int, seed: int) -> None:
    setup = club_with(players=count, game="pitch52", options={"players": 3})
    event = event_with(setup, format="cutthroat", seed=seed)
    ids = [e.pk for e in active_entrants(event=event)]
    for _ in range(3):
        play_round(event)
    counts = bye_counts(event, ids)
    assert max(counts) - min(counts) <= 1


def rematch_free_pairing_exists(
    ids: list[int], met: Counter[tuple[int, int]], byes: Counter[int]
) -> bool:
    """Whether some pairing of ``ids`` (one bye, to an entrant with fewest byes, when odd)
    repeats no earlier meeting: the exhaustive search Swiss is checked against."""
    if len(ids) % 2:
        fewest = min(byes.get(e, 0) for e in ids)
        return any(
            rematch_free_pairing_exists([e for e in ids if e != sitter], met, byes)
            for sitter in ids
            if byes.get(sitter, 0) == fewest
        )
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(
        met[(min(first, other), max(first, other))] == 0
        and rematch_free_pairing_exists([e for e in rest if e != other], met, byes)
        for other in rest
    )


@DB_EXAMPLES
@given(count=st.integers(3, 7), seed=st.integers(0, 10_000), leaver=st.booleans())
def test_swiss_avoids_every_avoidable_rematch(count: int, seed: int, leaver: bool) -> None:
    setup = club_with(partnerships=count, game="bidwhist", options=QUICK_GAME)
    event = event_with(setup, format="swiss", seed=seed)
    for number in range(1, count + 1):
        if leaver and number == 3 and count > 3:
            entrant_check_out(entrant=active_entrants(event=event)[0])
        ids = sorted(e.pk for e in active_entrants(event=event))
        met_before = meetings(event)
        byes_before = Counter(
            Bye.objects.filter(round__event=event).values_list("entrant_id", flat=True)
        )
        round_ = play_round(event, results=True, seed=seed + number)
        new = meetings(event) - met_before
        rematches = [pair for pair in new if met_before[pair]]
        if rematch_free_pairing_exists(ids, met_before, byes_before):
            assert rematches == [], f"round {round_.number} repeats {rematches}"
        assert max(bye_counts(event, ids)) <= max(1, -(-number // len(ids)))


def test_late_arrival_joins_the_next_round_and_leaver_drops_out() -> None:
    setup = club_with(players=9)
    event = event_with(setup, format="progressive")
    first = play_round(event)
    leaver = Entrant.objects.get(event=event, player=setup.players[0])
    entrant_check_out(entrant=leaver)
    from tests.tournaments.factories import member_of
    from tournaments.services.entrants import entrant_arrive

    newcomer = entrant_arrive(event=event, player=member_of(event.club, "Late Larry"))
    assert newcomer.joined_round == first.number + 1
    second = play_round(event)
    leaver.refresh_from_db()
    assert leaver.withdrawn and leaver.left_after_round == 1
    assert not Seating.objects.filter(round=second, entrant=leaver).exists()
    assert not Bye.objects.filter(round=second, entrant=leaver).exists()
    assert (
        Seating.objects.filter(round=second, entrant=newcomer).exists()
        or Bye.objects.filter(round=second, entrant=newcomer).exists()
    )


def test_knockout_plays_down_to_a_winner() -> None:
    setup = club_with(partnerships=5, game="bidwhist", options=QUICK_GAME)
    event = event_with(setup, format="knockout", third_place=False)
    ids = {e.pk for e in active_entrants(event=event)}
    first = play_round(event, results=True, seed=1)
    assert first.byes.count() == 3  # 8 slots, 5 entrants: the top three seeds go through
    second = play_round(event, results=True, seed=2)
    final = play_round(event, results=True, seed=3)
    assert second.tables.count() == 2 and final.tables.count() == 1
    seated_final = set(Seating.objects.filter(round=final).values_list("entrant_id", flat=True))
    assert len(seated_final) == 2 and seated_final <= ids
    from tournaments.errors import TournamentError

    with pytest.raises(TournamentError) as refused:
        round_pair(event=event)
    assert refused.value.code == "knockout_over"
    assert "all its 3 rounds have been paired" in refused.value.message


def test_a_knockout_winner_who_withdraws_gives_the_next_opponent_a_walkover() -> None:
    setup = club_with(partnerships=4, game="bidwhist", options=QUICK_GAME)
    event = event_with(setup, format="knockout", third_place=True)
    play_round(event, results=True, seed=1)
    winners = {
        e for o in match_outcomes(event_ids=[event.pk]) for i in o.winners for e in o.sides[i]
    }
    assert len(winners) == 2
    leaver_id, stayer_id = sorted(winners)
    entrant_check_out(entrant=Entrant.objects.get(pk=leaver_id))
    final = round_publish(round_=round_pair(event=event))
    bye = Bye.objects.get(round=final)
    assert bye.entrant_id == stayer_id
    assert bye.code == "walkover_withdrawn"
    assert not Seating.objects.filter(round=final, entrant_id=leaver_id).exists()
    # The two beaten semi-finalists still play for third place.
    third = set(Seating.objects.filter(round=final).values_list("entrant_id", flat=True))
    assert third == set(Entrant.objects.filter(event=event).values_list("pk", flat=True)) - winners
