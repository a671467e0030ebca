"""Paper scoresheets: one game between sides, one line per hand, every line checked by the engine.

Vocabulary:
- *scoresheet*: one game between two sides (or more, cut-throat) under one rule set. The game id
  and every option value are copied onto the sheet when it starts, so a later edit of the club's
  rule set never changes a sheet already written.
- *entry*: one scorer's copy of the sheet's lines. The primary entry is the sheet; a second
  scorer may type the same sheet again as the check entry (double entry), and the two are
  compared line by line before the sheet is confirmed.
- *line*: one hand as written on paper (docs/rules.md#scoresheet-lines), stored as the dict the
  engine reads, with what the engine computed from it (change, running totals, made/set, game
  result).
- *revision*: one change of a line (added, edited, deleted, resolved) with who, when, and the
  line before and after. Deleted lines are kept, marked deleted: nothing is ever lost.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from club.models import Audited, Club, Partnership, Player, RuleSet


class SheetStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", gettext_lazy("in progress")
    FINISHED = "finished", gettext_lazy("finished")
    CONFIRMED = "confirmed", gettext_lazy("confirmed")


class Entry(models.TextChoices):
    PRIMARY = "primary", gettext_lazy("sheet")
    CHECK = "check", gettext_lazy("second entry")


class ScoresheetQuerySet(models.QuerySet["Scoresheet"]):
    def for_club(self, club: Club) -> ScoresheetQuerySet:
        return self.filter(club=club)


class Scoresheet(models.Model):
    Status = SheetStatus

    club = models.ForeignKey(
        Club, verbose_name="club", on_delete=models.CASCADE, related_name="scoresheets"
    )
    rule_set = models.ForeignKey(
        RuleSet,
        verbose_name=gettext_lazy("rule set"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="scoresheets",
        help_text=gettext_lazy(
            "The club rule set the sheet was started from (its rules are copied below)."
        ),
    )
    rule_set_name = models.CharField(
        "rules",
        max_length=80,
        blank=True,
        help_text=gettext_lazy("The rule set's name when the sheet began."),
    )
    game = models.CharField("game", max_length=20, help_text=gettext_lazy("The engine's game id."))
    options = models.JSONField(
        "options",
        default=dict,
        help_text=gettext_lazy("Every option value of the game, defaults included."),
    )
    target = models.IntegerField("target", help_text=gettext_lazy("The score that wins the game."))
    title = models.CharField(
        "title", max_length=120, blank=True, help_text=gettext_lazy("E.g. 'Table 3, round 2'.")
    )
    first_dealer = models.PositiveSmallIntegerField(
        gettext_lazy("first dealer"),
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Seat that dealt the first hand, from 0: seat 1 on the pages is 0 here."
            " The deal then passes to the left."
        ),
    )
    revision = models.PositiveIntegerField(
        "revision",
        default=0,
        help_text=gettext_lazy(
            "Counts every change of a line; a line carries the count of its last change."
        ),
    )
    status = models.CharField(
        "status", max_length=20, choices=Status.choices, default=Status.IN_PROGRESS
    )
    winners = models.JSONField(
        gettext_lazy("winning sides"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Side indexes, when the game is over."),
    )
    end_reason = models.CharField(
        gettext_lazy("how the game ended"),
        max_length=30,
        blank=True,
        help_text=gettext_lazy(
            "target, bidder_out_first, highest_score, loss_line or set_limit "
            "(docs/rules.md#game-end)."
        ),
    )
    # Reserved for tournaments: the Match this sheet scores. A plain column until the Match
    # model exists; it then becomes a foreign key on the same column.
    match_id = models.PositiveBigIntegerField(
        "match",
        null=True,
        blank=True,
        help_text=gettext_lazy("The tournament match this sheet scores."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("started by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("started", auto_now_add=True)
    updated = models.DateTimeField("changed", auto_now=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("confirmed by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    confirmed_at = models.DateTimeField("confirmed", null=True, blank=True)
    flagged_at = models.DateTimeField(
        "flagged",
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "When a table's other side disagreed with the sheet: the director looks at it."
        ),
    )
    flag_note = models.CharField("flag", max_length=200, blank=True)

    objects = ScoresheetQuerySet.as_manager()

    class Meta:
        verbose_name = "scoresheet"
        verbose_name_plural = "scoresheets"
        ordering = ["-created"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=SheetStatus.values), name="scoresheet_status_known"
            ),
            models.CheckConstraint(condition=~Q(game=""), name="scoresheet_game_not_blank"),
        ]

    def __str__(self) -> str:
        return self.title or f"Scoresheet {self.pk}"

    @property
    def is_locked(self) -> bool:
        return self.status == SheetStatus.CONFIRMED

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    def dealer_of(self, number: int, seats: int) -> int | None:
        """Who deals hand ``number`` (from 1), when the first dealer is known: the deal passes
        one seat to the left after every hand, thrown-in hands included (docs/rules.md#seats)."""
        if self.first_dealer is None:
            return None
        return (self.first_dealer + number - 1) % seats


class SheetSide(models.Model):
    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="sides"
    )
    index = models.PositiveSmallIntegerField(
        "side", help_text=gettext_lazy("The engine's side number, from 0.")
    )
    label = models.CharField(
        "name", max_length=120, help_text=gettext_lazy("How the side is written.")
    )
    partnership = models.ForeignKey(
        Partnership,
        verbose_name="partnership",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sheet_sides",
    )

    class Meta:
        verbose_name = "side"
        verbose_name_plural = "sides"
        ordering = ["sheet", "index"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "index"], name="sheetside_once_per_sheet"),
        ]

    def __str__(self) -> str:
        return self.label


