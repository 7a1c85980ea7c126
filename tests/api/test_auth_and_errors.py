"""Bad requests, table by table: each is refused with the right status and ``code`` in the one
problem-details shape, and leaves the table (its ``seq`` and its stored state) exactly as it was.
Authentication, languages and throttling too. No response in this module may be a 5xx."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.throttling import SimpleRateThrottle

from games.models import Action, Player, Table
from tests.api.conftest import ALLOWED_HOSTS, HIGH_RATES, Api
from tests.api.players import Driver
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db

ALL_CARDS = [r + s for s in "CDHS" for r in "23456789TJQKA"]


@pytest.fixture(autouse=True)
def _no_server_errors(made_clients: list[Any]) -> Iterator[None]:
    yield
    errors = [(r.status_code, r.content[:200]) for c in made_clients for r in c.responses if r.status_code >= 500]
    assert not errors, f"server errors: {errors}"


@pytest.fixture(scope="module")
def catalog(openapi: Any, django_db_blocker: Any) -> dict[str, int]:
    """Every error code the API lists, with its status."""
    with django_db_blocker.unblock(), override_settings(ALLOWED_HOSTS=ALLOWED_HOSTS):
        response = Api(openapi).get("/api/v1/errors/", token="")
    return {entry["code"]: entry["status"] for entry in response.body}


@dataclass
class Game:
    """A started table: its id, one client per seat, and the driver that can move it on."""

    table_id: str
    clients: list[Any]
    driver: Driver

    @property
    def base(self) -> str:
        return f"/api/v1/tables/{self.table_id}/"

    def table(self) -> dict[str, Any]:
        return self.clients[0].get(self.base).body

    def turn(self) -> tuple[int, int]:
        """The seat whose bid or play it is, and the table's seq."""
        table = self.table()
        return table["view"]["turn"], table["seq"]

    def until(self, found: Callable[[dict[str, Any]], Any], steps: int = 400) -> Any:
        """Play on until ``found(legal list of the seat to move)`` is truthy; return that value."""
        for _ in range(steps):
            table = self.table()
            seat = table["view"]["turn"]
            if seat is not None:
                hit = found(self.driver.legal(seat))
                if hit:
                    return hit
            self.driver.table = table
            self.driver.step()
        raise AssertionError("the situation never came up")


@dataclass
class Ctx:
    """Tables and players for the cases, made on first use."""

    register: Callable[..., tuple[dict[str, Any], str]]
    client_for: Callable[..., Any]
    extra: dict[str, Any] = field(default_factory=dict)

    def game(self, preset: str = "standard", overrides: dict[str, Any] | None = None) -> Game:
        table_id, clients = open_table(self.register, self.client_for, preset, overrides or {})
        return Game(table_id, clients, Driver(clients, table_id, random.Random(table_id)))

    @cached_property
    def bidding(self) -> Game:
        return self.game()

    @cached_property
    def playing(self) -> Game:
        game = self.game()
        game.until(lambda legal: legal["phase"] == "play")
        return game

    @cached_property
    def outsider(self) -> Any:
        return self.client_for(self.register()[1])

    @cached_property
    def open_table(self) -> tuple[str, Any]:
        client = self.client_for(self.register()[1])
        response = client.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0})
        assert response.status_code == 201
        return response.body["id"], client


@dataclass
class Req:
    """A request to send, and the table that must not change because of it."""

    client: Any
    method: str
    path: str
    data: Any = None
    raw: str | None = None
    headers: dict[str, str] | None = None
    token: str | None = None
    table_id: str | None = None


def act(game: Game, seat: int, body: dict[str, Any], **kwargs: Any) -> Req:
    return Req(game.clients[seat], "POST", game.base + "actions/", body, table_id=game.table_id, **kwargs)


def bidder(ctx: Ctx) -> tuple[Game, int, int]:
    game = ctx.bidding
    seat, seq = game.turn()
    return game, seat, seq


def player(ctx: Ctx) -> tuple[Game, int, int]:
    game = ctx.playing
    seat, seq = game.turn()
    return game, seat, seq


def malformed_json(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, None, raw='{"type": "bid", "bid": 3, "seq": ')


def wrong_types(ctx: Ctx) -> Req:
    game, seat, _ = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": "three", "seq": "latest"})


def missing_card(ctx: Ctx) -> Req:
    game, seat, seq = player(ctx)
    return act(game, seat, {"type": "play", "seq": seq})


