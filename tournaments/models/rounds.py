"""Rounds and who sits where.

Vocabulary:
- *round*: one turn of play. A round is paired as a *draft* the director may still change
  (swap seats), then *published* (scoresheets are made, the public pairings show it), and it
  is *finished* once every one of its scoresheets is confirmed.
- *table*: one game's place in a round; its *match* is the game itself, scored on exactly one
  scoresheet.
- *seating*: one seat at a table: which entrant sits there, which player in person, on which
  side (the engine's side number), and whether that seat deals the first hand.
- *bye*: an entrant who does not play this round, and why.
- *seating change*: a director's swap or substitution, with the reason they gave.
- *substitution*: a club member playing in place of a partnership's missing player, from one
  round on.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.models import Audited, Player
from scoring.models import Scoresheet
from tournaments.models.events import Entrant, Event


class RoundStatus(models.TextChoices):
    DRAFT = "draft", gettext_lazy("draft")
    PUBLISHED = "published", gettext_lazy("published")
    FINISHED = "finished", gettext_lazy("finished")


class Round(models.Model):
    Status = RoundStatus

    event = models.ForeignKey(
        Event, verbose_name="event", on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField("round")
    status = models.CharField(
        "status", max_length=20, choices=RoundStatus, default=RoundStatus.DRAFT
    )
    reasons = models.JSONField(
        gettext_lazy("pairing notes"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Why the round came out as it did: [{code, text}, ...]."),
    )
    paired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("paired by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    paired_at = models.DateTimeField("paired", auto_now_add=True)
    published_at = models.DateTimeField("published", null=True, blank=True)
    online = models.BooleanField(
        gettext_lazy("played online"),
        default=False,
        help_text=gettext_lazy("Published with a live table for each match."),
    )
    opens_at = models.DateTimeField(
        gettext_lazy("window opens"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Online rounds played over days: the first time a match may start."),
    )
    closes_at = models.DateTimeField(
        gettext_lazy("deadline"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Online rounds played over days: every match is played by then."),
    )
    default_at = models.DateTimeField(
        gettext_lazy("default time"),
        null=True,
        blank=True,
        help_text=gettext_lazy("A match whose players agree no other time starts then."),
    )
    finished_at = models.DateTimeField("finished", null=True, blank=True)

    class Meta:
        verbose_name = "round"
        verbose_name_plural = "rounds"
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_from_1"),
            models.CheckConstraint(
                condition=Q(status__in=RoundStatus.values), name="round_status_known"
            ),
            models.CheckConstraint(
                condition=Q(opens_at__isnull=True)
                | Q(closes_at__isnull=True)
                | Q(opens_at__lt=models.F("closes_at")),
                name="round_window_opens_before_deadline",
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.status == RoundStatus.DRAFT

    @property
    def has_window(self) -> bool:
        """Played over days: its matches' players agree their times within the window."""
        return self.closes_at is not None


class Bye(models.Model):
    round = models.ForeignKey(
        Round, verbose_name="round", on_delete=models.CASCADE, related_name="byes"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name="entrant", on_delete=models.CASCADE, related_name="byes"
    )
    code = models.CharField(gettext_lazy("reason code"), max_length=40)
    text = models.CharField("reason", max_length=300)

    class Meta:
        verbose_name = "bye"
        verbose_name_plural = "byes"
        ordering = ["round", "entrant__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="bye_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} sits out {self.round}"