class SheetSeat(models.Model):
    """Who sat in a seat (optional): lets the entry page show names instead of numbers."""

    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="seats"
    )
    seat = models.PositiveSmallIntegerField(
        "seat",
        help_text=gettext_lazy("The engine's seat number, from 0: seat 1 on the pages is 0 here."),
    )
    side = models.ForeignKey(
        SheetSide, verbose_name="side", on_delete=models.CASCADE, related_name="seats"
    )
    player = models.ForeignKey(
        Player, verbose_name="player", on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        verbose_name = "seat"
        verbose_name_plural = "seats"
        ordering = ["sheet", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "seat"], name="sheetseat_once_per_sheet"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat + 1}"


class HandLineQuerySet(models.QuerySet["HandLine"]):
    def live(self) -> HandLineQuerySet:
        return self.filter(deleted=False)


class HandLine(models.Model):
    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="lines"
    )
    entry = models.CharField("entry", max_length=10, choices=Entry, default=Entry.PRIMARY)
    number = models.PositiveIntegerField(
        "line", help_text=gettext_lazy("Hand number on the sheet, from 1.")
    )
    line = models.JSONField(
        gettext_lazy("as written"), help_text=gettext_lazy("The line as the rules engine reads it.")
    )
    # Typed copies of the main fields, for lists and queries.
    dealer = models.PositiveSmallIntegerField("dealer", null=True, blank=True)
    bidder = models.PositiveSmallIntegerField("bidder", null=True, blank=True)
    bid = models.IntegerField("bid", null=True, blank=True)
    trump = models.CharField("trump", max_length=3, blank=True)
    passed_out = models.BooleanField(gettext_lazy("passed out"), default=False)
    dealer_changed = models.BooleanField(
        gettext_lazy("dealer changed"),
        default=False,
        help_text=gettext_lazy(
            "The line's dealer is not the one in turn, as written on purpose (a "
            "misdeal): the rotation goes on from this dealer (scoring.rotation)."
        ),
    )
    # What the engine computed.
    made = models.BooleanField(
        "made", null=True, blank=True, help_text=gettext_lazy("Empty: thrown in.")
    )
    delta = models.JSONField("change", help_text=gettext_lazy("Score change per side."))
    scores_after = models.JSONField(
        "totals", help_text=gettext_lazy("Running totals per side after the hand.")
    )
    tally_after = models.JSONField(
        "tally", help_text=gettext_lazy("Scores, sets and sets in a row per side after the hand.")
    )
    result = models.JSONField(
        gettext_lazy("game result"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Winners and reason if the hand ends it."),
    )
    deleted = models.BooleanField("deleted", default=False)
    client_key = models.CharField(
        gettext_lazy("sent as"),
        max_length=64,
        blank=True,
        help_text=gettext_lazy(
            "The key the sending phone or program made for this line: the same line"
            " sent again (a retry after a dropped connection) is found by it, not "
            "added twice."
        ),
    )
    # The sheet's revision when this line last changed: a form or API call that edits "line 3
    # as of version 17" is refused if line 3 changed (or another line took its number) since.
    version = models.PositiveIntegerField("version", default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField("entered", auto_now_add=True)
    updated = models.DateTimeField("changed", auto_now=True)

    objects = HandLineQuerySet.as_manager()

    class Meta:
        verbose_name = "hand line"
        verbose_name_plural = "hand lines"
        ordering = ["sheet", "entry", "number", "pk"]
        constraints = [
            # One live line per number: two people adding "line 5" at once cannot both win.
            models.UniqueConstraint(
                fields=["sheet", "entry", "number"],
                condition=Q(deleted=False),
                name="handline_number_once_per_entry",
            ),
            models.CheckConstraint(
                condition=Q(entry__in=Entry.values), name="handline_entry_known"
            ),
            # Deleted lines keep their key: a retry of a line since deleted is not added again.
            models.UniqueConstraint(
                fields=["sheet", "client_key"],
                condition=~Q(client_key=""),
                name="handline_client_key_once_per_sheet",
            ),
        ]

    def __str__(self) -> str:
        return f"line {self.number}"

    @property
    def mode(self) -> str:
        return str(self.line.get("mode") or "")

    def side_values(self, key: str) -> list[Any]:
        value = self.line.get(key)
        return list(value) if isinstance(value, list) else []


class LineRevision(Audited):
    class Action(models.TextChoices):
        ADD = "add", gettext_lazy("added")
        EDIT = "edit", gettext_lazy("corrected")
        DELETE = "delete", gettext_lazy("deleted")
        RESOLVE = "resolve", gettext_lazy("resolved")

    line = models.ForeignKey(
        HandLine, verbose_name="line", on_delete=models.CASCADE, related_name="revisions"
    )
    action = models.CharField("action", max_length=10, choices=Action.choices)
    before = models.JSONField("before", null=True, blank=True)
    after = models.JSONField("after", null=True, blank=True)
    note = models.CharField("note", max_length=200, blank=True)

    class Meta:
        verbose_name = "line revision"
        verbose_name_plural = "line revisions"
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.line}: {self.get_action_display()}"


class SheetUnlock(Audited):
    """A director reopened a confirmed sheet: who, when and why."""

    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="unlocks"
    )
    reason = models.CharField("reason", max_length=300)

    class Meta:
        verbose_name = "unlock"
        verbose_name_plural = "unlocks"
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.sheet} unlocked"