def unknown_action_type(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "dance", "seq": seq})


def unknown_card(ctx: Ctx) -> Req:
    game, seat, seq = player(ctx)
    return act(game, seat, {"type": "play", "card": "ZZ", "seq": seq})


def bid_too_high(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": 14, "seq": seq})


def bid_negative(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": -1, "seq": seq})


def blind_bid_not_allowed(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": 0, "blind": True, "seq": seq})


def bid_out_of_turn(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, (seat + 1) % 4, {"type": "bid", "bid": 3, "seq": seq})


def play_out_of_turn(ctx: Ctx) -> Req:
    game, seat, seq = player(ctx)
    other = (seat + 2) % 4
    card = game.driver.legal(other)["cards"][0]["card"]
    return act(game, other, {"type": "play", "card": card, "seq": seq})


def play_in_bidding(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    card = game.driver.legal(seat)["cards"][0]["card"]
    return act(game, seat, {"type": "play", "card": card, "seq": seq})


def card_not_in_hand(ctx: Ctx) -> Req:
    game, seat, seq = player(ctx)
    mine = {c["card"] for c in game.driver.legal(seat)["cards"]}
    return act(game, seat, {"type": "play", "card": next(c for c in ALL_CARDS if c not in mine), "seq": seq})


def must_follow_suit(ctx: Ctx) -> Req:
    game = ctx.game()
    card = game.until(lambda legal: next((c["card"] for c in legal["cards"] if c["reason"] == "must_follow_suit"),
                                         None))
    seat, seq = game.turn()
    return act(game, seat, {"type": "play", "card": card, "seq": seq})


def spades_not_broken(ctx: Ctx) -> Req:
    game = ctx.game()
    card = game.until(lambda legal: next((c["card"] for c in legal["cards"] if c["reason"] == "spades_not_broken"),
                                         None))
    seat, seq = game.turn()
    return act(game, seat, {"type": "play", "card": card, "seq": seq})


def stale_seq(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    ctx.extra["seq"] = seq
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq - 1})


def future_seq(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    ctx.extra["seq"] = seq
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq + 5})


def not_a_player_here(ctx: Ctx) -> Req:
    game, _, seq = bidder(ctx)
    return Req(ctx.outsider, "POST", game.base + "actions/", {"type": "bid", "bid": 3, "seq": seq},
               table_id=game.table_id)


def legal_not_a_player_here(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(ctx.outsider, "GET", game.base + "legal/", table_id=game.table_id)


def join_full_table(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(ctx.outsider, "POST", game.base + "join/", {}, table_id=game.table_id)


def join_twice(ctx: Ctx) -> Req:
    table_id, creator = ctx.open_table
    return Req(creator, "POST", f"/api/v1/tables/{table_id}/join/", {}, table_id=table_id)


def join_taken_seat(ctx: Ctx) -> Req:
    table_id, _ = ctx.open_table
    return Req(ctx.outsider, "POST", f"/api/v1/tables/{table_id}/join/", {"seat": 0}, table_id=table_id)


def join_no_such_seat(ctx: Ctx) -> Req:
    table_id, _ = ctx.open_table
    return Req(ctx.outsider, "POST", f"/api/v1/tables/{table_id}/join/", {"seat": 7}, table_id=table_id)


def act_before_start(ctx: Ctx) -> Req:
    table_id, creator = ctx.open_table
    return Req(creator, "POST", f"/api/v1/tables/{table_id}/actions/", {"type": "bid", "bid": 3, "seq": 1},
               table_id=table_id)


def legal_before_start(ctx: Ctx) -> Req:
    table_id, creator = ctx.open_table
    return Req(creator, "GET", f"/api/v1/tables/{table_id}/legal/", table_id=table_id)


def unknown_table(suffix: str, method: str = "GET", data: Any = None) -> Callable[[Ctx], Req]:
    def case(ctx: Ctx) -> Req:
        return Req(ctx.outsider, method, f"/api/v1/tables/{uuid.uuid4()}/{suffix}", data)

    case.__name__ = f"unknown_table_{method}_{suffix}"
    return case


def non_uuid_table(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "GET", "/api/v1/tables/not-a-table/")


def non_uuid_table_action(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/12345/actions/", {"type": "bid", "bid": 3, "seq": 1})


def no_token(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[0], "GET", game.base, token="")


def no_token_act(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq}, token="")


def bad_token(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq}, token="spd_not-a-real-token")


def malformed_authorization(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[0], "GET", game.base + "legal/", token="", headers={"Authorization": "Bearer a b"},
               table_id=game.table_id)


def act_after_resign(ctx: Ctx) -> Req:
    game = ctx.game()
    seat, seq = game.turn()
    response = game.clients[seat].post(game.base + "actions/", {"type": "resign", "seq": seq})
    assert response.status_code == 200
    assert response.body["table"]["status"] == "finished"
    assert response.body["table"]["result"] == "resign"
    seat, seq = (seat + 1) % 4, response.body["seq"]
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq})


def act_after_hand_cap(ctx: Ctx) -> Req:
    game = ctx.game("standard", {"hand_cap": 1, "tie": "draw"})
    game.driver.play()
    table = game.table()
    assert table["status"] == "finished" and table["view"]["hands_played"] == 1
    return act(game, 0, {"type": "play", "card": "AS", "seq": table["seq"]})


def duplicate_name(ctx: Ctx) -> Req:
    name = f"dup-{uuid.uuid4().hex[:8]}"
    ctx.register(name)
    return Req(ctx.outsider, "POST", "/api/v1/players/", {"name": name}, token="")


def bad_player_name(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/players/", {"name": "a b", "kind": "robot"}, token="")


def contradictory_rules(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "standard",
                                                         "overrides": {"bid_rule": "mirror", "blind_nil": True}})


def unknown_switch(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "classic", "overrides": {"jokerz": True}})


