"""Who may call what: every operation of the served OpenAPI schema, called by each kind of caller against
real objects made for the call, answers exactly the status written down for it in :data:`MATRIX`, and a
refused call (and any read) changes nothing in the database.

The callers: ``anonymous`` (no token), ``other`` (an account with no part in anything), ``seated`` (the
account the resource is about: seated at the table, challenged by one challenge and challenger of another,
the seek's owner, an entrant of the tournament, the blocker), ``bot`` (a bot account's token: it acts on
bot-only operations, its own ladder entry; elsewhere it is one more account) and ``organiser`` (the
tournament's and the ladders' creator, and the creator of the tables, where it has no seat).

Each cell runs in a world of its own (:class:`World`, built lazily: only what the operation's call names),
so a call that changes something (a cancel, a rotation) never leaks into another cell. The schema is read
from drf-spectacular at test time: an operation without a row, or a row for an operation that no longer
exists, fails :func:`test_every_operation_has_a_row`. Every JSON answer is checked against the operation's
schema by the suite's :class:`~tests.api.conftest.Api` client (the error code included: it must be one the
operation documents).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import pytest
from django.apps import apps

from games import engine, matchmaking, services
from games.models import Player, Table
from tests.api.conftest import Api, OpenApi
from tests.api.seated import play_first_hand
from tournaments import ladders
from tournaments import services as tournaments
from tournaments.models import Entry, Ladder, LadderEntry, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.services]

CALLERS = ("anonymous", "other", "seated", "bot", "organiser")
VOLATILE = {("games", "player", "last_seen")}
"""Written by any authenticated request (presence), so not part of "nothing changed"."""


class World:
    """The objects one call is made against, each made the first time it is asked for, through the
    services (the API's own write paths)."""

    def __init__(self, register: Callable[..., tuple[dict[str, Any], str]]) -> None:
        self.tokens: dict[str, str] = {}
        self.players: dict[str, Player] = {}
        for role, kind in (("other", "human"), ("seated", "human"), ("bot", "bot"), ("organiser", "human"),
                           ("counterpart", "human"), ("blocked", "human")):
            body, token = register(f"{role}-{uuid.uuid4().hex[:8]}", kind)
            self.tokens[role], self.players[role] = token, Player.objects.get(pk=body["id"])

    def name(self, role: str) -> str:
        return self.players[role].name

    @staticmethod
    def unique(prefix: str) -> str:
        return f"{prefix}-{uuid.uuid4().hex[:8]}"

    def _table(self, *, seat: int, seed: str, open_seats: bool = False) -> Table:
        """A table the organiser opens with the seated player in ``seat`` and built-in bots (or, with
        ``open_seats``, nobody) in the others."""
        specs = [services.SeatSpec(bot_level="" if open_seats or i == seat else "easy") for i in range(4)]
        return services.table_create(creator=self.players["organiser"], preset="standard", seats=specs, seed=seed,
                                     players={seat: self.players["seated"]})

    @cached_property
    def table(self) -> Table:
        """Being played, the seated player to bid first (so it has legal moves and a hint)."""
        seed = self.unique("matrix")
        first = engine.Game.new(engine.make_rules("standard"), seed=seed).turn
        assert first is not None
        table = self._table(seat=first, seed=seed)
        assert table.status == Table.Status.PLAYING
        return table

    @cached_property
    def open_table(self) -> Table:
        """Open, the seated player in seat 0 and three seats free."""
        return self._table(seat=0, seed=self.unique("open"), open_seats=True)

    @cached_property
    def played_table(self) -> Table:
        """A table whose first hand is over (its record public), the seated player in seat 0."""
        table = self._table(seat=0, seed=self.unique("played"))
        play_first_hand(table, self.players["seated"])
        return table

    @cached_property
    def challenge_received(self) -> Any:
        return matchmaking.challenge_create(challenger=self.players["counterpart"], opponent=self.name("seated"))

    @cached_property
    def challenge_sent(self) -> Any:
        return matchmaking.challenge_create(challenger=self.players["seated"], opponent=self.name("counterpart"))

    @cached_property
    def seek(self) -> Any:
        return matchmaking.seek_create(player=self.players["seated"], fill_with_bots_after=600)

    @cached_property
    def block(self) -> str:
        """The seated player blocks the ``blocked`` account; its name."""
        matchmaking.block_add(player=self.players["seated"], name=self.name("blocked"))
        return self.name("blocked")

    @cached_property
    def tournament(self) -> Tournament:
        """Registering, with the seated player's entry (it and a bot) and one of bots."""
        tournament = tournaments.tournament_create(creator=self.players["organiser"], name="matrix cup",
                                                   format="round_robin", preset="standard", hands_per_match=1)
        tournaments.entry_register(tournament_id=tournament.pk, by=self.players["seated"], name="seated+bot",
                                   members=[tournaments.MemberSpec(player=self.players["seated"]),
                                            tournaments.MemberSpec(bot_level="easy")])
        tournaments.entry_register(tournament_id=tournament.pk, by=self.players["organiser"], name="bots",
                                   members=[tournaments.MemberSpec(bot_level="easy")] * 2)
        return tournament

    @cached_property
    def seated_entry(self) -> Entry:
        return Entry.objects.get(tournament=self.tournament, registered_by=self.players["seated"])

    @cached_property
    def ladder(self) -> Ladder:
        """The organiser's ladder, with the bot account on it and a built-in yardstick."""
        ladder = ladders.ladder_create(creator=self.players["organiser"], name=self.unique("ladder"),
                                       preset="standard")
        ladders.ladder_join(ladder_id=ladder.pk, player=self.players["bot"])
        ladders.ladder_join(ladder_id=ladder.pk, player=self.players["organiser"], bot_level="easy")
        return ladder

    @cached_property
    def bot_entry(self) -> LadderEntry:
        return LadderEntry.objects.get(ladder=self.ladder, player=self.players["bot"])

    @cached_property
    def empty_ladder(self) -> Ladder:
        return ladders.ladder_create(creator=self.players["organiser"], name=self.unique("empty"), preset="standard")


Params = Callable[[World], dict[str, Any]]
Body = Callable[[World], Any]


@dataclass(frozen=True)
class Row:
    """The status each caller gets (anonymous, other, seated, bot, organiser), and what the call names: the
    path's parameters and the body (or the query, for a GET)."""

    anonymous: int
    other: int
    seated: int
    bot: int
    organiser: int
    params: Params = field(default=lambda w: {})
    body: Body = field(default=lambda w: None)
    needs: tuple[str, ...] = ()
    """What else of the world the call meets (the seated player's seek, when it seeks again)."""

    def status(self, caller: str) -> int:
        return int(getattr(self, caller))


TABLE: Params = lambda w: {"table_id": w.table.pk}  # noqa: E731
TOURNAMENT: Params = lambda w: {"tournament_id": w.tournament.pk}  # noqa: E731
LADDER: Params = lambda w: {"ladder_id": w.ladder.pk}  # noqa: E731
BOT_ENTRY: Params = lambda w: {"ladder_id": w.ladder.pk, "entry_id": w.bot_entry.pk}  # noqa: E731
RECEIVED: Params = lambda w: {"challenge_id": w.challenge_received.pk}  # noqa: E731
SEEK: Params = lambda w: {"seek_id": w.seek.pk}  # noqa: E731
ME_AND_A_BOT = {"members": [{"player": "me"}, {"bot_level": "easy"}]}

MATRIX: dict[str, Row] = {
    # operation                    anonymous other seated bot organiser, and what the call names
    "api_root":                    Row(200, 200, 200, 200, 200),
    "errors_list":                 Row(200, 200, 200, 200, 200),
    "rulesets_list":               Row(200, 200, 200, 200, 200),
    "ops_healthz":                 Row(200, 200, 200, 200, 200),
    "ops_readyz":                  Row(200, 200, 200, 200, 200),
    # players: each caller's own account; the seated player blocks the account "blocked"
    "players_create":              Row(201, 201, 201, 201, 201, body=lambda w: {"name": w.unique("new")}),
    "players_me":                  Row(401, 200, 200, 200, 200),
    "players_me_update":           Row(401, 200, 200, 200, 200, body=lambda w: {"accepts_challenges": "none"}),
    "players_me_token_rotate":     Row(401, 200, 200, 200, 200),
    "players_me_token_revoke":     Row(401, 204, 204, 204, 204),
    "players_me_events":           Row(401, 200, 200, 200, 200),
    "players_me_events_stream":    Row(401, 200, 200, 200, 200),
    "players_me_blocks_list":      Row(401, 200, 200, 200, 200),
    "players_me_blocks_create":    Row(401, 201, 200, 201, 201, body=lambda w: {"player": w.block}),
    "players_me_blocks_destroy":   Row(401, 404, 204, 404, 404, params=lambda w: {"name": w.block}),
    # challenges: the seated player is challenged by one (received) and challenger of the other (sent)
    "challenges_list":             Row(401, 200, 200, 200, 200),
    "challenges_create":           Row(401, 201, 201, 201, 201, body=lambda w: {"opponent": w.name("counterpart")}),
    "challenges_retrieve":         Row(401, 404, 200, 404, 404, params=RECEIVED),
    "challenges_accept":           Row(401, 404, 200, 404, 404, params=RECEIVED),
    "challenges_decline":          Row(401, 404, 200, 404, 404, params=RECEIVED),
    "challenges_cancel":           Row(401, 404, 200, 404, 404, params=lambda w: {"challenge_id": w.challenge_sent.pk}),
    # seeks: the seated player's, waiting (so it may not seek again)
    "seeks_list":                  Row(401, 200, 200, 200, 200),
    "seeks_create":                Row(401, 201, 409, 201, 201, body=lambda w: {"fill_with_bots_after": 600},
                                       needs=("seek",)),
    "seeks_retrieve":              Row(401, 404, 200, 404, 404, params=SEEK),
    "seeks_cancel":                Row(401, 404, 204, 404, 404, params=SEEK),
    # tables: opened by the organiser, the seated player in a seat (to bid first at w.table)
    "tables_list":                 Row(401, 200, 200, 200, 200),
    "tables_create":               Row(401, 201, 201, 201, 201, body=lambda w: {"preset": "standard"}),
    "tables_retrieve":             Row(401, 200, 200, 200, 200, params=TABLE),
    "tables_join":                 Row(401, 200, 409, 200, 200, params=lambda w: {"table_id": w.open_table.pk},
                                       body=lambda w: {}),
    "tables_legal":                Row(401, 403, 200, 403, 403, params=TABLE),
    "tables_hint":                 Row(401, 403, 200, 403, 403, params=TABLE),
    "tables_act":                  Row(401, 403, 200, 403, 403, params=TABLE,
                                       body=lambda w: {"type": "resign", "seq": w.table.seq}),
    "tables_takeback":             Row(401, 403, 200, 403, 403, params=TABLE),
    "tables_events":               Row(401, 200, 200, 200, 200, params=TABLE),
    "tables_events_stream":        Row(401, 200, 200, 200, 200, params=TABLE),
    "tables_hand":                 Row(401, 200, 200, 200, 200,
                                       params=lambda w: {"table_id": w.played_table.pk, "number": 1}),
    # the review is queued with the hand and no worker runs here: public like the record, still pending
    "tables_hand_analysis":        Row(401, 202, 202, 202, 202,
                                       params=lambda w: {"table_id": w.played_table.pk, "number": 1}),
    # tournaments: the organiser's, registering, the seated player entered
    "tournaments_list":            Row(401, 200, 200, 200, 200),
    "tournaments_create":          Row(401, 201, 201, 201, 201, body=lambda w: {"name": "cup", "format": "swiss"}),
    "tournaments_retrieve":        Row(401, 200, 200, 200, 200, params=TOURNAMENT),
    "tournaments_update":          Row(401, 403, 403, 403, 200, params=TOURNAMENT, body=lambda w: {"name": "renamed"}),
    "tournaments_cancel":          Row(401, 403, 403, 403, 200, params=TOURNAMENT),
    "tournaments_bracket":         Row(200, 200, 200, 200, 200, params=TOURNAMENT),
    "tournaments_entries_create":  Row(401, 201, 409, 201, 201, params=TOURNAMENT,
                                       body=lambda w: {"name": w.unique("entry"), **ME_AND_A_BOT}),
    "tournaments_entries_destroy": Row(401, 403, 204, 403, 204, params=lambda w: {
                                       "tournament_id": w.tournament.pk, "entry_id": w.seated_entry.pk}),
    "tournaments_rounds":          Row(401, 200, 200, 200, 200, params=TOURNAMENT),
    "tournaments_standings":       Row(401, 200, 200, 200, 200, params=TOURNAMENT),
    "tournaments_start":           Row(401, 403, 403, 403, 200, params=TOURNAMENT),
    # ladders: the organiser's, the bot account on it (and an empty one, to join)
    "ladders_list":                Row(401, 200, 200, 200, 200),
    "ladders_create":              Row(401, 201, 201, 201, 201, body=lambda w: {"name": w.unique("ladder")}),
    "ladders_retrieve":            Row(401, 200, 200, 200, 200, params=LADDER),
    "ladders_leaderboard":         Row(401, 200, 200, 200, 200, params=LADDER),
    "ladders_join":                Row(401, 403, 403, 201, 403, params=lambda w: {"ladder_id": w.empty_ladder.pk},
                                       body=lambda w: {}),
    "ladders_entry_history":       Row(401, 200, 200, 200, 200, params=BOT_ENTRY),
    "ladders_leave":               Row(401, 403, 403, 204, 403, params=BOT_ENTRY),
    "ladders_pause":               Row(401, 403, 403, 403, 200, params=LADDER),
    "ladders_resume":              Row(401, 403, 403, 403, 200, params=LADDER),
}
"""Every operation of the schema: the status each caller gets, and what its call names."""


def test_every_operation_has_a_row(openapi: OpenApi) -> None:
    served = set(openapi.operations)
    assert not served - set(MATRIX), f"operations without a row in MATRIX: {sorted(served - set(MATRIX))}"
    assert not set(MATRIX) - served, f"rows for operations the schema no longer has: {sorted(set(MATRIX) - served)}"


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the project's models (games and tournaments), but what any request writes."""
    rows = {}
    for label in ("games", "tournaments"):
        for model in apps.get_app_config(label).get_models():
            names = [f.attname for f in model._meta.concrete_fields
                     if (label, model._meta.model_name, f.attname) not in VOLATILE]
            rows[model._meta.label] = list(model.objects.order_by("pk").values_list(*names))
    return rows


def call(api: Api, openapi: OpenApi, operation: str, world: World, caller: str) -> Any:
    """Make ``operation``'s call as ``caller``; the response, its JSON body checked against the schema."""
    path, method, _ = openapi.operations[operation]
    row = MATRIX[operation]
    path = path.format(**row.params(world))
    body = row.body(world)
    token = world.tokens.get(caller, "")
    response = api.request(method.upper(), path, body, token=token, op=operation, check=False)
    if response.streaming:  # a Server-Sent Events answer: its status and kind; the stream is never read (nor
        assert response["Content-Type"].startswith("text/event-stream")  # closed: that ends the test's connection)
    elif response.status_code == 204:
        assert response.content == b"" and "204" in openapi.operations[operation][2]["responses"]
    elif response["Content-Type"].startswith("image/svg+xml"):
        assert response.content.startswith(b"<svg")
    else:
        response.body = openapi.check(response, operation)
    return response


CELLS = [(operation, caller) for operation in MATRIX for caller in CALLERS]


@pytest.mark.parametrize(("operation", "caller"), CELLS, ids=[f"{op}-{caller}" for op, caller in CELLS])
def test_each_caller_gets_the_status_of_its_cell(operation: str, caller: str, register: Any, api: Api,
                                                 openapi: OpenApi) -> None:
    world = World(register)
    row = MATRIX[operation]
    for name in row.needs:  # make what the call meets, and what it names, before the "before" snapshot
        getattr(world, name)
    row.params(world), row.body(world)
    before = snapshot()
    response = call(api, openapi, operation, world, caller)
    expected = row.status(caller)
    shown = getattr(response, "body", None)
    assert response.status_code == expected, f"{operation} as {caller}: {response.status_code} {shown}"
    method = openapi.operations[operation][1]
    if response.status_code >= 400 or method == "get":
        assert snapshot() == before, f"{operation} as {caller} ({response.status_code}) changed the database"
