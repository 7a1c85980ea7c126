"""Django admin for staff: players (revoke by unticking is_active), tables with their seats, the action log
and finished hands, all read-only where a change would bypass the services."""

from django.contrib import admin

from games.models import Action, Hand, Player, Seat, Table


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "token_prefix", "is_active", "created_at")
    list_filter = ("kind", "is_active")
    search_fields = ("name", "token_prefix")
    readonly_fields = ("id", "token_hash", "token_prefix", "created_at")


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    readonly_fields = ("index", "player", "bot_level", "joined_at")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "preset", "status", "seq", "created_by", "created_at", "finished_at")
    list_filter = ("status", "preset")
    readonly_fields = [f.name for f in Table._meta.fields]
    inlines = [SeatInline]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False  # tables are opened through the API, which validates the rule set


@admin.register(Action)
class ActionAdmin(admin.ModelAdmin):
    list_display = ("table", "seq", "type", "seat", "player", "created_at")
    list_filter = ("type",)
    readonly_fields = [f.name for f in Action._meta.fields]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False  # the log is append-only, written by games.services


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("table", "number", "created_at")
    readonly_fields = [f.name for f in Hand._meta.fields]