def bad_switch_value(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "standard", "overrides": {"target": "lots"}})


def unknown_preset(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "hearts"})


def bot_seat_without_level(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "standard", "seats": [
        {"type": "bot"}, {"type": "open"}, {"type": "open"}, {"type": "open"}]})


def wrong_seat_count(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "cutthroat3", "seats": [{"type": "open"}] * 4})


def take_missing_seat(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "POST", "/api/v1/tables/", {"preset": "cutthroat3", "take_seat": 3})


def hand_not_finished(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[1], "GET", game.base + "hands/1/", table_id=game.table_id)


def analysis_of_hand_not_finished(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[1], "GET", game.base + "hands/1/analysis/", table_id=game.table_id)


def analysis_of_hand_out_of_range(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[1], "GET", game.base + "hands/99999999999999999999/analysis/", table_id=game.table_id)


def idempotency_key_reused(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    first = game.clients[seat].post(game.base + "actions/", {"type": "bid", "bid": 3, "seq": seq},
                                    headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 200
    return act(game, seat, {"type": "bid", "bid": 4, "seq": seq}, headers={"Idempotency-Key": "k-1"})


def idempotency_key_too_long(ctx: Ctx) -> Req:
    game, seat, seq = bidder(ctx)
    return act(game, seat, {"type": "bid", "bid": 3, "seq": seq}, headers={"Idempotency-Key": "k" * 129})


def events_bad_after(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[0], "GET", game.base + "events/?after=-1", table_id=game.table_id)


def events_bad_wait(ctx: Ctx) -> Req:
    game = ctx.bidding
    return Req(game.clients[0], "GET", game.base + "events/?wait=abc", table_id=game.table_id)


def list_bad_status(ctx: Ctx) -> Req:
    return Req(ctx.outsider, "GET", "/api/v1/tables/?status=lost")


CASES: list[tuple[Callable[[Ctx], Req], int, str]] = [
    (malformed_json, 400, "parse_error"),
    (wrong_types, 400, "invalid"),
    (missing_card, 400, "invalid"),
    (unknown_action_type, 422, "unknown_action"),
    (unknown_card, 422, "unknown_card"),
    (bid_too_high, 422, "bid_out_of_range"),
    (bid_negative, 422, "bid_out_of_range"),
    (blind_bid_not_allowed, 422, "blind_not_allowed"),
    (bid_out_of_turn, 409, "not_your_turn"),
    (play_out_of_turn, 409, "not_your_turn"),
    (play_in_bidding, 409, "wrong_phase"),
    (card_not_in_hand, 422, "card_not_in_hand"),
    (must_follow_suit, 422, "must_follow_suit"),
    (spades_not_broken, 422, "spades_not_broken"),
    (stale_seq, 409, "stale_seq"),
    (future_seq, 409, "stale_seq"),
    (not_a_player_here, 403, "not_a_player_here"),
    (legal_not_a_player_here, 403, "not_a_player_here"),
    (join_full_table, 409, "table_not_open|table_full"),
    (join_twice, 409, "already_seated"),
    (join_taken_seat, 409, "seat_taken"),
    (join_no_such_seat, 400, "invalid"),
    (act_before_start, 409, "game_not_started"),
    (legal_before_start, 409, "game_not_started"),
    (unknown_table(""), 404, "not_found"),
    (unknown_table("legal/"), 404, "not_found"),
    (unknown_table("events/"), 404, "not_found"),
    (unknown_table("hands/1/"), 404, "not_found"),
    (unknown_table("hands/1/analysis/"), 404, "not_found"),
    (analysis_of_hand_not_finished, 404, "hand_not_finished"),
    (analysis_of_hand_out_of_range, 404, "hand_not_finished"),
    (unknown_table("actions/", "POST", {"type": "bid", "bid": 3, "seq": 0}), 404, "not_found"),
    (unknown_table("join/", "POST", {}), 404, "not_found"),
    (non_uuid_table, 404, "not_found"),
    (non_uuid_table_action, 404, "not_found"),
    (no_token, 401, "not_authenticated"),
    (no_token_act, 401, "not_authenticated"),
    (bad_token, 401, "authentication_failed"),
    (malformed_authorization, 401, "authentication_failed"),
    (act_after_resign, 409, "game_over"),
    (act_after_hand_cap, 409, "game_over"),
    (duplicate_name, 409, "name_taken"),
    (bad_player_name, 400, "invalid"),
    (contradictory_rules, 400, "invalid_rules"),
    (unknown_switch, 400, "invalid_rules"),
    (bad_switch_value, 400, "invalid_rules"),
    (unknown_preset, 400, "invalid"),
    (bot_seat_without_level, 400, "invalid"),
    (wrong_seat_count, 400, "invalid"),
    (take_missing_seat, 400, "invalid"),
    (hand_not_finished, 404, "hand_not_finished"),
    (idempotency_key_reused, 422, "idempotency_key_reused"),
    (idempotency_key_too_long, 400, "invalid"),
    (events_bad_after, 400, "invalid"),
    (events_bad_wait, 400, "invalid"),
    (list_bad_status, 400, "invalid"),
]

# Field errors each case must name.
FIELD_ERRORS = {
    "wrong_types": {"bid", "seq"},
    "missing_card": {"card"},
    "join_no_such_seat": {"seat"},
    "bad_player_name": {"name", "kind"},
    "contradictory_rules": {"bid_rule", "blind_nil"},
    "unknown_switch": {"jokerz"},
    "bad_switch_value": {"target"},
    "unknown_preset": {"preset"},
    "bot_seat_without_level": {"seats"},
    "wrong_seat_count": {"seats"},
    "take_missing_seat": {"take_seat"},
    "idempotency_key_too_long": {"Idempotency-Key"},
    "events_bad_after": {"after"},
    "events_bad_wait": {"wait"},
    "list_bad_status": {"status"},
}


def snapshot(table_id: str | None) -> tuple[Any, ...]:
    """What a refused request must not change: the table's seq, state, status and log; the counts of
    players and tables."""
    counts = (Player.objects.count(), Table.objects.count())
    if table_id is None:
        return counts
    table = Table.objects.get(pk=table_id)
    log = list(Action.objects.filter(table=table).values_list("seq", "type", "payload"))
    seats = list(table.seats.values_list("index", "player_id"))
    return counts + (table.seq, table.state, table.status, log, seats)


def assert_problem(response: Any, status: int, code: str, catalog: dict[str, int]) -> dict[str, Any]:
    body = response.body
    assert response.status_code == status, body
    assert response["Content-Type"].startswith("application/problem+json")
    assert set(body) >= {"type", "title", "status", "detail", "code"}
    assert body["code"] in code.split("|"), body
    assert body["status"] == status
    assert body["type"] == f"/api/v1/errors/#{body['code']}"
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert catalog.get(body["code"]) == status, f"{body['code']} is listed in /api/v1/errors/ as {catalog.get(code)}"
    return body


@pytest.mark.parametrize(("case", "status", "code"), CASES, ids=[c[0].__name__ for c in CASES])
def test_refused(case: Callable[[Ctx], Req], status: int, code: str, register: Any, client_for: Any,
                 catalog: dict[str, int]) -> None:
    ctx = Ctx(register, client_for)
    req = case(ctx)
    before = snapshot(req.table_id)
    response = req.client.request(req.method, req.path, req.data, raw=req.raw, headers=req.headers, token=req.token)
    body = assert_problem(response, status, code, catalog)
    assert snapshot(req.table_id) == before, "a refused request changed something"
    fields = FIELD_ERRORS.get(case.__name__)
    if fields:
        # A field is named by its own key, or by keys under it for nested fields ("seats.0.level").
        named = set(body.get("errors", {}))
        assert all(any(k == f or k.startswith(f + ".") for k in named) for f in fields), body
        for messages in body["errors"].values():
            assert isinstance(messages, list) and messages
            # Messages are for people: no Python reprs of DRF's error objects.
            assert not any("ErrorDetail(" in m or "{'" in m for m in messages), messages
    if status == 401:
        assert response["WWW-Authenticate"].startswith("Bearer")
    if body["code"] == "stale_seq":
        assert body["seq"] == ctx.extra["seq"]
    if req.table_id is not None and req.method == "POST":
        # Nothing moved: the table's seq is still what clients last saw.
        seq = Table.objects.get(pk=req.table_id).seq
        assert before[2] == seq


def test_accept_language_japanese(register: Any, client_for: Any, catalog: dict[str, int]) -> None:
    ctx = Ctx(register, client_for)
    game, seat, seq = bidder(ctx)
    other = game.clients[(seat + 1) % 4]
    before = snapshot(game.table_id)
    body = {"type": "bid", "bid": 3, "seq": seq}
    ja = assert_problem(other.post(game.base + "actions/", body, headers={"Accept-Language": "ja"}),
                        409, "not_your_turn", catalog)
    assert ja["title"] == "あなたの番ではありません"
    assert ja["detail"] == f"今は席{seat}の番です。"
    en = assert_problem(other.post(game.base + "actions/", body, headers={"Accept-Language": "en-GB,en;q=0.9"}),
                        409, "not_your_turn", catalog)
    assert en["title"] == "Not your turn"
    assert en["detail"] == f"It is seat {seat}'s turn, not yours."
    assert en["params"] == {"turn": seat}
    weighted = other.post(game.base + "actions/", body, headers={"Accept-Language": "en;q=0.5, ja;q=0.8"}).body
    assert weighted["title"] == ja["title"]
    stale = assert_problem(game.clients[seat].post(game.base + "actions/", {**body, "seq": seq - 1},
                                                   headers={"Accept-Language": "ja-JP"}), 409, "stale_seq", catalog)
    assert stale["detail"].startswith(f"送られた seq は {seq - 1} ですが、テーブルは seq {seq} まで")
    rule = assert_problem(game.clients[seat].post(game.base + "actions/", {**body, "bid": 14},
                                                  headers={"Accept-Language": "ja"}), 422, "bid_out_of_range", catalog)
    assert rule["title"] == "宣言が範囲外です"
    assert rule["detail"] == "0から13までの数を宣言してください。"
    assert snapshot(game.table_id) == before


def test_field_messages_follow_accept_language(api: Any, register: Any, client_for: Any) -> None:
    """DRF's own field messages and the project's come in Japanese through Django's translation machinery."""
    short = api.post("/api/v1/players/", {"name": "ab"}, token="", headers={"Accept-Language": "ja"}).body
    assert short["code"] == "invalid" and short["title"] == "リクエストが不正です"
    assert any("3文字" in m for m in short["errors"]["name"]), short  # DRF's min_length message, in Japanese
    assert short["detail"] == "次の項目を確認してください: name。"
    english = api.post("/api/v1/players/", {"name": "ab"}, token="").body
    assert any("at least 3 characters" in m for m in english["errors"]["name"]), english
    _, token = register()
    client = client_for(token)
    seats = [{"type": "open"}, {"type": "bot"}, {"type": "open"}, {"type": "open"}]
    ours = client.post("/api/v1/tables/", {"preset": "standard", "seats": seats},
                       headers={"Accept-Language": "ja"}).body
    assert ours["errors"]["seats.1.level"] == ["ボットの席には強さ（level）が必要です。"], ours
    missing = client.post("/api/v1/tables/", {"preset": "nope"}, headers={"Accept-Language": "ja"}).body
    assert any("有効な選択肢" in m or "選択" in m for m in missing["errors"]["preset"]), missing
    bad_after = client.get(f"/api/v1/tables/{uuid.uuid4()}/events/", {"after": "x"},
                           headers={"Accept-Language": "ja"}).body
    assert bad_after["errors"]["after"] == ["0から2147483647までの整数にしてください。"], bad_after


def test_refusals_say_what_was_wrong(register: Any, client_for: Any, catalog: dict[str, int]) -> None:
    """The detail quotes the particulars of the refusal that the caller may know: the suit led (which the
    caller holds), the bids allowed; never another seat's cards."""
    ctx = Ctx(register, client_for)
    req = must_follow_suit(ctx)
    response = req.client.request(req.method, req.path, req.data)
    body = assert_problem(response, 422, "must_follow_suit", catalog)
    table = req.client.get(f"/api/v1/tables/{req.table_id}/").body
    led = table["view"]["trick"][0]["card"][-1]
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[led]
    assert body["params"] == {"suit": suit}
    assert body["detail"] == f"{suit.capitalize()} were led and you hold {suit}: play one of them."
    assert any(card.endswith(led) for card in table["view"]["hand"])  # the caller holds that suit
    hidden = {c for s, hand in enumerate(_all_hands(req.table_id)) if s != table["your_seat"] for c in hand}
    assert not any(card in body["detail"] for card in hidden)
    ja = req.client.request(req.method, req.path, req.data, headers={"Accept-Language": "ja"}).body
    assert ja["title"] == "マークに従う必要があります" and "が出されていて" in ja["detail"]
    unknown = unknown_action_type(ctx)
    body = assert_problem(unknown.client.request("POST", unknown.path, unknown.data), 422, "unknown_action", catalog)
    assert body["detail"].startswith("'dance' is not an action type") and body["params"] == {"type": "dance"}


def _all_hands(table_id: str) -> list[list[str]]:
    """Every seat's cards now, from the stored state (what the detail must not quote)."""
    from games import engine

    game = engine.Game.from_json(Table.objects.get(pk=table_id).state)
    return [[engine.card_name(c) for c in engine.cards_in(hand)] for hand in game.hands]


def test_throttled(register: Any, client_for: Any, monkeypatch: pytest.MonkeyPatch, catalog: dict[str, int]) -> None:
    _, token = register()
    client = client_for(token)
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "user": "3/min"})
    cache.clear()
    for _ in range(3):
        assert client.post("/api/v1/tables/", {"preset": "standard"}).status_code == 201
    tables = Table.objects.count()
    response = client.post("/api/v1/tables/", {"preset": "standard"})
    body = assert_problem(response, 429, "throttled", catalog)
    wait = int(response["Retry-After"])
    assert 0 < wait <= 60
    assert body["retry_after"] == wait
    assert Table.objects.count() == tables
    # Another player has its own allowance.
    assert client_for(register()[1]).post("/api/v1/tables/", {"preset": "standard"}).status_code == 201


