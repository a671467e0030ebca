"""Admin pages for events: the back office for looking at rows and fixing data by hand."""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import (
    Entrant,
    Event,
    Job,
    PlayerRating,
    Round,
    Season,
    SeatingChange,
    StandingsSnapshot,
    Substitution,
)


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["name", "partnership", "player", "seed", "checked_in", "withdrawn"]
    raw_id_fields = ["partnership", "player"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "format", "best_of", "created"]
    list_filter = ["format"]
    search_fields = ["name", "club__name"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "format", "status", "season"]
    list_filter = ["status", "format", "game"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    inlines = [EntrantInline]
    readonly_fields = ["game", "options", "seed", "fixed_order", "created"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "paired_at", "published_at"]
    list_filter = ["status"]
    search_fields = ["event__name"]


@admin.register(SeatingChange)
class SeatingChangeAdmin(admin.ModelAdmin):
    list_display = ["round", "kind", "summary", "reason", "by", "at"]
    list_filter = ["kind"]


@admin.register(Substitution)
class SubstitutionAdmin(admin.ModelAdmin):
    list_display = ["event", "entrant", "player_out", "player_in", "from_round", "reason"]


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["kind", "state", "event", "season", "attempts", "created", "finished"]
    list_filter = ["kind", "state"]
    readonly_fields = ["task_id", "created", "started", "finished"]


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ["__str__", "games_counted", "computed_at"]


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "display", "games", "updated"]
    search_fields = ["player__display_name"]
