"""Progressive (rotating-partner) pairing for individual players: the 45s card party.

Each round every player gets a partner and plays for an individual total, so the aim is new
partners and new opponents every round: repeated partners are avoided first, then repeated
opponents. A table seats two pairs (four players) or, when asked, three pairs (six).

How a round is made:

1. A known design first: for the player counts in ``tournaments.pairing.designs`` (5, 8, 12,
   13, 16, 17, 20, 21, 24, 25) at tables of four, the round is an unplayed round of a whist
   design over the players in an order drawn once from the event seed, so over the whole
   evening nobody partners anyone twice and any two players oppose each other twice. A
   design round is used only while it repeats no partner and (for 4k + 1 players) rests a
   player who has sat out least; that holds for every round while the field is unchanged.
2. Otherwise, sit-outs: those who have sat out least sit out (``tournaments.pairing.sitouts``).
3. Then the seeded local search of ``tournaments.pairing.search`` seats the players, with
   one repeated partner costing more than every repeated opponent of a round together.

Everything random is drawn from the event ``seed`` and the round number, so the same request
gives the same round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tournaments.pairing.designs import design_round, design_rounds
from tournaments.pairing.search import pair_matrix, repeat_weight, seat_search
from tournaments.pairing.seating import make_table
from tournaments.pairing.sitouts import choose_sitouts
from tournaments.pairing.types import (
    Bye,
    History,
    Pair,
    PairingError,
    Reason,
    RoundPairing,
    Table,
    check_unique,
    counted,
    pair,
)

TABLE_SIZES = (4, 6)

Side = tuple[int, int]


def progressive_round(
    players: Sequence[int],
    history: History | None = None,
    *,
    round_number: int,
    seed: int = 0,
    table_size: int = 4,
    budget: int | None = None,
) -> RoundPairing:
    """Seat one progressive round of ``players`` (ids) given the earlier rounds in ``history``.

    ``seed`` is the event's seed, the same for every round. ``budget`` caps the local search
    in evaluations (see ``tournaments.pairing.search``), so the answer never depends on the
    machine's speed.

    Raises:
        PairingError: ``bad_table_size`` (not 4 or 6), ``too_few_players`` (fewer than one
            table), ``duplicate_entrant``.
    """
    _check_field(players, table_size)
    history = history or History()
    partners, opponents = history.partner_counts(), history.opponent_counts()
    byes: tuple[Bye, ...]
    design = None
    if table_size == 4:
        design = _design(players, partners, opponents, history.bye_counts(), seed)
    if design is not None:
        index, sides, sitter = design
        byes = () if sitter is None else (Bye(sitter, _REST),)
        rows = design_rounds(len(players))
        # The schedule's row, not the event's round: the row that fits tonight is chosen.
        scope = Reason(
            "whist_design",
            f"Whist schedule for {len(players)} players, row {index + 1} of {rows}: everyone "
            "partners everyone once and opposes everyone twice",
            {"players": len(players), "row": index + 1, "rows": rows},
        )
    else:
        rng = random.Random(f"progressive:{seed}:{round_number}")
        byes = choose_sitouts(players, history.bye_counts(), len(players) % table_size, rng)
        sides = _search(players, byes, partners, opponents, table_size, rng, budget)
        scope = Reason(
            "local_search",
            "Seated by a seeded search that avoids repeated partners first, then repeated "
            "opponents",
        )
    per_table = table_size // 2
    tables: list[Table] = []
    for t in range(len(sides) // per_table):
        table_sides = sides[t * per_table : (t + 1) * per_table]
        tables.append(
            make_table(
                t + 1,
                table_sides,
                seed=seed,
                round_number=round_number,
                reasons=_table_reasons(table_sides, partners, opponents),
            )
        )
    return RoundPairing(round_number, tuple(tables), byes, (scope,))


def _check_field(players: Sequence[int], table_size: int) -> None:
    """A progressive table seats 4 or 6, and the field fills one at least, nobody twice."""
    if table_size not in TABLE_SIZES:
        raise PairingError(
            "bad_table_size",
            f"a progressive table seats two or three pairs (4 or 6 players), not {table_size}",
        )
    if len(players) < table_size:
        raise PairingError(
            "too_few_players",
            f"{counted(len(players), 'player')} cannot fill a progressive table of {table_size}",
        )
    check_unique(players, "player")


_REST = Reason(
    "sit_out_design",
    "Sits out: the whist schedule rests one player a round, each player once, and this "
    "player has sat out least",
)


def _design(
    players: Sequence[int],
    partners: Counter[Pair],
    opponents: Counter[Pair],
    sat_out: Counter[int],
    seed: int,
) -> tuple[int, list[Side], int | None] | None:
    """The design round to play, as ``(index, sides, sitter)``, or ``None``.

    A round qualifies when it repeats no partner (so it has not been played) and rests a
    player with the fewest sit-outs. Of those, the one repeating fewest opponents is played
    (earliest index on a tie): any order of the rounds makes the same whole evening, and this
    one spreads the opponents of a short evening best.
    """
    rounds = design_rounds(len(players))
    if not rounds:
        return None
    order = sorted(players)
    random.Random(f"design:{seed}").shuffle(order)
    fewest = min(sat_out.get(p, 0) for p in players)
    best: tuple[int, int, list[Side], int | None] | None = None
    for index in range(rounds):
        tables, rest = design_round(len(players), index)
        sitter = None if rest is None else order[rest]
        if sitter is not None and sat_out.get(sitter, 0) != fewest:
            continue
        sides = [(order[a], order[b]) for table in tables for a, b in table]
        if any(partners.get(pair(a, b), 0) for a, b in sides):
            continue
        again = sum(
            repeat_weight(opponents.get(pair(a, b), 0))
            for (a1, a2), (b1, b2) in zip(sides[::2], sides[1::2], strict=True)
            for a in (a1, a2)
            for b in (b1, b2)
        )
        if best is None or again < best[0]:
            best = (again, index, sides, sitter)
    return None if best is None else best[1:]


def _search(
    players: Sequence[int],
    byes: Sequence[Bye],
    partners: Counter[Pair],
    opponents: Counter[Pair],
    table_size: int,
    rng: random.Random,
    budget: int | None,
) -> list[Side]:
    """Sides, table by table, for everyone not sitting out, from the local search."""
    out = {b.entrant_id for b in byes}
    playing = sorted(p for p in players if p not in out)
    m = len(playing)
    other_side = pair_matrix(playing, opponents, repeat_weight)
    # A repeated partner outranks any number of repeated opponents: it costs more than the
    # worst total the opponents of a whole round could add.
    opponent_pairs = table_size * (table_size - 1) // 2 - table_size // 2
    heavy = 1 + (m // table_size) * opponent_pairs * max(other_side, default=0)
    same_side = pair_matrix(playing, partners, lambda c: heavy * repeat_weight(c))
    sizes = [table_size] * (m // table_size)
    layout, _ = seat_search(m, sizes, 2, same_side, other_side, rng, budget=budget)
    return [(playing[layout[k]], playing[layout[k + 1]]) for k in range(0, m, 2)]


def _table_reasons(
    sides: Sequence[Side], partners: Counter[Pair], opponents: Counter[Pair]
) -> tuple[Reason, ...]:
    reasons: list[Reason] = []
    for side in sides:
        times = partners.get(pair(side[0], side[1]), 0)
        if times:
            reasons.append(
                Reason(
                    "repeat_partner",
                    f"{side[0]} and {side[1]} have partnered {counted(times, 'time')} before; "
                    "the search found no seating without a repeated partner",
                    {"a": side[0], "b": side[1], "times": times},
                )
            )
    met = sum(
        1
        for i, side in enumerate(sides)
        for other in sides[i + 1 :]
        for a in side
        for b in other
        if opponents.get(pair(a, b), 0)
    )
    if met:
        reasons.append(
            Reason(
                "repeat_opponents",
                f"{counted(met, 'opponent pairing')} at this table happened before",
                {"pairings": met},
            )
        )
    if not reasons:
        reasons.append(Reason("fresh_table", "No partner or opponent repeated"))
    return tuple(reasons)
