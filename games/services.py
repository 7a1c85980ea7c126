"""The only code that changes players, tables, seats, the action log and hands.

Every table action runs in one transaction that locks the table row (``select_for_update``), checks the
client's ``seq``, applies the move through the engine, appends it to the log with the events it caused,
and saves the new snapshot. Work that must follow a change (bot turns, clocks) is scheduled with
``transaction.on_commit`` so nobody hears of a change that rolled back.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import engine, selectors
from games.auth import hash_token, new_token
from games.errors import ErrorCode, ServiceError
from games.models import Action, Hand, Player, Seat, Table

BOT_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class SeatSpec:
    """What a new table puts in one seat: left open, or kept for a built-in bot of ``level``."""

    bot_level: str = ""


@dataclass(frozen=True)
class ActResult:
    """What an applied action produced: the table after it, the logged action and the acting seat."""

    table: Table
    action: Action
    seat: int


def player_register(*, name: str, kind: str) -> tuple[Player, str]:
    """Create an account and return it with its API token, which is shown this once and stored hashed."""
    token = new_token()
    try:
        with transaction.atomic():
            player = Player.objects.create(name=name, kind=kind, token_hash=hash_token(token),
                                           token_prefix=token[:12])
    except IntegrityError as exc:
        raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": ["That name is taken."]}) from exc
    return player, token


def table_create(
    *,
    creator: Player,
    preset: str,
    overrides: dict[str, Any] | None = None,
    seats: list[SeatSpec] | None = None,
    take_seat: int | None = None,
    seed: str | None = None,
) -> Table:
    """Open a table. The rule set is validated by the engine (``RuleSetError`` names the switches at
    fault). ``seats`` defaults to all open; ``take_seat`` seats the creator at once. ``seed`` fixes the
    deals (tournaments' duplicate boards); the public API never sets it."""
    rules = engine.make_rules(preset, overrides)
    specs = seats if seats is not None else [SeatSpec() for _ in range(rules.players)]
    if len(specs) != rules.players:
        raise ServiceError(ErrorCode.INVALID, errors={"seats": [f"This rule set seats {rules.players} players."]})
    for spec in specs:
        if spec.bot_level and spec.bot_level not in BOT_LEVELS:
            raise ServiceError(ErrorCode.INVALID, errors={"seats": [f"Unknown bot level {spec.bot_level!r}."]})
    if take_seat is not None and (not 0 <= take_seat < rules.players or specs[take_seat].bot_level):
        raise ServiceError(ErrorCode.INVALID, errors={"take_seat": ["Choose an open seat of this table."]})
    with transaction.atomic():
        table = Table.objects.create(preset=preset, rules=rules.to_dict(), created_by=creator,
                                     state={"seed": seed} if seed is not None else None)
        Seat.objects.bulk_create(
            Seat(table=table, index=i, bot_level=spec.bot_level) for i, spec in enumerate(specs)
        )
        if take_seat is not None:
            _seat_player(table, take_seat, creator)
        _start_if_full(table)
    return table


def table_join(*, table_id: Any, player: Player, seat: int | None = None) -> Table:
    """Seat ``player`` at an open table (in ``seat``, or the first open one); the game starts when the
    last seat is taken."""
    with transaction.atomic():
        table = _lock(table_id)
        if table.status != Table.Status.OPEN:
            raise ServiceError(ErrorCode.TABLE_NOT_OPEN)
        seats = list(table.seats.all())
        if any(s.player_id == player.pk for s in seats):
            raise ServiceError(ErrorCode.ALREADY_SEATED)
        if seat is None:
            free = [s.index for s in seats if s.is_open]
            if not free:
                raise ServiceError(ErrorCode.TABLE_FULL)
            seat = free[0]
        elif not 0 <= seat < len(seats):
            raise ServiceError(ErrorCode.INVALID, errors={"seat": [f"Seats are 0 to {len(seats) - 1}."]})
        elif not seats[seat].is_open:
            raise ServiceError(ErrorCode.SEAT_TAKEN)
        _seat_player(table, seat, player)
        _start_if_full(table)
    return table


def table_act(*, table_id: Any, player: Player, action: dict[str, Any], seq: int) -> ActResult:
    """Apply ``player``'s move at its seat. Refusals change nothing: ``stale_seq`` when ``seq`` is not
    the table's, the engine's reason code when the rules refuse the move."""
    with transaction.atomic():
        table = _lock(table_id)
        seat = selectors.seat_of(table=table, player=player)
        if seat is None:
            raise ServiceError(ErrorCode.NOT_A_PLAYER_HERE)
        if table.status == Table.Status.OPEN:
            raise ServiceError(ErrorCode.GAME_NOT_STARTED)
        if seq != table.seq:
            raise ServiceError(ErrorCode.STALE_SEQ, seq=table.seq)
        game = engine.Game.from_json(table.state)  # type: ignore[arg-type]
        move = engine.Action.from_json({**action, "seat": seat})
        events = game.apply(move)
        logged = _log(table, game, move, events, player=player)
    return ActResult(table=table, action=logged, seat=seat)


# Internals: each is called while holding the table's row lock. ---------------------------------------

def _lock(table_id: Any) -> Table:
    """The table row, locked until the transaction ends, with its seats and their players."""
    try:
        return Table.objects.select_for_update(of=("self",)).prefetch_related(selectors.SEATS).get(pk=table_id)
    except (Table.DoesNotExist, ValueError) as exc:
        raise ServiceError(ErrorCode.NOT_FOUND) from exc


def _append(table: Table, *, type: str, seat: int | None, player: Player | None, payload: dict[str, Any],
            events: list[dict[str, Any]]) -> Action:
    table.seq += 1
    return Action.objects.create(table=table, seq=table.seq, type=type, seat=seat, player=player,
                                 payload=payload, events=events)


def _seat_player(table: Table, index: int, player: Player) -> None:
    Seat.objects.filter(table=table, index=index).update(player=player, joined_at=timezone.now())
    _append(table, type="join", seat=index, player=player, payload={},
            events=[{"type": "join", "seat": index, "player": player.name, "kind": player.kind}])
    table.save(update_fields=["seq", "updated_at"])


def _start_if_full(table: Table) -> None:
    if table.seats.filter(player__isnull=True, bot_level="").exists():
        return
    rules = engine.rules_from_dict(table.rules)
    seed = (table.state or {}).get("seed") or secrets.token_hex(16)
    game = engine.Game.new(rules, seed=seed)
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    events = [{"type": "start", "first_dealer": game.first_dealer}, game.deal_event()]
    _append(table, type="start", seat=None, player=None, payload={}, events=events)
    _save(table, game)


def _log(table: Table, game: engine.Game, move: engine.Action, events: list[dict[str, Any]], *,
         player: Player | None) -> Action:
    logged = _append(table, type=move.type, seat=move.seat, player=player, payload=move.to_json(),
                     events=events)
    for event in events:
        if event["type"] == "hand_over":
            record = next(r for r in reversed(game.records) if r.number == event["hand"])
            Hand.objects.create(table=table, number=record.number, record=record.to_json())
    if game.phase == engine.GAME_OVER:
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        table.winner = game.winner
        table.result = game.result or ""
    _save(table, game)
    return logged


def _save(table: Table, game: engine.Game) -> None:
    table.state = game.to_json(history=False)
    table.save(update_fields=["state", "seq", "status", "started_at", "finished_at", "winner", "result",
                              "updated_at"])

