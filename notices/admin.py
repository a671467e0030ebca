"""Admin pages for notices: read-only, to see who was told what and when."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from notices.models import Notice


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ["kind", "key", "player", "email", "claimed_at", "sent_at"]
    list_filter = ["kind"]
    search_fields = ["key", "email", "player__display_name"]
    readonly_fields = ["kind", "key", "player", "email", "claimed_at", "sent_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
