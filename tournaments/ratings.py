"""Club ratings: every finished game moves its players' ratings, with openskill's Plackett-Luce.

A rating is a belief about a player's strength: ``mu`` the estimate, ``sigma`` how unsure it
is. Partnership games rate teams of players, so a player's rating moves with the strength of
both partner and opponents (winning beside a strong partner earns less than beside a weak
one); cut-throat games rate every player as a team of one. Sides finish in order of the
winner first, then by points; sides level on both share a place.

``ordinal`` (mu - 3 sigma) is the conservative figure a ladder sorts on; ``display`` maps it
onto a friendlier scale. A new player shows ``DISPLAY_BASE`` and rises as games make the
system surer of them, even at average strength.

Pure and deterministic: the same games in the same order always give the same ratings. The
adapter passes sides whose ``entrant_ids`` are player ids (a partnership's two players, not
the partnership's id).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext
from openskill.models import PlackettLuce, PlackettLuceRating

from tournaments.standings.types import GameResult, SideResult, StandingsError

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0
DISPLAY_BASE = 1000
DISPLAY_SCALE = 20.0


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating at one moment."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The rating the system is 99.7% sure the player is at least: ``mu - 3 sigma``."""
        return self.mu - 3.0 * self.sigma

    @property
    def display(self) -> int:
        """``ordinal`` on the club's display scale (a new player shows ``DISPLAY_BASE``)."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one game did to one player's rating."""

    game_id: int
    player_id: int
    won: bool
    before: Rating
    after: Rating

    @property
    def mu_change(self) -> float:
        return self.after.mu - self.before.mu

    @property
    def ordinal_change(self) -> float:
        return self.after.ordinal - self.before.ordinal

    @property
    def display_change(self) -> int:
        return self.after.display - self.before.display


@dataclass(frozen=True)
class RatingRun:
    """Final ratings of every player seen (or given), and each game's changes in game order."""

    ratings: dict[int, Rating]
    history: tuple[RatingChange, ...]

    def history_of(self, player_id: int) -> tuple[RatingChange, ...]:
        """One player's changes, oldest first: what a player page charts."""
        return tuple(change for change in self.history if change.player_id == player_id)


def finishing_places(sides: tuple[SideResult, ...]) -> list[int]:
    """Each side's place (0 is first): the winner first, then by points; level sides share."""
    keys = [(not side.won, -side.points) for side in sides]
    ordered = sorted(set(keys))
    return [ordered.index(key) for key in keys]


def rate_games(
    games: Iterable[GameResult],
    initial: Mapping[int, Rating] | None = None,
    *,
    model: PlackettLuce | None = None,
) -> RatingRun:
    """Rate ``games`` one after another; the caller passes them in chronological order.

    ``initial`` gives ratings carried in (last season's, say); anyone else starts at the
    default. Unfinished games are skipped. ``model`` defaults to ``PlackettLuce()``.

    Raises:
        StandingsError: ``too_few_sides`` (a finished game with fewer than two sides),
            ``empty_side`` (a side with no players), ``entrant_twice_in_game`` (a player on
            two sides, or twice on one).
    """
    model = model or PlackettLuce()
    ratings: dict[int, Rating] = dict(initial or {})
    # openskill's own rating objects, kept between games: making one costs more than rating.
    live: dict[int, PlackettLuceRating] = {}
    history: list[RatingChange] = []
    for game in games:
        if not game.finished:
            continue
        _check_game(game)
        teams = [[_live(model, live, ratings, p) for p in side.entrant_ids] for side in game.sides]
        rated = model.rate(teams, ranks=[float(place) for place in finishing_places(game.sides)])
        for side, team in zip(game.sides, rated, strict=True):
            for player, new in zip(side.entrant_ids, team, strict=True):
                before = ratings.get(player, Rating())
                after = Rating(new.mu, new.sigma)
                ratings[player] = after
                live[player] = new
                history.append(RatingChange(game.game_id, player, side.won, before, after))
    return RatingRun(ratings=ratings, history=tuple(history))


def _live(
    model: PlackettLuce,
    live: dict[int, PlackettLuceRating],
    ratings: Mapping[int, Rating],
    player: int,
) -> PlackettLuceRating:
    found = live.get(player)
    if found is None:
        rating = ratings.get(player, Rating())
        found = live[player] = model.rating(mu=rating.mu, sigma=rating.sigma)
    return found


def _check_game(game: GameResult) -> None:
    if len(game.sides) < 2:
        raise StandingsError(
            "too_few_sides",
            gettext("game {game_id} has {sides} side(s); a rated game needs two or more").format(
                game_id=game.game_id, sides=len(game.sides)
            ),
        )
    players: list[int] = []
    for side in game.sides:
        if not side.entrant_ids:
            raise StandingsError(
                "empty_side",
                gettext("game {game_id} has a side with no players").format(game_id=game.game_id),
            )
        players.extend(side.entrant_ids)
    if len(set(players)) != len(players):
        raise StandingsError(
            "entrant_twice_in_game",
            gettext(
                "game {game_id} lists a player more than once; a player sits on one side"
            ).format(game_id=game.game_id),
        )
