"""Online tables: a game played live in the browser, kept as an append-only action log.

Vocabulary:
- *table*: one game at a virtual table, with its seats, a schedule and a scoresheet. Its live
  state is never stored: it is the replay of the action log (event sourcing), so a restart, a
  reconnect or a second server process loses nothing.
- *seat*: a place at the table (engine seat number, from 0), taken by a club player or by a
  computer player (a *bot*, named as ``tables.bot_moves`` knows them). A player who is away
  longer than the table's grace time is played for by a bot until they return.
- *hand*: one deal of the table's game: its dealer, the seed its deal is shuffled from and the
  tally before it, enough to deal it again exactly.
- *action*: one move in the engine's one-line notation (``"2 play 5H"``). ``seq`` numbers the
  actions of a table from 1 without gaps; ``LiveTable.seq`` is the number of the last one, and
  every client sends the ``seq`` it saw with each action, so a stale or repeated action is
  refused instead of applied twice.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.clocks import grace_seconds_field, turn_seconds_field
from club.models import Club, Player


def new_seed() -> int:
    """A random seed for a table's deals: 53 bits, so it fits every database's bigint."""
    return secrets.randbits(53)


class TableStatus(models.TextChoices):
    SCHEDULED = "scheduled", gettext_lazy("scheduled")
    OPEN = "open", gettext_lazy("open")
    PLAYING = "playing", gettext_lazy("playing")
    PAUSED = "paused", gettext_lazy("paused")
    FINISHED = "finished", gettext_lazy("finished")
    ABANDONED = "abandoned", gettext_lazy("abandoned")


class TableKind(models.TextChoices):
    """Who set the table up, and so who may see it and what it counts for."""

    DIRECTED = "directed", gettext_lazy("set up by a director")
    MATCH = "match", gettext_lazy("an event's match")
    PRACTICE = "practice", gettext_lazy("practice")
    FRIENDLY = "friendly", gettext_lazy("friendly game")


#: Tables a member starts: they count in no standings, and the club's limit counts them.
MEMBER_KINDS = (TableKind.PRACTICE, TableKind.FRIENDLY)


class Unanswered(models.TextChoices):
    """What an invited seat becomes when its invitee declines or does not answer in time."""

    COMPUTER = "computer", gettext_lazy("a computer plays it")
    OPEN = "open", gettext_lazy("it opens for any member")


#: A table in one of these owns its scoresheet: only the table writes its lines then.
SHEET_OWNING = (TableStatus.PLAYING, TableStatus.PAUSED)
#: A table in one of these is over for good.
ENDED = (TableStatus.FINISHED, TableStatus.ABANDONED)


class LiveTableQuerySet(models.QuerySet["LiveTable"]):
    def for_club(self, club: Club) -> LiveTableQuerySet:
        return self.filter(club=club)

    def not_finished(self) -> LiveTableQuerySet:
        return self.exclude(status__in=ENDED)

    def owning_sheets(self) -> LiveTableQuerySet:
        """Tables that own their scoresheet now: played or paused, or an event's match table
        open and waiting for its players (its sheet is the table's to write, not a phone's)."""
        waiting = Q(status=TableStatus.OPEN, match__isnull=False)
        return self.filter(Q(status__in=SHEET_OWNING) | waiting, scoresheet__isnull=False)

    def due(self, now: object) -> LiveTableQuerySet:
        """Scheduled tables whose time has come (``now`` is an aware datetime)."""
        return self.filter(status=TableStatus.SCHEDULED, scheduled_at__lte=now)


class LiveTable(models.Model):
    Status = TableStatus

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="live_tables"
    )
    title = models.CharField(
        "title", max_length=120, blank=True, help_text=gettext_lazy("E.g. 'Table 3'.")
    )
    scoresheet = models.OneToOneField(
        "scoring.Scoresheet",
        verbose_name="scoresheet",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="live_table",
        help_text=gettext_lazy(
            "The sheet each finished hand is written to, as a paper line would be."
        ),
    )
    match = models.OneToOneField(
        "tournaments.Match",
        verbose_name=gettext_lazy("tournament match"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="live_table",
        help_text=gettext_lazy(
            "The match of an event played at this table; its sheet gets the hands."
        ),
    )
    kind = models.CharField("kind", max_length=20, choices=TableKind, default=TableKind.DIRECTED)
    bot_name = models.CharField(
        gettext_lazy("computer player"),
        max_length=20,
        blank=True,
        help_text=gettext_lazy(
            "The computer the host chose: it takes a seat whose invitee declines or does "
            "not answer, and the seat of a player who leaves."
        ),
    )
    if_unanswered = models.CharField(
        gettext_lazy("a seat not accepted"),
        max_length=20,
        choices=Unanswered,
        default=Unanswered.COMPUTER,
    )
    next_table = models.OneToOneField(
        "self",
        verbose_name=gettext_lazy("next game"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="previous_table",
        help_text=gettext_lazy("The table its players went on to with “Play again”."),
    )
    rule_set_name = models.CharField(
        "rules",
        max_length=80,
        blank=True,
        help_text=gettext_lazy("The rule set's name when the table began."),
    )
    game = models.CharField("game", max_length=20, help_text=gettext_lazy("The engine's game id."))
    options = models.JSONField(
        "options",
        default=dict,
        help_text=gettext_lazy("Every option value of the game, defaults included."),
    )
    scheduled_at = models.DateTimeField(
        gettext_lazy("scheduled for"),
        help_text=gettext_lazy("When the table opens for its players to sit down."),
    )
    status = models.CharField(
        "status", max_length=20, choices=Status.choices, default=Status.SCHEDULED
    )
    seed = models.BigIntegerField(
        "seed",
        default=new_seed,
        help_text=gettext_lazy("Every deal of the table is shuffled from this."),
    )
    first_dealer = models.PositiveSmallIntegerField(gettext_lazy("first dealer"), default=0)
    turn_seconds = turn_seconds_field()
    grace_seconds = grace_seconds_field()
    hand_number = models.PositiveIntegerField(
        "hand",
        default=0,
        help_text=gettext_lazy("The hand being played, from 1; 0 before the game starts."),
    )
    seq = models.PositiveIntegerField(
        "actions",
        default=0,
        help_text=gettext_lazy("Number of the last action in the table's log."),
    )
    clock_due_at = models.DateTimeField(
        gettext_lazy("turn clock runs out"),
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "When the player to act runs out of time, set with each action; the "
            "beat's sweep plays for them then (empty: nobody's clock is running)."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="host",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("created", auto_now_add=True)
    started_at = models.DateTimeField("started", null=True, blank=True)
    finished_at = models.DateTimeField("finished", null=True, blank=True)

    objects = LiveTableQuerySet.as_manager()

    class Meta:
        verbose_name = "online table"
        verbose_name_plural = "online tables"
        ordering = ["scheduled_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=TableStatus.values), name="livetable_status_known"
            ),
            models.CheckConstraint(condition=~Q(game=""), name="livetable_game_not_blank"),
            models.CheckConstraint(
                condition=Q(kind__in=TableKind.values), name="livetable_kind_known"
            ),
        ]
        # The clocks' sweep looks among the tables being played. Not an index on the due time:
        # that changes with every action, and an index on it would cost every action's update.
        indexes = [models.Index(fields=["status"], name="livetable_status")]

    def __str__(self) -> str:
        return self.title or f"Table {self.pk}"

    @property
    def is_playing(self) -> bool:
        return self.status == TableStatus.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == TableStatus.FINISHED

    @property
    def is_paused(self) -> bool:
        return self.status == TableStatus.PAUSED

    @property
    def is_ended(self) -> bool:
        """Finished or abandoned: nothing more is played here."""
        return self.status in ENDED

    @property
    def is_members(self) -> bool:
        """A member's practice or friendly table (not a director's, nor an event's)."""
        return self.kind in MEMBER_KINDS


