"""Seasons, events and who plays in them.

Vocabulary (the pairing and standings modules use the same words):
- *season*: a league: many nights over weeks, with standings across them (optionally counting
  only each entrant's best N nights).
- *event*: one league night or one one-day tournament, played in rounds under one rule set
  and one format.
- *format*: how tables are made each round: round robin, Swiss or knockout for fixed
  partnerships; progressive (new partners every round) or cut-throat for individual players.
- *entrant*: whoever the format pairs and the standings rank: a partnership, or one player.
  An entrant who is *checked in* is paired; one who *withdrew* (left early) no longer is.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.clocks import grace_seconds_field, turn_seconds_field
from club.models import Club, Partnership, Player, RuleSet


class EventFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", gettext_lazy("round robin (partnerships)")
    SWISS = "swiss", gettext_lazy("Swiss (partnerships)")
    KNOCKOUT = "knockout", gettext_lazy("knockout (partnerships)")
    PROGRESSIVE = "progressive", gettext_lazy("progressive: new partners every round")
    CUTTHROAT = "cutthroat", gettext_lazy("cut-throat: every player for themselves")


class EntrantKind(models.TextChoices):
    PARTNERSHIP = "partnership", gettext_lazy("partnerships")
    PLAYER = "player", gettext_lazy("players")


PARTNERSHIP_FORMATS = frozenset({EventFormat.ROUND_ROBIN, EventFormat.SWISS, EventFormat.KNOCKOUT})


def entrant_kind_of(event_format: str) -> EntrantKind:
    """Partnership formats pair fixed partnerships; the others pair single players."""
    if event_format in PARTNERSHIP_FORMATS:
        return EntrantKind.PARTNERSHIP
    return EntrantKind.PLAYER


class ByeScoring(models.TextChoices):
    """What a bye scores in the standings (``tournaments.standings.byes`` says exactly)."""

    NOTHING = "nothing", gettext_lazy("Nothing: not a game played")
    WIN = "win", gettext_lazy("A win: the game's target to none")
    AVERAGE = "average", gettext_lazy("The entrant's average of its other games")


class PlaysAt(models.TextChoices):
    """Where an event's rounds are played: at the hall (each table scores its sheet, on paper
    or on a phone), or online (publishing a round sets a live table for each match, which
    writes its sheet)."""

    HALL = "hall", gettext_lazy("At the hall")
    ONLINE = "online", gettext_lazy("Online, at live tables")
    BY_ROUND = "by_round", gettext_lazy("Chosen round by round, table by table")


class NoShowRule(models.TextChoices):
    """What happens at an online match when a seat is still empty after the grace time
    (``tables.services.noshow`` applies it)."""

    COMPUTER = "computer", gettext_lazy("A computer plays the seat, and the result counts")
    FORFEIT = "forfeit", gettext_lazy("The match is forfeited after the minutes below")
    DIRECTOR = "director", gettext_lazy("The director decides; the table is flagged")


class EventStatus(models.TextChoices):
    PLANNED = "planned", gettext_lazy("planned")
    RUNNING = "running", gettext_lazy("running")
    FINISHED = "finished", gettext_lazy("finished")


class Season(models.Model):
    """A league: nights (events) over weeks and the standings across them."""

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(
        "name", max_length=120, help_text=gettext_lazy("E.g. 'Winter league 2026'.")
    )
    format = models.CharField(
        "format",
        max_length=20,
        choices=EventFormat,
        default=EventFormat.PROGRESSIVE,
        help_text=gettext_lazy(
            "How the nights are played; every night of a season pairs the same kind"
            " of entrant (partnerships or players)."
        ),
    )
    rule_set = models.ForeignKey(
        RuleSet,
        verbose_name="rules",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seasons",
        help_text=gettext_lazy("The house rules new nights start from."),
    )
    best_of = models.PositiveSmallIntegerField(
        gettext_lazy("best nights counted"),
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Count only each entrant's best N nights; empty counts every night."
        ),
    )
    tiebreaks = models.JSONField(
        gettext_lazy("standings order"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Metric keys, the first deciding and each later one breaking ties."),
    )
    created = models.DateTimeField("created", auto_now_add=True)

    class Meta:
        verbose_name = "season"
        verbose_name_plural = "seasons"
        ordering = ["club", "-created"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_once_per_club"),
            models.CheckConstraint(condition=~Q(name=""), name="season_name_not_blank"),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="season_best_of_positive",
            ),
            models.CheckConstraint(
                condition=Q(format__in=EventFormat.values), name="season_format_known"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def entrant_kind(self) -> EntrantKind:
        return entrant_kind_of(self.format)


class EventQuerySet(models.QuerySet["Event"]):
    def for_club(self, club: Club) -> EventQuerySet:
        return self.filter(club=club)

    def upcoming_or_running(self) -> EventQuerySet:
        return self.exclude(status=EventStatus.FINISHED)


class Event(models.Model):
    """One league night or one tournament."""

    Format = EventFormat
    Status = EventStatus

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="events"
    )
    season = models.ForeignKey(
        Season,
        verbose_name="season",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        help_text=gettext_lazy("The league this night belongs to; empty for a one-off tournament."),
    )
    name = models.CharField(
        "name", max_length=120, help_text=gettext_lazy("E.g. 'Tuesday 14 January'.")
    )
    date = models.DateField("date")
    format = models.CharField("format", max_length=20, choices=EventFormat)
    rule_set = models.ForeignKey(
        RuleSet,
        verbose_name="rules",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        help_text=gettext_lazy(
            "The house rules; the game and options are copied below when the event "
            "is made, so a later edit of the rule set does not change it."
        ),
    )
    rule_set_name = models.CharField("rules", max_length=80, blank=True)
    game = models.CharField("game", max_length=20, help_text=gettext_lazy("The engine's game id."))
    options = models.JSONField("options", default=dict, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(
        gettext_lazy("rounds planned"),
        null=True,
        blank=True,
        help_text=gettext_lazy("How many rounds tonight, if known."),
    )
    tiebreaks = models.JSONField(
        gettext_lazy("standings order"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Metric keys, the first deciding and each later one breaking ties."),
    )
    points_cap = models.PositiveIntegerField(
        gettext_lazy("points cap"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Count at most this many points of a game in the standings."),
    )
    third_place = models.BooleanField(
        gettext_lazy("third-place match"),
        default=False,
        help_text=gettext_lazy("Knockout: the losing semi-finalists play."),
    )
    bye_scores = models.CharField(
        gettext_lazy("a bye scores"),
        max_length=10,
        choices=ByeScoring,
        default=ByeScoring.NOTHING,
        help_text=gettext_lazy(
            "What an entrant left out of a round (an odd field) gets in the standings."
        ),
    )
    plays_at = models.CharField(
        gettext_lazy("rounds played"), max_length=10, choices=PlaysAt, default=PlaysAt.HALL
    )
    turn_seconds = turn_seconds_field()
    grace_seconds = grace_seconds_field()
    no_show = models.CharField(
        gettext_lazy("when a seat stays empty"),
        max_length=10,
        choices=NoShowRule,
        default=NoShowRule.COMPUTER,
        help_text=gettext_lazy("Online matches: what happens after the grace time."),
    )
    forfeit_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("forfeit after (minutes)"),
        default=15,
        help_text=gettext_lazy(
            "Online matches under the forfeit rule: minutes after the table opens; the"
            " absent side loses, the other scores as a bye does."
        ),
    )
    pairs_itself = models.BooleanField(
        gettext_lazy("pairs the next round itself"),
        default=False,
        help_text=gettext_lazy("When the last match of a round is confirmed."),
    )
    publishes_itself = models.BooleanField(
        gettext_lazy("publishes a round it paired itself"),
        default=False,
        help_text=gettext_lazy("Online rounds open at once, with the last round's window length."),
    )
    status = models.CharField(
        "status", max_length=20, choices=EventStatus, default=EventStatus.PLANNED
    )
    seed = models.PositiveIntegerField(
        gettext_lazy("draw seed"),
        help_text=gettext_lazy(
            "Seeds every draw of the event (seats, first dealers, lots), so pairing"
            " the same round again gives the same tables."
        ),
    )
    fixed_order = models.JSONField(
        gettext_lazy("draw order"),
        default=list,
        blank=True,
        help_text=gettext_lazy(
            "Entrant ids fixed when round 1 was paired: round robin places or knockout seeds."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("created", auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = "event"
        verbose_name_plural = "events"
        ordering = ["-date", "-pk"]
        constraints = [
            models.CheckConstraint(condition=~Q(name=""), name="event_name_not_blank"),
            models.CheckConstraint(condition=~Q(game=""), name="event_game_not_blank"),
            models.CheckConstraint(
                condition=Q(format__in=EventFormat.values), name="event_format_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=EventStatus.values), name="event_status_known"
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__isnull=True) | Q(rounds_planned__gte=1),
                name="event_rounds_planned_positive",
            ),
            models.CheckConstraint(
                condition=Q(points_cap__isnull=True) | Q(points_cap__gte=1),
                name="event_points_cap_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def entrant_kind(self) -> EntrantKind:
        return entrant_kind_of(self.format)

    @property
    def is_finished(self) -> bool:
        return self.status == EventStatus.FINISHED


class Entrant(models.Model):
    """A partnership or a player in one event.

    ``name`` keeps how the entrant was called when it entered, so standings stay readable if
    the partnership or player is later removed from the club.
    """

    event = models.ForeignKey(
        Event, verbose_name="event", on_delete=models.CASCADE, related_name="entrants"
    )
    partnership = models.ForeignKey(
        Partnership,
        verbose_name="partnership",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
    )
    player = models.ForeignKey(
        Player,
        verbose_name="player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
    )
    name = models.CharField("name", max_length=120)
    seed = models.PositiveSmallIntegerField(
        "seed",
        null=True,
        blank=True,
        help_text=gettext_lazy("1 is the top seed; empty: seeded by rating."),
    )
    checked_in = models.BooleanField("here", default=False)
    checked_in_at = models.DateTimeField("arrived", null=True, blank=True)
    joined_round = models.PositiveSmallIntegerField(
        gettext_lazy("first round"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Set for a late arrival."),
    )
    withdrawn = models.BooleanField("left", default=False)
    left_after_round = models.PositiveSmallIntegerField(
        gettext_lazy("left after round"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Set for an early leaver."),
    )
    created = models.DateTimeField("entered", auto_now_add=True)

    class Meta:
        verbose_name = "entrant"
        verbose_name_plural = "entrants"
        ordering = ["event", "name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(partnership__isnull=True) | Q(player__isnull=True),
                name="entrant_partnership_or_player",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="entrant_name_not_blank"),
            models.UniqueConstraint(
                fields=["event", "partnership"],
                condition=Q(partnership__isnull=False),
                name="entrant_partnership_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "player"],
                condition=Q(player__isnull=False),
                name="entrant_player_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "seed"],
                condition=Q(seed__isnull=False),
                name="entrant_seed_once_per_event",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        """Paired in the next round: here and not gone home."""
        return self.checked_in and not self.withdrawn
