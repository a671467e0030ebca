"""The adapter to ``tournaments.pairing``: the database read into plain data, one format called.

Everything a format remembers comes from the rows of earlier (published) rounds: the tables
and who sat on which side, and the byes. Swiss scores and knockout winners come from confirmed
scoresheets only (``tournaments.outcomes``); a Swiss bye goes to the lowest of the standings as
the players see them (``event_places``). Entrants are named by their ``Entrant`` ids
throughout, for partnership and individual formats alike.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Sequence

from django.utils.translation import gettext_lazy

from club.wording import counted
from tournaments.errors import TournamentError
from tournaments.formats import Layout
from tournaments.models import Bye, Entrant, Event, EventFormat, PlayerRating, RoundStatus, Seating
from tournaments.outcomes import match_outcomes
from tournaments.pairing import (
    Bracket,
    History,
    PairingError,
    PastBye,
    PastTable,
    Reason,
    RoundPairing,
    cutthroat_round,
    knockout_bracket,
    knockout_round,
    progressive_round,
    round_robin_round,
    rounds_per_cycle,
    swiss_round,
)
from tournaments.pairing import Bye as PureBye
from tournaments.pairing import Entrant as PureEntrant
from tournaments.pairing import Table as PureTable
from tournaments.services.standings import event_games_won, event_places

# Seeds outrank any rating: a rating display is a four-digit number.
SEED_WEIGHT = 1_000_000.0
KNOCKOUT_OVER = gettext_lazy("The knockout is over: all its {rounds} have been paired.")
LATE_FOR_ROUND_ROBIN = Reason(
    "joined_after_draw",
    "Bye: arrived after the round robin was drawn, so the schedule has no place for them",
)
OPPONENT_GONE = Reason(
    "opponent_absent", "Bye: the round robin opponent for this round has left or is not here"
)


def pairing_for(
    *, event: Event, layout: Layout, number: int, entrants: Sequence[Entrant]
) -> tuple[RoundPairing, list[int] | None]:
    """Round ``number`` of ``event`` for the active ``entrants``; also the draw order to keep
    when this round fixes one (round 1 of a round robin or knockout), else ``None``.

    Raises:
        TournamentError: the format's ``PairingError`` (too few entrants, …), ``knockout_over``.
    """
    ids = [entrant.pk for entrant in entrants]
    try:
        if event.format == EventFormat.ROUND_ROBIN:
            return _round_robin(event, layout, number, ids)
        if event.format == EventFormat.SWISS:
            places = event_places(event=event)
            pure = [
                PureEntrant(e.pk, score=score, rating=rating, place=places.get(e.pk))
                for e, score, rating in _scored(event, entrants)
            ]
            history = event_history(event=event, before=number)
            pairing = swiss_round(
                pure,
                history,
                round_number=number,
                seed=event.seed,
                players_per_entrant=layout.side_size,
            )
            return pairing, None
        if event.format == EventFormat.KNOCKOUT:
            return _knockout(event, layout, number, entrants)
        history = event_history(event=event, before=number)
        if event.format == EventFormat.PROGRESSIVE:
            pairing = progressive_round(
                ids, history, round_number=number, seed=event.seed, table_size=layout.seats
            )
            return pairing, None
        pairing = cutthroat_round(
            ids, history, round_number=number, allowed_sizes=(layout.seats,), seed=event.seed
        )
        return pairing, None
    except PairingError as error:
        raise TournamentError(error.code, _sentence(error.message)) from error


def event_history(*, event: Event, before: int) -> History:
    """Tables and byes of the event's published rounds before round ``before``."""
    sides: dict[tuple[int, int], dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    seatings = (
        Seating.objects.filter(round__event=event, round__number__lt=before)
        .exclude(round__status=RoundStatus.DRAFT)
        .order_by("round__number", "table__number", "seat")
        .values_list("round__number", "table_id", "side", "entrant_id")
    )
    for round_number, table_id, side, entrant_id in seatings:
        members = sides[(round_number, table_id)][side]
        if entrant_id not in members:
            members.append(entrant_id)
    tables = tuple(
        PastTable(round_number, tuple(tuple(by_side[s]) for s in sorted(by_side)))
        for (round_number, _), by_side in sides.items()
    )
    byes = tuple(
        PastBye(round_number, entrant_id)
        for round_number, entrant_id in Bye.objects.filter(
            round__event=event, round__number__lt=before
        )
        .exclude(round__status=RoundStatus.DRAFT)
        .order_by("round__number", "entrant_id")
        .values_list("round__number", "entrant_id")
    )
    return History(tables, byes)


def entrant_strengths(*, event: Event, entrants: Sequence[Entrant]) -> dict[int, float]:
    """How strong each entrant looks before play: its seed first (1 is best), then the club
    rating of its players (their average), so unseeded entrants follow the seeded ones."""
    player_ids: dict[int, list[int]] = {}
    for entrant in entrants:
        if entrant.player_id is not None:
            player_ids[entrant.pk] = [entrant.player_id]
        elif entrant.partnership is not None:
            player_ids[entrant.pk] = [p.pk for p in entrant.partnership.players.all()]
        else:
            player_ids[entrant.pk] = []
    wanted = {p for players in player_ids.values() for p in players}
    ratings = {
        rating.player_id: float(rating.display)
        for rating in PlayerRating.objects.filter(club_id=event.club_id, player_id__in=wanted)
    }
    strengths: dict[int, float] = {}
    for entrant in entrants:
        if entrant.seed is not None:
            strengths[entrant.pk] = SEED_WEIGHT * (1000 - entrant.seed)
            continue
        figures = [ratings.get(p, 1000.0) for p in player_ids[entrant.pk]]
        strengths[entrant.pk] = sum(figures) / len(figures) if figures else 1000.0
    return strengths


def _scored(event: Event, entrants: Sequence[Entrant]) -> list[tuple[Entrant, float, float]]:
    wins = event_games_won(event)
    strengths = entrant_strengths(event=event, entrants=entrants)
    return [(e, wins.get(e.pk, 0.0), strengths[e.pk]) for e in entrants]


def _round_robin(
    event: Event, layout: Layout, number: int, ids: list[int]
) -> tuple[RoundPairing, list[int] | None]:
    order = list(event.fixed_order) or ids
    fixed = None if event.fixed_order else order
    cycles = max(1, -(-number // rounds_per_cycle(len(order)))) if len(order) >= 2 else 1
    pairing = round_robin_round(
        order, number, cycles=cycles, seed=event.seed, players_per_entrant=layout.side_size
    )
    here = set(ids)
    tables: list[PureTable] = []
    byes = [bye for bye in pairing.byes if bye.entrant_id in here]
    for table in pairing.tables:
        if all(entrant in here for entrant in table.entrants):
            tables.append(dataclasses.replace(table, number=len(tables) + 1))
        else:
            byes += [PureBye(e, OPPONENT_GONE) for e in table.entrants if e in here]
    byes += [PureBye(e, LATE_FOR_ROUND_ROBIN) for e in ids if e not in set(order)]
    return dataclasses.replace(pairing, tables=tuple(tables), byes=tuple(byes)), fixed


def _knockout(
    event: Event, layout: Layout, number: int, entrants: Sequence[Entrant]
) -> tuple[RoundPairing, list[int] | None]:
    fixed: list[int] | None = None
    if event.fixed_order:
        order = list(event.fixed_order)
        bracket = knockout_bracket(
            [PureEntrant(e, rating=-i) for i, e in enumerate(order)], by="rating"
        )
    else:
        strengths = entrant_strengths(event=event, entrants=entrants)
        bracket = knockout_bracket(
            [PureEntrant(e.pk, rating=strengths[e.pk]) for e in entrants], by="rating"
        )
        fixed = list(bracket.seeds)
    if number > bracket.rounds:
        raise TournamentError(
            "knockout_over", KNOCKOUT_OVER.format(rounds=counted(bracket.rounds, "round"))
        )
    pairing = knockout_round(
        bracket,
        number,
        _advanced(event, bracket, number),
        third_place=event.third_place,
        seed=event.seed,
        players_per_entrant=layout.side_size,
        withdrawn=set(
            Entrant.objects.filter(event=event, withdrawn=True).values_list("pk", flat=True)
        ),
    )
    return pairing, fixed


def _advanced(event: Event, bracket: Bracket, number: int) -> list[set[int]]:
    """Who went through from each earlier round: match winners and byes."""
    through: list[set[int]] = [set() for _ in range(number - 1)]
    for outcome in match_outcomes(event_ids=[event.pk]):
        if outcome.round_number < number and outcome.decided:
            for index in outcome.winners:
                through[outcome.round_number - 1].update(outcome.sides[index])
    for round_number, entrant_id in Bye.objects.filter(
        round__event=event, round__number__lt=number
    ).values_list("round__number", "entrant_id"):
        through[round_number - 1].add(entrant_id)
    return through


def _sentence(message: str) -> str:
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."
