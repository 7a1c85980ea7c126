"""OpenAPI examples made by playing a real game with the engine (fixed seed), so every example is a true
response shape and stays true when the engine changes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample

from core import errors
from games import engine
from games.engine.review import review_hand

TABLE_ID = "3f1c0a52-8e0b-4f57-9a55-0d2b7c9c4e11"
AT = "2026-12-02T10:00:00Z"


def _game() -> engine.Game:
    """A standard game after the bidding and two tricks and a card, seen from seat 0."""
    game = engine.Game.new(engine.preset("standard"), seed="openapi-example", first_dealer=3)
    for bid in (3, 4, 2, 3):
        game.bid(game.turn, bid)  # type: ignore[arg-type]
    for _ in range(9):
        seat = game.turn
        game.play(seat, game.legal_cards(seat)[-1])  # type: ignore[arg-type]
    return game


_GAME = _game()
_SEAT: int = _GAME.turn  # type: ignore[assignment]  # the seat to move, following the lead
VIEW = engine.seat_view(_GAME, _SEAT).to_json()

TABLE = {
    "id": TABLE_ID, "preset": "standard", "rules": engine.preset("standard").to_dict(), "status": "playing",
    "seq": 18, "seats": [
        {"seat": i, "state": "player", "player": name, "kind": kind, "bot_level": None, "replaced_by_bot": False}
        for i, (name, kind) in enumerate([("alice", "human"), ("nilhunter", "bot"), ("bob", "human"),
                                          ("carol", "human")])],
    "your_seat": _SEAT, "created_at": AT, "started_at": AT, "finished_at": None, "winner": None,
    "result": None, "clock": None, "view": VIEW, "sealed": False,
}


def _legal() -> dict[str, Any]:
    seat = _SEAT
    actions = []
    for action in _GAME.legal_actions(seat):
        item = action.to_json()
        item.pop("seat")
        actions.append(item)
    cards = [{"card": engine.card_name(c), "playable": r is None, "reason": None if r is None else r.value,
              "message": None if r is None else errors.message(r)} for c, r in _GAME.card_reasons(seat).items()]
    return {"seq": 18, "seat": seat, "phase": _GAME.phase, "your_turn": True, "actions": actions, "cards": cards}


LEGAL = _legal()
LEAN_TABLE = {k: v for k, v in TABLE.items() if k != "rules"}
"""The table as the play loop's answers carry it: without the rule set."""
EVENTS = {"seq": 18, "table": LEAN_TABLE, "legal": LEGAL["actions"], "events": [
    {"seq": 17, "type": "play", "seat": entry.seat, "at": AT, "events": [
        engine.PlayEvent(entry.seat, engine.card_name(entry.card)).for_seat(_SEAT)]}
    for entry in _GAME.log[-1:]]}


def _finished_game() -> engine.Game:
    game = engine.Game.new(engine.preset("standard"), seed="openapi-example", first_dealer=3)
    while not game.records:
        seat = game.turn
        if game.phase == engine.BID:
            game.bid(seat, 3)  # type: ignore[arg-type]
        else:
            game.play(seat, game.legal_cards(seat)[0])  # type: ignore[arg-type]
    return game


_HAND_GAME = _finished_game()
HAND = _HAND_GAME.records[0].to_json()
# The same hand reviewed within a small budget (fast to make at import): the last cards analysed, the first
# ones and the par not, as a review past the service's budget is served.
ANALYSIS = review_hand(_HAND_GAME, 1, node_budget=3000).to_json()
ANALYSIS_PENDING = {"status": "pending", "retry_after": 2}


_PLAYED: int = _GAME.log[-1].seat
ACT = {"seq": 18, "entry": EVENTS["events"][0] | {"seq": 18}, "legal": [],  # the next seat is to move
       "table": LEAN_TABLE | {"your_seat": _PLAYED, "view": engine.seat_view(_GAME, _PLAYED).to_json()}}
PLAYER = {"id": "8d3e5f0a-1b2c-4d5e-8f90-a1b2c3d4e5f6", "name": "nilhunter", "kind": "bot", "created_at": AT,
          "accepts_challenges": "all", "token": "spd_Xq2…(shown once)"}


def example(name: str, value: Any) -> OpenApiExample:
    """A response example."""
    return OpenApiExample(name, value=value, response_only=True, status_codes=["200"])