class TableSeat(models.Model):
    table = models.ForeignKey(
        LiveTable, verbose_name="table", on_delete=models.CASCADE, related_name="seats"
    )
    index = models.PositiveSmallIntegerField(
        "seat", help_text=gettext_lazy("The engine's seat number, from 0.")
    )
    player = models.ForeignKey(
        Player,
        verbose_name="player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="table_seats",
    )
    bot_name = models.CharField(
        gettext_lazy("computer player"),
        max_length=20,
        blank=True,
        help_text=gettext_lazy(
            "The computer player in this seat, or the one that stands in for the player."
        ),
    )
    bot_playing = models.BooleanField(
        gettext_lazy("computer playing"),
        default=False,
        help_text=gettext_lazy(
            "The player is away past the grace time; the computer plays until they return."
        ),
    )
    connections = models.PositiveSmallIntegerField(
        gettext_lazy("open connections"),
        default=0,
        help_text=gettext_lazy("The player's open table pages."),
    )
    last_seen = models.DateTimeField(gettext_lazy("last seen"), null=True, blank=True)

    class Meta:
        verbose_name = "seat"
        verbose_name_plural = "seats"
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="tableseat_once_per_table"),
            models.UniqueConstraint(
                fields=["table", "player"],
                condition=Q(player__isnull=False),
                name="tableseat_player_once_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.index + 1}"

    @property
    def is_bot(self) -> bool:
        """A computer player's own seat (nobody sits there)."""
        return self.player_id is None and bool(self.bot_name)

    @property
    def is_empty(self) -> bool:
        return self.player_id is None and not self.bot_name

    @property
    def bot_acts(self) -> bool:
        """Whether the computer chooses this seat's actions now."""
        return self.is_bot or (self.player_id is not None and self.bot_playing)


class TableHand(models.Model):
    table = models.ForeignKey(
        LiveTable, verbose_name="table", on_delete=models.CASCADE, related_name="hands"
    )
    number = models.PositiveIntegerField(
        "hand", help_text=gettext_lazy("From 1, as on the scoresheet.")
    )
    dealer = models.PositiveSmallIntegerField("dealer")
    seed = models.BigIntegerField("seed", help_text=gettext_lazy("The deal is shuffled from this."))
    tally_before = models.JSONField(
        gettext_lazy("tally before"),
        help_text=gettext_lazy("Scores, sets and sets in a row per side before the hand."),
    )
    first_seq = models.PositiveIntegerField(
        gettext_lazy("first action"),
        help_text=gettext_lazy("The seq the hand's first action gets."),
    )
    result = models.JSONField(
        "result", null=True, blank=True, help_text=gettext_lazy("The engine's result.")
    )
    finished = models.BooleanField("finished", default=False)

    class Meta:
        verbose_name = "hand"
        verbose_name_plural = "hands"
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="tablehand_once_per_table"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number}"


