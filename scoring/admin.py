"""Admin pages for scoresheets: read-only, for looking into a sheet. Lines change only through
the services (checked by the engine, with history), never by hand here."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import (
    FlagCleared,
    HandLine,
    LineRevision,
    Scoresheet,
    SheetConfirmation,
    SheetUnlock,
    TableCode,
)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandLineInline(ReadOnlyInline):
    model = HandLine
    fields = ["entry", "number", "line", "made", "scores_after", "deleted", "version"]


class SheetUnlockInline(ReadOnlyInline):
    model = SheetUnlock
    fields = ["at", "by", "reason"]


class SheetConfirmationInline(ReadOnlyInline):
    model = SheetConfirmation
    fields = ["at", "by", "note"]


class FlagClearedInline(ReadOnlyInline):
    model = FlagCleared
    fields = ["flagged_at", "flag_note", "at", "by", "reason"]


class TableCodeInline(ReadOnlyInline):
    model = TableCode
    fields = ["code", "issued_at", "issued_by", "revoked_at"]


@admin.register(Scoresheet)
class ScoresheetAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club", "game", "status", "flagged_at", "created"]
    list_filter = ["status", "game", "club"]
    search_fields = ["title", "club__name"]
    inlines = [
        HandLineInline,
        SheetConfirmationInline,
        SheetUnlockInline,
        TableCodeInline,
        FlagClearedInline,
    ]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(LineRevision)
class LineRevisionAdmin(admin.ModelAdmin):
    list_display = ["line", "action", "by", "at"]
    list_filter = ["action"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
