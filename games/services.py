"""The only code that changes players, tables, seats, the action log and hands.

Every table action runs in one transaction that locks the table row (``select_for_update``), checks the
mover's ``seq``, applies the move through the engine, appends it to the log with the events it caused,
and saves the new snapshot. Players (:func:`table_act`), built-in bots (:func:`table_act_for_bot`) and the
move clock (:func:`clock_expire`) all go through that one path; a bot decides beforehand, from a read
without a lock (``selectors.bot_turn_at``, ``selectors.clock_expiry_at``), so no lock is held while it
thinks, and a decision taken at a ``seq`` the table has left is refused. What must follow a change (a bot's
turn, a clock) is announced with ``signals.seats_to_move`` on commit, so nobody hears of a change that
rolled back and games needs no import of the bots that listen.

What one account may hold at once (its own tables not finished, its tournaments, ladders and challenges
waiting for an answer) is capped by settings; :func:`player_at_cap` counts under the account's row lock, so
two requests of one account sent together are counted one after the other. A table opened through the API
that nobody fills closes after ``OPEN_TABLE_TTL_SECONDS`` (:func:`open_tables_expire`, a beat task), and
an unclocked game nobody moves at after ``IDLE_TABLE_TTL_SECONDS`` (:func:`idle_tables_expire`).

Players hear of what concerns them outside a table (a table opened for them, their turn after a quiet
spell, a finished table, challenges, tournaments, ladders) through :func:`player_events_publish`, called in
the transaction of what it announces. Challenges and seeks are ``games.matchmaking``'s.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core import metrics
from core.errors import ErrorCode, ServiceError
from games import analysis, engine, game_cache, hot_reads, hot_writes, selectors, signals, wakeup
from games.models import Action, Hand, Player, PlayerEvent, Seat, Table
from games.player_events import Origin, TableFinished, TableOpened, YourTurn
from games.player_events import PlayerEvent as AnyPlayerEvent
from games.tokens import hash_token, new_token

BOT_LEVELS = ("easy", "normal", "hard")
UNFILLED = "unfilled"
"""The reason an open table nobody filled in time was closed (its ``abandoned`` event's)."""
IDLE = "idle"
"""The reason a game without a move clock was closed after nobody moved there for ``IDLE_TABLE_TTL_SECONDS``."""


@dataclass(frozen=True)
class SeatSpec:
    """What a new table puts in one seat: left open, or kept for a built-in bot of ``level``."""

    bot_level: str = ""


@dataclass(frozen=True)
class ActResult:
    """What an applied action produced: the table after it, the logged action, the acting seat and the
    game after it (so that the answer needs no second parse of the snapshot)."""

    table: Table
    action: Action
    seat: int
    game: engine.Game


def player_register(*, name: str, kind: str) -> tuple[Player, str]:
    """Create an account and return it with its API token, which is shown this once and stored hashed."""
    token = new_token()
    try:
        with transaction.atomic():
            player = Player.objects.create(name=name, kind=kind, token_hash=hash_token(token),
                                           token_prefix=token[:12])
    except IntegrityError as exc:
        raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": [_("That name is taken.")]}) from exc
    return player, token


def _player_with_token(player: Player, token: str) -> Player:
    """``player``'s row, locked, if ``token`` is still its token; ``authentication_failed`` if a concurrent
    rotation or revocation replaced it since the request was authenticated."""
    row = Player.objects.select_for_update().filter(pk=player.pk, token_hash=hash_token(token)).first()
    if row is None:
        raise ServiceError(ErrorCode.AUTHENTICATION_FAILED)
    return row


def player_rotate_token(*, player: Player, token: str) -> tuple[Player, str]:
    """Replace ``player``'s current ``token`` with a new one, returned this once; the old one stops working
    when this commits."""
    new = new_token()
    with transaction.atomic():
        row = _player_with_token(player, token)
        row.token_hash, row.token_prefix, row.token_rotated_at = hash_token(new), new[:12], timezone.now()
        row.save(update_fields=["token_hash", "token_prefix", "token_rotated_at"])
    return row, new


def player_revoke_token(*, player: Player, token: str) -> None:
    """Revoke ``player``'s current ``token``. The account keeps its tables and history but has no working
    token any more: the stored hash becomes a value no token hashes to ('!' is not a hex digit)."""
    with transaction.atomic():
        row = _player_with_token(player, token)
        row.token_hash, row.token_revoked_at = "!" + secrets.token_hex(31), timezone.now()
        row.save(update_fields=["token_hash", "token_revoked_at"])


def player_update(*, player: Player, accepts_challenges: str | None = None) -> Player:
    """Change ``player``'s own settings: ``accepts_challenges`` (``all``, or ``none``: every challenge sent
    to it from now on is refused; those already waiting stay answerable). Under its row lock, the lock a
    challenge to it takes before it asks (``games.matchmaking``), so a challenge sent at the same moment
    either came first or is refused. Saved through the model, so the token cache forgets the account."""
    with transaction.atomic():
        row = Player.objects.select_for_update().get(pk=player.pk)
        if accepts_challenges is not None and accepts_challenges != row.accepts_challenges:
            if accepts_challenges not in Player.AcceptsChallenges.values:
                raise ServiceError(ErrorCode.INVALID, errors={"accepts_challenges": [_("One of %(values)s.") % {
                    "values": ", ".join(Player.AcceptsChallenges.values)}]})
            row.accepts_challenges = accepts_challenges
            row.save(update_fields=["accepts_challenges"])
    return row


def player_at_cap(*, player_id: Any, held: QuerySet[Any], limit: int) -> bool:
    """Whether the account ``player_id`` already holds ``limit`` of something (``held``: its own tables not
    finished, its tournaments not over, its challenges waiting…); a ``limit`` of 0 is no cap. Takes the
    account's row lock first (:func:`player_logs_lock`: the lock its event log is written under), held to the
    end of the caller's transaction, and counts after it: of two requests of one account at the cap's edge,
    the second counts what the first made, so neither slips past. The caller refuses with its own code."""
    player_logs_lock([player_id])
    return limit > 0 and held[:limit].count() >= limit


def presence_due(player: Player, now: datetime) -> bool:
    """Whether ``player``'s presence is due a write at ``now``: its ``last_seen``, as the caller loaded it, is
    unset or at least ``PRESENCE_WRITE_SECONDS`` old."""
    return player.last_seen is None or (now - player.last_seen).total_seconds() >= settings.PRESENCE_WRITE_SECONDS


def player_seen(*, player: Player, now: datetime | None = None) -> bool:
    """Note that ``player`` is around now (an authenticated request), for the ladders' presence check. Cheap:
    written at most once every ``PRESENCE_WRITE_SECONDS`` per player (:func:`presence_due`), as one UPDATE with
    no lock. Returns whether it wrote."""
    return players_seen(players=[player], now=now) > 0


def players_seen(*, players: Iterable[Player], now: datetime | None = None) -> int:
    """:func:`player_seen` for several players at once (the open streams of a server process), in one UPDATE
    of those due a write (several instances of one account count once); each one's ``last_seen`` is set on the
    instances given. Returns how many accounts it wrote."""
    now = now or timezone.now()
    due = [player for player in players if presence_due(player, now)]
    accounts = {player.pk for player in due}
    if accounts:
        Player.objects.filter(pk__in=accounts).update(last_seen=now)
        for player in due:
            player.last_seen = now
    return len(accounts)


def tables_lock(table_ids: Iterable[Any]) -> None:
    """Lock these tables' rows, in id order, for the rest of the caller's transaction. Every action locks
    its table before the event logs of its players (:func:`player_logs_lock`), so a transaction that will
    finish several tables and tell their players (a tournament cancelled) locks the tables first, this way,
    and the players after: holding a player an action at one of its tables waits for, while waiting for that
    table, would be a deadlock."""
    list(Table.objects.select_for_update().filter(pk__in=list(table_ids)).order_by("pk").values_list("pk", flat=True))


def player_logs_lock(player_ids: Iterable[Any]) -> dict[str, int]:
    """Lock the event logs (the rows) of these players, in id order, for the rest of the caller's
    transaction; returns each one's last ``event_seq`` by id. :func:`player_events_publish` takes its
    players' locks this way. A transaction that publishes to several groups of players in separate calls
    (a tournament round opening its tables, a ladder opening several games) takes all of them first through
    this: locking group after group would take the players in no overall order, and two such transactions
    sharing players could each wait for the other (PostgreSQL would abort one as deadlocked)."""
    rows = (Player.objects.select_for_update().filter(pk__in=list(player_ids)).order_by("pk")
            .values_list("pk", "event_seq"))
    return {str(pk): seq for pk, seq in rows}


def player_events_publish(*, events: Iterable[tuple[Any, AnyPlayerEvent]]) -> None:
    """Append each ``(player id, event)`` to that player's event log, in the caller's transaction, so the
    event commits (and readers wake) with what it announces, or not at all. Events without a player (a
    built-in bot's seat) are dropped.

    Each player's row is locked while its log grows (``event_seq``): two transactions that write to one
    player's log commit one after the other, in seq order, so a reader resuming after the last seq it saw
    can never miss one that commits later with a lower number. The rows are locked in id order; a caller
    that writes several batches in one transaction should pass them in one call, which keeps two writers
    from waiting on each other in a cycle."""
    pending = [(str(pid), event) for pid, event in events if pid is not None]
    if not pending:
        return
    with transaction.atomic():
        ids = sorted({pid for pid, _ in pending})
        seqs = player_logs_lock(ids)
        rows = []
        for pid, event in pending:
            seqs[pid] += 1
            rows.append(PlayerEvent(player_id=pid, seq=seqs[pid], type=event.type, data=event.to_json()))
        PlayerEvent.objects.bulk_create(rows)
        # one UPDATE for every player (CASE on the id); the rows are ours, locked above
        Player.objects.bulk_update([Player(pk=pid, event_seq=seqs[pid]) for pid in ids], ["event_seq"],
                                   batch_size=len(ids))
        for pid in ids:
            wakeup.announce(selectors.player_feed_key(pid), seqs[pid])


def table_create(
    *,
    creator: Player,
    preset: str,
    overrides: dict[str, Any] | None = None,
    seats: list[SeatSpec] | None = None,
    take_seat: int | None = None,
    seed: str | None = None,
    deal_group: str = "",
    players: dict[int, Player] | None = None,
    origin: Origin = "table",
    origin_id: str | None = None,
) -> Table:
    """Open a table. The rule set is validated by the engine (``RuleSetError`` names the switches at
    fault). ``seats`` defaults to all open; ``take_seat`` seats the creator at once. ``seed`` fixes the
    deals (tournaments' duplicate boards), ``deal_group`` names the tables dealt the same boards (their
    cards stay secret until all have played them: ``selectors.round_in_play``) and ``players`` seats
    accounts at once (see :func:`table_open_seated`); the public API sets none of them. Each account
    seated by ``players`` hears of it (``table_opened``, with ``origin`` and ``origin_id``: what opened it
    for them). An account opening a table for itself goes through :func:`table_open`, which caps them."""
    rules = engine.make_rules(preset, overrides)
    specs = seats if seats is not None else [SeatSpec() for _ in range(rules.players)]
    if len(specs) != rules.players:
        raise ServiceError(ErrorCode.INVALID, errors={
            "seats": [_("This rule set seats %(players)d players.") % {"players": rules.players}]})
    for spec in specs:
        if spec.bot_level and spec.bot_level not in BOT_LEVELS:
            raise ServiceError(ErrorCode.INVALID, errors={
                "seats": [_("Unknown bot level %(level)r.") % {"level": spec.bot_level}]})
    if take_seat is not None and (not 0 <= take_seat < rules.players or specs[take_seat].bot_level):
        raise ServiceError(ErrorCode.INVALID, errors={"take_seat": [_("Choose an open seat of this table.")]})
    with transaction.atomic():
        table = Table.objects.create(preset=preset, rules=rules.to_dict(), created_by=creator, origin=origin,
                                     deal_group=deal_group, state={"seed": seed} if seed is not None else None)
        Seat.objects.bulk_create(
            Seat(table=table, index=i, bot_level=spec.bot_level) for i, spec in enumerate(specs)
        )
        if take_seat is not None:
            _seat_player(table, take_seat, creator)
        for index, player in (players or {}).items():
            _seat_player(table, index, player)
        player_events_publish(events=[
            (player.pk, TableOpened(table_id=str(table.pk), seat=index, origin=origin, origin_id=origin_id,
                                    preset=preset))
            for index, player in sorted((players or {}).items())])
        _start_if_full(table)
    return table


def table_open(*, creator: Player, preset: str, overrides: dict[str, Any] | None = None,
               seats: list[SeatSpec] | None = None, take_seat: int | None = None) -> Table:
    """An account opens a table of its own (``POST tables/``): :func:`table_create`, refused past the cap of
    :func:`own_tables_check`."""
    with transaction.atomic():
        own_tables_check(creator=creator)
        return table_create(creator=creator, preset=preset, overrides=overrides, seats=seats, take_seat=take_seat)


def own_tables_check(*, creator: Player) -> None:
    """``too_many_open_tables`` while ``creator`` has ``MAX_OPEN_TABLES`` tables of its own that are not
    finished: those it opened (``POST tables/``) and those of its challenges to built-in bots, which nobody
    else agreed to and which, unclocked, can wait for it for ever. The tables of tournaments, ladders, seeks
    and challenges another account accepted do not count. Called in the transaction that opens one."""
    limit = settings.MAX_OPEN_TABLES
    own = (Table.objects.filter(created_by=creator).exclude(status=Table.Status.FINISHED)
           .filter(Q(origin="table") | Q(origin="challenge", challenge__challenged__isnull=True)))
    if player_at_cap(player_id=creator.pk, held=own, limit=limit):
        raise ServiceError(ErrorCode.TOO_MANY_OPEN_TABLES, params={"limit": limit})


class Occupant(Protocol):
    """Who a seated table puts in a seat: an account, or (``player`` None) a built-in bot of ``bot_level``.
    A tournament entry's member and a ladder entry are both."""

    player: Player | None
    bot_level: str


def table_open_seated(*, creator: Player, preset: str, rules: dict[str, Any], sides: Sequence[Sequence[Occupant]],
                      seed: str | None = None, deal_group: str = "", origin: Origin = "table",
                      origin_id: str | None = None) -> Table:
    """Open a table with every seat filled, so the game starts at once: ``sides[i]`` sit in side ``i``'s seats
    (in seat order), bots in their seats and accounts seated. ``rules`` is a rule set as stored
    (``RuleSet.to_dict()``); ``seed`` fixes the deals and ``deal_group`` names the tables that share them
    (duplicate boards, see :func:`table_create`); ``origin`` is what the seated
    accounts are told opened it. For tournaments, ladders and seeks."""
    ruleset = engine.rules_from_dict(rules)
    specs = [SeatSpec() for _ in range(ruleset.players)]
    players: dict[int, Player] = {}
    for side, occupants in enumerate(sides):
        for seat, occupant in zip(ruleset.teams[side], occupants, strict=True):
            if occupant.player is not None:
                players[seat] = occupant.player
            else:
                specs[seat] = SeatSpec(bot_level=occupant.bot_level)
    return table_create(creator=creator, preset=preset, overrides={k: v for k, v in rules.items() if k != "name"},
                        seats=specs, seed=seed, deal_group=deal_group, players=players, origin=origin,
                        origin_id=origin_id)


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
            raise ServiceError(ErrorCode.INVALID, errors={
                "seat": [_("Seats are 0 to %(last)d.") % {"last": len(seats) - 1}]})
        elif not seats[seat].is_open:
            raise ServiceError(ErrorCode.SEAT_TAKEN, params={"seat": seat})
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
        if table.started_at is None:  # closed before its seats were all taken: there never was a game
            raise engine.IllegalActionError(engine.Reason.GAME_OVER)
        if seq != table.seq:
            raise ServiceError(ErrorCode.STALE_SEQ, params={"sent": seq}, seq=table.seq)
        game = _game(table)
        logged = _act(table, game, seat, action, player=player)
    return ActResult(table=table, action=logged, seat=seat, game=game)


def seat_take_back(*, table_id: Any, player: Player) -> Table:
    """``player`` takes back its seat from the bot that played it after repeated timeouts."""
    with transaction.atomic():
        table = _lock(table_id)
        seat = selectors.seat_of(table=table, player=player)
        if seat is None:
            raise ServiceError(ErrorCode.NOT_A_PLAYER_HERE)
        Seat.objects.filter(table=table, index=seat).update(replaced_by_bot=False, timeouts=0)
    return table


def table_act_for_bot(*, table_id: Any, seat: int, seq: int, action: dict[str, Any]) -> bool:
    """Apply the move a built-in bot chose for ``seat`` from the table as it was at ``seq`` (see
    ``selectors.bot_turn_at``). A decision that came too late does nothing and returns ``False``: the table
    moved on, or the seat is no longer played by a bot (its player took it back) or no longer waited for.
    A duplicate or late delivery of a bot's turn is such a decision."""
    with transaction.atomic():
        table = _locked_at(table_id, seq)
        if table is None:
            return False
        game = _game(table)
        bots, _ = selectors.waiting_seats(table=table, game=game)
        if seat not in bots:
            return False
        _act(table, game, seat, action, player=None)
    return True


def clock_expire(*, table_id: Any, seq: int, moves: Mapping[int, dict[str, Any]]) -> bool:
    """The move clock ran out at ``seq``: move for every player seat that had to act, as the rule set's
    ``timeout_action`` says (``moves``, decided beforehand from ``selectors.clock_expiry_at``, hold the
    safe move or the bot's move for each late seat; forfeit needs none), and hand a seat to a bot after
    ``timeouts_before_replace`` timeouts in a row. Returns ``False`` and does nothing when the clock has
    not run out, the table moved on or ``moves`` lacks a late seat, so a duplicate delivery applies once."""
    with transaction.atomic():
        table = _locked_at(table_id, seq)
        if table is None or table.turn_deadline is None or timezone.now() < table.turn_deadline:
            return False
        game = _game(table)
        rules = game.rules
        _, late = selectors.waiting_seats(table=table, game=game)
        if rules.timeout_action != "forfeit" and any(seat not in moves for seat in late):
            return False
        seats = {s.index: s for s in table.seats.all()}
        for seat in late:
            row = seats[seat]
            row.timeouts += 1
            row.replaced_by_bot = row.timeouts >= rules.timeouts_before_replace
            row.bank_left = 0.0 if row.bank_left is not None else None
            row.save(update_fields=["timeouts", "replaced_by_bot", "bank_left"])
            notice: list[engine.Event] = [engine.TimeoutEvent(seat, rules.timeout_action, row.timeouts)]
            if row.replaced_by_bot:
                notice.append(engine.SeatReplacedEvent(seat, rules.timeout_bot_level))
            if rules.timeout_action == "forfeit":
                _act(table, game, seat, {"type": "resign"}, player=None, events_before=notice)
                break
            _act(table, game, seat, moves[seat], player=None, events_before=notice)
    return True


def table_abandon(*, table_id: Any, reason: str, only_open: bool = False) -> bool:
    """Finish a table that is open or being played as abandoned (``reason``: why, e.g.
    ``tournament_cancelled``): nobody wins, the hand in progress is not scored, and no bot or clock moves
    there again. The table, its log and its finished hands stay as they are; the log gets one last entry
    (``abandon``, with an ``abandoned`` event, and ``game_over`` if the game had started) so that whoever
    follows the events feed learns it, and its seated players hear ``table_finished``. Runs under the table's
    row lock, like every move, so it lands between two moves and a bot's late decision finds the table
    finished. Returns ``False`` (and does nothing) for a finished table, and with ``only_open`` for one whose
    game has started."""
    with transaction.atomic():
        table = _lock(table_id)
        if table.status == Table.Status.FINISHED or (only_open and table.status != Table.Status.OPEN):
            return False
        game = _game(table) if table.status == Table.Status.PLAYING else None
        events = game.abandon(reason) if game is not None else [engine.AbandonEvent(reason)]
        _append(table, type=Action.ABANDON, seat=None, player=None, payload={"reason": reason}, events=events)
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        table.winner = None
        table.result = "abandoned"
        _announce_finished(table)
        pk = table.pk
        transaction.on_commit(lambda: signals.table_finished.send(sender=Table, table_id=pk))
        if game is not None:
            _save(table, game)
        else:
            table.save(update_fields=["seq", "status", "finished_at", "winner", "result", "updated_at"])
    return True


def open_tables_expire(*, now: datetime | None = None, limit: int = 100) -> int:
    """Close the tables opened through the API (``origin`` ``table``) whose seats were still not all taken
    ``OPEN_TABLE_TTL_SECONDS`` after they were opened: each is finished as abandoned with the reason
    ``unfilled`` (:func:`table_abandon`; one that filled meanwhile is left alone), so it leaves the lists of
    open tables, frees its creator's place under ``MAX_OPEN_TABLES``, and whoever sat down hears
    ``table_finished``. Beat runs this (``games.tasks.open_tables_expire``); returns how many it closed."""
    ttl = settings.OPEN_TABLE_TTL_SECONDS
    if ttl <= 0:
        return 0
    cutoff = (now or timezone.now()) - timedelta(seconds=ttl)
    due = (Table.objects.filter(status=Table.Status.OPEN, origin="table", created_at__lte=cutoff)
           .order_by("created_at").values_list("pk", flat=True)[:limit])
    return sum(table_abandon(table_id=pk, reason=UNFILLED, only_open=True) for pk in list(due))


def idle_tables_expire(*, now: datetime | None = None, limit: int = 100) -> int:
    """Close the games without a move clock where nothing happened for ``IDLE_TABLE_TTL_SECONDS``: finished
    as abandoned with the reason ``idle`` (:func:`table_abandon`), so a game its players walked away from
    does not wait for ever, nor hold its creator's place under ``MAX_OPEN_TABLES``. A clocked game ends by
    its clock instead. A move made meanwhile is seen under the table's lock: the table is left alone. Beat
    runs this with :func:`open_tables_expire`; returns how many it closed."""
    ttl = settings.IDLE_TABLE_TTL_SECONDS
    if ttl <= 0:
        return 0
    cutoff = (now or timezone.now()) - timedelta(seconds=ttl)
    unclocked = Q(rules__move_seconds=None) | Q(rules__move_seconds__isnull=True)  # JSON null, or no such key
    due = (Table.objects.filter(unclocked, status=Table.Status.PLAYING, updated_at__lte=cutoff)
           .order_by("updated_at").values_list("pk", flat=True)[:limit])
    return sum(_abandon_if_idle(pk, cutoff) for pk in list(due))


def _abandon_if_idle(table_id: Any, cutoff: datetime) -> bool:
    with transaction.atomic():
        table = _lock(table_id)
        if table.status != Table.Status.PLAYING or table.updated_at > cutoff:
            return False
        return table_abandon(table_id=table_id, reason=IDLE)


# Internals: each is called while holding the table's row lock. ---------------------------------------

def _locked(table_id: Any) -> Table | None:
    """The table row, locked until the transaction ends, with its seats, their players and when each last
    moved there (``games.hot_reads``); ``None`` if there is no such table (a task may outlive its table)."""
    return hot_reads.table_locked(table_id)


def _locked_at(table_id: Any, seq: int) -> Table | None:
    """The table row, locked, if it is being played and still at ``seq``; ``None`` otherwise."""
    table = _locked(table_id)
    if table is None or table.status != Table.Status.PLAYING or table.seq != seq:
        return None
    return table


def _game(table: Table) -> engine.Game:
    """The locked table's game to apply a move to (``games.game_cache``: this process's last one, copied, when it is
    at the row's seq and snapshot)."""
    return game_cache.game_to_play(table)


def _lock(table_id: Any) -> Table:
    """Like :func:`_locked`, for a client's request: ``not_found`` if there is no such table."""
    table = _locked(table_id)
    if table is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return table


def _append(table: Table, *, type: str, seat: int | None, player: Player | None, payload: dict[str, Any],
            events: list[engine.Event], announce: bool = True, insert: bool = True) -> Action:
    """Log one entry at the table's next seq; announced to waiting readers at commit, unless the caller
    saves the game next (:func:`_save` announces it with whom the game then waits for). Without ``insert``,
    the entry is left for the caller to write with the snapshot (:func:`_save`'s ``entry``)."""
    table.seq += 1
    transaction.on_commit(lambda: metrics.count_action(type))  # counted once, and only if it commits
    if announce:
        wakeup.announce(table.pk, table.seq)  # delivered to waiting readers at commit
    row = Action(table=table, seq=table.seq, type=type, seat=seat, player=player, payload=payload,
                 events=[e.to_json() for e in events])
    return hot_writes.action_insert(row) if insert else row


def _seat_player(table: Table, index: int, player: Player) -> None:
    row = next(s for s in table.seats.all() if s.index == index)
    row.player, row.joined_at = player, timezone.now()
    row.save(update_fields=["player", "joined_at"])
    _append(table, type=Action.JOIN, seat=index, player=player, payload={},
            events=[engine.JoinEvent(index, player.name, player.kind)])
    table.save(update_fields=["seq", "updated_at"])


def _start_if_full(table: Table) -> None:
    rows = list(table.seats.all())
    if any(row.is_open for row in rows):
        return
    rules = engine.rules_from_dict(table.rules)
    for row in rows if rules.time_bank_seconds else ():
        row.bank_left = rules.time_bank_seconds
        row.save(update_fields=["bank_left"])
    seed = (table.state or {}).get("seed") or secrets.token_hex(16)
    game = engine.Game.new(rules, seed=seed)
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    events = [engine.StartEvent(game.first_dealer), game.deal_event()]
    _append(table, type=Action.START, seat=None, player=None, payload={}, events=events, announce=False)
    _save(table, game)


def _act(table: Table, game: engine.Game, seat: int, action: dict[str, Any], *, player: Player | None,
         events_before: list[engine.Event] | None = None) -> Action:
    """``seat`` makes ``action`` (API notation, no seat): the engine applies it or raises, and it is logged
    after ``events_before`` (a timeout's notices). A player's own move (``player`` given) also ends its
    run of timeouts and is charged to its time bank. Precondition: the caller holds the table's row lock
    and has checked its ``seq``."""
    move = engine.Action.from_json({**action, "seat": seat})
    waited = set(game.waiting_for())
    events = game.apply(move)
    if player is not None:
        _seat_acted(table, seat, game)
    return _log(table, game, move, (events_before or []) + events, player=player, waited=waited)


def _seat_acted(table: Table, seat: int, game: engine.Game) -> None:
    """A player moved in time: its run of timeouts ends, it takes its seat back from the bot, and its
    time bank pays for whatever the move took beyond the move clock."""
    row = next(s for s in table.seats.all() if s.index == seat)
    changed = {}
    if row.timeouts or row.replaced_by_bot:
        changed.update(timeouts=0, replaced_by_bot=False)
    rules = game.rules
    if rules.has_clock and row.bank_left and table.turn_started_at is not None:
        used = (timezone.now() - table.turn_started_at).total_seconds() - rules.move_seconds  # type: ignore[operator]
        if used > 0:
            changed["bank_left"] = max(0.0, row.bank_left - used)
    if changed:
        Seat.objects.filter(pk=row.pk).update(**changed)
        for key, value in changed.items():
            setattr(row, key, value)


def _follow_up(table: Table, game: engine.Game, waited: Collection[int] = ()) -> None:
    """Set the move clock for the seats the game now waits for, and announce (after commit) that a bot is
    to move or when the clock runs out; tell the players of the seats it began to wait for (not in
    ``waited``, the seats it waited for before this move) that it is their turn (:func:`_announce_turns`)."""
    table.turn_deadline = table.turn_started_at = None
    if table.status != Table.Status.PLAYING:
        return
    bots, humans = selectors.waiting_seats(table=table, game=game)
    pk, seq = table.pk, table.seq
    if bots:
        transaction.on_commit(lambda: signals.seats_to_move.send(sender=Table, table_id=pk, seq=seq, kind="bot",
                                                                 deadline=None))
    if humans and game.rules.has_clock:
        now = timezone.now()
        bank = next(s.bank_left for s in table.seats.all() if s.index == humans[0]) or 0.0
        table.turn_started_at = now
        table.turn_deadline = deadline = now + timedelta(seconds=game.rules.move_seconds + bank)
        transaction.on_commit(lambda: signals.seats_to_move.send(sender=Table, table_id=pk, seq=seq, kind="clock",
                                                                 deadline=deadline))
    _announce_turns(table, [seat for seat in humans if seat not in waited])


def _announce_turns(table: Table, seats: list[int]) -> None:
    """``your_turn`` for each of ``seats`` whose player has not moved at this table for
    ``YOUR_TURN_QUIET_SECONDS`` (or ever). A player who is playing along moves within that time and hears
    nothing, so a game costs no event write per move: only a player who has gone quiet is nudged, once each
    time a turn comes to it. No query when the seats were read with a locked table (``games.hot_reads``), else
    one indexed read per seat that began to be waited for."""
    if not seats:
        return
    quiet = timezone.now() - timedelta(seconds=settings.YOUR_TURN_QUIET_SECONDS)
    rows = {s.index: s for s in table.seats.all()}
    deadline = table.turn_deadline.isoformat() if table.turn_deadline is not None else None
    notices: list[tuple[Any, AnyPlayerEvent]] = []
    for seat in seats:
        row = rows[seat]
        player_id = row.player_id
        last = row.last_moved_at if hasattr(row, "last_moved_at") else (
            Action.objects.filter(table=table, player_id=player_id).exclude(type=Action.JOIN).order_by("-seq")
            .values_list("created_at", flat=True).first())
        if last is None or last < quiet:
            notices.append((player_id, YourTurn(table_id=str(table.pk), seat=seat, table_seq=table.seq,
                                                deadline=deadline)))
    player_events_publish(events=notices)


def _announce_finished(table: Table) -> None:
    """``table_finished`` for every account seated at ``table``, which has just ended."""
    teams = engine.rules_from_dict(table.rules).teams
    side_of = {seat: side for side, seats in enumerate(teams) for seat in seats}
    player_events_publish(events=[
        (s.player_id, TableFinished(table_id=str(table.pk), seat=s.index, result=table.result,
                                    winner=table.winner, your_side=side_of[s.index]))
        for s in table.seats.all() if s.player_id is not None])


def _log(table: Table, game: engine.Game, move: engine.Action, events: list[engine.Event], *,
         player: Player | None, waited: Collection[int] = ()) -> Action:
    logged = _append(table, type=move.type, seat=move.seat, player=player, payload=move.to_json(),
                     events=events, announce=False, insert=False)
    for event in events:
        if isinstance(event, engine.HandOverEvent):
            record = next(r for r in reversed(game.records) if r.number == event.hand)
            Hand.objects.create(table=table, number=record.number, record=record.to_json())
            analysis.analysis_queue(table=table, number=record.number)
    if game.phase == engine.GAME_OVER:
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        table.winner = game.winner
        table.result = game.result or ""
        _announce_finished(table)
        pk = table.pk
        transaction.on_commit(lambda: signals.table_finished.send(sender=Table, table_id=pk))
    _save(table, game, waited, entry=logged)
    return logged


def _save(table: Table, game: engine.Game, waited: Collection[int] = (), entry: Action | None = None) -> None:
    """Write the table's snapshot of ``game`` (and ``entry``, the move's log entry not yet written, in the same
    statement), after setting its clock and telling whom it concerns (:func:`_follow_up`)."""
    _follow_up(table, game, waited)
    # Whom the game waits for is announced by the table's own UPDATE (delivered at commit, as any NOTIFY), with
    # the move's mark, under which this process keeps the move (a feed it wakes here then reads nothing).
    mark = game_cache.new_mark() if entry is not None else ""
    notice = wakeup.turn_notice(table.pk, table.seq,
                                game.waiting_for() if table.status == Table.Status.PLAYING else None, mark)
    table.state = game.to_json(history=False)
    hot_writes.table_save_move(table, notice, entry)
    game_cache.keep_on_commit(table, game, entry, mark or None)

