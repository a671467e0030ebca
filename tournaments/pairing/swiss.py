"""Swiss pairing for fixed partnerships.

Entrants are ranked (score, then rating) and grouped by equal score. A round is the cheapest
perfect matching of the field, with costs compared strictly in this order:

1. rematches: never pair two entrants who met before when any pairing of the field avoids it;
2. the bye (odd fields): only an entrant with the fewest byes so far may take it (a rule, not a
   cost), and among those the lowest in the standings the players see (``Entrant.place``,
   else the pairing's rank) unless that forces a rematch;
3. score difference: the sum of squared score-group distances, so entrants stay in their group
   and a float goes to the next group, not two down;
4. Dutch order: distance from the ideal pairing, which pairs the top half of each score group
   against the bottom half (1 v 5, 2 v 6… in a group of 8; by rating in round 1) and floats
   the lowest entrant of an odd group down to meet the top of the next.

Large fields: networkx's blossom algorithm is pure Python and needs seconds even for a sparse
graph of 1,000 entrants, let alone the complete one (500,000 edges). The ideal pairing already
minimises levels 2 to 4, so it is kept wherever it has no rematch; only entrants within
``window`` places of a rematch (and their partners) are re-matched, each connected cluster on
its own, over edges to the entrants within ``window`` places of themselves and of their ideal
partner. While a rematch or a misplaced bye remains, the window doubles around what is left,
up to the complete graph, whose answer is exact. Fields of up to ``COMPLETE_UP_TO`` entrants
always use the complete graph.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.seating import make_table
from tournaments.pairing.swiss_field import Matching, SwissField
from tournaments.pairing.types import (
    Bye,
    Entrant,
    History,
    PairingError,
    Reason,
    RoundPairing,
    check_unique,
    counted,
    ranked,
)

COMPLETE_UP_TO = 48
FIRST_WINDOW = 2

_EXACT = Reason("complete_graph", "Every possible pairing of the field was considered")


def swiss_round(
    entrants: Sequence[Entrant],
    history: History | None = None,
    *,
    round_number: int,
    seed: int = 0,
    window: int | None = None,
    players_per_entrant: int = 2,
) -> RoundPairing:
    """Pair one Swiss round of ``entrants`` given the earlier rounds in ``history``.

    Tables come best first, the higher-ranked entrant first at each. ``window`` forces the
    windowed search with that first window (normally chosen by field size); the guarantees on
    rematches and byes hold either way. Entrants in ``history`` but not in ``entrants`` (say,
    withdrawn) are ignored.

    Raises:
        PairingError: ``too_few_entrants`` (fewer than 2), ``duplicate_entrant``.
    """
    if len(entrants) < 2:
        raise PairingError("too_few_entrants", "a Swiss round needs at least 2 entrants")
    check_unique([e.id for e in entrants])
    field = SwissField(ranked(entrants), history or History())
    if window is None and field.n <= COMPLETE_UP_TO:
        return _pairing(field, field.exact(), round_number, seed, players_per_entrant, _EXACT)
    size = max(1, window if window is not None else FIRST_WINDOW)
    partner = field.ideal_matching()
    widest = 0
    while troubles := field.troubles(partner):
        if 2 * size >= field.n:
            exact = field.exact()
            return _pairing(field, exact, round_number, seed, players_per_entrant, _EXACT)
        partner = field.repair(partner, troubles, size)
        widest, size = size, size * 2
    if widest == 0:
        scope = Reason("ideal_pairing", "The ideal pairing has no rematch and was kept as it is")
    else:
        scope = Reason(
            "repaired_pairing",
            f"The ideal pairing was kept except near its {len(field.conflicts)} rematch(es), "
            f"where pairings within {widest} places of each entrant and of its ideal partner "
            "were considered",
            {"rematches": len(field.conflicts), "window": widest},
        )
    chosen = tuple(sorted((a, b) for a, b in partner.items() if a < b))
    return _pairing(field, chosen, round_number, seed, players_per_entrant, scope)


def _pairing(
    field: SwissField,
    chosen: Matching,
    round_number: int,
    seed: int,
    players_per_entrant: int,
    scope: Reason,
) -> RoundPairing:
    byes: list[Bye] = []
    games: list[tuple[int, int]] = []
    for a, b in chosen:
        if b == field.bye_node:
            byes.append(Bye(field.ids[a], _bye_reason(field, a)))
        else:
            games.append((min(a, b), max(a, b)))
    tables = tuple(
        make_table(
            number,
            ((field.ids[a],), (field.ids[b],)),
            seed=seed,
            round_number=round_number,
            players_per_entrant=players_per_entrant,
            reasons=_table_reasons(field, a, b),
        )
        for number, (a, b) in enumerate(sorted(games), start=1)
    )
    return RoundPairing(round_number, tables, tuple(byes), (scope,))


def _table_reasons(field: SwissField, a: int, b: int) -> tuple[Reason, ...]:
    reasons: list[Reason] = []
    times = field.meetings(a, b)
    if times:
        reasons.append(
            Reason(
                "rematch_unavoidable",
                f"Rematch unavoidable: {field.ids[a]} and {field.ids[b]} have met "
                f"{counted(times, 'time')}; no pairing of the whole field avoids every rematch",
                {"a": field.ids[a], "b": field.ids[b], "times": times},
            )
        )
    score_a, score_b = field.order[a].score, field.order[b].score
    if field.fresh:
        text = "Paired by seed: top half of the field against the bottom half"
        reasons.append(Reason("seed_order", text))
    elif field.group[a] == field.group[b]:
        text = f"Same score group ({counted(score_a, 'point')})"
        reasons.append(Reason("score_group", text, {"points": score_a}))
    else:
        reasons.append(
            Reason(
                "score_float",
                f"Score-group float: {score_a:g} against {counted(score_b, 'point')} (a group was "
                "odd or could not be paired within itself without a rematch)",
                {"points": score_a, "against": score_b},
            )
        )
    return tuple(reasons)


def _bye_reason(field: SwissField, rank: int) -> Reason:
    fewest = field.byes[rank]
    if rank != field.ideal_bye:
        lowest = field.ids[field.eligible[-1]]
        return Reason(
            "bye_moved_to_avoid_rematch",
            f"Bye: giving it to the lowest-placed eligible entrant ({lowest}) would force a "
            "rematch, so it goes to a higher-placed entrant with as few byes",
            {"a": lowest},
        )
    if fewest == 0:
        return Reason(
            "bye_lowest_without_bye", "Bye: lowest in the standings of those without a bye"
        )
    return Reason(
        "bye_lowest_fewest_byes",
        f"Bye: every entrant has had a bye; lowest in the standings of those with the fewest "
        f"({fewest})",
        {"fewest": fewest},
    )
