"""Online tables in the admin: read mostly; the action log is never edited by hand."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tables.models import ActionLog, LiveTable, TableHand, TableSeat


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0
    fields = ["index", "player", "bot_name", "bot_playing", "connections", "last_seen"]
    readonly_fields = ["connections", "last_seen"]


@admin.register(LiveTable)
class LiveTableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club", "game", "scheduled_at", "status", "hand_number", "seq"]
    list_filter = ["status", "game", "club"]
    readonly_fields = ["seq", "hand_number", "seed", "scoresheet", "started_at", "finished_at"]
    inlines = [TableSeatInline]


@admin.register(TableHand)
class TableHandAdmin(admin.ModelAdmin):
    list_display = ["__str__", "table", "dealer", "finished"]
    readonly_fields = ["table", "number", "dealer", "seed", "tally_before", "first_seq", "result"]


@admin.register(ActionLog)
class ActionLogAdmin(admin.ModelAdmin):
    """The log is the table's truth: it can be read here but not changed."""

    list_display = ["table", "seq", "seat", "action", "actor", "at"]
    list_filter = ["actor"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
