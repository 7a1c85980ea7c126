"""OpenAPI examples of the tournaments and ladders API. ``tests/api/test_examples.py`` checks every
response example against the schema it illustrates, so these stay true to the responses."""

from __future__ import annotations

from typing import Any

from games.engine import make_rules

TOURNAMENT_ID = "9b1e6c1a-2f4d-4c7e-8a3b-5d6e7f8a9b0c"
TABLE_ID = "3f1c0a52-8e0b-4f57-9a55-0d2b7c9c4e11"
AT = "2026-12-02T10:00:00Z"

TOURNAMENT_CREATE: dict[str, Any] = {
    "name": "Friday Swiss", "format": "swiss", "preset": "standard", "rounds": 4, "hands_per_match": 2,
    "starts_at": "2026-12-04T19:00:00Z",
}
ENTRY_CREATE: dict[str, Any] = {"name": "alice & hard bot", "members": [{"player": "me"}, {"bot_level": "hard"}]}
TOURNAMENT: dict[str, Any] = {
    "id": TOURNAMENT_ID, "name": "Friday Swiss", "format": "swiss", "preset": "standard",
    "status": "registering", "starts_at": "2026-12-04T19:00:00Z", "registration_opens_at": None,
    "registration_closes_at": None, "current_round": 0, "created_by": "alice",
    "created_at": AT, "rules": make_rules("standard", {"hand_cap": 2, "tie": "draw", "move_seconds": 30.0}).to_dict(),
    "rounds": 4,
    "rounds_planned": 4, "hands_per_match": 2, "max_entries": None, "started_at": None, "finished_at": None,
    "entries": [{"id": 17, "name": "alice & hard bot", "seed": None, "rating": 21.4, "withdrawn": False,
                 "members": [{"player": "alice", "bot_level": None}, {"player": None, "bot_level": "hard"}]}],
}
# List responses: drf-spectacular shows an example of one item inside a list.
STANDINGS: dict[str, Any] = {
    "rank": 1, "entry": 17, "name": "alice & hard bot", "points": 2.0, "played": 2, "wins": 2, "draws": 0,
    "losses": 0, "tiebreaks": {"buchholz": 1.5, "sonneborn_berger": 1.5, "score_diff": 212.0},
     "eliminated_in": None}
ROUNDS: dict[str, Any] = {"number": 1, "started_at": AT, "finished_at": "2026-12-02T10:21:00Z", "matches": [
        {"number": 1, "bracket": None, "label": "Round 1 Board 1",
         "entries": [{"id": 17, "name": "alice & hard bot"}, {"id": 23, "name": "spadebots"}],
         "table": TABLE_ID, "status": "finished", "result": "win", "scores": [131, 42], "winner": 17,
         "boards": None},
        {"number": 2, "bracket": None, "label": "Bye", "entries": [{"id": 21, "name": "night owls"}],
         "table": None, "status": "finished", "result": "bye", "scores": [], "winner": 21, "boards": None},
    ]}
LADDER_CREATE: dict[str, Any] = {"name": "standard-blitz", "preset": "standard",
                                 "overrides": {"hand_cap": 3, "tie": "draw", "move_seconds": 5},
                                 "games_per_hour": 120, "max_concurrent_games": 8}
LEADERBOARD: dict[str, Any] = {
    "rank": 1, "entry": 4, "name": "deepspade", "bot_level": None, "rating": 18.2, "mu": 31.5, "sigma": 4.43,
    "games": 212, "wins": 140, "active": True}
HISTORY: dict[str, Any] = LEADERBOARD | {"history": [
    {"table": TABLE_ID, "at": AT, "mu_before": 31.2, "sigma_before": 4.45, "mu": 31.5, "sigma": 4.43,
     "rating": 18.2},
]}
LADDER: dict[str, Any] = {
    "id": "5a93fc2f-8284-4616-a023-6c066f159a7b", "name": "standard-blitz", "preset": "standard",
    "rules": make_rules("standard", {"hand_cap": 3, "tie": "draw", "move_seconds": 5}).to_dict(),
    "games_per_hour": 120.0, "max_concurrent_games": 8, "active": True, "created_by": "alice", "created_at": AT,
    "entries": 12,
}
