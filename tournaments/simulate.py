"""Play a whole event from random but valid scoresheets: for demos, load tests and checks.

Everything goes through the same services and tasks a director's clicks use: entrants arrive,
each round is paired by the pairing task, published, every sheet is filled with hands the rules
engine deals and plays at random (so every line is one the engine accepts) until the game is
over, and confirmed, which enqueues the standings. With a real Celery worker the simulation
waits for each job as a page would.

Random play: calls lean to passing and to the lowest bid, since uniformly random bidding in
Pitch overbids so often that a game may never end; the play of the cards is uniform.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from functools import partial
from typing import TYPE_CHECKING, Protocol

from django.db import transaction
from django.utils import timezone

from club import services as club_services
from club.models import Club, Membership, Partnership, Player, RuleSet
from engine.rules import Action, Call
from engine.rules import Match as EngineMatch
from scoring import engine_bridge
from scoring.models import Scoresheet
from scoring.services import handline_add, scoresheet_confirm
from tournaments.errors import TournamentError
from tournaments.formats import game_of, layout_for
from tournaments.models import EntrantKind, Event, Job, JobKind, JobState, Match, Round, Season
from tournaments.models.events import entrant_kind_of
from tournaments.services.entrants import entrant_arrive
from tournaments.services.events import OnlinePlay, event_create, event_finish
from tournaments.services.jobs import job_enqueue, job_run_here
from tournaments.services.publish import round_publish

if TYPE_CHECKING:
    from django.contrib.auth.models import User

MAX_HANDS = 1000
JOB_TIMEOUT = 120.0
GUEST_NAMES = (
    "Ada",
    "Bram",
    "Cecile",
    "Dermot",
    "Edna",
    "Fintan",
    "Gwen",
    "Hector",
    "Ines",
    "Jarvis",
    "Kathleen",
    "Lucien",
    "Moira",
    "Nestor",
    "Odile",
    "Percy",
    "Queenie",
    "Rufus",
    "Solange",
    "Tobias",
    "Ursula",
    "Vance",
    "Winifred",
    "Xavier",
    "Yolande",
    "Zeno",
)


@dataclass(frozen=True)
class Played:
    """What one round's play filled: its sheets and their lines (hands)."""

    sheets: int
    lines: int


class RoundPlayer(Protocol):
    """Publishes a draft round and plays its first ``tables`` matches (every one: ``None``)
    to their confirmed sheets. On paper by default; the online tables bring their own
    (``tables.simulate``), since this app may not import them."""

    def __call__(self, draft: Round, *, tables: int | None = None) -> Played: ...


@dataclass
class Simulated:
    event: Event
    rounds: int = 0
    sheets: int = 0
    lines: int = 0
    jobs: list[Job] = field(default_factory=list)
    #: Each round fully played, in order.
    played: list[Played] = field(default_factory=list)

    def add(self, played: Played) -> None:
        self.played.append(played)
        self.rounds += 1
        self.sheets += played.sheets
        self.lines += played.lines


def choose_action(actions: Sequence[Action], rng: random.Random) -> Action:
    """A random legal action; calls lean to passing and to the lowest bid."""
    if isinstance(actions[0], Call):
        passes = [a for a in actions if isinstance(a, Call) and a.call == "pass"]
        bids = [a for a in actions if isinstance(a, Call) and a.call != "pass"]
        if passes and rng.random() < 0.6:
            return passes[0]
        if bids and rng.random() < 0.7:
            return bids[0]
    return rng.choice(list(actions))


def sheet_play(
    *,
    sheet: Scoresheet,
    rng: random.Random,
    by: User | None = None,
    hands: int | None = None,
) -> int:
    """Fill ``sheet`` with hands played at random until the game ends (or ``hands`` lines).

    Returns the number of lines added.

    Raises:
        TournamentError: ``endless_game`` if no side has won after ``MAX_HANDS`` hands.
    """
    game = engine_bridge.game_for(sheet)
    match = EngineMatch(game, first_dealer=sheet.first_dealer or 0)
    added = 0
    while not match.is_over:
        if added >= (hands if hands is not None else MAX_HANDS):
            if hands is not None:
                return added
            raise TournamentError("endless_game", f"{sheet} had no winner after {MAX_HANDS} hands")
        hand = match.new_hand(seed=rng.randrange(2**31))
        while not hand.is_over:
            hand.apply(choose_action(hand.legal_actions(), rng))
        assert hand.result is not None
        line = dict(hand.result.line)
        match.add_line(line)
        added += 1
        handline_add(sheet=sheet, line=line, expected_number=added, by=by)
    return added


