"""The hand-written layer over the generated API (``spades_client.generated``): an account's session with
the service, the play loop, and the events feeds.

Every call goes through the generated functions and returns the generated models, so what a program reads
is typed by the schema itself. What this layer adds:
- errors as :class:`ApiError` with the problem's stable ``code`` (``stale_seq``, ``must_follow_suit``…);
- a new ``Idempotency-Key`` on every POST that honours one, so the :class:`~spades_client.transport.
  RetryTransport` underneath may send it again after a 5xx or a lost connection (and waits out a 429's
  ``Retry-After``);
- the caller's quota from the last answer (:attr:`SpadesClient.rate_limit`);
- :meth:`SpadesClient.play`: a game in one round trip a move. An action's answer holds the table as the
  seat now sees it and the seat's legal actions; when the seat has nothing to do, one long-poll of the
  events feed waits for the others and answers the same two things;
- :class:`EventFeed`: iteration over a feed by sequence number that resumes where it stopped, so a
  reconnect misses nothing: a table's log (:meth:`SpadesClient.table_events`) and the caller's own events
  (:meth:`SpadesClient.player_events`).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

import httpx

from spades_client.generated import AuthenticatedClient
from spades_client.generated.api.play import tables_act, tables_events, tables_legal
from spades_client.generated.api.players import players_create, players_me, players_me_events
from spades_client.generated.api.rules import rulesets_list
from spades_client.generated.api.tables import tables_create, tables_join, tables_retrieve
from spades_client.generated.models import (
    ActionResult,
    BidActionRequest,
    Event,
    Events,
    ExchangeActionRequest,
    JoinRequest,
    Legal,
    LegalAction,
    LookActionRequest,
    PlayActionRequest,
    Player,
    PlayerCreated,
    PlayerCreateRequest,
    PlayerEvents,
    Problem,
    ResignActionRequest,
    RuleSetList,
    Table,
    TableCreateRequest,
    TablesEventsUntil,
)
from spades_client.generated.types import UNSET, Response
from spades_client.transport import RateLimit, RetryTransport

T = TypeVar("T")
ActionBody = BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest
ACTION_MODELS: dict[str, type[ActionBody]] = {
    "bid": BidActionRequest, "exchange": ExchangeActionRequest, "look": LookActionRequest,
    "play": PlayActionRequest, "resign": ResignActionRequest,
}
"""The request model of each action type (the schema's discriminated union)."""


class ApiError(Exception):
    """A problem-details answer: ``status``, the stable ``code``, the ``detail`` in the client's language,
    and the whole ``problem`` body (``params``, ``errors``, ``seq``…)."""

    def __init__(self, status: int, problem: dict[str, Any]) -> None:
        self.status = status
        self.problem = problem
        self.code: str = problem.get("code", "unknown")
        self.detail: str = problem.get("detail", "")
        super().__init__(f"{status} {self.code}: {self.detail}")


def action_body(action: LegalAction | Mapping[str, Any], seq: int) -> ActionBody:
    """The request model for ``action`` (one of the legal actions, or a dict like ``{"type": "play",
    "card": "QS"}``) at ``seq``."""
    data = action.to_dict() if isinstance(action, LegalAction) else dict(action)
    data.pop("count", None)  # a legal exchange says how many cards; the request names them
    model = ACTION_MODELS.get(str(data.get("type")))
    if model is None:
        raise ValueError(f"not an action type: {data.get('type')!r}; one of {', '.join(ACTION_MODELS)}")
    return model.from_dict({**data, "seq": seq})


@dataclass(frozen=True, slots=True)
class Turn:
    """What a strategy is shown when the game waits for its seat: the table as the seat sees it, the
    table's rule set, and the legal actions (a strategy returns one of them, or a dict of its own)."""

    table_id: UUID
    seq: int
    table: Any
    """The table as the last answer gave it (its ``view`` is the seat view)."""
    rules: dict[str, Any]
    legal: list[LegalAction]

    @property
    def view(self) -> Any:
        """The seat view: own hand, bids, trick, scores, whose turn."""
        return self.table.view


Strategy = Callable[[Turn], LegalAction | Mapping[str, Any]]


class EventFeed(Iterator[T]):
    """Iteration over a feed read by sequence number: each page is fetched with ``after`` = the last seq
    seen (long-polling ``wait`` seconds), so after a dropped connection or a restart, iterating again (or a
    new feed made with ``after=feed.after``) goes on exactly where it stopped. ``fetch(after, wait)``
    returns the feed's seq now, the new items, and whether the feed is over."""

    def __init__(self, fetch: Callable[[int, int], tuple[int, list[T], bool]], *, after: int = 0,
                 wait: int = 25) -> None:
        self.fetch = fetch
        self.after = after
        self.wait = wait
        self.over = False
        self._pending: list[T] = []

    def __iter__(self) -> EventFeed[T]:
        return self

    def __next__(self) -> T:
        while not self._pending:
            if self.over:
                raise StopIteration
            seq, items, over = self.fetch(self.after, self.wait)
            self._pending, self.over = list(items), over
            if not items:
                self.after = max(self.after, seq)
        item = self._pending.pop(0)
        self.after = max(self.after, getattr(item, "seq", self.after))  # the next fetch starts after it
        return item


class SpadesClient:
    """One account's session with the service. ``token`` is the account's API token (or call
    :meth:`register`); ``language`` (``en`` or ``ja``) picks the language of messages; ``transport`` replaces
    httpx's network transport (a test's fake server), under the retries."""

    def __init__(self, base_url: str, token: str | None = None, *, language: str | None = None,
                 retries: int = 4, timeout: float = 60.0, transport: httpx.BaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.base_url = base_url.rstrip("/")
        self.transport = RetryTransport(transport, retries=retries, sleep=sleep)
        headers = {"Accept-Language": language} if language else {}
        self.http = httpx.Client(base_url=self.base_url, transport=self.transport, timeout=timeout,
                                 headers=headers, event_hooks={"response": [self._note_quota]})
        self.api = AuthenticatedClient(base_url=self.base_url, token=token or "").set_httpx_client(self.http)
        self.rate_limit: RateLimit | None = None
        """The caller's quota as the last answer reported it."""
        self.token = token
        if token:
            self._use_token(token)

    def _use_token(self, token: str) -> None:
        self.token = token
        self.http.headers["Authorization"] = f"Bearer {token}"

    def _note_quota(self, response: httpx.Response) -> None:
        self.rate_limit = RateLimit.from_headers(response.headers) or self.rate_limit

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> SpadesClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def ok(response: Response[T | Problem]) -> T:
        """The parsed success body of ``response`` (what any generated ``sync_detailed`` returns: call one
        with ``client=self.api``); a problem raises :class:`ApiError`."""
        if response.status_code >= 400 or isinstance(response.parsed, Problem) or response.parsed is None:
            problem = httpx.Response(response.status_code, content=response.content).json() \
                if response.content else {}
            raise ApiError(int(response.status_code), problem if isinstance(problem, dict) else {})
        return response.parsed

    @staticmethod
    def _key() -> str:
        return str(uuid.uuid4())

    # Accounts and rules ----------------------------------------------------------------------------------

    def register(self, name: str, kind: str = "bot") -> PlayerCreated:
        """Create an account and use its token from now on (``.token``; it is shown only this once)."""
        made = self.ok(players_create.sync_detailed(
            client=self.api, body=PlayerCreateRequest.from_dict({"name": name, "kind": kind})))
        self._use_token(made.token)
        return made

    def me(self) -> Player:
        """The account the token belongs to."""
        return self.ok(players_me.sync_detailed(client=self.api))

    def my_events(self, *, after: int = 0, wait: int = 0) -> PlayerEvents:
        """The caller's own events (a table opened for you, your turn, a challenge, a ladder game…) after
        seq ``after``, waiting up to ``wait`` seconds (at most 30) for one."""
        return self.ok(players_me_events.sync_detailed(client=self.api, after=after, wait=wait))

    def player_events(self, *, after: int = 0, wait: int = 25) -> EventFeed[Any]:
        """Every event of the caller's after ``after``, long-polling for the next, for as long as it is
        iterated; each event's ``type_`` names its model (``ladder_game_opened`` with its ``table_id``…)."""

        def fetch(since: int, wait_seconds: int) -> tuple[int, list[Any], bool]:
            page = self.my_events(after=since, wait=wait_seconds)
            return page.seq, list(page.events), False

        return EventFeed(fetch, after=after, wait=wait)

    def rulesets(self) -> RuleSetList:
        """The presets with their switches, and what every switch means (in the client's language)."""
        return self.ok(rulesets_list.sync_detailed(client=self.api))

    # Tables ----------------------------------------------------------------------------------------------

    def open_table(self, preset: str = "standard", *, overrides: Mapping[str, Any] | None = None,
                   seats: list[Mapping[str, Any]] | None = None, take_seat: int | None = 0) -> Table:
        """Open a table (seats ``{"type": "open"}`` or ``{"type": "bot", "level": "hard"}``), taking
        ``take_seat``."""
        body: dict[str, Any] = {"preset": preset, "overrides": dict(overrides or {})}
        if seats is not None:
            body["seats"] = [dict(seat) for seat in seats]
        if take_seat is not None:
            body["take_seat"] = take_seat
        return self.ok(tables_create.sync_detailed(client=self.api, body=TableCreateRequest.from_dict(body),
                                                    idempotency_key=self._key()))

    def join(self, table_id: UUID | str, seat: int | None = None) -> Table:
        """Take a seat (any open one by default)."""
        body = JoinRequest.from_dict({} if seat is None else {"seat": seat})
        return self.ok(tables_join.sync_detailed(UUID(str(table_id)), client=self.api, body=body,
                                                  idempotency_key=self._key()))

    def table(self, table_id: UUID | str) -> Table:
        """The table as the caller's seat sees it, with its rule set."""
        return self.ok(tables_retrieve.sync_detailed(UUID(str(table_id)), client=self.api))

    def legal(self, table_id: UUID | str) -> Legal:
        """The caller's legal actions now, and why each card in hand can or cannot be played."""
        return self.ok(tables_legal.sync_detailed(UUID(str(table_id)), client=self.api))

    def act(self, table_id: UUID | str, action: LegalAction | Mapping[str, Any], seq: int) -> ActionResult:
        """Send ``action`` at ``seq`` (the table's seq as last seen). Retried safely: the same
        Idempotency-Key goes with every attempt."""
        return self.ok(tables_act.sync_detailed(UUID(str(table_id)), client=self.api,
                                                 body=action_body(action, seq), idempotency_key=self._key()))

    def events(self, table_id: UUID | str, *, after: int = 0, wait: int = 0, until_turn: bool = False) -> Events:
        """The log entries after seq ``after``, waiting up to ``wait`` seconds (at most 30) for one, or with
        ``until_turn`` for the caller's turn or the game's end (every entry after ``after`` comes all the same)."""
        return self.ok(tables_events.sync_detailed(UUID(str(table_id)), client=self.api, after=after, wait=wait,
                                                    until=TablesEventsUntil.TURN if until_turn else UNSET))

    def table_events(self, table_id: UUID | str, *, after: int = 0, wait: int = 25) -> EventFeed[Event]:
        """Every log entry of the table after ``after``, as the caller's seat may see it, long-polling for
        the next; the feed ends after the game is over."""

        def fetch(since: int, wait_seconds: int) -> tuple[int, list[Event], bool]:
            page = self.events(table_id, after=since, wait=wait_seconds)
            return page.seq, list(page.events), page.table.status == "finished"

        return EventFeed(fetch, after=after, wait=wait)

    # The play loop ---------------------------------------------------------------------------------------

    def turns(self, table_id: UUID | str, *, after: int = 0) -> Generator[Events, None, None]:
        """The caller's turns at ``table_id``, pushed on one open stream (``events/stream/?until=turn``): the
        events feed's answer (the table, ``legal``; no entries) each time the game begins to wait for the
        caller's seat and once the table is no longer being played. Ends with the stream (the service ends
        one after a few minutes: open another); a refusal raises :class:`ApiError`."""
        with self.http.stream("GET", f"/api/v1/tables/{table_id}/events/stream/",
                              params={"after": after, "until": "turn"},
                              headers={"Accept": "text/event-stream"}) as response:
            if response.status_code != 200:
                response.read()
                problem = response.json() if response.content else {}
                raise ApiError(response.status_code, problem if isinstance(problem, dict) else {})
            kind, data = "", []
            for line in response.iter_lines():
                if line.startswith("event: "):
                    kind = line[len("event: "):]
                elif line.startswith("data: "):
                    data.append(line[len("data: "):])
                elif not line:
                    if kind == "turn" and data:
                        yield Events.from_dict(json.loads("\n".join(data)))
                    kind, data = "", []

    def play(self, table_id: UUID | str, strategy: Strategy, *, wait: int = 25, stream: bool = True) -> Any:
        """Play the caller's seat at ``table_id`` until the game is over, asking ``strategy`` for every
        move; returns the table as last seen. One round trip a move: the action's answer says what the
        seat may do next (``legal``), and while it has nothing to do its turn is pushed on one open stream
        (:meth:`turns`); where the stream cannot be had (``stream`` false, or refused), one long-poll of the
        events feed a turn waits for it (``until=turn``: the other seats' moves do not wake it) and answers
        the table and ``legal`` too. An action refused as ``stale_seq``
        (the table moved first: a clock, a bot) is decided again on the table as it now is."""
        first = self.table(table_id)
        rules = first.rules.to_dict()
        # The seat view and ``legal`` must be of one seq: the feed answers both together (GET legal/ read
        # after the table could be a move later, and also lists looking at the cards out of turn).
        page = self.events(table_id, after=first.seq, wait=0)
        state: Any = page.table
        legal = list(page.legal)
        turns: Generator[Events, None, None] | None = None
        while state.status != "finished":
            if legal:
                turn = Turn(UUID(str(table_id)), state.seq, state, rules, legal)
                try:
                    result = self.act(table_id, strategy(turn), state.seq)
                except ApiError as error:
                    if error.code != "stale_seq":
                        raise
                else:
                    state, legal = result.table, list(result.legal)
                    continue
            if stream:
                pushed: Events | None = None
                try:
                    if turns is None:
                        turns = self.turns(table_id, after=state.seq)
                    pushed = next((t for t in turns if t.seq >= state.seq), None)
                except (ApiError, httpx.HTTPError):  # no stream here: long-poll instead
                    stream = False
                if pushed is None:  # the stream ended (or could not be had): another, or the long-poll
                    turns = None
                    continue
                page = pushed
            else:
                page = self.events(table_id, after=state.seq, wait=wait, until_turn=True)
            state, legal = page.table, list(page.legal)
        if turns is not None:
            turns.close()
        return state
