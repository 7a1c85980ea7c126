"""Reads: tables, the caller's seat view and legal moves, the seat-filtered events feed, finished hands.

Everything a client reads about a table passes through here, and every card shown comes from the
engine's seat view or ``event_for_seat``, the one place that decides what is hidden.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from games import engine
from games.errors import ErrorCode, ServiceError
from games.models import Action, Hand, Player, Seat, Table

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player"))
"""Every seat with its player in one query: what a table's detail needs."""


def table_get(*, table_id: Any) -> Table:
    """The table with its seats and their players; ``not_found`` if there is none."""
    try:
        return Table.objects.prefetch_related(SEATS).get(pk=table_id)
    except (Table.DoesNotExist, ValueError) as exc:  # ValueError: not a UUID
        raise ServiceError(ErrorCode.NOT_FOUND) from exc


def table_list(*, player: Player | None = None, status: str | None = None,
               tournament: Any = None) -> QuerySet[Table]:
    """Tables, newest first, optionally only those where ``player`` sits, of one ``status``, or of one
    tournament's matches."""
    tables = Table.objects.prefetch_related(SEATS)
    if player is not None:
        tables = tables.filter(seats__player=player)
    if status:
        tables = tables.filter(status=status)
    if tournament is not None:
        # The reverse relation of tournaments.Match.table: games knows the name, not the app.
        tables = tables.filter(tournament_match__round__tournament_id=tournament)
    return tables.distinct()


def seat_of(*, table: Table, player: Player) -> int | None:
    """The seat ``player`` holds at ``table``, if any (uses the prefetched seats)."""
    return next((s.index for s in table.seats.all() if s.player_id == player.pk), None)


def seats_summary(table: Table) -> list[dict[str, Any]]:
    """Who sits where: player name and kind, a built-in bot's level, or open."""
    out = []
    for s in table.seats.all():
        if s.player_id is not None:
            out.append({"seat": s.index, "state": "player", "player": s.player.name, "kind": s.player.kind,
                        "bot_level": None, "replaced_by_bot": s.replaced_by_bot})
        elif s.bot_level:
            out.append({"seat": s.index, "state": "bot", "player": None, "kind": "bot", "bot_level": s.bot_level,
                        "replaced_by_bot": False})
        else:
            out.append({"seat": s.index, "state": "open", "player": None, "kind": None, "bot_level": None,
                        "replaced_by_bot": False})
    return out


def game_of(table: Table) -> engine.Game | None:
    """The engine game of a started table."""
    if table.status == Table.Status.OPEN:
        return None
    return engine.Game.from_json(table.state)  # type: ignore[arg-type]


def table_detail(*, table: Table, player: Player) -> dict[str, Any]:
    """The table as ``player`` may see it: its own seat view when seated, a spectator's otherwise."""
    seat = seat_of(table=table, player=player)
    game = game_of(table)
    return {
        "id": table.id,
        "preset": table.preset,
        "rules": table.rules,
        "status": table.status,
        "seq": table.seq,
        "seats": seats_summary(table),
        "your_seat": seat,
        "created_at": table.created_at,
        "started_at": table.started_at,
        "finished_at": table.finished_at,
        "winner": table.winner,
        "result": table.result or None,
        "clock": clock_of(table),
        "view": engine.seat_view(game, seat).to_json() if game is not None else None,
    }


def clock_of(table: Table) -> dict[str, Any] | None:
    """The move clock of a clocked table: seconds per move, the current deadline, each seat's time bank."""
    seconds = table.rules.get("move_seconds")
    if seconds is None:
        return None
    return {"move_seconds": seconds, "turn_started_at": table.turn_started_at, "deadline": table.turn_deadline,
            "bank_left": [s.bank_left for s in table.seats.all()]}


def _seated_game(table: Table, player: Player) -> tuple[int, engine.Game]:
    """``player``'s seat and the started game; ``not_a_player_here`` / ``game_not_started`` otherwise."""
    seat = seat_of(table=table, player=player)
    if seat is None:
        raise ServiceError(ErrorCode.NOT_A_PLAYER_HERE)
    game = game_of(table)
    if game is None:
        raise ServiceError(ErrorCode.GAME_NOT_STARTED)
    return seat, game


