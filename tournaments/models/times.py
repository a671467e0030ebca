"""Times of online matches played within a round's window.

Vocabulary:
- *proposal*: a time a player of the match offers; a player of the other side accepts or
  declines it, and its author may withdraw it while it is open.
- *current time*: the one time a match holds now (``Match.starts_at``). It is an accepted
  proposal, a director's setting, or the round's default; the database keeps at most one
  current record per match, so two acceptances racing leave exactly one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.models import Player
from tournaments.models.rounds import Match


class MatchTimeStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("waiting for an answer")
    ACCEPTED = "accepted", gettext_lazy("accepted")
    DECLINED = "declined", gettext_lazy("declined")
    WITHDRAWN = "withdrawn", gettext_lazy("withdrawn")
    LAPSED = "lapsed", gettext_lazy("lapsed")
    SET = "set", gettext_lazy("set by the director")
    DEFAULT = "default", gettext_lazy("the default time")
    SUPERSEDED = "superseded", gettext_lazy("replaced by a later time")


#: A record in one of these is the match's current time.
CURRENT = (MatchTimeStatus.ACCEPTED, MatchTimeStatus.SET, MatchTimeStatus.DEFAULT)


class MatchTime(models.Model):
    """A time proposed for an online match, or set for it."""

    Status = MatchTimeStatus

    match = models.ForeignKey(
        Match, verbose_name="match", on_delete=models.CASCADE, related_name="times"
    )
    at = models.DateTimeField(gettext_lazy("time"))
    status = models.CharField(
        "status", max_length=10, choices=MatchTimeStatus, default=MatchTimeStatus.OPEN
    )
    proposed_by = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("proposed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    answered_by = models.ForeignKey(
        Player,
        verbose_name=gettext_lazy("answered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("set by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("created", auto_now_add=True)
    answered_at = models.DateTimeField(gettext_lazy("answered"), null=True, blank=True)

    class Meta:
        verbose_name = "match time"
        verbose_name_plural = "match times"
        ordering = ["match", "created", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=MatchTimeStatus.values), name="matchtime_status_known"
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status__in=["accepted", "set", "default"]),
                name="matchtime_one_current_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.at:%Y-%m-%d %H:%M} ({self.status})"