def job_wait(job: Job, timeout: float = JOB_TIMEOUT) -> Job:
    """The job once it is over (at once with eager tasks; polling when a worker runs it).

    Raises:
        TournamentError: ``job_failed`` with the job's message, ``job_timeout``.
    """
    deadline = time.monotonic() + timeout
    while True:
        job.refresh_from_db()
        if job.state == JobState.QUEUED and transaction.get_connection().in_atomic_block:
            # Inside a transaction nothing is sent before it commits, and no worker could see
            # the rows anyway: run it here (the task sent on commit then finds it done).
            job_run_here(job=job)
            continue
        if job.state == JobState.DONE:
            return job
        if job.state == JobState.FAILED:
            raise TournamentError("job_failed", job.message)
        if time.monotonic() > deadline:
            raise TournamentError("job_timeout", f"{job} did not finish within {timeout:g} s")
        time.sleep(0.1)


def entrants_ensure(
    *, club: Club, kind: EntrantKind, count: int, side_size: int = 2
) -> list[Partnership] | list[Player]:
    """``count`` of the club's players (or partnerships), made up as guests when short."""
    if kind == EntrantKind.PLAYER:
        players = [
            m.player
            for m in Membership.objects.filter(club=club)
            .select_related("player")
            .order_by("player__display_name", "pk")
        ]
        number = 0
        while len(players) < count:
            number += 1
            name = _guest(number)
            if not Membership.objects.filter(club=club, player__display_name=name).exists():
                players.append(club_services.member_add(club=club, display_name=name).player)
        return players[:count]
    partnerships = [
        p
        for p in Partnership.objects.filter(club=club).prefetch_related("players").order_by("name")
        if p.players.count() >= side_size
    ]
    busy = {player.pk for p in partnerships[:count] for player in p.players.all()}
    number = 0
    while len(partnerships) < count:
        members: list[Player] = []
        while len(members) < side_size:
            number += 1
            name = _guest(number)
            found = Player.objects.filter(memberships__club=club, display_name=name).first()
            if found is None:
                found = club_services.member_add(club=club, display_name=name).player
            if found.pk not in busy:
                members.append(found)
                busy.add(found.pk)
        pair_name = " & ".join(p.display_name.split()[0] for p in members)
        if Partnership.objects.filter(club=club, name=pair_name).exists():
            continue
        partnerships.append(
            club_services.partnership_create(club=club, name=pair_name, players=members)
        )
    return partnerships[:count]


def _guest(number: int) -> str:
    first = GUEST_NAMES[(number - 1) % len(GUEST_NAMES)]
    return f"{first} Guest {(number - 1) // len(GUEST_NAMES) + 1}"


