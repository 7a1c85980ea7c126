"""Reads: tables, the caller's seat view and legal moves, the seat-filtered events feed, finished hands,
what a built-in bot must see to move (a bot turn, an expired clock), the typed result of a table for
other apps (:func:`table_result`), a player's own event log, challenges, blocks and seeks, and the ladder rating
that matchmaking pairs seekers by (:func:`seek_rating`, from the source tournaments plugs in).

Everything a client or a bot reads about a table passes through here, and every card shown comes from the
engine's seat view or ``event_for_seat``, the one place that decides what is hidden. Nothing here locks:
a bot thinks on a read taken at a ``seq``, and the service that applies its move re-checks that ``seq``.
The snapshot and the hand records are games' own JSON: other apps read a table through
:class:`TableResult`.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from core import errors
from core.errors import ErrorCode, ServiceError
from games import engine, hot_reads
from games.engine.view import finished_hands
from games.models import Action, Block, Challenge, Hand, Player, PlayerEvent, Seat, Seek, Table

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player"))
"""Every seat with its player in one query: what a table's detail needs."""


def table_get(*, table_id: Any) -> Table:
    """The table with its seats and their players; ``not_found`` if there is none."""
    table = hot_reads.table_with_seats(table_id)
    if table is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return table


def table_seq_and_seat(*, table_id: Any, player: Player) -> tuple[int, int | None]:
    """The table's ``seq`` and the seat ``player`` holds there (``None``: no seat), without the table:
    what a reader waiting for the table to move needs; ``not_found`` if there is no such table."""
    found = hot_reads.seq_and_seat(table_id, player.pk)
    if found is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return found


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


def game_of(table: Table, parse: Callable[[Table], engine.Game] | None = None) -> engine.Game | None:
    """The engine game of a started table; ``None`` for one that never started (open, or closed before its
    seats were all taken: ``services.open_tables_expire``). ``parse``: how the snapshot becomes the game
    (``games.game_cache.game_to_read`` for a reader that never changes it)."""
    if table.status == Table.Status.OPEN or table.started_at is None:
        return None
    return parse(table) if parse is not None else engine.Game.from_json(table.state)  # type: ignore[arg-type]


def table_detail(*, table: Table, player: Player, rules: bool = True,
                 game: engine.Game | None = None) -> dict[str, Any]:
    """The table as ``player`` may see it: its own seat view when seated, a spectator's otherwise (none, nor
    the result, while the table's duplicate round is in play: ``sealed``); without the rule set when
    ``rules`` is false (an action's answer: the rules do not change during a game). ``game``: the table's
    game when the caller already holds it (it is not parsed again)."""
    seat = seat_of(table=table, player=player)
    sealed = seat is None and round_in_play(table)
    game = None if sealed else game if game is not None else game_of(table)
    detail = {
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
        "winner": None if sealed else table.winner,
        "result": None if sealed else table.result or None,
        "clock": clock_of(table),
        "view": engine.seat_view(game, seat).to_json() if game is not None else None,
        "sealed": sealed,
    }
    if not rules:
        del detail["rules"]
    return detail


def clock_of(table: Table) -> dict[str, Any] | None:
    """The move clock of a clocked table: seconds per move, the current deadline, each seat's time bank."""
    seconds = table.rules.get("move_seconds")
    if seconds is None:
        return None
    return {"move_seconds": seconds, "turn_started_at": table.turn_started_at, "deadline": table.turn_deadline,
            "bank_left": [s.bank_left for s in table.seats.all()]}


def _seated_game(table: Table, player: Player) -> tuple[int, engine.Game]:
    """``player``'s seat and the started game; ``not_a_player_here`` / ``game_not_started`` otherwise, and
    ``game_over`` for a table closed before it started."""
    seat = seat_of(table=table, player=player)
    if seat is None:
        raise ServiceError(ErrorCode.NOT_A_PLAYER_HERE)
    game = game_of(table)
    if game is None and table.status == Table.Status.FINISHED:
        raise engine.IllegalActionError(engine.Reason.GAME_OVER)
    if game is None:
        raise ServiceError(ErrorCode.GAME_NOT_STARTED)
    return seat, game


