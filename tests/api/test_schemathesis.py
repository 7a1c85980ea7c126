"""Property-based fuzzing of the running service against its own OpenAPI schema (schemathesis).

A real uvicorn (the ``asgi_server`` fixture) serves the test database; schemathesis loads the schema it
serves and sends generated requests, valid and invalid, to every operation, authenticated as a registered
player. Every response must be a non-5xx whose status code, content type, headers and body the schema
documents (``checks: all``). Path parameters are steered to real objects (a table the player plays at, a
finished table with a hand record, an open table) so that most calls get past ``not_found`` into the views.

Schemathesis runs as its command-line tool in a child process rather than through its pytest plugin: the
plugin's fixture-based loader, the only one that can take a per-test server, does not work with pytest 9.2
(it rewrites ``Node._nodeid``, which pytest no longer has). The tool is the documented, stable interface;
its report of a failure includes a curl command that reproduces it.

Bounded for CI: a fixed seed and deterministic generation (a failure reproduces), a few dozen examples per
operation, no stateful phase (the schema has no links to follow; the API tests play whole games by hand).
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from games import engine, services
from games.models import Player
from tests.api.seated import play_to_the_end, seated_table

MAX_EXAMPLES = 25
SEED = 20250917
REAL_TABLE_RATE = 0.8
"""How often a table id in a path is one of the real tables rather than a generated one (not_found)."""


def _register(base: str, name: str) -> str:
    """A fresh player's token, registered over HTTP like any client."""
    response = httpx.post(f"{base}/api/v1/players/", json={"name": name, "kind": "human"}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["token"]


def _first_bidder(seed: str) -> int:
    return (engine.Game.new(engine.preset("standard"), seed=seed).dealer + 1) % 4


def _toml(value: Any) -> str:
    """A TOML value: JSON's strings, numbers, booleans and arrays are TOML's too (ASCII content)."""
    return json.dumps(value)


def test_the_live_api_conforms_to_its_schema(asgi_server: str, tmp_path: Path) -> None:
    name = f"fuzz-{uuid.uuid4().hex[:8]}"
    token = _register(asgi_server, name)
    # Rotating or revoking a token ends it, so those operations get an account of their own: after its first
    # rotation they meet 401s (documented), and the main account stays signed in for everything else.
    throwaway = _register(asgi_server, f"fuzz-tok-{uuid.uuid4().hex[:8]}")
    me = Player.objects.get(name=name)
    others = [services.player_register(name=f"fuzz-other-{i}", kind="human")[0] for i in range(3)]
    # The player sits where the first bid falls, so a generated bid with the right seq would be its turn.
    seats = others[:]
    seats.insert(_first_bidder("fuzz-playing"), me)
    playing = seated_table(seats, seed="fuzz-playing")
    finished = seated_table(seats, seed="fuzz-finished", overrides={"hand_cap": 1, "tie": "draw"})
    play_to_the_end(finished, seats)
    open_table = services.table_create(creator=others[0], preset="standard", take_seat=0)
    tables = [str(playing.pk), str(finished.pk), str(open_table.pk)]
    # A cursor is opaque: only one the server made is valid, so the fuzzer pages with real ones.
    page = httpx.get(f"{asgi_server}/api/v1/tables/", params={"limit": 1}, headers={"Authorization": f"Bearer {token}"})
    cursor = parse_qs(urlsplit(page.json()["next"]).query)["cursor"][0]

    config = tmp_path / "schemathesis.toml"
    config.write_text(f"""
seed = {SEED}
base-url = {_toml(asgi_server)}
headers = {{ Authorization = {_toml("Bearer " + token)} }}
request-timeout = 15
workers = 1

[cache]
enabled = false

[generation]
max-examples = {MAX_EXAMPLES}
deterministic = true
database = "none"

[phases.stateful]
enabled = false

[checks]
enabled = true

# 422 is what a schema-valid request gets when the state of things refuses it: a move the rules refuse
# (must_follow_suit), an Idempotency-Key already used with another body (as the IETF Idempotency-Key draft
# says). The other defaults stay.
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]

[dictionaries]
tables = {{ values = {_toml(tables)} }}
finished = {{ values = {_toml([str(finished.pk)])} }}
hands = {{ values = [1] }}
cursors = {{ values = {_toml([cursor])} }}

[parameters]
"path.table_id" = {{ dictionary = "tables", probability = {REAL_TABLE_RATE} }}
"path.number" = {{ dictionary = "hands", probability = 0.5 }}
"query.cursor" = {{ dictionary = "cursors", probability = 1.0 }}
# A valid 'wait' long-polls up to 30 s for an event that never comes here; the long-poll has its own tests
# (test_events_live.py), so the fuzzer asks for none.
"query.wait" = 0

[[operations]]
include-path = "/api/v1/players/me/token/"
headers = {{ Authorization = {_toml("Bearer " + throwaway)} }}

# A rule set is checked as a whole (three players with partnerships, a hand cap of 0, an unknown switch...):
# the engine refuses an unplayable one with 400 invalid_rules, which the shape of 'overrides' cannot say.
# A tournament's start must also lie in the future, which no schema can say either, and an account may not block
# itself (400 invalid), whose name the schema cannot know: the fuzzer takes it from a registration's answer.
[[operations]]
include-operation-id-regex = "^(tables|ladders|tournaments|challenges|seeks|players_me_blocks)_create$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "422", "429"]

# Only a finished table has a hand to read: its hands are asked of that table.
[[operations]]
include-operation-id = "tables_hand"
parameters = {{ "path.table_id" = {{ dictionary = "finished", probability = {REAL_TABLE_RATE} }} }}

# The Server-Sent Events stream stays open for minutes by design (EventSource reconnects): read one event of
# it and close. It starts from the beginning of the log, so every real table has one to send at once (a
# player's stream with no event yet sends its 'retry' line).
# Its '?token=' gets no values taken from other responses: the token a registration returned is a valid
# credential, and the check that a made-up credential is refused would take it for a made-up one.
[[operations]]
include-operation-id-regex = "^(tables|players_me)_events_stream$"
max-stream-events = 1
parameters = {{ "query.after" = 0 }}
phases.examples.extra-data-sources.responses = false
phases.coverage.extra-data-sources.responses = false
phases.fuzzing.extra-data-sources.responses = false
""")
    report = tmp_path / "report.json"
    command = [sys.executable, "-m", "schemathesis.cli", "--config-file", str(config), "run",
               f"{asgi_server}/api/schema/?format=json", "--report", "json", "--report-json-path", str(report),
               "--no-color"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, f"schemathesis found problems:\n{run.stdout[-20000:]}\n{run.stderr[-5000:]}"
    # The steering worked: every operation on a table reached a real one (a 2xx, or a 409 about its state).
    schema = httpx.get(f"{asgi_server}/api/schema/", params={"format": "json"}, timeout=30).json()
    table_operations = {f"{method.upper()} {path}" for path, item in schema["paths"].items() if "{table_id}" in path
                        for method in item if method in ("get", "post", "delete")}
    rates = json.loads(report.read_text())["valid_rates"]
    reached = {op for op, phases in rates.items()
               if sum(phase["accepted"] + phase["conflicts"] for phase in phases.values())}
    assert table_operations <= reached, f"never reached a real table: {sorted(table_operations - reached)}"
