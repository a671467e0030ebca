"""Admin pages for clubs: the back office for fixing data by hand."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from club.models import Club, Invitation, Membership, Partnership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "member_count", "created"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["member_count", "created"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "user", "created"]
    search_fields = ["display_name", "user__username"]
    autocomplete_fields = ["user"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "role", "created"]
    list_filter = ["role", "club"]
    search_fields = ["player__display_name", "club__name"]
    autocomplete_fields = ["club", "player"]


@admin.register(Partnership)
class PartnershipAdmin(admin.ModelAdmin):
    # The admin does not check the two-or-three-players rule; services.partnership_create does.
    list_display = ["name", "club", "created"]
    list_filter = ["club"]
    search_fields = ["name"]
    filter_horizontal = ["players"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    """Invitations are sent from the club's pages; here they are only looked at (the link's
    secret is not stored, so none could be sent from here)."""

    list_display = ["player", "club", "email", "created", "expires_at", "accepted_at", "revoked_at"]
    list_filter = ["club"]
    search_fields = ["email", "player__display_name"]
    readonly_fields = [f.name for f in Invitation._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