@pytest.mark.parametrize("suffix", ["", "legal/", "events/"])
def test_throttled_reads_are_documented(suffix: str, register: Any, client_for: Any,
                                        monkeypatch: pytest.MonkeyPatch, catalog: dict[str, int]) -> None:
    """Every authenticated endpoint is throttled, so its 429 belongs in the schema like POST's."""
    table_id, clients = open_table(register, client_for, "standard", {})
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "user": "2/min"})
    cache.clear()  # forget the requests that set the table up
    client = clients[0]
    path = f"/api/v1/tables/{table_id}/{suffix}"
    for _ in range(2):
        assert client.get(path).status_code == 200
    response = client.get(path, check=False)
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    client.schema.check(response, client.schema.operation_for("GET", path))


def test_registration_is_throttled_per_ip(api: Any, monkeypatch: pytest.MonkeyPatch, catalog: dict[str, int]) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**HIGH_RATES, "register": "2/min"})
    cache.clear()
    for i in range(2):
        assert api.post("/api/v1/players/", {"name": f"reg-{i}-{uuid.uuid4().hex[:6]}"}, token="").status_code == 201
    players = Player.objects.count()
    response = api.post("/api/v1/players/", {"name": f"reg-x-{uuid.uuid4().hex[:6]}"}, token="")
    assert_problem(response, 429, "throttled", catalog)
    assert response["Retry-After"].isdigit()
    assert Player.objects.count() == players
