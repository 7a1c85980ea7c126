"""GET /tables/{id}/hint/: on your turn a suggested bid with the cards counted for it, or a card to play;
the suggestion is legal, names only your own cards, and other seats are told it is not their turn."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Table
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db


def test_hints_are_legal_and_never_name_another_seats_cards(register: Any, client_for: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {})
    base = f"/api/v1/tables/{table_id}/"
    bids_hinted = plays_hinted = 0
    while bids_hinted < 4 or plays_hinted < 8:
        view = clients[0].get(base).body
        turn = view["view"]["turn"]
        for seat, client in enumerate(clients):
            if seat != turn:
                refused = client.get(base + "hint/")
                assert refused.status_code == 409 and refused.body["code"] == "not_your_turn"
        hint = clients[turn].get(base + "hint/")
        assert hint.status_code == 200
        body = hint.body
        own = set(Table.objects.get(pk=table_id).state["hands"][turn])
        assert set(body["counted"]) <= own
        action = body["action"]
        if action["type"] == "bid":
            bids_hinted += 1
            legal = clients[turn].get(base + "legal/").body["actions"]
            assert {"type": "bid", "bid": action["bid"], "blind": False} in legal
        else:
            assert action["type"] == "play" and action["card"] in own
            plays_hinted += 1
        done = clients[turn].post(base + "actions/", {**action, "seq": body["seq"]})
        assert done.status_code == 200, done.body


def test_no_hint_for_a_spectator_or_before_the_game(register: Any, client_for: Any) -> None:
    owner = client_for(register()[1])
    table_id = owner.post("/api/v1/tables/", {"preset": "standard", "take_seat": 0}).body["id"]
    early = owner.get(f"/api/v1/tables/{table_id}/hint/")
    assert early.status_code == 409 and early.body["code"] == "game_not_started"
    stranger = client_for(register()[1])
    assert stranger.get(f"/api/v1/tables/{table_id}/hint/").body["code"] == "not_a_player_here"