def _legal_actions(game: engine.Game, seat: int) -> list[dict[str, Any]]:
    """``seat``'s legal actions now, in API notation (no seat; an exchange with its count)."""
    actions = []
    for action in game.legal_actions(seat):
        item = action.to_json()
        item.pop("seat")
        if action.type == "exchange":
            item["count"] = game.exchange_due[seat]
        actions.append(item)
    return actions


def legal_moves(*, table: Table, player: Player, language: str = "en") -> dict[str, Any]:
    """``player``'s legal actions now and, for each card it holds, why it may or may not be played."""
    seat, game = _seated_game(table, player)
    actions = _legal_actions(game, seat)
    cards = []
    if game.looked[seat]:
        for card, reason in game.card_reasons(seat).items():
            cards.append({
                "card": engine.card_name(card),
                "playable": reason is None,
                "reason": None if reason is None else reason.value,
                "message": None if reason is None else errors.message(reason, language),
            })
    return {"seq": table.seq, "seat": seat, "phase": game.phase, "your_turn": seat in game.to_move(),
            "actions": actions, "cards": cards}


def play_state(*, table: Table, player: Player, game: engine.Game | None = None) -> dict[str, Any]:
    """What a client needs to decide its next move, in one answer (the fast loop): ``table``, the table as
    :func:`table_detail` shows it without the rule set, and ``legal``, the caller's legal actions (the
    items of :func:`legal_moves`' ``actions``) when the game waits for it, else ``[]`` (a spectator, a seat
    out of turn, a game not started or over). The snapshot is parsed once for both; ``game`` when the
    caller already holds it."""
    game = game if game is not None else game_of(table)
    detail = table_detail(table=table, player=player, rules=False, game=game)
    seat = detail["your_seat"]
    waited = game is not None and seat is not None and seat in game.waiting_for()
    return {"table": detail, "legal": _legal_actions(game, seat) if waited else []}  # type: ignore[arg-type]


@dataclass(frozen=True)
class HintSource:
    """Where hints come from: a bidder's ``bid(view, rules) -> {"bid": n, "counted": [card, ...]}`` and a
    player's ``play(view, rules, rng) -> action``. The bots app plugs its normal bot in when it is ready
    (``bots.apps``), so that games needs no import of bots."""

    bid: Callable[[dict[str, Any], engine.RuleSet], dict[str, Any]]
    play: Callable[[dict[str, Any], engine.RuleSet, random.Random], dict[str, Any]]


_hint_source: HintSource | None = None


def hint_source_set(source: HintSource) -> None:
    """Make ``source`` the one that :func:`hint_for` asks (called once, from an app's ``ready()``)."""
    global _hint_source
    _hint_source = source


def hint_for(*, table: Table, player: Player) -> dict[str, Any]:
    """A suggestion for ``player``'s move now, from the normal bot, which sees only the player's seat view:
    a bid with the cards counted for it, or the card (or exchange, or look) it would choose."""
    if _hint_source is None:
        raise RuntimeError("no hint source: the bots app is not installed")
    seat, game = _seated_game(table, player)
    if seat not in game.waiting_for():
        raise engine.IllegalActionError(engine.Reason.GAME_OVER if game.phase == engine.GAME_OVER
                                        else engine.Reason.NOT_YOUR_TURN)
    view = engine.seat_view(game, seat).to_json()
    if game.phase == engine.BID and game.looked[seat]:
        hint = _hint_source.bid(view, game.rules)
        return {"seq": table.seq, "action": {"type": "bid", "bid": hint["bid"], "blind": False},
                "counted": hint["counted"]}
    rng = random.Random(f"hint/{table.pk}/{table.seq}")
    return {"seq": table.seq, "action": _hint_source.play(view, game.rules, rng), "counted": []}


