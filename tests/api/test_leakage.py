"""Hidden information stays hidden: at every step of a whole game with a blind nil and an exchange, no
response a seat gets (its table view, its legal list, its events feed, its refused actions) names a card
another seat holds at that moment, no response names the seed, and a spectator sees no hand at all.

The hidden cards come from the stored snapshot (``Table.state``), which the test may read; cards already
played to tricks are public, and so is the record of a finished hand (``last_hand``, ``/hands/{k}/``).
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

from games.models import Table
from tests.api.players import Driver
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db

PUBLIC_CARD_FIELDS = {"play": "card", "trick": "cards"}


def quoted(cards: list[str] | set[str]) -> list[str]:
    """The cards as they appear in JSON text."""
    return [json.dumps(c) for c in cards]


def names_any(body: Any, cards: list[str] | set[str]) -> list[str]:
    text = json.dumps(body)
    return [c for c, q in zip(sorted(cards), quoted(sorted(cards)), strict=True) if q in text]


def without_public_cards(event: dict[str, Any]) -> dict[str, Any]:
    """An event without the cards it puts on the table (a play, a finished trick), which are public."""
    field = PUBLIC_CARD_FIELDS.get(event["type"])
    return {k: v for k, v in event.items() if k != field}


class Watcher:
    """After every accepted action, asks every seat and a spectator what they see and checks it against
    the cards hidden from them at that moment."""

    def __init__(self, table_id: str, clients: list[Any], spectator: Any) -> None:
        self.table_id = table_id
        self.base = f"/api/v1/tables/{table_id}/"
        self.clients = clients
        self.spectator = spectator
        self.after = defaultdict(int)  # seat (None: spectator) -> last seq seen in its feed
        self.shown: dict[tuple[int, int], list[str]] = {}  # (hand, seat) -> the first cards shown to it
        self.hand_of_feed: dict[int | None, int] = {}
        self.steps = 0
        self.refusals: dict[str, int] = defaultdict(int)
        self.seed = ""
        self.checked_responses = 0

    def state(self) -> dict[str, Any]:
        state = Table.objects.get(pk=self.table_id).state
        self.seed = state["seed"]
        return state

    @staticmethod
    def hidden_from(state: dict[str, Any], seat: int | None) -> set[str]:
        """Cards held by other seats, less the cards ``seat`` itself passed them this hand."""
        hidden = {c for s, hand in enumerate(state["hands"]) if s != seat for c in hand}
        if seat is not None and state["passed"][seat]:
            hidden -= set(state["passed"][seat])
        return hidden

    def assert_hidden(self, body: Any, state: dict[str, Any], seat: int | None, what: str) -> None:
        leaked = names_any(body, self.hidden_from(state, seat))
        assert not leaked, f"step {self.steps}: {what} shows seat {seat} cards of another seat: {leaked}"
        if seat is not None and not state["looked"][seat]:
            own = names_any(body, set(state["hands"][seat]))
            assert not own, f"step {self.steps}: {what} shows seat {seat} its cards before it looked: {own}"

    def check_view(self, table: dict[str, Any], state: dict[str, Any], seat: int | None, what: str) -> None:
        view = table["view"]
        assert table["your_seat"] == seat
        if seat is None:
            assert view["hand"] is None and view["cards_hidden"] is True
            assert view["exchange"] is None
        elif state["looked"][seat]:
            assert sorted(view["hand"]) == sorted(state["hands"][seat])
        else:
            assert view["hand"] is None and view["cards_hidden"] is True
        assert view["hand_size"] == [len(h) for h in state["hands"]]
        public = {k: v for k, v in table.items() if k != "view"} | {
            "view": {k: v for k, v in view.items() if k != "last_hand"}}
        self.assert_hidden(public, state, seat, what)

    def check_feed(self, client: Any, state: dict[str, Any], seat: int | None) -> None:
        response = client.get(self.base + "events/", {"after": self.after[seat]})
        assert response.status_code == 200
        feed = response.body
        seqs = [e["seq"] for e in feed["events"]]
        assert seqs == list(range(self.after[seat] + 1, feed["seq"] + 1))
        # The fast loop's table and legal list in the feed hide what the seat's own reads hide.
        assert feed["table"]["seq"] == feed["seq"]
        self.check_view(feed["table"], state, seat, "the events feed's table")
        self.assert_hidden(feed["legal"], state, seat, "the events feed's legal list")
        if seat is None:
            assert feed["legal"] == []
        for entry in feed["events"]:
            for event in entry["events"]:
                assert "private" not in event
                if event["type"] == "deal":
                    self.hand_of_feed[seat] = event["hand"]
                if event["type"] in ("deal", "look") and "cards" in event:
                    assert seat is not None, f"a spectator is shown cards: {event}"
                    assert event.get("seat", seat) == seat
                    self.shown.setdefault((self.hand_of_feed[seat], seat), sorted(event["cards"]))
                self.assert_hidden(without_public_cards(event), state, seat, f"event {entry['seq']} {event['type']}")
        self.after[seat] = feed["seq"]

    def refuse(self, seat: int, action: dict[str, Any], codes: set[str], state: dict[str, Any]) -> None:
        response = self.clients[seat].post(self.base + "actions/", action)
        assert 400 <= response.status_code < 500, (action, response.body)
        assert response.body["code"] in codes, (action, response.body)
        self.refusals[response.body["code"]] += 1
        self.assert_hidden(response.body, state, seat, f"refusal of {action}")

    def provoke(self, state: dict[str, Any], tables: list[dict[str, Any]], legals: list[dict[str, Any]]) -> None:
        """A few illegal actions by different seats; each is refused and changes nothing."""
        seq = tables[0]["seq"]
        view = tables[0]["view"]
        idle = [s for s in range(len(self.clients)) if s not in view["to_move"]]
        # The seat whose bid or play it is, or in an exchange a seat that must still pass.
        movers = [view["turn"]] if view["turn"] is not None else view["to_move"][:1]
        kind = self.steps % 4
        if idle and kind == 0:
            seat = idle[self.steps % len(idle)]
            own = state["hands"][seat][:1] or ["AS"]
            self.refuse(seat, {"type": "play", "card": own[0], "seq": seq}, {"not_your_turn", "wrong_phase"}, state)
            self.refuse(seat, {"type": "bid", "bid": 3, "seq": seq}, {"not_your_turn", "wrong_phase"}, state)
        elif movers and kind == 1:
            seat = movers[0]
            self.refuse(seat, {"type": "play", "card": "ZZ", "seq": seq}, {"unknown_card"}, state)
            self.refuse(seat, {"type": "bid", "bid": 99, "seq": seq - 1}, {"stale_seq"}, state)
        elif movers and kind == 2:
            seat = movers[0]
            bad = [c for c in legals[seat]["cards"] if not c["playable"]]
            if bad:
                self.refuse(seat, {"type": "play", "card": bad[0]["card"], "seq": seq}, {bad[0]["reason"]}, state)
            self.refuse(seat, {"type": "bid", "bid": 14, "seq": seq}, {"bid_out_of_range", "wrong_phase"}, state)
        elif movers:
            seat = movers[0]
            self.refuse(seat, {"type": "exchange", "cards": state["hands"][seat][:1], "seq": seq},
                        {"wrong_exchange_count", "wrong_phase"}, state)

    def __call__(self, driver: Driver, action: dict[str, Any], response: Any) -> None:
        self.steps += 1
        state = self.state()
        seat = driver.actions[-1]["seat"]
        self.check_view(response.body["table"], state, seat, "the action's response table")
        entry = [without_public_cards(e) for e in response.body["entry"]["events"]]
        self.assert_hidden(entry, state, seat, "the action's logged events")
        self.assert_hidden(response.body["legal"], state, seat, "the action's legal list")
        tables, legals = [], []
        for s, client in enumerate(self.clients):
            table = client.get(self.base).body
            self.check_view(table, state, s, "table view")
            tables.append(table)
            legal = client.get(self.base + "legal/").body
            self.assert_hidden(legal, state, s, "legal list")
            if state["looked"][s]:
                assert sorted(c["card"] for c in legal["cards"]) == sorted(state["hands"][s])
            else:
                assert legal["cards"] == []
            legals.append(legal)
            self.check_feed(client, state, s)
        self.check_view(self.spectator.get(self.base).body, state, None, "spectator view")
        self.check_feed(self.spectator, state, None)
        if state["phase"] != "game_over":
            self.provoke(state, tables, legals)
            after = Table.objects.get(pk=self.table_id)
            assert after.seq == tables[0]["seq"] and after.state == state, "a refused action changed the table"
        self.assert_no_seed()

    def assert_no_seed(self) -> None:
        assert len(self.seed) >= 16
        for client in [*self.clients, self.spectator]:
            for response in client.responses:
                assert self.seed not in response.content.decode(), f"the seed is in {response.content[:200]!r}"
            self.checked_responses += len(client.responses)
            client.responses.clear()


def test_no_hidden_card_leaks(register: Any, client_for: Any) -> None:
    # Blind nil at any time (the classic preset asks for a 100-point deficit) with classic's 2-card exchange.
    # The first hand's forced blind nil scores at most about 240, so a target of 300 makes the game last at
    # least two hands (a new deal after a finished one); the hand cap keeps it short.
    overrides = {"blind_nil_trailing": None, "target": 300, "hand_cap": 3}
    table_id, clients = open_table(register, client_for, "classic", overrides)
    spectator = client_for(register()[1])
    watcher = Watcher(table_id, clients, spectator)
    denied = spectator.get(f"/api/v1/tables/{table_id}/legal/")
    assert denied.status_code == 403 and denied.body["code"] == "not_a_player_here"
    watcher.state()
    for seat, client in enumerate(clients):  # before the first action
        watcher.check_view(client.get(watcher.base).body, watcher.state(), seat, "table view")
    driver = Driver(clients, table_id, random.Random("leakage"), force_blind_nil=True, on_step=watcher)
    table = driver.play()
    assert table["status"] == "finished"
    assert any(a["type"] == "exchange" for a in driver.actions), "no exchange happened"
    assert any(a["type"] == "bid" and a.get("blind") for a in driver.actions), "no blind nil was bid"
    assert {"not_your_turn", "unknown_card", "stale_seq", "bid_out_of_range", "must_follow_suit"} <= set(
        watcher.refusals)
    assert watcher.steps == len(driver.actions)
    assert table["view"]["hands_played"] >= 2

    # Finished hands are public: anyone, a spectator too, sees all four hands as dealt.
    hands = table["view"]["hands_played"]
    for k in range(1, hands + 1):
        record = spectator.get(f"{watcher.base}hands/{k}/").body
        assert [len(h) for h in record["dealt"]] == [13] * 4
        assert len({c for h in record["dealt"] for c in h}) == 52
        for seat in range(4):  # what each seat was shown of its own cards is what it was dealt
            assert sorted(record["dealt"][seat]) == watcher.shown[(k, seat)]
    assert set(watcher.shown) == {(k, seat) for k in range(1, hands + 1) for seat in range(4)}
    watcher.assert_no_seed()
