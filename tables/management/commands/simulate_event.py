"""``manage.py simulate_event``: play a whole event from random but valid scoresheets.

Examples::

    manage.py simulate_event --format progressive --game auction45 --entrants 12 --rounds 4
    manage.py simulate_event --format swiss --game bidwhist --entrants 8 --rounds 3 --seed 7
    manage.py simulate_event --format cutthroat --game pitch52 --options '{"players": 3}' \\
        --entrants 9 --rounds 3
    manage.py simulate_event --format swiss --entrants 8 --rounds 3 --online

Pairing and standings go through the real Celery tasks: eagerly in the embedded default, or on
a worker when a broker is configured (the command then waits for each job).

With ``--online`` the event is played online, every match at a live table with the computer in
every seat (``tables.simulate``): the command then also prints each round's tables and hands,
and the time taken. It lives with the tables, which may use the events' services, while the
events' app may not use the tables.
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.text import slugify

from club import rule_sets
from club import services as club_services
from club.errors import DomainError
from club.models import Club, RuleSet
from engine.rules import GAMES
from engine.rules.words import counted
from tables.simulate import RoundTables, event_simulate_online
from tournaments.models import EventFormat, StandingsSnapshot
from tournaments.simulate import Simulated, event_simulate

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
        parser.add_argument(
            "--online",
            action="store_true",
            help="Play every match at a live table, the computer in every seat.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = self._club(options["club"])
        rule_set = self._rules(club, options)
        wall, cpu = time.perf_counter(), time.process_time()
        kwargs = {
            "club": club,
            "format": options["format"],
            "entrants": options["entrants"],
            "rounds": options["rounds"],
            "seed": options["seed"],
            "rule_set": rule_set,
            "name": options["name"],
            "in_progress": options["in_progress"],
        }
        tables: list[RoundTables] = []
        try:
            if options["online"]:
                done, tables = event_simulate_online(**kwargs)
            else:
                done = event_simulate(**kwargs)
        except DomainError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        self._report(done)
        if options["online"]:
            self._report_online(tables, time.perf_counter() - wall, time.process_time() - cpu)

    def _report(self, done: Simulated) -> None:
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

    def _report_online(self, rounds: list[RoundTables], wall: float, cpu: float) -> None:
        for played in rounds:
            waiting = (
                f", {counted(played.waiting, 'table')} waiting for "
                f"{'its' if played.waiting == 1 else 'their'} players"
                if played.waiting
                else ""
            )
            self.stdout.write(
                f"Round {played.number} online: {counted(played.tables, 'table')}, "
                f"{counted(played.hands, 'hand')} played{waiting}"
            )
        elsewhere = (
            "" if settings.CELERY_TASK_ALWAYS_EAGER else " (the worker's CPU time is not counted)"
        )
        self.stdout.write(
            f"Wall time {wall:.1f} s, CPU time {cpu:.1f} s in this process{elsewhere}"
        )

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