def waiting_seats(*, table: Table, game: engine.Game) -> tuple[list[int], list[int]]:
    """The seats ``game`` waits for, split into those a built-in bot plays and those a player must move
    for (uses the prefetched seats)."""
    seats = {s.index: s for s in table.seats.all()}
    actors = game.waiting_for()
    return [s for s in actors if seats[s].played_by_bot], [s for s in actors if not seats[s].played_by_bot]


@dataclass(frozen=True)
class BotTurn:
    """A move a built-in bot owes at a table at ``seq``: the seat, the bot's level, the rule set and all
    that seat may see."""

    table_id: Any
    seq: int
    seat: int
    level: str
    rules: engine.RuleSet
    view: dict[str, Any]


@dataclass(frozen=True)
class LateSeat:
    """A player's seat whose move clock ran out: the level of the bot that moves for it and its view."""

    seat: int
    level: str
    view: dict[str, Any]


@dataclass(frozen=True)
class ClockExpiry:
    """A move clock that ran out at ``seq``: what the rule set does about it (``timeout_action``) and the
    seats that were late."""

    table_id: Any
    seq: int
    rules: engine.RuleSet
    timeout_action: str
    deadline: datetime
    late: tuple[LateSeat, ...]


def _playing_at(table_id: Any, seq: int) -> tuple[Table, engine.Game] | None:
    """The table and its game if it is being played and still at ``seq``, unlocked."""
    table = hot_reads.table_with_seats(table_id)
    if table is None or table.status != Table.Status.PLAYING or table.seq != seq:
        return None
    return table, engine.Game.from_json(table.state)  # type: ignore[arg-type]


def bot_turn_at(*, table_id: Any, seq: int) -> BotTurn | None:
    """The move a built-in bot owes at ``table_id`` at ``seq``, or ``None`` when the table moved on or
    waits on no bot. A bot seat plays at its own level, a player's seat taken over at the rule set's
    ``timeout_bot_level``."""
    found = _playing_at(table_id, seq)
    if found is None:
        return None
    table, game = found
    bots, _ = waiting_seats(table=table, game=game)
    if not bots:
        return None
    seat = bots[0]
    level = next(s.bot_level for s in table.seats.all() if s.index == seat) or game.rules.timeout_bot_level
    return BotTurn(table_id=table.pk, seq=seq, seat=seat, level=level, rules=game.rules, view=_bot_view(game, seat))


def _bot_view(game: engine.Game, seat: int) -> dict[str, Any]:
    """What a bot seat is given: its seat view, and the public summaries of the game's finished hands
    (``history``), which the seat saw played."""
    return {**engine.seat_view(game, seat).to_json(), "history": finished_hands(game)}


def clock_expiry_at(*, table_id: Any, seq: int) -> ClockExpiry | None:
    """The move clock of ``table_id`` that ran out at ``seq``, with the late seats and what the bot that
    moves for each sees (``auto_play`` is the normal bot's move, ``bot`` the ``timeout_bot_level`` bot's);
    ``None`` when the table moved on or the clock has not run out."""
    found = _playing_at(table_id, seq)
    if found is None:
        return None
    table, game = found
    deadline = table.turn_deadline
    if deadline is None or timezone.now() < deadline:
        return None
    rules = game.rules
    level = rules.timeout_bot_level if rules.timeout_action == "bot" else "normal"
    _, late = waiting_seats(table=table, game=game)
    return ClockExpiry(table_id=table.pk, seq=seq, rules=rules, timeout_action=rules.timeout_action,
                       deadline=deadline, late=tuple(LateSeat(seat, level, _bot_view(game, seat)) for seat in late))


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
        bots, _ = waiting_seats(table=table, game=engine.Game.from_json(table.state))  # type: ignore[arg-type]
        if bots:
            found.append((table.pk, table.seq, "bot"))
    return found


LogEntry = tuple[int, str, int | None, datetime, list[dict[str, Any]]]
"""A log entry as read: (seq, type, seat, created_at, its events as stored, every seat's private part in)."""