def event_simulate(
    *,
    club: Club,
    format: str,
    entrants: int,
    rounds: int,
    seed: int = 0,
    rule_set: RuleSet | None = None,
    game_id: str = "",
    name: str = "",
    date: Date | None = None,
    season: Season | None = None,
    event: Event | None = None,
    in_progress: bool = False,
    finish: bool = True,
    online: OnlinePlay | None = None,
    play: RoundPlayer | None = None,
    by: User | None = None,
) -> Simulated:
    """Make (or continue) an event and play ``rounds`` rounds of it to the last sheet.

    With ``in_progress`` one more round is paired and published and about half its sheets
    played, the rest left to enter, and the event is not finished: a night in progress.
    ``online`` says where a new event plays; ``play`` publishes and plays each round instead
    of filling its sheets on paper here.

    Raises:
        TournamentError: from any service on the way (too few entrants for the format, …).
    """
    rng = random.Random(seed)
    first_job = Job.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    if event is None:
        event = event_create(
            club=club,
            name=name or f"Simulated {format.replace('_', ' ')} ({seed})",
            date=date or timezone.localdate(),
            format=format,
            rule_set=rule_set,
            game_id=game_id,
            season=season,
            rounds_planned=rounds + (1 if in_progress else 0),
            seed=seed,
            online=online,
            by=by,
        )
    _entrants_arrive(club, event, entrants)
    result = Simulated(event=event)
    play_round = play or partial(_round_on_paper, rng=rng, by=by)
    for _ in range(rounds):
        result.add(play_round(_pair(event, by)))
    if in_progress:
        _round_in_progress(event, result, rng, by, play)
    if finish and not in_progress:
        event_finish(event=event, by=by)
    # Confirmations enqueue standings once they commit; ask once more so that inside a
    # transaction too the standings (then season standings and ratings) are computed now.
    job_enqueue(club=club, kind=JobKind.STANDINGS, event=event, by=by)
    result.jobs = _jobs_done(club, first_job)
    event.refresh_from_db()
    return result


def _entrants_arrive(club: Club, event: Event, entrants: int) -> None:
    """``entrants`` partnerships or players of the club (made if missing) arrive at the event."""
    layout = layout_for(event.format, game_of(event.game, event.options))
    for who in entrants_ensure(
        club=club, kind=entrant_kind_of(event.format), count=entrants, side_size=layout.side_size
    ):
        if isinstance(who, Partnership):
            entrant_arrive(event=event, partnership=who)
        else:
            entrant_arrive(event=event, player=who)


def _round_in_progress(
    event: Event,
    result: Simulated,
    rng: random.Random,
    by: User | None,
    play: RoundPlayer | None = None,
) -> None:
    """A night in progress: the first tables are over (the very first confirmed), the last
    has a few hands on its sheet, any others wait for their first line. With ``play``, the
    first half of the tables are played by it and the others wait for their players."""
    draft = _pair(event, by)
    if play is not None:
        played = play(draft, tables=(Match.objects.filter(round=draft).count() + 1) // 2)
        result.sheets, result.lines = result.sheets + played.sheets, result.lines + played.lines
        return
    matches = _matches(round_publish(round_=draft, by=by))
    half = (len(matches) + 1) // 2
    for index, match in enumerate(matches):
        assert match.sheet is not None
        if index < half:
            result.lines += sheet_play(sheet=match.sheet, rng=rng, by=by)
            if index == 0:
                scoresheet_confirm(sheet=match.sheet, by=by)
        elif index == len(matches) - 1:
            result.lines += sheet_play(sheet=match.sheet, rng=rng, by=by, hands=3)
        result.sheets += 1


def _jobs_done(club: Club, first_job: int) -> list[Job]:
    """The club's jobs since ``first_job``, once they are all done: jobs enqueue follow-ups
    (season standings, ratings), so this waits until none is left."""
    while (
        pending := Job.objects.filter(club=club, pk__gt=first_job).active().order_by("pk").first()
    ) is not None:
        job_wait(pending)
    return list(Job.objects.filter(club=club, pk__gt=first_job).order_by("pk"))


def _pair(event: Event, by: User | None) -> Round:
    """The event's next round, paired by the pairing task: a draft."""
    number = event.rounds.count() + 1
    job = job_enqueue(club=event.club, kind=JobKind.PAIR, event=event, round_number=number, by=by)
    job_wait(job)
    return Round.objects.get(event=event, number=number)


def _round_on_paper(
    draft: Round, *, rng: random.Random, by: User | None, tables: int | None = None
) -> Played:
    """Publish the round and fill its first ``tables`` sheets (all: ``None``), confirmed."""
    matches = _matches(round_publish(round_=draft, by=by))
    lines = 0
    for match in matches[:tables]:
        assert match.sheet is not None
        lines += sheet_play(sheet=match.sheet, rng=rng, by=by)
        scoresheet_confirm(sheet=match.sheet, by=by)
    return Played(sheets=len(matches[:tables]), lines=lines)


def _matches(round_: Round) -> list[Match]:
    return list(
        Match.objects.filter(round=round_).select_related("sheet").order_by("table__number")
    )
