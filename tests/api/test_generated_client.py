"""A client generated from the served schema by openapi-python-client plays a whole hand against a live
server: four accounts register, one opens a table, three join, and every bid and card goes through the
generated models (the action body's discriminated union gives each type its own model with its fields).
A refusal comes back as the generated Problem model with its code."""

from __future__ import annotations

import importlib
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import httpx

GENERATOR = Path(sys.executable).with_name("openapi-python-client")


def generate(base: str, tmp_path: Path) -> Any:
    """The client package generated from ``base``'s schema, imported under a name of its own."""
    schema = tmp_path / "schema.json"
    schema.write_bytes(httpx.get(f"{base}/api/schema/", params={"format": "json"}, timeout=30).content)
    name = f"spades_client_{uuid.uuid4().hex[:8]}"
    done = subprocess.run([str(GENERATOR), "generate", "--path", str(schema), "--meta", "none", "--output-path",
                           str(tmp_path / name)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))


def test_a_generated_client_plays_a_hand(asgi_server: str, tmp_path: Path) -> None:
    client = generate(asgi_server, tmp_path)
    api = importlib.import_module(f"{client.__name__}.api")
    models = importlib.import_module(f"{client.__name__}.models")
    players_create = importlib.import_module(f"{api.__name__}.players.players_create")
    tables_create = importlib.import_module(f"{api.__name__}.tables.tables_create")
    tables_join = importlib.import_module(f"{api.__name__}.tables.tables_join")
    tables_hand = importlib.import_module(f"{api.__name__}.tables.tables_hand")
    tables_legal = importlib.import_module(f"{api.__name__}.play.tables_legal")
    tables_act = importlib.import_module(f"{api.__name__}.play.tables_act")

    # Each action type has a model of its own that carries that type's fields, not just ``type``.
    fields = {"bid": {"seq": 1, "bid": 3}, "play": {"seq": 1, "card": "QS"}, "exchange": {"seq": 1, "cards": ["2C"]},
              "look": {"seq": 1}, "resign": {"seq": 1}}
    for kind, values in fields.items():
        action = getattr(models, f"{kind.capitalize()}ActionRequest")(type_=kind, **values)
        assert action.to_dict() == {"type": kind, **values, **({"blind": False} if kind == "bid" else {})}

    anonymous = client.Client(base_url=asgi_server)
    seats = []
    for _ in range(4):
        name = f"gen-{uuid.uuid4().hex[:8]}"
        made = players_create.sync(client=anonymous, body=models.PlayerCreateRequest(name=name))
        assert isinstance(made, models.PlayerCreated), made
        seats.append(client.AuthenticatedClient(base_url=asgi_server, token=made.token))
    table = tables_create.sync(client=seats[0], body=models.TableCreateRequest(preset=models.PresetEnum.STANDARD,
                                                                               take_seat=0))
    assert isinstance(table, models.Table), table
    for seat in range(1, 4):
        joined = tables_join.sync(table.id, client=seats[seat], body=models.JoinRequest(seat=seat))
        assert isinstance(joined, models.Table), joined

    moves = 0
    hand_over = False
    while not hand_over:
        assert moves < 60, "a hand is 4 bids and 52 cards"
        for http in seats:
            legal = tables_legal.sync(table.id, client=http)
            assert isinstance(legal, models.Legal), legal
            if legal.your_turn:
                break
        else:
            raise AssertionError("nobody is to move")
        choice = legal.actions[0]
        if choice.type_ == "bid":
            bids = [a.bid for a in legal.actions if a.type_ == "bid" and not a.blind]
            body: Any = models.BidActionRequest(type_="bid", seq=legal.seq, bid=min(bids, key=lambda b: abs(b - 3)))
        else:
            assert choice.type_ == "play", choice
            body = models.PlayActionRequest(type_="play", seq=legal.seq, card=choice.card)
        if moves == 0:
            # A stale seq is refused as the generated Problem model, with the code and the current seq.
            stale = type(body).from_dict({**body.to_dict(), "seq": legal.seq - 1})
            refused = tables_act.sync_detailed(table.id, client=http, body=stale)
            assert refused.status_code == 409
            assert isinstance(refused.parsed, models.Problem), refused.content[:300]
            assert refused.parsed.code == "stale_seq" and refused.parsed.seq == legal.seq
        response = tables_act.sync_detailed(table.id, client=http, body=body)
        assert response.status_code == 200, response.content[:500]
        result = response.parsed
        assert isinstance(result, models.ActionResult), response.content[:300]
        assert result.seq > legal.seq
        moves += 1
        hand_over = any(event["type"] == "hand_over" for event in result.entry.to_dict()["events"])

    assert moves == 4 + 52
    record = tables_hand.sync(table.id, 1, client=seats[0])
    assert isinstance(record, models.HandRecord), record
    assert len(record.tricks) == 13 and sum(record.tricks_won) == 13
