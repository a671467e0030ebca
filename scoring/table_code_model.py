"""A table code: the short code printed on a sheet that opens that one sheet's entry page on
any phone, without an account (``scoring.tablecodes``).

A sheet has at most one live code; a reissued code revokes the one before, and a revoked code
is kept (lines entered with it name it in their history).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from scoring.models import Scoresheet


class TableCodeQuerySet(models.QuerySet["TableCode"]):
    def live(self) -> TableCodeQuerySet:
        return self.filter(revoked_at__isnull=True)


class TableCode(models.Model):
    sheet = models.ForeignKey(
        Scoresheet, verbose_name="scoresheet", on_delete=models.CASCADE, related_name="codes"
    )
    code = models.CharField(
        "code",
        max_length=12,
        unique=True,
        help_text=gettext_lazy(
            "As printed, e.g. K7P-3QD: letters and digits that cannot be misread."
        ),
    )
    issued_at = models.DateTimeField("issued", auto_now_add=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("issued by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    revoked_at = models.DateTimeField("revoked", null=True, blank=True)

    objects = TableCodeQuerySet.as_manager()

    class Meta:
        app_label = "scoring"
        verbose_name = "table code"
        verbose_name_plural = "table codes"
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["sheet"],
                condition=Q(revoked_at__isnull=True),
                name="tablecode_one_live_per_sheet",
            ),
        ]

    def __str__(self) -> str:
        return self.code

    @property
    def is_live(self) -> bool:
        return self.revoked_at is None
