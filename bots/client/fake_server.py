"""A small fake of the public API for testing bot clients offline (in the spirit of lichess-bot's test
server): the same paths and JSON as the real service, kept in memory, played by the real rules engine.

Use it as an httpx transport: ``SpadesBot("http://fake", transport=FakeSpadesServer().transport())``. It
implements players, tables (create, join, read), legal moves, actions with ``seq`` and the events feed
(without waiting), with every member the schema requires, so the SDK's generated models read its answers. It
is not the service: no database, no throttling, no bots in seats.
"""

from __future__ import annotations

import json
import secrets
import threading
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import httpx

from games import engine


@dataclass
class _Table:
    id: str
    preset: str
    rules: engine.RuleSet
    seats: list[str | None]
    game: engine.Game | None = None
    log: list[dict[str, Any]] = field(default_factory=list)


class FakeSpadesServer:
    """In-memory stand-in for the Spades API."""

    def __init__(self, seed: str = "fake") -> None:
        self.seed = seed
        self.players: dict[str, str] = {}  # token -> name
        self.tables: dict[str, _Table] = {}
        self.lock = threading.Lock()  # clients may play from threads of their own

    def transport(self) -> httpx.MockTransport:
        """An httpx transport that answers with this fake."""
        return httpx.MockTransport(self.handle)

    def handle(self, request: httpx.Request) -> httpx.Response:
        with self.lock:
            return self._handle(request)

    def _handle(self, request: httpx.Request) -> httpx.Response:
        parts = [p for p in request.url.path.split("/") if p][2:]  # drop "api", "v1"
        body = json.loads(request.content) if request.content else {}
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        try:
            if parts == ["players"] and request.method == "POST":
                token = "spd_" + secrets.token_urlsafe(16)
                self.players[token] = body["name"]
                return _json(201, {"id": str(uuid.uuid4()), "name": body["name"], "kind": body.get("kind", "human"),
                                   "created_at": _now(), "accepts_challenges": "all", "token": token})
            me = self.players.get(token)
            if me is None:
                return _problem(401, "not_authenticated")
            if parts == ["tables"] and request.method == "POST":
                return self._create(me, body)
            table = self.tables.get(parts[1]) if len(parts) > 1 else None
            if table is None:
                return _problem(404, "not_found")
            seat = table.seats.index(me) if me in table.seats else None
            rest = parts[2:]
            if rest == ["join"]:
                return self._join(table, me, body.get("seat"))
            if rest == []:
                return _json(200, self._detail(table, seat))
            if rest == ["legal"]:
                actions = self._legal(table, seat)
                return _json(200, {"seq": len(table.log), "seat": seat, "phase": table.game.phase if table.game
                                   else "deal", "your_turn": bool(actions), "actions": actions, "cards": []})
            if rest == ["events"]:
                after = int(request.url.params.get("after", 0))
                seen = [dict(e, events=[engine.event_for_seat(x, seat) for x in e["events"]])
                        for e in table.log[after:]]
                return _json(200, {"seq": len(table.log), "events": seen, "table": self._acted(table, seat),
                                   "legal": self._legal(table, seat)})
            if rest == ["actions"]:
                return self._act(table, seat, body)
            return _problem(404, "not_found")
        except engine.IllegalActionError as error:
            return _problem(409 if error.reason == engine.Reason.NOT_YOUR_TURN else 422, error.code)
        except engine.InvalidCardError:
            return _problem(422, "unknown_card")

    def _create(self, me: str, body: dict[str, Any]) -> httpx.Response:
        rules = engine.make_rules(body.get("preset", "standard"), body.get("overrides"))
        table = _Table(str(uuid.uuid4()), rules.name, rules, [None] * rules.players)
        self.tables[table.id] = table
        if body.get("take_seat") is not None:
            self._join(table, me, body["take_seat"])
        return _json(201, self._detail(table, table.seats.index(me) if me in table.seats else None))

    def _join(self, table: _Table, me: str, seat: int | None) -> httpx.Response:
        if me in table.seats:
            return _problem(409, "already_seated")
        free = [i for i, s in enumerate(table.seats) if s is None]
        seat = free[0] if seat is None and free else seat
        if seat is None or table.seats[seat] is not None:
            return _problem(409, "seat_taken")
        table.seats[seat] = me
        table.log.append({"seq": len(table.log) + 1, "type": "join", "seat": seat, "at": _now(),
                          "events": [{"type": "join", "seat": seat, "player": me}]})
        if None not in table.seats:
            table.game = engine.Game.new(table.rules, seed=f"{self.seed}/{table.id}")
            table.log.append({"seq": len(table.log) + 1, "type": "start", "seat": None, "at": _now(),
                              "events": [table.game.deal_event().to_json()]})
        return _json(200, self._detail(table, seat))

    def _act(self, table: _Table, seat: int | None, body: dict[str, Any]) -> httpx.Response:
        if seat is None:
            return _problem(403, "not_a_player_here")
        if table.game is None:
            return _problem(409, "game_not_started")
        if body.pop("seq", None) != len(table.log):
            return _problem(409, "stale_seq")
        move = engine.Action.from_json({**body, "seat": seat})
        events = [e.to_json() for e in table.game.apply(move)]
        entry = {"seq": len(table.log) + 1, "type": move.type, "seat": seat, "at": _now(), "events": events}
        table.log.append(entry)
        mine = dict(entry, events=[engine.event_for_seat(e, seat) for e in events])
        return _json(200, {"seq": len(table.log), "entry": mine, "table": self._acted(table, seat),
                           "legal": self._legal(table, seat)})

    def _acted(self, table: _Table, seat: int | None) -> dict[str, Any]:
        """The table as an action's answer and the events feed give it: without the rule set."""
        detail = self._detail(table, seat)
        del detail["rules"]
        return detail

    def _legal(self, table: _Table, seat: int | None) -> list[dict[str, Any]]:
        # As the service answers it: only the actions the game waits for from this seat now.
        if table.game is None or seat is None or seat not in table.game.waiting_for():
            return []
        return [a.to_json() for a in table.game.legal_actions(seat)]

    def _detail(self, table: _Table, seat: int | None) -> dict[str, Any]:
        game = table.game
        status = "open" if game is None else "finished" if game.phase == engine.GAME_OVER else "playing"
        seats = [{"seat": i, "state": "open" if name is None else "player", "player": name,
                  "kind": None if name is None else "bot", "bot_level": None, "replaced_by_bot": False}
                 for i, name in enumerate(table.seats)]
        return {"id": table.id, "preset": table.preset, "rules": table.rules.to_dict(), "status": status,
                "seq": len(table.log), "seats": seats, "your_seat": seat, "created_at": _now(),
                "started_at": None, "finished_at": None, "winner": game.winner if game else None,
                "result": None, "clock": None, "sealed": False,
                "view": engine.seat_view(game, seat).to_json() if game is not None else None}


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _json(status: int, body: Any) -> httpx.Response:
    return httpx.Response(status, json=body)


def _problem(status: int, code: str) -> httpx.Response:
    return httpx.Response(status, json={"type": f"/api/v1/errors/#{code}", "title": code, "status": status,
                                        "detail": code, "code": code},
                          headers={"Content-Type": "application/problem+json"})
