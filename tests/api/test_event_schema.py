"""Every event a client receives matches its own component of the served OpenAPI schema (as Zulip checks its
events against its OpenAPI description): whole games over HTTP under several rule sets, one with a blind nil
exchange, one on the clock with timeouts and a seat handed to a bot, one ended by a resignation; every event
of every seat's feed, a spectator's feed and every action response is checked against the component its
``type`` names, with no member the component does not document, and every event type of the engine is seen.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from jsonschema import Draft202012Validator

from bots.tasks import clock_timeout
from games import engine
from games import services as games
from games.models import Table
from tests.api.conftest import SCHEMA_URI, OpenApi, _deepest
from tests.api.players import Driver
from tests.api.test_full_games import open_table

pytestmark = pytest.mark.django_db


class EventChecker:
    """Checks events in the seat form against the component the ``GameEvent`` discriminator maps them to."""

    def __init__(self, openapi: OpenApi) -> None:
        self.openapi = openapi
        schemas = openapi.document["components"]["schemas"]
        self.schemas = schemas
        self.mapping: dict[str, str] = schemas["GameEvent"]["discriminator"]["mapping"]
        self.validators = {
            kind: Draft202012Validator({"$ref": f"{SCHEMA_URI}#/{ref.removeprefix('#/')}"},
                                       registry=openapi.registry, format_checker=Draft202012Validator.FORMAT_CHECKER)
            for kind, ref in self.mapping.items()}
        self.seen: Counter[str] = Counter()

    def component(self, kind: str) -> dict[str, Any]:
        return self.schemas[self.mapping[kind].rsplit("/", 1)[1]]

    def check(self, event: dict[str, Any], where: str) -> None:
        kind = event["type"]
        assert kind in self.mapping, f"{where}: event type {kind!r} is not documented"
        errors = [_deepest(e) for e in self.validators[kind].iter_errors(event)]
        assert not errors, f"{where}: {kind} event {event} does not match its schema: " + "; ".join(
            f"at {'/'.join(map(str, e.absolute_path)) or '<root>'}: {e.message[:200]}" for e in errors[:5])
        undocumented = set(event) - set(self.component(kind)["properties"])
        assert not undocumented, f"{where}: {kind} event has undocumented members {sorted(undocumented)}"
        assert "private" not in event, f"{where}: a client got the stored form of {event}"
        self.seen[kind] += 1

    def check_feed(self, client: Any, table_id: str, who: str) -> None:
        feed = client.get(f"/api/v1/tables/{table_id}/events/", {"after": 0}).body
        assert feed["events"], f"{who} got no events"
        for entry in feed["events"]:
            for event in entry["events"]:
                self.check(event, f"{who}, seq {entry['seq']}")


GAME_TESTS = 6
"""The tests below that play a game; the last test needs all of them."""


@dataclasses.dataclass
class Seen:
    """What the games of this module showed: the event types checked, and which games ran."""

    types: Counter[str] = dataclasses.field(default_factory=Counter)
    games: set[str] = dataclasses.field(default_factory=set)


@pytest.fixture(scope="module")
def seen() -> Seen:
    return Seen()


@pytest.fixture
def checker(openapi: OpenApi, seen: Seen, request: pytest.FixtureRequest) -> Any:
    made = EventChecker(openapi)
    yield made
    seen.types.update(made.seen)
    seen.games.add(request.node.name)


def _follow(checker: EventChecker) -> Any:
    """A driver step that checks the events of every action response."""

    def step(driver: Driver, action: dict[str, Any], response: Any) -> None:
        for event in response.body["entry"]["events"]:
            checker.check(event, f"response to {action}")

    return step


def _check_every_seat(checker: EventChecker, register: Any, client_for: Any, table_id: str,
                      clients: list[Any]) -> None:
    for seat, client in enumerate(clients):
        checker.check_feed(client, table_id, f"seat {seat}")
    checker.check_feed(client_for(register()[1]), table_id, "a spectator")


GAMES = [
    pytest.param("standard", {"target": 100}, False, 4, id="standard"),
    pytest.param("yahoo", {"target": 150, "blind_nil_exchange": 2}, True, 4, id="yahoo-blind-nil-exchange"),
    pytest.param("cutthroat", {"target": 100}, False, 4, id="cutthroat"),
]


@pytest.mark.parametrize(("preset", "overrides", "blind_nil", "seats"), GAMES)
def test_every_event_of_a_full_game_matches_its_schema(register: Any, client_for: Any, checker: EventChecker,
                                                       preset: str, overrides: dict[str, Any], blind_nil: bool,
                                                       seats: int) -> None:
    table_id, clients = open_table(register, client_for, preset, overrides, seats)
    driver = Driver(clients, table_id, random.Random(f"events-{preset}"), force_blind_nil=blind_nil,
                    on_step=_follow(checker))
    driver.play()
    _check_every_seat(checker, register, client_for, table_id, clients)
    assert checker.seen["game_over"] == seats + 2  # the last response, each seat's feed and a spectator's
    if blind_nil:
        assert checker.seen["exchange_done"] and checker.seen["look"]


def test_every_event_of_a_clocked_game_with_timeouts_matches_its_schema(register: Any, client_for: Any,
                                                                       checker: EventChecker) -> None:
    """Speed spades where a late seat's move is made by a bot, and the seat is handed to the bot at its first
    timeout; its player takes it back by acting, and the game is played out."""
    table_id, clients = open_table(register, client_for, "speed",
                                   {"target": 100, "timeout_action": "bot", "timeouts_before_replace": 1})
    for _ in range(2):  # the move clock runs out twice (a clock task would call the service so)
        table = Table.objects.get(pk=table_id)
        Table.objects.filter(pk=table.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
        assert clock_timeout(str(table.pk), table.seq)  # the worker's task, run in this process
    Driver(clients, table_id, random.Random("events-speed"), on_step=_follow(checker)).play()
    _check_every_seat(checker, register, client_for, table_id, clients)
    assert checker.seen["timeout"] and checker.seen["seat_replaced"]


def test_the_events_of_a_resignation_match_their_schema(register: Any, client_for: Any,
                                                        checker: EventChecker) -> None:
    table_id, clients = open_table(register, client_for, "standard", {})
    driver = Driver(clients, table_id, random.Random("events-resign"), on_step=_follow(checker))
    driver.table = driver.view(0)
    for _ in range(6):
        driver.step()
    seq = driver.table["seq"]
    response = clients[1].post(f"/api/v1/tables/{table_id}/actions/", {"type": "resign", "seq": seq})
    assert response.status_code == 200, response.body
    assert [e["type"] for e in response.body["entry"]["events"]] == ["resign", "game_over"]
    for event in response.body["entry"]["events"]:
        checker.check(event, "response to resign")
    _check_every_seat(checker, register, client_for, table_id, clients)


def test_the_events_of_an_abandoned_table_match_their_schema(register: Any, client_for: Any,
                                                            checker: EventChecker) -> None:
    """A table stopped from outside (its tournament cancelled) ends with an abandoned event every seat sees."""
    table_id, clients = open_table(register, client_for, "standard", {})
    driver = Driver(clients, table_id, random.Random("events-abandon"), on_step=_follow(checker))
    driver.table = driver.view(0)
    for _ in range(3):
        driver.step()
    assert games.table_abandon(table_id=table_id, reason="tournament_cancelled")
    _check_every_seat(checker, register, client_for, table_id, clients)
    assert checker.seen["abandoned"] == len(clients) + 1


def test_every_event_type_was_seen(seen: Seen) -> None:
    """Runs after the games above (in file order): together they produced every event type the engine has."""
    if len(seen.games) < GAME_TESTS:
        pytest.skip(f"only {sorted(seen.games)} of this module's games ran")
    missing = set(engine.EVENT_TYPES) - set(seen.types)
    assert not missing, f"no game showed {sorted(missing)}"


def test_each_event_and_the_seat_view_are_documented_from_their_dataclasses(openapi: OpenApi) -> None:
    """The schema's event components are the engine's event classes in their seat form (private members
    optional), and the seat view's component has the fields of ``SeatView``."""
    schemas = openapi.document["components"]["schemas"]
    mapping = schemas["GameEvent"]["discriminator"]["mapping"]
    assert set(mapping) == set(engine.EVENT_TYPES)
    assert len(schemas["GameEvent"]["oneOf"]) == len(engine.EVENT_CLASSES)
    for kind, cls in engine.EVENT_TYPES.items():
        component = schemas[cls.__name__]
        assert mapping[kind] == f"#/components/schemas/{cls.__name__}"
        assert component["properties"]["type"]["const"] == kind
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        assert set(component["properties"]) == {"type"} | {f.name for f in fields}
        public = {f.name for f in fields if not engine.events.is_private(f)}
        assert set(component["required"]) == {"type"} | public
        assert component["description"] == cls.__doc__
    view = schemas["SeatView"]
    assert list(view["properties"]) == [f.name for f in dataclasses.fields(engine.SeatView)]
    # The events feed, the action response and the stream all describe their events as GameEvent.
    assert schemas["Event"]["properties"]["events"]["items"] == {"$ref": "#/components/schemas/GameEvent"}