def events_after(*, table: Table, player: Player, after: int, upto: int | None = None) -> list[dict[str, Any]]:
    """The log entries after ``after`` (and up to ``upto``) with their events as ``player``'s seat may see
    them; ``board_in_play`` for a spectator while the table's duplicate round is in play."""
    spectator_check(table=table, player=player)
    seat = seat_of(table=table, player=player)
    return [entry_for_seat(row, seat) for row in hot_reads.log_entries(table, after, upto)]


def entry_for_seat(row: LogEntry, seat: int | None) -> dict[str, Any]:
    """A log entry as ``seat`` may see it (``None``: a spectator): the events through ``engine.event_for_seat``."""
    seq, kind, by, at, events = row
    return {"seq": seq, "type": kind, "seat": by, "at": at, "events": [engine.event_for_seat(e, seat) for e in events]}


def entry_is_public(row: LogEntry) -> bool:
    """Whether every seat sees ``row`` as a spectator does (none of its events has a private part)."""
    return not any("private" in e for e in row[4])


@dataclass
class ListenersRead:
    """One read for every listener of a table in a process (``games.api.hub``): the table with its seats when
    asked for (``None``: not asked, or no such table), its log entries after a seq as stored (up to the
    table's ``seq`` when it was read), and whether spectators may see them."""

    table: Table | None
    rows: list[LogEntry]
    public: bool


def log_for_listeners(*, table_id: Any, table: Table | None, after: int, spectators: bool) -> ListenersRead:
    """:class:`ListenersRead` of ``table_id``: the table read afresh unless ``table`` is given (what the
    streams need is the log alone), then the log entries after ``after`` and whether spectators may see them
    (not while the table's duplicate round is in play; asked only when ``spectators`` listen). One statement,
    or two with the table; one more at a duplicate round's table."""
    fresh = table is None
    if table is None:
        table = hot_reads.table_with_seats(table_id)
        if table is None:
            return ListenersRead(None, [], False)
    rows = hot_reads.log_entries(table, after, table.seq if fresh else None)
    hidden = bool(rows) and spectators and round_in_play(table)
    return ListenersRead(table if fresh else None, rows, not hidden)  # type: ignore[arg-type]


def feed_answer(*, table: Table, game: engine.Game | None, rows: list[LogEntry], player: Player) -> dict[str, Any]:
    """:func:`events_feed`'s answer from a table, its parsed game and its log entries after the caller's seq
    already read (``games.api.hub``, for a long-poll woken by a move): no query, except at a duplicate round's
    table, where a spectator is refused while the round is in play (``spectator_check``)."""
    spectator_check(table=table, player=player)
    seat = seat_of(table=table, player=player)
    return {"seq": table.seq, "events": [entry_for_seat(row, seat) for row in rows],
            **play_state(table=table, player=player, game=game)}


def events_feed(*, table_id: Any, player: Player, after: int, table: Table | None = None) -> dict[str, Any]:
    """The events feed's answer: the entries after ``after`` up to the table's ``seq`` as ``player`` may see
    them, that ``seq``, and :func:`play_state` at that same ``seq``, so the view is never older (nor newer)
    than the events: a move's entry is committed with the table row that counts it. ``table``: the table
    when the caller has just read it."""
    table = table if table is not None else table_get(table_id=table_id)
    entries = events_after(table=table, player=player, after=after, upto=table.seq)
    return {"seq": table.seq, "events": entries, **play_state(table=table, player=player)}


def turn_or_over(*, table: Table, player: Player, game: engine.Game | None = None) -> bool:
    """Whether a reader waiting for its turn (the events feed's ``until=turn``) must be answered: the table
    is not being played, or its game waits for ``player``'s seat (uses the prefetched seats; ``game``: the
    table's game when the caller holds it)."""
    if table.status != Table.Status.PLAYING:
        return True
    seat = seat_of(table=table, player=player)
    game = game if game is not None else game_of(table)
    return seat is not None and game is not None and seat in game.waiting_for()


