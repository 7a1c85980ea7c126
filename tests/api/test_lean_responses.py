"""Lean play responses and conditional reads: the action's answer carries the new seat view and its seq but
not the rule set (read from the table), no seat view repeats the finished hand's deal (read from hands/{k}/),
and the reads answer an If-None-Match with 304 only when the caller already holds exactly what it would be
sent, so one seat's ETag never stands for another seat's view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.api.players import Driver
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db


def _to_second_hand(driver: Driver) -> Any:
    """Play until the second hand is dealt; the action response that dealt it."""
    while True:
        response = driver.step()
        if response.body["table"]["view"]["hand_number"] == 2:
            return response


def test_the_play_loop_answers_without_the_rules_or_the_last_deal(register: Any, client_for: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {}, 4)
    driver = Driver(clients, table_id, random.Random("lean"))
    base = f"/api/v1/tables/{table_id}/"
    first = driver.step()
    assert set(first.body) == {"seq", "entry", "table", "legal"}
    assert "rules" not in first.body["table"]
    assert first.body["table"]["seq"] == first.body["seq"] and first.body["table"]["view"]["hand"]
    table = clients[0].get(base).body
    assert table["rules"]["target"] == 500  # the rule set is on the table resource

    dealt = _to_second_hand(driver)
    seat = dealt.body["table"]["your_seat"]
    for view in (dealt.body["table"]["view"], clients[seat].get(base).body["view"]):
        last = view["last_hand"]
        assert set(last) == {"number", "dealer", "bids", "tricks_won", "points"} and last["number"] == 1
        assert "dealt" not in last and "tricks" not in last
    record = clients[seat].get(base + "hands/1/").body  # the whole finished hand is still there
    assert len(record["dealt"]) == 4 and all(len(cards) == 13 for cards in record["dealt"])
    assert len(record["tricks"]) == 13
    assert [side["points"] for side in record["sides"]] == dealt.body["table"]["view"]["last_hand"]["points"]


def test_reads_answer_if_none_match_with_304_per_caller(register: Any, client_for: Any) -> None:
    table_id, clients = open_table(register, client_for, "standard", {}, 4)
    _, spectator_token = register()
    spectator = client_for(spectator_token)
    base = f"/api/v1/tables/{table_id}/"
    mine = clients[0].get(base)
    etag = mine["ETag"]
    assert etag and "Authorization" in mine["Vary"] and "private" in mine["Cache-Control"]

    again = clients[0].get(base, headers={"If-None-Match": etag}, check=False)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag

    # Another seat (or a spectator) sending seat 0's ETag gets its own view in full, never a 304.
    for other, seat in ((clients[1], 1), (spectator, None)):
        theirs = other.get(base, headers={"If-None-Match": etag})
        assert theirs.status_code == 200 and theirs.body["your_seat"] == seat and theirs["ETag"] != etag
        if seat is not None:
            assert theirs.body["view"]["hand"] != mine.body["view"]["hand"]

    # A move changes what seat 0 sees: the old ETag no longer matches.
    driver = Driver(clients, table_id, random.Random("etag"))
    driver.step()
    moved = clients[0].get(base, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag and moved.body["seq"] > mine.body["seq"]

    # Finished hands and the tournament and ladder reads are conditional too.
    _to_second_hand(driver)
    hand = clients[2].get(base + "hands/1/")
    assert clients[2].get(base + "hands/1/", headers={"If-None-Match": hand["ETag"]},
                          check=False).status_code == 304
    tournament = clients[0].post("/api/v1/tournaments/", {"name": "etag cup", "format": "round_robin"}).body
    ladder = clients[0].post("/api/v1/ladders/", {"name": "etag ladder"}).body
    for path in (f"/api/v1/tournaments/{tournament['id']}/", f"/api/v1/tournaments/{tournament['id']}/rounds/",
                 f"/api/v1/ladders/{ladder['id']}/", f"/api/v1/ladders/{ladder['id']}/entries/"):
        read = clients[0].get(path)
        assert clients[0].get(path, headers={"If-None-Match": read["ETag"]}, check=False).status_code == 304, path
    # A change to the tournament changes its ETag.
    read = clients[0].get(f"/api/v1/tournaments/{tournament['id']}/")
    clients[0].request("PATCH", f"/api/v1/tournaments/{tournament['id']}/", {"name": "etag cup 2"})
    changed = clients[0].get(f"/api/v1/tournaments/{tournament['id']}/", headers={"If-None-Match": read["ETag"]})
    assert changed.status_code == 200 and changed.body["name"] == "etag cup 2"
