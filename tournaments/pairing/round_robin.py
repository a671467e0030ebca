"""Round robin for fixed partnerships: every entrant meets every other once per cycle.

Entrants take places in the order given (seed order); an odd field gets a phantom place, and
whoever meets the phantom has the bye, so each entrant sits out exactly once per cycle. A
double round robin plays the cycle again with home and away swapped. Any round can be asked
for on its own without building the schedule, so a league can re-pair one round.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.circle import circle_round
from tournaments.pairing.seating import make_table
from tournaments.pairing.types import (
    Bye,
    PairingError,
    Reason,
    RoundPairing,
    check_unique,
    counted,
)


def rounds_per_cycle(entrant_count: int) -> int:
    """Rounds needed for everyone to meet everyone once: n - 1, or n with a phantom."""
    return entrant_count - 1 if entrant_count % 2 == 0 else entrant_count


def round_robin_round(
    entrant_ids: Sequence[int],
    round_number: int,
    *,
    cycles: int = 1,
    seed: int = 0,
    players_per_entrant: int = 2,
) -> RoundPairing:
    """Round ``round_number`` (1-based, across all cycles) of the round robin of ``entrant_ids``.

    Raises:
        PairingError: ``too_few_entrants`` (fewer than 2), ``duplicate_entrant``,
            ``bad_cycles`` (below 1), ``no_such_round`` (outside 1..cycles * rounds per cycle).
    """
    _check(entrant_ids, cycles)
    per_cycle = rounds_per_cycle(len(entrant_ids))
    total = per_cycle * cycles
    if not 1 <= round_number <= total:
        raise PairingError(
            "no_such_round",
            f"a round robin of {len(entrant_ids)} entrants over {counted(cycles, 'cycle')} has "
            f"rounds 1 to {total}, not {round_number}",
        )
    cycle, index = divmod(round_number - 1, per_cycle)
    places = list(entrant_ids)
    phantom = len(places) % 2 == 1
    count = len(places) + phantom
    where = f"round {index + 1} of {per_cycle}, cycle {cycle + 1} of {cycles}"
    table_reason = Reason(
        "round_robin",
        f"Round robin {where} (circle method)",
        {"row": index + 1, "rows": per_cycle, "cycle": cycle + 1, "cycles": cycles},
    )
    sides: list[tuple[int, int]] = []
    byes: list[Bye] = []
    for home, away in circle_round(count, index):
        if phantom and count - 1 in (home, away):
            sitter = places[away if home == count - 1 else home]
            text = "Bye: odd number of entrants; each entrant has one bye per cycle"
            byes.append(Bye(sitter, Reason("round_robin_bye", text)))
            continue
        pairing = (places[home], places[away])
        sides.append(pairing if cycle % 2 == 0 else pairing[::-1])
    tables = tuple(
        make_table(
            number,
            ((a,), (b,)),
            seed=seed,
            round_number=round_number,
            players_per_entrant=players_per_entrant,
            reasons=(table_reason,),
        )
        for number, (a, b) in enumerate(sides, start=1)
    )
    return RoundPairing(round_number, tables, tuple(byes))


def round_robin_schedule(
    entrant_ids: Sequence[int],
    *,
    cycles: int = 1,
    seed: int = 0,
    players_per_entrant: int = 2,
) -> tuple[RoundPairing, ...]:
    """Every round of the round robin, in order. Raises as ``round_robin_round``."""
    _check(entrant_ids, cycles)
    total = rounds_per_cycle(len(entrant_ids)) * cycles
    return tuple(
        round_robin_round(
            entrant_ids, r, cycles=cycles, seed=seed, players_per_entrant=players_per_entrant
        )
        for r in range(1, total + 1)
    )


def _check(entrant_ids: Sequence[int], cycles: int) -> None:
    if len(entrant_ids) < 2:
        raise PairingError("too_few_entrants", "a round robin needs at least 2 entrants")
    check_unique(entrant_ids)
    if cycles < 1:
        raise PairingError("bad_cycles", f"a round robin plays at least 1 cycle, not {cycles}")