def hand_public(*, table: Table, number: int) -> Hand:
    """Finished hand ``number`` of ``table``, once it is public: ``hand_not_finished`` if the table has no
    such finished hand, ``board_in_play`` while another table of its duplicate round has still to play that
    board (nobody sees it then, the table's own seats included). Its record and its review show alike."""
    hand = Hand.objects.filter(table=table, number=number).first()
    if hand is None:
        raise ServiceError(ErrorCode.HAND_NOT_FINISHED)
    if table.deal_group and _unfinished_siblings(table).exclude(hands__number=number).exists():
        raise ServiceError(ErrorCode.BOARD_IN_PLAY)
    return hand


def hand_record(*, table: Table, number: int) -> dict[str, Any]:
    """The public record of finished hand ``number`` (:func:`hand_public`)."""
    return hand_public(table=table, number=number).record


def game_replayed(table: Table) -> engine.Game | None:
    """The table's engine game with its whole history (every hand record, the action log), rebuilt from its
    snapshot's seed and its log: the snapshot keeps neither (``services._save``). ``None`` if it never
    started."""
    game = game_of(table)
    if game is None:
        return None
    payloads = (Action.objects.filter(table=table).exclude(type__in=Action.SERVICE_TYPES).order_by("seq")
                .values_list("payload", flat=True))
    return engine.Game.replay(game.rules, (engine.Action.from_json(p) for p in payloads), seed=game.seed,
                              first_dealer=game.first_dealer, deals=game.deals)


# Duplicate rounds -----------------------------------------------------------------------------------------
# Every table of a duplicate round (one ``deal_group``) is dealt the same boards, so what one table shows of
# a board would tell the players of another that has yet to play it. A board's record is public once every
# table of the group has played it (or ended without it), and a table's cards and events are a spectator's
# (anyone without a seat there, the players of the other tables included) once the whole group is over.

def _unfinished_siblings(table: Table) -> QuerySet[Table]:
    """The tables of ``table``'s deal group (itself included) still being played."""
    return Table.objects.filter(deal_group=table.deal_group).exclude(status=Table.Status.FINISHED)


def round_in_play(table: Table) -> bool:
    """Whether ``table`` is one of a duplicate round's tables and some table of the round is still being
    played: its cards and events are hidden from spectators until then."""
    return bool(table.deal_group) and _unfinished_siblings(table).exists()


def spectator_check(*, table: Table, player: Player) -> None:
    """``board_in_play`` when ``player`` has no seat at ``table`` and its duplicate round is in play (see
    above); nothing otherwise."""
    if table.deal_group and seat_of(table=table, player=player) is None and round_in_play(table):
        raise ServiceError(ErrorCode.BOARD_IN_PLAY)


# The contract with tournaments and ladders ----------------------------------------------------------------

@dataclass(frozen=True)
class SeatResult:
    """Who held one seat: an account (its id and name) or a built-in bot (its level), and the seat's side."""

    seat: int
    side: int
    player_id: uuid.UUID | None
    player_name: str | None
    bot_level: str


@dataclass(frozen=True)
class HandPoints:
    """What each side scored on one finished hand (a duplicate board), by side index."""

    number: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class TableResult:
    """A table as other apps see it: its status and, once finished, the winning side (``None`` for a draw),
    how it ended (``win``, ``draw``, ``resign``…), each side's final score and its points hand by hand."""

    table_id: uuid.UUID
    status: str
    winner: int | None
    result: str | None
    scores: tuple[int, ...]
    hands: tuple[HandPoints, ...]
    seats: tuple[SeatResult, ...]

    @property
    def finished(self) -> bool:
        """The game is over and the result is final."""
        return self.status == Table.Status.FINISHED


