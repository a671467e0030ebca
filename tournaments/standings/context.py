"""What metrics read: every entrant's appearances, indexed once, plus a few shared tallies.

Building the context is the only pass over the raw game results; metrics then read one
entrant's appearances (and, for strength-of-schedule metrics, its opponents' tallies) without
scanning every game again. That keeps a season of thousands of games well under a second.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from tournaments.standings.types import Appearance, GameResult, StandingsError

NO_GAMES: tuple[Appearance, ...] = ()


@dataclass(frozen=True)
class StandingsContext:
    """Indexed results for one set of standings.

    ``appearances`` holds every entrant seen in a finished game, ranked or not (an opponent who
    has withdrawn still counts towards Buchholz). ``ranked`` lists the entrants being ranked,
    sorted by id. ``group`` is the set of entrants tied so far when a group metric (head-to-head)
    runs; otherwise it is every ranked entrant. ``lots`` gives each ranked entrant its drawn lot
    (1 is best), shuffled from ``seed`` so the same seed always draws the same lots.
    """

    appearances: Mapping[int, Sequence[Appearance]]
    ranked: tuple[int, ...]
    group: frozenset[int]
    seed: int = 0
    wins: Mapping[int, float] = field(default_factory=dict)
    points: Mapping[int, float] = field(default_factory=dict)
    lots: Mapping[int, int] = field(default_factory=dict)

    def games(self, entrant_id: int) -> Sequence[Appearance]:
        """The entrant's appearances; none for an entrant who has not played."""
        return self.appearances.get(entrant_id, NO_GAMES)

    def within(self, group: Iterable[int]) -> StandingsContext:
        """The same context with ``group`` as the tied group a group metric looks at."""
        return replace(self, group=frozenset(group))


def index_results(results: Iterable[GameResult]) -> dict[int, list[Appearance]]:
    """Every finished game turned into one appearance per entrant on each of its sides.

    Unfinished games are skipped. Appearances keep the order of ``results``.

    Raises:
        StandingsError: ``duplicate_game`` (a game id given twice), ``too_few_sides`` (a
            finished game with fewer than two sides), ``entrant_twice_in_game`` (an entrant on
            two sides of one game, or twice on one side).
    """
    appearances: dict[int, list[Appearance]] = {}
    seen_games: set[int] = set()
    for game in results:
        if game.game_id in seen_games:
            raise StandingsError(
                "duplicate_game", f"game {game.game_id} is given twice; each game counts once"
            )
        seen_games.add(game.game_id)
        if not game.finished:
            continue
        if len(game.sides) < 2:
            raise StandingsError(
                "too_few_sides",
                f"game {game.game_id} has {len(game.sides)} side(s); a game needs at least two",
            )
        _check_entrants_once(game)
        for index, side in enumerate(game.sides):
            appearance = Appearance.of(game, index)
            for entrant_id in side.entrant_ids:
                appearances.setdefault(entrant_id, []).append(appearance)
    return appearances


def _check_entrants_once(game: GameResult) -> None:
    ids = [entrant for side in game.sides for entrant in side.entrant_ids]
    if len(set(ids)) != len(ids):
        twice = sorted({entrant for entrant in ids if ids.count(entrant) > 1})
        raise StandingsError(
            "entrant_twice_in_game",
            f"game {game.game_id} lists entrant(s) {twice} more than once; "
            "an entrant plays on one side of a game",
        )


def check_entrants(entrants: Sequence[int]) -> tuple[int, ...]:
    """The entrants sorted by id.

    Raises:
        StandingsError: ``duplicate_entrant``.
    """
    ranked = tuple(sorted(entrants))
    for before, after in zip(ranked, ranked[1:], strict=False):
        if before == after:
            raise StandingsError(
                "duplicate_entrant", f"entrant {before} is listed twice; each is ranked once"
            )
    return ranked


def build_context(
    appearances: Mapping[int, Sequence[Appearance]], entrants: Sequence[int], *, seed: int = 0
) -> StandingsContext:
    """A context over already indexed ``appearances`` (see ``index_results``).

    Raises:
        StandingsError: ``duplicate_entrant``.
    """
    ranked = check_entrants(entrants)
    wins = {entrant: sum(a.won for a in games) for entrant, games in appearances.items()}
    points = {entrant: sum(a.points for a in games) for entrant, games in appearances.items()}
    return StandingsContext(
        appearances=appearances,
        ranked=ranked,
        group=frozenset(ranked),
        seed=seed,
        wins=wins,
        points=points,
        lots=draw_lots(ranked, seed),
    )


def draw_lots(entrants: Sequence[int], seed: int) -> dict[int, int]:
    """Lot numbers 1..n for ``entrants``, shuffled by a generator seeded with ``seed``.

    The entrants are sorted first, so the draw depends only on the seed and who is ranked,
    never on the order the adapter happened to list them in.
    """
    order = sorted(entrants)
    random.Random(seed).shuffle(order)
    return {entrant: number for number, entrant in enumerate(order, start=1)}
