"""Event standings and ratings from the database: the adapter's share of the work.

``bench/standings.py`` times the pure standings on plain data; this times what a worker does
after a sheet is confirmed: read every confirmed game of a season from the scoresheets (their
last lines), rank the season (best N of M nights), rank one night, and replay the club's
ratings (the first time writing every history row, then again with the history stored, as
after each confirmed game). The season is written straight into a throwaway database
(SQLite by default, PostgreSQL when DATABASE_URL points at one): ``--players`` players over
``--nights`` nights of ``--rounds`` progressive rounds, one confirmed sheet per table. Prints
seconds against the 1 s target for the season; asserts nothing::

    python bench/events.py [--players 200] [--nights 30] [--rounds 2]
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
django.setup()

from django.db import connection  # noqa: E402

if TYPE_CHECKING:
    from club.models import Club
    from tournaments.models import Season

TARGET_SEASON_S = 1.0


def build(players: int, nights: int, rounds: int, seed: int) -> tuple[Club, Season]:
    """A club, its season and every night's rounds, tables, seats and confirmed sheets."""
    from club.models import Club, Membership, Player
    from scoring.models import Entry, HandLine, Scoresheet, SheetStatus
    from tournaments.models import Entrant, Event, Match, Round, Season, Seating, Table

    rng = random.Random(seed)
    club = Club.objects.create(name="Bench club", slug="bench")
    people = Player.objects.bulk_create(Player(display_name=f"P{n}") for n in range(players))
    Membership.objects.bulk_create(Membership(club=club, player=p) for p in people)
    season = Season.objects.create(
        club=club,
        name="Bench league",
        format="progressive",
        best_of=max(1, nights - 5),
        tiebreaks=["points", "games_won", "point_differential"],
    )
    start = datetime.date(2026, 1, 6)
    for night in range(nights):
        event = Event.objects.create(
            club=club,
            season=season,
            name=f"Night {night + 1}",
            date=start + datetime.timedelta(weeks=night),
            format="progressive",
            game="auction45",
            options={},
            seed=night,
            status="finished",
            tiebreaks=["points", "games_won", "point_differential"],
        )
        entrants = Entrant.objects.bulk_create(
            Entrant(event=event, player=p, name=p.display_name, checked_in=True) for p in people
        )
        for number in range(1, rounds + 1):
            round_ = Round.objects.create(event=event, number=number, status="finished")
            order = entrants[:]
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=t + 1) for t in range(len(order) // 4)
            )
            sheets = Scoresheet.objects.bulk_create(
                Scoresheet(
                    club=club,
                    game="auction45",
                    options={},
                    target=120,
                    status=SheetStatus.CONFIRMED,
                    winners=[0],
                )
                for _ in tables
            )
            Match.objects.bulk_create(
                Match(round=round_, table=t, sheet=s) for t, s in zip(tables, sheets, strict=True)
            )
            seats = []
            lines = []
            for t, (table, sheet) in enumerate(zip(tables, sheets, strict=True)):
                for seat in range(4):
                    entrant = order[t * 4 + seat]
                    seats.append(
                        Seating(
                            round=round_,
                            table=table,
                            seat=seat,
                            side=seat % 2,
                            entrant=entrant,
                            player_id=entrant.player_id,
                            deals_first=seat == 0,
                        )
                    )
                scores = [120 + 5 * rng.randrange(6), 5 * rng.randrange(-6, 24)]
                # Only a sheet's last line is read; about 20 lines precede it in a real game.
                lines.append(
                    HandLine(
                        sheet=sheet,
                        entry=Entry.PRIMARY,
                        number=20,
                        line={},
                        delta=[0, 0],
                        scores_after=scores,
                        tally_after={},
                    )
                )
            Seating.objects.bulk_create(seats)
            HandLine.objects.bulk_create(lines)
    return club, season


def timed(label: str, work: Callable[[], str]) -> float:
    began = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - began
    print(f"  {label:<44} {seconds:7.3f} s   {result}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    old_name = connection.settings_dict["NAME"]
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from tournaments.models import Event
        from tournaments.services.ratings import club_ratings_update
        from tournaments.services.standings import (
            event_standings_recompute,
            season_standings_recompute,
        )

        club, season = build(args.players, args.nights, args.rounds, args.seed)
        games = args.nights * args.rounds * (args.players // 4)
        print(
            f"Events on {connection.vendor} ({test_name}): {args.players} players, "
            f"{args.nights} nights of {args.rounds} rounds, {games} games (about {games * 20:,} "
            "hand lines)"
        )
        night = Event.objects.filter(season=season).order_by("date").last()
        assert night is not None
        seconds = timed(
            "season standings (read + best N of M)",
            lambda: f"{season_standings_recompute(season=season).games_counted} games",
        )
        timed(
            "one night's standings",
            lambda: f"{event_standings_recompute(event=night).games_counted} games",
        )
        timed(
            "club ratings, every game replayed", lambda: f"{club_ratings_update(club=club)} games"
        )
        timed(
            "club ratings again (history already stored)",
            lambda: f"{club_ratings_update(club=club)} games",
        )
        verdict = "ok" if seconds < TARGET_SEASON_S else "SLOW"
        print(
            f"season standings: {seconds:.3f} s against the {TARGET_SEASON_S:g} s target: {verdict}"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