class ActionLog(models.Model):
    class Actor(models.TextChoices):
        PLAYER = "player", gettext_lazy("player")
        BOT = "bot", gettext_lazy("computer player")
        STAND_IN = "stand_in", gettext_lazy("computer for an away player")
        CLOCK = "clock", gettext_lazy("computer when the clock ran out")

    table = models.ForeignKey(
        LiveTable, verbose_name="table", on_delete=models.CASCADE, related_name="actions"
    )
    seq = models.PositiveIntegerField(
        "seq", help_text=gettext_lazy("Number of the action at its table.")
    )
    hand = models.ForeignKey(
        TableHand, verbose_name="hand", on_delete=models.CASCADE, related_name="actions"
    )
    seat = models.PositiveSmallIntegerField("seat")
    action = models.CharField(
        "action", max_length=80, help_text=gettext_lazy("The engine's notation.")
    )
    actor = models.CharField("by", max_length=10, choices=Actor.choices, default=Actor.PLAYER)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="user",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField("at", auto_now_add=True)

    class Meta:
        verbose_name = "action"
        verbose_name_plural = "action log"
        ordering = ["table", "seq"]
        constraints = [
            # The last line of defence against a doubled action: one action per number.
            models.UniqueConstraint(fields=["table", "seq"], name="actionlog_seq_once_per_table"),
            models.CheckConstraint(
                condition=Q(actor__in=["player", "bot", "stand_in", "clock"]),
                name="actionlog_actor_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seq}: {self.action}"


class InvitationStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("waiting for an answer")
    ACCEPTED = "accepted", gettext_lazy("accepted")
    DECLINED = "declined", gettext_lazy("declined")
    EXPIRED = "expired", gettext_lazy("expired")
    WITHDRAWN = "withdrawn", gettext_lazy("withdrawn")


class TableInvitation(models.Model):
    """A member asked to sit in one seat of a table: the seat stays empty and kept for them
    until they accept (they sit), decline or let it expire (the seat becomes what the table's
    ``if_unanswered`` says), or the host withdraws it. Nobody is seated without accepting."""

    Status = InvitationStatus

    table = models.ForeignKey(
        LiveTable, verbose_name="table", on_delete=models.CASCADE, related_name="invitations"
    )
    seat = models.PositiveSmallIntegerField(
        "seat", help_text=gettext_lazy("The engine's seat number, from 0.")
    )
    player = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("invited"),
        on_delete=models.CASCADE,
        related_name="table_invitations",
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("invited by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    status = models.CharField(
        "status", max_length=20, choices=Status.choices, default=Status.PENDING
    )
    expires_at = models.DateTimeField(
        gettext_lazy("expires"),
        help_text=gettext_lazy("An invitation not answered by then lapses."),
    )
    created = models.DateTimeField("created", auto_now_add=True)
    answered_at = models.DateTimeField(gettext_lazy("answered"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("table invitation")
        verbose_name_plural = gettext_lazy("table invitations")
        ordering = ["table", "seat", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=InvitationStatus.values),
                name="tableinvitation_status_known",
            ),
            # One waiting invitation per seat, and per person at a table.
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=Q(status="pending"),
                name="tableinvitation_one_pending_per_seat",
            ),
            models.UniqueConstraint(
                fields=["table", "player"],
                condition=Q(status="pending"),
                name="tableinvitation_one_pending_per_player",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "expires_at"], name="tableinvitation_due"),
        ]

    def __str__(self) -> str:
        return f"{self.player} to {self.table}, seat {self.seat + 1}"

    @property
    def is_pending(self) -> bool:
        return self.status == InvitationStatus.PENDING


class ReviewStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("being worked out")
    DONE = "done", gettext_lazy("done")
    FAILED = "failed", gettext_lazy("failed")


class HandReview(models.Model):
    """A member's decisions in one finished hand, valued by the computer from their seat's view
    (``tables.services.advice``): worked out once in the background and kept with the hand.

    ``rows`` are data, never words: ``{"seq", "action", "best", "points", "best_points"}`` for
    each of the member's decisions the computer's choice was worth more than (the engine's
    notation and expected points per hand), so a page words them in its reader's language."""

    Status = ReviewStatus

    table = models.ForeignKey(
        LiveTable, verbose_name="table", on_delete=models.CASCADE, related_name="reviews"
    )
    hand = models.ForeignKey(
        TableHand, verbose_name="hand", on_delete=models.CASCADE, related_name="reviews"
    )
    seat = models.PositiveSmallIntegerField("seat")
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.CASCADE, related_name="hand_reviews"
    )
    status = models.CharField(
        "status", max_length=10, choices=ReviewStatus, default=ReviewStatus.PENDING
    )
    rows = models.JSONField(gettext_lazy("decisions"), default=list, blank=True)
    decisions = models.PositiveSmallIntegerField(
        gettext_lazy("decisions valued"),
        default=0,
        help_text=gettext_lazy("The member's own choices in the hand that had an alternative."),
    )
    created = models.DateTimeField("created", auto_now_add=True)
    done_at = models.DateTimeField(gettext_lazy("worked out"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("hand review")
        verbose_name_plural = gettext_lazy("hand reviews")
        ordering = ["table", "hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "player"], name="handreview_once_per_player"),
            models.CheckConstraint(
                condition=Q(status__in=ReviewStatus.values), name="handreview_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"review of {self.hand} for {self.player}"
