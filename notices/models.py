"""Email notices sent to players, one row per event and player.

Vocabulary:
- *notice*: one email to one player about one event, e.g. "table 12 opens soon".
- *kind*: what the event is (a table scheduled, its reminder, a round's pairings published).
- *key*: which event of that kind, as a string naming the object: ``"table:12:reminder"``.
- *claim*: the row itself. It is inserted before the email goes out, and the unique
  constraint on (kind, key, player) lets only one sender insert it, so no event reaches a
  player twice, whether a task runs twice or two workers run it at once. A claim whose email
  could not be sent is deleted again, so a retry can send it; ``sent_at`` is set once the mail
  server took the email.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.models import Player


class NoticeKind(models.TextChoices):
    TABLE_SCHEDULED = "table_scheduled", gettext_lazy("online table scheduled")
    TABLE_REMINDER = "table_reminder", gettext_lazy("online table reminder")
    PAIRINGS_PUBLISHED = "pairings_published", gettext_lazy("pairings are up")
    TABLE_INVITATION = "table_invitation", gettext_lazy("invitation to a member's table")


TABLE_KEY_SUFFIX = {NoticeKind.TABLE_SCHEDULED: "scheduled", NoticeKind.TABLE_REMINDER: "reminder"}


def table_key(table_id: int, kind: str) -> str:
    """The key of a table's notice of ``kind``: ``"table:12:reminder"``."""
    return f"table:{table_id}:{TABLE_KEY_SUFFIX[NoticeKind(kind)]}"


def invitation_key(invitation_id: int) -> str:
    """The key of an invitation's notice: ``"invitation:7"``."""
    return f"invitation:{invitation_id}"


def round_key(round_id: int) -> str:
    """The key of a round's "pairings are up" notice: ``"round:3:pairings"``."""
    return f"round:{round_id}:pairings"


class Notice(models.Model):
    Kind = NoticeKind

    kind = models.CharField("kind", max_length=30, choices=NoticeKind)
    key = models.CharField(
        "event",
        max_length=100,
        help_text=gettext_lazy(
            "Which event of this kind, e.g. 'table:12:reminder' or 'round:3:pairings'."
        ),
    )
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.CASCADE, related_name="notices"
    )
    email = models.EmailField(
        gettext_lazy("sent to"), help_text=gettext_lazy("The address the notice went to.")
    )
    claimed_at = models.DateTimeField("claimed", auto_now_add=True)
    sent_at = models.DateTimeField(
        "sent",
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "When the mail server took the email; empty while it is being sent."
        ),
    )

    class Meta:
        verbose_name = "notice"
        verbose_name_plural = "notices"
        ordering = ["-claimed_at", "pk"]
        constraints = [
            # The claim: one notice per event and player, whoever tries to send it.
            models.UniqueConstraint(
                fields=["kind", "key", "player"], name="notice_once_per_event_and_player"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=NoticeKind.values), name="notice_kind_known"
            ),
            models.CheckConstraint(condition=~Q(key=""), name="notice_key_not_blank"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.key}) to {self.player}"

    @property
    def is_sent(self) -> bool:
        return self.sent_at is not None