class SheetConfirmation(Audited):
    """A sheet was confirmed: who (the signed-in user, if any) and, for a table's phone, which
    code and phone (``note``, as a table's lines name them). The sheet keeps only its last
    confirmation; this keeps each, unlocks in between included."""

    sheet = models.ForeignKey(
        Scoresheet,
        verbose_name="scoresheet",
        on_delete=models.CASCADE,
        related_name="confirmations",
    )
    note = models.CharField("note", max_length=200, blank=True)

    class Meta:
        verbose_name = "confirmation"
        verbose_name_plural = "confirmations"
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.sheet} confirmed"


class FlagCleared(Audited):
    """A director dealt with a flagged sheet (a table's sides disagreed) and cleared the flag:
    what the flag said, when it was raised, and what the director wrote."""

    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="flags"
    )
    flagged_at = models.DateTimeField("flagged")
    flag_note = models.CharField("flag", max_length=200, blank=True)
    reason = models.CharField("what was done", max_length=300, blank=True)

    class Meta:
        verbose_name = "flag cleared"
        verbose_name_plural = "flags cleared"
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.sheet}: flag cleared"


class Resolution(Audited):
    """A director's choice between the two entries for one differing line."""

    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="resolutions"
    )
    number = models.PositiveIntegerField("line")
    chosen = models.CharField(gettext_lazy("version kept"), max_length=10, choices=Entry)
    primary_version = models.JSONField(gettext_lazy("sheet's version"), null=True, blank=True)
    check_version = models.JSONField(gettext_lazy("second entry's version"), null=True, blank=True)

    class Meta:
        verbose_name = "resolution"
        verbose_name_plural = "resolutions"
        ordering = ["at", "number"]

    def __str__(self) -> str:
        return f"line {self.number}: {self.chosen}"


# The table codes live in their own module; imported here so Django finds the model.
from scoring.table_code_model import TableCode  # noqa: E402

__all__ = ["TableCode"]
