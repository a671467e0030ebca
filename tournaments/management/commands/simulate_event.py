"""``manage.py simulate_event``: play a whole event from random but valid scoresheets.

Examples::

    manage.py simulate_event --format progressive --game auction45 --entrants 12 --rounds 4
    manage.py simulate_event --format swiss --game bidwhist --entrants 8 --rounds 3 --seed 7
    manage.py simulate_event --format cutthroat --game pitch52 --options '{"players": 3}' \\
        --entrants 9 --rounds 3

Pairing and standings go through the real Celery tasks: eagerly in the embedded default, or on
a worker when a broker is configured (the command then waits for each job).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.text import slugify

from club import rule_sets
from club import services as club_services
from club.models import Club, RuleSet
from engine.rules import GAMES
from engine.rules.words import counted
from tournaments.errors import TournamentError
from tournaments.models import EventFormat, StandingsSnapshot
from tournaments.simulate import event_simulate

SIMULATION_CLUB = "simulation"


class Command(BaseCommand):
    help = "Play a whole event (any format, any game) from random valid scoresheets."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", default=SIMULATION_CLUB, help="Club slug (made if missing).")
        parser.add_argument("--format", choices=EventFormat.values, default="progressive")
        parser.add_argument("--game", choices=sorted(GAMES), default="auction45")
        parser.add_argument(
            "--options", default="{}", help="Game options as JSON, e.g. '{\"players\": 3}'."
        )
        parser.add_argument("--rules", default="", help="Name of a rule set of the club.")
        parser.add_argument(
            "--entrants",
            type=int,
            default=8,
            help="Players, or partnerships (partnership formats).",
        )
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--name", default="")
        parser.add_argument(
            "--in-progress",
            action="store_true",
            help="Leave one more round paired and half entered: a night in progress.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = self._club(options["club"])
        rule_set = self._rules(club, options)
        try:
            done = event_simulate(
                club=club,
                format=options["format"],
                entrants=options["entrants"],
                rounds=options["rounds"],
                seed=options["seed"],
                rule_set=rule_set,
                name=options["name"],
                in_progress=options["in_progress"],
            )
        except TournamentError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        event = done.event
        self.stdout.write(
            f"{event} ({event.get_format_display()}, {event.rule_set_name}): "
            f"{counted(done.rounds, 'round')}, {counted(done.sheets, 'scoresheet')}, "
            f"{counted(done.lines, 'line')}; status {event.status}"
        )
        standings = StandingsSnapshot.objects.filter(event=event).first()
        if standings is None:
            return
        for row in standings.rows[:10]:
            figures = ", ".join(f"{c['label']} {row['shown'][c['key']]}" for c in standings.columns)
            self.stdout.write(f"  {row['rank']:>3}. {row['name']}: {figures}")

    def _club(self, slug: str) -> Club:
        club = Club.objects.filter(slug=slug).first()
        if club is not None:
            return club
        if slug != SIMULATION_CLUB:
            raise CommandError(f"There is no club {slug!r}.")
        return club_services.club_create(name="Simulation club", slug=SIMULATION_CLUB)

    def _rules(self, club: Club, options: dict[str, Any]) -> RuleSet:
        if options["rules"]:
            found = RuleSet.objects.filter(club=club, name=options["rules"]).first()
            if found is None:
                raise CommandError(f"{club} has no rule set {options['rules']!r}.")
            return found
        try:
            game_options = json.loads(options["options"])
        except json.JSONDecodeError as error:
            raise CommandError(f"--options is not JSON: {error}") from error
        suffix = slugify(json.dumps(game_options, sort_keys=True))[:30]
        name = f"Simulated {options['game']} {suffix}".strip()[:80]
        found = RuleSet.objects.filter(club=club, name=name).first()
        if found is not None:
            return found
        try:
            return rule_sets.rule_set_create(
                club=club, name=name, game=options["game"], options=game_options
            )
        except Exception as error:
            raise CommandError(f"These rules are refused: {error}") from error