def legal_moves(*, table: Table, player: Player, language: str = "en") -> dict[str, Any]:
    """``player``'s legal actions now and, for each card it holds, why it may or may not be played."""
    seat, game = _seated_game(table, player)
    actions = []
    for action in game.legal_actions(seat):
        item = action.to_json()
        item.pop("seat")
        if action.type == "exchange":
            item["count"] = game.exchange_due[seat]
        actions.append(item)
    cards = []
    if game.looked[seat]:
        for card, reason in game.card_reasons(seat).items():
            cards.append({
                "card": engine.card_name(card),
                "playable": reason is None,
                "reason": None if reason is None else reason.value,
                "message": None if reason is None else engine.message(reason, language),
            })
    return {"seq": table.seq, "seat": seat, "phase": game.phase, "your_turn": seat in game.to_move(),
            "actions": actions, "cards": cards}


def hint_for(*, table: Table, player: Player) -> dict[str, Any]:
    """A suggestion for ``player``'s move now, from the normal bot, which sees only the player's seat view:
    a bid with the cards counted for it, or the card (or exchange, or look) it would choose."""
    from bots.strategies import bid_hint, play_hint

    seat, game = _seated_game(table, player)
    if seat not in game.waiting_for():
        raise engine.IllegalActionError(engine.Reason.GAME_OVER if game.phase == engine.GAME_OVER
                                        else engine.Reason.NOT_YOUR_TURN)
    view = engine.seat_view(game, seat).to_json()
    if game.phase == engine.BID and game.looked[seat]:
        hint = bid_hint(view, game.rules)
        return {"seq": table.seq, "action": {"type": "bid", "bid": hint["bid"], "blind": False},
                "counted": hint["counted"]}
    rng = random.Random(f"hint/{table.pk}/{table.seq}")
    return {"seq": table.seq, "action": play_hint(view, game.rules, rng), "counted": []}


def stalled_tables(*, older_than_seconds: float, limit: int = 200) -> list[tuple[Any, int, str]]:
    """Tables that wait on a bot or a clock that nobody is handling (a lost message, a dead worker):
    ``(table id, seq, "bot" | "clock")`` for the sweeper to enqueue again."""
    now = timezone.now()
    quiet = now - timedelta(seconds=older_than_seconds)
    found: list[tuple[Any, int, str]] = []
    overdue = Table.objects.filter(status=Table.Status.PLAYING, turn_deadline__lt=quiet)
    found += [(t.pk, t.seq, "clock") for t in overdue.only("id", "seq")[:limit]]
    waiting = (Table.objects.filter(status=Table.Status.PLAYING, updated_at__lt=quiet, turn_deadline__isnull=True)
               .prefetch_related(SEATS).order_by("updated_at")[:limit])
    for table in waiting:
        game = engine.Game.from_json(table.state)  # type: ignore[arg-type]
        seats = {s.index: s for s in table.seats.all()}
        if any(seats[s].played_by_bot for s in game.waiting_for()):
            found.append((table.pk, table.seq, "bot"))
    return found


def events_after(*, table: Table, player: Player, after: int) -> list[dict[str, Any]]:
    """The log entries after ``after`` with their events as ``player``'s seat may see them."""
    seat = seat_of(table=table, player=player)
    rows = Action.objects.filter(table=table, seq__gt=after).order_by("seq")
    return [
        {"seq": row.seq, "type": row.type, "seat": row.seat, "at": row.created_at,
         "events": [engine.event_for_seat(e, seat) for e in row.events]}
        for row in rows
    ]


def latest_seq(*, table_id: Any) -> int:
    """The table's current ``seq`` (one cheap query, for long-polling)."""
    return Table.objects.filter(pk=table_id).values_list("seq", flat=True).first() or 0


def hand_record(*, table: Table, number: int) -> dict[str, Any]:
    """The public record of finished hand ``number``."""
    hand = Hand.objects.filter(table=table, number=number).first()
    if hand is None:
        raise ServiceError(ErrorCode.HAND_NOT_FINISHED)
    return hand.record
