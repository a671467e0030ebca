"""Cut-throat tables: every player for themselves, three to six at a table.

Pitch and 45s are often played cut-throat. The game says which table sizes it allows; the
field is split into tables of those sizes as evenly as possible (fewest sit-outs first, then
the smallest gap between the largest and smallest table, then sizes closest to the first
size listed, the club's preferred one), and players are placed by the seeded local search of
``tournaments.pairing.search`` so that who meets whom rotates from round to round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.pairing.search import pair_matrix, repeat_weight, seat_search
from tournaments.pairing.seating import make_table
from tournaments.pairing.sitouts import choose_sitouts
from tournaments.pairing.types import (
    History,
    PairingError,
    Reason,
    RoundPairing,
    Table,
    check_unique,
    counted,
    pair,
)

CUTTHROAT_SIZES = (3, 4, 5, 6)


def plan_tables(count: int, allowed_sizes: Sequence[int]) -> tuple[int, ...]:
    """Table sizes for ``count`` players, largest first; players left over sit out.

    Only mixes of at most two sizes are considered (any even split needs no more).

    Raises:
        PairingError: ``bad_table_size`` (a size outside 3 to 6, or none given),
            ``too_few_players`` (fewer than the smallest table).
    """
    sizes = tuple(dict.fromkeys(allowed_sizes))
    if not sizes or any(size not in CUTTHROAT_SIZES for size in sizes):
        raise PairingError(
            "bad_table_size",
            f"cut-throat tables seat 3 to 6 players; {tuple(allowed_sizes)} is not allowed",
        )
    preferred = sizes[0]
    for playing in range(count, min(sizes) - 1, -1):
        plans: list[tuple[int, int, int, tuple[int, ...]]] = []
        for lo in sizes:
            for hi in sizes:
                if lo > hi:
                    continue
                for n_hi in range(playing // hi + 1):
                    rest = playing - n_hi * hi
                    if rest % lo or (lo == hi and n_hi):
                        continue
                    plan = (hi,) * n_hi + (lo,) * (rest // lo)
                    if plan:
                        distance = sum(abs(size - preferred) for size in plan)
                        plans.append((max(plan) - min(plan), distance, len(plan), plan))
        if plans:
            return min(plans)[3]
    raise PairingError(
        "too_few_players",
        f"{counted(count, 'player')} cannot fill a cut-throat table of {min(sizes)} or more",
    )


def cutthroat_round(
    players: Sequence[int],
    history: History | None = None,
    *,
    round_number: int,
    allowed_sizes: Sequence[int],
    seed: int = 0,
    budget: int | None = None,
) -> RoundPairing:
    """Seat one cut-throat round of ``players`` (ids), rotating who meets whom.

    ``allowed_sizes`` are the table sizes the game allows, the preferred one first.
    Meetings counted from ``history`` include partners from earlier progressive rounds, since
    those players have sat together too. ``seed`` is the event's seed.

    Raises:
        PairingError: as ``plan_tables``; ``duplicate_entrant``.
    """
    check_unique(players, "player")
    plan = plan_tables(len(players), allowed_sizes)
    history = history or History()
    rng = random.Random(f"cutthroat:{seed}:{round_number}")
    byes = choose_sitouts(players, history.bye_counts(), len(players) - sum(plan), rng)
    out = {b.entrant_id for b in byes}
    playing = sorted(p for p in players if p not in out)
    met = history.opponent_counts() + history.partner_counts()
    matrix = pair_matrix(playing, met, repeat_weight)
    layout, _ = seat_search(len(playing), plan, 1, matrix, matrix, rng, budget=budget)
    tables: list[Table] = []
    start = 0
    for number, size in enumerate(plan, start=1):
        seated = [playing[p] for p in layout[start : start + size]]
        start += size
        again = sum(
            1 for i, a in enumerate(seated) for b in seated[i + 1 :] if met.get(pair(a, b), 0)
        )
        reasons = [Reason("cutthroat_table", f"Cut-throat table of {size}", {"size": size})]
        if again:
            text = f"Met before: {counted(again, 'pair')} of players at this table"
            reasons.append(Reason("met_before", text, {"pairs": again}))
        tables.append(
            make_table(
                number,
                [(p,) for p in seated],
                seed=seed,
                round_number=round_number,
                reasons=reasons,
            )
        )
    scope = Reason(
        "table_plan",
        f"{len(players)} players: tables of {', '.join(map(str, plan))}"
        + (f"; {len(byes)} sitting out" if byes else ""),
        {"players": len(players), "sizes": plan, "out": len(byes)},
    )
    return RoundPairing(round_number, tuple(tables), byes, (scope,))
