"""Django admin for staff: tournaments with their entries and rounds, ladders with their entries; read-only
where a change would bypass the services (results, ratings), editable where staff may fix a name or pause a
ladder."""

from django.contrib import admin

from tournaments.models import Entry, Ladder, LadderEntry, Match, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False
    readonly_fields = ("seed", "rating", "registered_by", "withdrawn_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "preset", "status", "current_round", "starts_at", "created_by")
    list_filter = ("format", "status")
    search_fields = ("name",)
    readonly_fields = ("id", "format", "rules", "status", "current_round", "seed", "created_by", "started_at",
                       "finished_at")
    inlines = [EntryInline]


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    can_delete = False
    readonly_fields = ("number", "entries", "bracket", "label", "table", "status", "result", "scores", "winner")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "started_at", "finished_at")
    readonly_fields = ("tournament", "number", "deal_seed", "started_at", "finished_at")
    inlines = [MatchInline]


class LadderEntryInline(admin.TabularInline):
    model = LadderEntry
    extra = 0
    can_delete = False
    readonly_fields = ("player", "bot_level", "mu", "sigma", "rating", "games", "wins")


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ("name", "preset", "games_per_hour", "max_concurrent_games", "active")
    list_filter = ("active",)
    readonly_fields = ("id", "rules", "created_by", "created_at", "scheduled_until")
    inlines = [LadderEntryInline]