class Table(models.Model):
    round = models.ForeignKey(
        Round, verbose_name="round", on_delete=models.CASCADE, related_name="tables"
    )
    number = models.PositiveSmallIntegerField("table")
    reasons = models.JSONField(gettext_lazy("pairing notes"), default=list, blank=True)

    class Meta:
        verbose_name = "table"
        verbose_name_plural = "tables"
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once_per_round"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Seating(models.Model):
    # The round is repeated here (it is the table's) so the database itself refuses a player
    # seated twice in one round.
    round = models.ForeignKey(
        Round, verbose_name="round", on_delete=models.CASCADE, related_name="seatings"
    )
    table = models.ForeignKey(
        Table, verbose_name="table", on_delete=models.CASCADE, related_name="seatings"
    )
    seat = models.PositiveSmallIntegerField("seat", help_text=gettext_lazy("Clockwise from 0."))
    side = models.PositiveSmallIntegerField(
        "side", help_text=gettext_lazy("The engine's side number.")
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name="entrant", on_delete=models.CASCADE, related_name="seatings"
    )
    player = models.ForeignKey(
        Player,
        verbose_name="player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seatings",
    )
    deals_first = models.BooleanField(gettext_lazy("deals first"), default=False)

    class Meta:
        verbose_name = "seat"
        verbose_name_plural = "seats"
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="seating_seat_once_per_table"),
            models.UniqueConstraint(
                fields=["round", "player"],
                condition=Q(player__isnull=False),
                name="seating_player_once_per_round",
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(deals_first=True),
                name="seating_one_first_dealer_per_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.seat + 1}"


class TimeSource(models.TextChoices):
    """Where an online match's time came from."""

    ROUND = "round", gettext_lazy("the round's time")
    DEFAULT = "default", gettext_lazy("the default time")
    AGREED = "agreed", gettext_lazy("agreed by the players")
    DIRECTOR = "director", gettext_lazy("set by the director")


class NoShow(models.TextChoices):
    """What became of an online match with a seat still empty after the grace time."""

    NONE = "", gettext_lazy("everyone came")
    FLAGGED = "flagged", gettext_lazy("waiting for the director")
    COMPUTER = "computer", gettext_lazy("a computer played for the absent")
    FORFEIT = "forfeit", gettext_lazy("forfeited by the absent")


class Match(models.Model):
    """A table's game in a round, scored on one scoresheet (made when the round is published)."""

    TimeSource = TimeSource
    NoShow = NoShow

    round = models.ForeignKey(
        Round, verbose_name="round", on_delete=models.CASCADE, related_name="matches"
    )
    table = models.OneToOneField(
        Table, verbose_name="table", on_delete=models.CASCADE, related_name="match"
    )
    sheet = models.OneToOneField(
        Scoresheet,
        verbose_name="scoresheet",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_match",
    )
    online = models.BooleanField(
        gettext_lazy("played online"),
        default=False,
        help_text=gettext_lazy("Played at a live table, which writes its sheet."),
    )
    starts_at = models.DateTimeField(
        gettext_lazy("starts"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Online matches: when the table opens."),
    )
    time_source = models.CharField(
        gettext_lazy("time from"), max_length=10, choices=TimeSource, default=TimeSource.ROUND
    )
    no_show = models.CharField(
        gettext_lazy("no-show"), max_length=10, choices=NoShow, default=NoShow.NONE, blank=True
    )
    absent_seats = models.JSONField(
        gettext_lazy("absent seats"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Seats still empty after the grace time, from 0."),
    )

    class Meta:
        verbose_name = "match"
        verbose_name_plural = "matches"
        ordering = ["round", "table__number"]

    def __str__(self) -> str:
        return f"{self.round}, {self.table}"


class SeatingChange(Audited):
    """A director's change to a round's seats, with the reason they gave."""

    class Kind(models.TextChoices):
        SWAP = "swap", gettext_lazy("swap")
        SUBSTITUTE = "substitute", gettext_lazy("substitute")

    round = models.ForeignKey(
        Round, verbose_name="round", on_delete=models.CASCADE, related_name="changes"
    )
    kind = models.CharField("kind", max_length=20, choices=Kind.choices)
    summary = models.CharField(gettext_lazy("what changed"), max_length=300)
    # The summary is English; its code and figures word it in the reader's language
    # (tournaments.change_words). A change stored before they were kept has neither.
    code = models.CharField("code", max_length=40, blank=True)
    figures = models.JSONField("figures", default=dict, blank=True)
    reason = models.CharField("reason", max_length=300)
    before = models.JSONField("before", default=list)
    after = models.JSONField("after", default=list)

    class Meta:
        verbose_name = "seating change"
        verbose_name_plural = "seating changes"
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="seatingchange_reason_given"),
            models.CheckConstraint(
                condition=Q(kind__in=["swap", "substitute"]), name="seatingchange_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return self.summary


class Substitution(Audited):
    """A member playing for a partnership's missing player, from one round on."""

    event = models.ForeignKey(
        Event, verbose_name="event", on_delete=models.CASCADE, related_name="substitutions"
    )
    entrant = models.ForeignKey(
        Entrant, verbose_name="entrant", on_delete=models.CASCADE, related_name="substitutions"
    )
    player_out = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("missing player"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    player_in = models.ForeignKey(
        Player, verbose_name="substitute", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    from_round = models.PositiveSmallIntegerField(gettext_lazy("from round"))
    reason = models.CharField("reason", max_length=300)

    class Meta:
        verbose_name = "substitution"
        verbose_name_plural = "substitutions"
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="substitution_reason_given"),
            models.CheckConstraint(condition=Q(from_round__gte=1), name="substitution_round_1_on"),
            models.CheckConstraint(
                condition=~Q(player_out=models.F("player_in")),
                name="substitution_another_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_in} for {self.player_out}"
