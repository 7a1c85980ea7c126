"""Whole games through the public HTTP API: four (or three) clients with their own tokens play a table to
its end; afterwards the finished hands, the scores, the events feed and the stored action log must agree."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import engine
from games.models import Action, Table
from tests.api.players import Driver, is_blind_nil

pytestmark = pytest.mark.django_db

RANKS = "23456789TJQKA"


def deck(players: int) -> set[str]:
    """Every card of a deck without jokers, less the 2♣ at a three-seat table."""
    cards = {r + s for r in RANKS for s in "CDHS"}
    return cards - {"2C"} if players == 3 else cards


def open_table(register: Any, client_for: Any, preset: str, overrides: dict[str, Any],
               seats: int = 4) -> tuple[str, list[Any]]:
    """A table of ``preset`` with ``seats`` registered players, started; the clients in seat order."""
    clients = [client_for(register()[1]) for _ in range(seats)]
    response = clients[0].post("/api/v1/tables/", {"preset": preset, "overrides": overrides, "take_seat": 0})
    assert response.status_code == 201, response.body
    table_id = response.body["id"]
    assert response.body["status"] == "open"
    assert response.body["your_seat"] == 0
    for seat, client in enumerate(clients[1:], start=1):
        response = client.post(f"/api/v1/tables/{table_id}/join/", {"seat": seat})
        assert response.status_code == 200, response.body
        assert response.body["your_seat"] == seat
    assert response.body["status"] == "playing"
    return table_id, clients


GAMES = [
    pytest.param("standard", {"target": 150}, False, 4, id="standard"),
    pytest.param("classic", {"target": 150}, False, 4, id="classic"),
    pytest.param("yahoo", {"target": 150, "blind_nil_exchange": 2}, True, 4, id="yahoo-blind-nil-exchange"),
    pytest.param("cutthroat", {"target": 120}, False, 4, id="cutthroat"),
    pytest.param("cutthroat3", {"target": 120}, False, 3, id="cutthroat3"),
    pytest.param("mirror", {"target": 150}, False, 4, id="mirror"),
]


@pytest.mark.parametrize(("preset", "overrides", "blind_nil", "seats"), GAMES)
def test_full_game(register: Any, client_for: Any, preset: str, overrides: dict[str, Any], blind_nil: bool,
                   seats: int) -> None:
    table_id, clients = open_table(register, client_for, preset, overrides, seats)
    driver = Driver(clients, table_id, random.Random(f"full-{preset}"), force_blind_nil=blind_nil)
    driver.play()

    base = f"/api/v1/tables/{table_id}/"
    table = clients[0].get(base).body
    view = table["view"]
    rules = table["rules"]
    assert table["status"] == "finished"
    assert table["finished_at"] is not None
    assert table["result"] == "win"
    assert view["phase"] == "game_over"
    assert table["winner"] == view["winner"] is not None
    assert len(view["scores"]) == (2 if rules["partnerships"] else seats)
    assert view["scores"][table["winner"]] == max(view["scores"])
    assert view["scores"].count(max(view["scores"])) == 1
    assert max(view["scores"]) >= rules["target"]

    # Every finished hand is public, complete and adds up to the final score.
    cards_per_hand = 17 if seats == 3 else 13
    totals = [0] * len(view["scores"])
    records = []
    for k in range(1, view["hands_played"] + 1):
        response = clients[k % seats].get(f"{base}hands/{k}/")
        assert response.status_code == 200, response.body
        record = response.body
        records.append(record)
        assert record["number"] == k
        assert len(record["dealt"]) == seats
        assert all(len(hand) == cards_per_hand for hand in record["dealt"])
        assert set().union(*map(set, record["dealt"])) == deck(seats)
        assert len(record["tricks"]) == cards_per_hand
        assert all(len(trick["cards"]) == seats for trick in record["tricks"])
        played = [c for trick in record["tricks"] for c in trick["cards"]]
        assert sorted(played) == sorted(deck(seats))
        assert sum(record["tricks_won"]) == cards_per_hand
        assert [sum(1 for t in record["tricks"] if t["winner"] == s) for s in range(seats)] == record["tricks_won"]
        assert len(record["bids"]) == seats
        for i, side in enumerate(record["sides"]):
            assert side["score_before"] == totals[i]
            totals[i] += side["points"]
            assert side["score_after"] == totals[i]
    assert totals == view["scores"]
    # The view sums the last hand up; its deal and tricks are only in the record (hands/{k}/).
    last = records[-1]
    assert view["last_hand"] == {"number": last["number"], "dealer": last["dealer"], "bids": last["bids"],
                                 "tricks_won": last["tricks_won"], "points": [s["points"] for s in last["sides"]]}
    response = clients[0].get(f"{base}hands/{view['hands_played'] + 1}/")
    assert response.status_code == 404
    assert response.body["code"] == "hand_not_finished"

    # The events feed from the start: seq 1..N, no gap, no duplicate, ending at the table's seq.
    feed = clients[1].get(f"{base}events/", {"after": 0}).body
    seqs = [entry["seq"] for entry in feed["events"]]
    assert seqs == list(range(1, table["seq"] + 1))
    assert feed["seq"] == table["seq"]
    assert [e["type"] for e in feed["events"][:seats]] == ["join"] * seats
    assert feed["events"][seats]["type"] == "start"
    assert feed["events"][-1]["events"][-1]["type"] == "game_over"
    kinds = [e["type"] for entry in feed["events"] for e in entry["events"]]
    assert kinds.count("hand_over") == view["hands_played"]
    later = clients[1].get(f"{base}events/", {"after": table["seq"]}).body
    assert later["events"] == []
    assert later["seq"] == table["seq"]

    if blind_nil:
        blind_bids = [e for entry in feed["events"] for e in entry["events"] if e["type"] == "bid" and e["blind"]]
        assert any(e["bid"] == 0 for e in blind_bids), "no blind nil was bid"
        assert any(b["tricks"] == 0 and b["blind"] for r in records for b in r["bids"])
        assert any(entry["type"] == "exchange" for entry in feed["events"]), "no exchange happened"
        passed = [r["passed"] for r in records if any(p is not None for p in r["passed"])]
        assert passed, "no hand record shows passed cards"
        assert all(len(p) == 2 for p in passed[0] if p is not None)
        assert any(is_blind_nil(a) for a in driver.actions)

    # The stored log replays to the stored snapshot.
    row = Table.objects.get(pk=table_id)
    assert row.seq == table["seq"]
    logged = list(Action.objects.filter(table=row).order_by("seq"))
    assert [a.seq for a in logged] == list(range(1, row.seq + 1))
    moves = [engine.Action.from_json(a.payload) for a in logged if a.type not in Action.SERVICE_TYPES]
    assert len(moves) == len(driver.actions)
    state = row.state
    game = engine.Game.replay(engine.rules_from_dict(row.rules), moves, seed=state["seed"],
                              first_dealer=state["first_dealer"])
    assert game.to_json(history=False) == state
