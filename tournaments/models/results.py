"""What background work computes and how it is going.

- *standings snapshot*: the standings of one event or one season as last computed, rows kept as
  JSON so a public page reads one row, not every scoresheet.
- *job*: one piece of background work (pair a round, standings, ratings) that a page can
  follow: queued, running, done or failed, with the message to show. Jobs are rows, not only
  Celery results, so progress shows the same with eager tasks, a real worker, or after a
  restart.
- *rating*: a player's club rating (openskill ``mu`` and ``sigma``) and its history, one change
  per rated game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.models import Club, Player
from tournaments.models.events import Event, Season
from tournaments.models.rounds import Match
from tournaments.ratings import Rating


class StandingsSnapshot(models.Model):
    event = models.OneToOneField(
        Event,
        verbose_name="event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="standings",
    )
    season = models.OneToOneField(
        Season,
        verbose_name="season",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="standings",
    )
    columns = models.JSONField(
        "columns", default=list, help_text=gettext_lazy("[{key, label}, ...]")
    )
    rows = models.JSONField("rows", default=list, help_text=gettext_lazy("Best first."))
    games_counted = models.PositiveIntegerField(gettext_lazy("games counted"), default=0)
    match_ids = models.JSONField(
        "games", default=list, blank=True, help_text=gettext_lazy("The matches counted, by id.")
    )
    computed_at = models.DateTimeField("computed")

    class Meta:
        verbose_name = "standings"
        verbose_name_plural = "standings"
        constraints = [
            models.CheckConstraint(
                condition=(Q(event__isnull=False) & Q(season__isnull=True))
                | (Q(event__isnull=True) & Q(season__isnull=False)),
                name="standings_of_event_or_season",
            ),
        ]

    def __str__(self) -> str:
        return f"Standings of {self.event or self.season}"


class JobKind(models.TextChoices):
    PAIR = "pair", gettext_lazy("pairing a round")
    STANDINGS = "standings", gettext_lazy("standings")
    SEASON_STANDINGS = "season_standings", gettext_lazy("season standings")
    RATINGS = "ratings", gettext_lazy("ratings")


class JobState(models.TextChoices):
    QUEUED = "queued", gettext_lazy("waiting")
    RUNNING = "running", gettext_lazy("working")
    DONE = "done", gettext_lazy("done")
    FAILED = "failed", gettext_lazy("failed")


class JobQuerySet(models.QuerySet["Job"]):
    def active(self) -> JobQuerySet:
        return self.filter(state__in=[JobState.QUEUED, JobState.RUNNING])


class Job(models.Model):
    Kind = JobKind
    State = JobState

    club = models.ForeignKey(Club, verbose_name="club", on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(
        Event,
        verbose_name="event",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="jobs",
    )
    season = models.ForeignKey(
        Season,
        verbose_name="season",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="jobs",
    )
    kind = models.CharField("kind", max_length=20, choices=JobKind)
    round_number = models.PositiveSmallIntegerField("round", null=True, blank=True)
    state = models.CharField("state", max_length=10, choices=JobState, default=JobState.QUEUED)
    task_id = models.CharField(gettext_lazy("task id"), max_length=64, unique=True)
    message = models.TextField("message", blank=True)
    attempts = models.PositiveSmallIntegerField("attempts", default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("started by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("queued", auto_now_add=True)
    started = models.DateTimeField("started", null=True, blank=True)
    finished = models.DateTimeField("finished", null=True, blank=True)

    objects = JobQuerySet.as_manager()

    class Meta:
        verbose_name = "job"
        verbose_name_plural = "jobs"
        ordering = ["-created", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=JobKind.values), name="job_kind_known"),
            models.CheckConstraint(condition=Q(state__in=JobState.values), name="job_state_known"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.get_state_display()}"

    @property
    def is_active(self) -> bool:
        return self.state in (JobState.QUEUED, JobState.RUNNING)


class PlayerRating(models.Model):
    """A player's current rating in one club."""

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="ratings"
    )
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.CASCADE, related_name="ratings"
    )
    mu = models.FloatField("estimate")
    sigma = models.FloatField("uncertainty")
    games = models.PositiveIntegerField(gettext_lazy("rated games"), default=0)
    updated = models.DateTimeField("updated", auto_now=True)

    class Meta:
        verbose_name = "rating"
        verbose_name_plural = "ratings"
        ordering = ["club", "-mu"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="rating_once_per_club_player"),
            models.CheckConstraint(condition=Q(sigma__gt=0), name="rating_sigma_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.display}"

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)

    @property
    def display(self) -> int:
        return self.rating.display


class RatingChange(models.Model):
    """What one rated game did to one player's rating."""

    club = models.ForeignKey(Club, verbose_name="club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey(
        Match,
        verbose_name="game",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rating_changes",
    )
    event = models.ForeignKey(
        Event,
        verbose_name="event",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rating_changes",
    )
    position = models.PositiveIntegerField(
        gettext_lazy("game number"), help_text=gettext_lazy("Club-wide, oldest first.")
    )
    played_on = models.DateField(gettext_lazy("played on"))
    won = models.BooleanField("won")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        verbose_name = "rating change"
        verbose_name_plural = "rating changes"
        ordering = ["club", "position", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "position", "player"], name="ratingchange_once_per_game_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.display_change:+d}"

    @property
    def before(self) -> Rating:
        return Rating(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Rating:
        return Rating(self.mu_after, self.sigma_after)

    @property
    def display_change(self) -> int:
        return self.after.display - self.before.display