def table_result(*, table_id: Any) -> TableResult:
    """The result of table ``table_id`` (final once :attr:`TableResult.finished`); ``not_found`` if none."""
    table = table_get(table_id=table_id)
    teams = engine.rules_from_dict(table.rules).teams
    side_of = {seat: side for side, seats in enumerate(teams) for seat in seats}
    hands = Hand.objects.filter(table=table).order_by("number").values_list("number", "record")
    return TableResult(
        table_id=table.pk,
        status=table.status,
        winner=table.winner,
        result=table.result or None,
        scores=tuple((table.state or {}).get("scores", ())),
        hands=tuple(HandPoints(number, tuple(side["points"] for side in record["sides"])) for number, record in hands),
        seats=tuple(SeatResult(seat=s.index, side=side_of[s.index], player_id=s.player_id,
                               player_name=s.player.name if s.player_id else None, bot_level=s.bot_level)
                    for s in table.seats.all()),
    )


# A player's event log, challenges and seeks ---------------------------------------------------------------

PLAYER_EVENTS_PAGE = 100
"""The most events one read of a player's log returns: a reader catching up asks again after the last."""


def player_feed_key(player_id: Any) -> str:
    """What ``games.wakeup`` announces and watches for a player's event log (a table is watched by its id)."""
    return f"player-{player_id}"


def player_events_after(*, player: Player, after: int) -> list[dict[str, Any]]:
    """``player``'s events with seq above ``after``, oldest first, at most :data:`PLAYER_EVENTS_PAGE`."""
    rows = PlayerEvent.objects.filter(player=player, seq__gt=after).order_by("seq")[:PLAYER_EVENTS_PAGE]
    return [{"seq": row.seq, "at": row.created_at, **row.data} for row in rows]


def player_event_seq(*, player: Player) -> int:
    """The seq of ``player``'s last event (one cheap query, for long-polling)."""
    return Player.objects.filter(pk=player.pk).values_list("event_seq", flat=True).first() or 0


def challenge_get(*, challenge_id: Any, player: Player) -> Challenge:
    """A challenge ``player`` sent or received; ``not_found`` for any other (nobody else may see it)."""
    try:
        found = Challenge.objects.select_related("challenger", "challenged").filter(pk=challenge_id).first()
    except (ValueError, ValidationError):  # not a UUID
        found = None
    if found is None or player.pk not in (found.challenger_id, found.challenged_id):
        raise ServiceError(ErrorCode.NOT_FOUND)
    return found


def challenge_list(*, player: Player, box: str, status: str | None = None) -> QuerySet[Challenge]:
    """The challenges ``player`` received (``box`` ``received``) or sent (``sent``), newest first."""
    rows = Challenge.objects.select_related("challenger", "challenged")
    rows = rows.filter(challenged=player) if box == "received" else rows.filter(challenger=player)
    return rows.filter(status=status) if status else rows


def block_list(*, player: Player) -> QuerySet[Block]:
    """The accounts ``player`` refuses challenges from, the latest blocked first."""
    return Block.objects.filter(player=player).select_related("blocked").order_by("-created_at", "-pk")


def seek_get(*, seek_id: Any, player: Player) -> Seek:
    """One of ``player``'s seeks; ``not_found`` for anyone else's."""
    try:
        found = Seek.objects.filter(pk=seek_id, player=player).first()
    except (ValueError, ValidationError):  # not a UUID
        found = None
    if found is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return found


def seek_list(*, player: Player) -> QuerySet[Seek]:
    """``player``'s seeks, newest first."""
    return Seek.objects.filter(player=player).order_by("-created_at")


RatingSource = Callable[[Player, dict[str, Any]], "float | None"]
"""``(player, rules) -> rating``: the player's rating for games of that rule set, ``None`` when it has none."""

_rating_source: RatingSource | None = None


def rating_source_set(source: RatingSource) -> None:
    """Make ``source`` the one :func:`seek_rating` asks (called once, from the tournaments app's
    ``ready()``: ladders rate players, and games may not import them)."""
    global _rating_source
    _rating_source = source


def seek_rating(*, player: Player, rules: dict[str, Any]) -> float | None:
    """``player``'s ladder rating for games of ``rules``, what seekers are paired by; ``None`` without one
    (or without a ladder app)."""
    return _rating_source(player, rules) if _rating_source is not None else None
