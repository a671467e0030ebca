"""Fair sit-outs when the players do not fill the tables exactly.

Whoever has sat out least sits out; among players tied on that count a seeded lot decides.
So nobody sits out twice before everyone has sat out once, and across the evening the
sit-out counts of any two players differ by at most one (given a history made this way).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tournaments.pairing.types import Bye, Reason


def choose_sitouts(
    players: Sequence[int], sat_out: Mapping[int, int], how_many: int, rng: random.Random
) -> tuple[Bye, ...]:
    """The ``how_many`` players who sit out this round, each with the reason.

    ``sat_out`` gives earlier sit-out counts (missing means 0); ``rng`` draws the lot, so the
    same generator state gives the same choice.
    """
    if how_many <= 0:
        return ()
    lot = sorted(players)
    rng.shuffle(lot)
    order = sorted(lot, key=lambda p: sat_out.get(p, 0))
    chosen = order[:how_many]
    cut = sat_out.get(chosen[-1], 0)
    tied = sum(1 for p in players if sat_out.get(p, 0) == cut)
    taken = sum(1 for p in chosen if sat_out.get(p, 0) == cut)
    byes: list[Bye] = []
    for player in chosen:
        count = sat_out.get(player, 0)
        if count == cut and taken < tied:
            reason = Reason(
                "sit_out_by_lot",
                f"Sits out: fewest sit-outs so far ({count}); drawn by lot among the {tied} "
                "players tied on that count",
                {"count": count, "tied": tied},
            )
        else:
            reason = Reason(
                "sit_out_fewest", f"Sits out: fewest sit-outs so far ({count})", {"count": count}
            )
        byes.append(Bye(player, reason))
    return tuple(sorted(byes, key=lambda b: b.entrant_id))
