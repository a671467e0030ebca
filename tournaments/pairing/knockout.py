"""Single-elimination knockout brackets.

Seeds come from the standings (score, then rating) or from ratings alone. The bracket has
the next power of two of slots, in the standard order (1 v 16, 8 v 9, 5 v 12… for 16), so
seeds 1 and 2 can meet only in the final, 1 to 4 only from the semi-finals, and so on. Slots
beyond the field are empty, and since they face the top seeds, the top seeds get the byes.

A round is worked out from the bracket and who advanced from each earlier round (match
winners and byes), so the adapter needs to keep nothing else: in round ``r`` each match is
between the one entrant still alive in each half of its block of ``2**r`` slots.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.pairing.seating import make_table
from tournaments.pairing.types import (
    Bye,
    Entrant,
    PairingError,
    Reason,
    RoundPairing,
    Table,
    check_unique,
    ranked,
)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers (1-based) in slot order for a bracket of ``size`` slots (a power of two).

    >>> bracket_order(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, mirror - seed)]
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Bracket:
    """Entrant ids in seed order and their slots (``None`` for an empty slot)."""

    seeds: tuple[int, ...]
    slots: tuple[int | None, ...]

    @property
    def rounds(self) -> int:
        return len(self.slots).bit_length() - 1

    def seed_of(self, entrant_id: int) -> int:
        return self.seeds.index(entrant_id) + 1


def knockout_bracket(
    entrants: Sequence[Entrant], *, by: Literal["standings", "rating"] = "standings"
) -> Bracket:
    """Seed ``entrants`` and lay out the bracket.

    Raises:
        PairingError: ``too_few_entrants`` (fewer than 2), ``duplicate_entrant``.
    """
    if len(entrants) < 2:
        raise PairingError("too_few_entrants", "a knockout needs at least 2 entrants")
    check_unique([e.id for e in entrants])
    order = ranked(entrants) if by == "standings" else sorted(entrants, key=lambda e: -e.rating)
    seeds = tuple(e.id for e in order)
    size = 1 << (len(seeds) - 1).bit_length()
    slots = tuple(seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size))
    return Bracket(seeds, slots)


def round_name(round_number: int, rounds: int) -> str:
    """The usual name of a round: Final, Semi-final, Quarter-final, else Round of N."""
    left = rounds - round_number
    names = {0: "Final", 1: "Semi-final", 2: "Quarter-final"}
    return names.get(left, f"Round of {2 ** (left + 1)}")


def knockout_round(
    bracket: Bracket,
    round_number: int,
    advanced: Sequence[Collection[int]] = (),
    *,
    third_place: bool = False,
    seed: int = 0,
    players_per_entrant: int = 2,
    withdrawn: Collection[int] = (),
) -> RoundPairing:
    """The matches of ``round_number`` (1 = first round).

    ``advanced[k]`` holds the entrants who went through from round ``k + 1``: the winners of
    its matches and its byes. With ``third_place``, the final round also has a table for the
    two losing semi-finalists. An entrant in ``withdrawn`` left the event: whoever it would have
    met walks over, and the bracket goes on unchanged (nobody is moved up into its place, as
    in any knockout where a player scratches).

    Raises:
        PairingError: ``no_such_round``; ``results_missing`` (fewer earlier rounds in
            ``advanced`` than needed); ``bad_results`` (two entrants advanced from one match).
    """
    _check_round(bracket, round_number, advanced)
    block = 1 << round_number
    games: list[_Game] = []
    byes: list[Bye] = []
    for start in range(0, len(bracket.slots), block):
        a = _alive(bracket, advanced, round_number, start, block // 2)
        b = _alive(bracket, advanced, round_number, start + block // 2, block // 2)
        found = _meet(bracket, round_number, a, b, withdrawn)
        if isinstance(found, Bye):
            byes.append(found)
        elif found is not None:
            games.append(found)
    if third_place and round_number == bracket.rounds >= 2:
        losers = [
            e for e in _semi_final_losers(bracket, advanced, round_number) if e not in withdrawn
        ]
        if len(losers) == 2:
            text = "Third-place match between the losing semi-finalists"
            games.append((losers[0], losers[1], Reason("third_place_match", text)))
    tables: list[Table] = [
        make_table(
            number,
            ((a,), (b,)),
            seed=seed,
            round_number=round_number,
            players_per_entrant=players_per_entrant,
            reasons=(reason,),
        )
        for number, (a, b, reason) in enumerate(games, start=1)
    ]
    return RoundPairing(round_number, tuple(tables), tuple(byes))


#: A match of the round: the two entrants and why they meet.
_Game = tuple[int, int, Reason]


def _check_round(bracket: Bracket, round_number: int, advanced: Sequence[Collection[int]]) -> None:
    """The bracket has this round, and the results of every round before it are given."""
    if not 1 <= round_number <= bracket.rounds:
        raise PairingError(
            "no_such_round",
            f"a bracket of {len(bracket.slots)} has rounds 1 to {bracket.rounds}, "
            f"not {round_number}",
        )
    if len(advanced) < round_number - 1:
        raise PairingError(
            "results_missing",
            f"round {round_number} needs the results of rounds 1 to {round_number - 1}",
        )


def _meet(
    bracket: Bracket, round_number: int, a: int | None, b: int | None, withdrawn: Collection[int]
) -> _Game | Bye | None:
    """What the two halves of a block give this round: a match when both are alive, a bye
    (or a walkover, when one withdrew) when one is, nothing when neither is."""
    gone = [e for e in (a, b) if e is not None and e in withdrawn]
    if gone:
        lone = next((e for e in (a, b) if e is not None and e not in withdrawn), None)
        if lone is None:
            return None
        seed_gone = bracket.seed_of(gone[0])
        text = f"Walkover: seed {seed_gone}, due to meet them, withdrew"
        return Bye(lone, Reason("walkover_withdrawn", text, {"seed": seed_gone}))
    if a is not None and b is not None:
        seeds = {"seed_a": bracket.seed_of(a), "seed_b": bracket.seed_of(b)}
        name = round_name(round_number, bracket.rounds)
        text = f"{name}: seed {seeds['seed_a']} against seed {seeds['seed_b']}"
        where = {"round": round_number, "rounds": bracket.rounds}
        return (a, b, Reason("knockout_match", text, where | seeds))
    lone = a if a is not None else b
    return None if lone is None else Bye(lone, _bye_reason(round_number))


def _alive(
    bracket: Bracket,
    advanced: Sequence[Collection[int]],
    round_number: int,
    start: int,
    width: int,
) -> int | None:
    """The entrant of slots ``start .. start + width`` still in at ``round_number``."""
    members = [e for e in bracket.slots[start : start + width] if e is not None]
    if round_number > 1:
        through = advanced[round_number - 2]
        members = [e for e in members if e in through]
    if len(members) > 1:
        raise PairingError(
            "bad_results",
            f"entrants {', '.join(map(str, members))} all went through from one match of "
            f"round {round_number - 1}",
        )
    return members[0] if members else None


def _semi_final_losers(
    bracket: Bracket, advanced: Sequence[Collection[int]], final: int
) -> list[int]:
    half = len(bracket.slots) // 2
    losers: list[int] = []
    for start in (0, half):
        semi = [
            _alive(bracket, advanced, final - 1, s, half // 2) for s in (start, start + half // 2)
        ]
        through = advanced[final - 2]
        if all(e is not None for e in semi):
            losers += [e for e in semi if e is not None and e not in through]
    return losers


def _bye_reason(round_number: int) -> Reason:
    if round_number == 1:
        return Reason(
            "knockout_bye",
            "Bye: the field is not a power of two, so the top seeds go through to round 2",
        )
    return Reason("walkover", "Walkover: nobody is left in the other half of this match")
