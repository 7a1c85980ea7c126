"""v1 endpoints for players, rule sets, tables, actions, legal moves, events and finished hands.

A view parses and authorises, calls one service or selector, and serialises the result. The events feed
is asynchronous (adrf) so that long-polls and Server-Sent Events wait without holding a worker thread
under ASGI; what it shares with the player's own stream is in :mod:`.streams`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.async_views import AsyncAPIView
from core.conditional import ConditionalGetMixin
from core.idempotency import IDEMPOTENCY_PARAM, idempotent
from core.openapi import LANGUAGE_PARAM
from core.pagination import PAGE_PARAMS, StrictCursorPagination
from core.params import MAX_WHOLE, NO_CONTROL_PATTERN, choice_param, int_param, text_param, uuid_param
from core.problems import request_language
from core.renderers import JSONRenderer
from core.serializers import validated
from games import analysis, engine, selectors, services, wakeup
from games.api import examples, hub
from games.api import serializers as s
from games.api.presets import preset_list, switch_list
from games.api.streams import STREAM_SECONDS, FormatNegotiation, read_off_loop, resumed_after, sse_frames
from games.auth import player_for
from games.models import NAME_MAX_LENGTH, Player, Table

MAX_WAIT_SECONDS = 30
UNTIL = ("turn",)
"""What the events long-poll may wait for besides the next entry (``until=``)."""
STREAM_UNTIL = ("turn", "move")
"""What the events stream may send besides each entry (``until=``): your turns, or the table every move."""
SEQ = {"type": "integer", "minimum": 0, "maximum": MAX_WHOLE}
FAST_LOOP = ("The play loop, one round trip a move: this answer carries 'table' (your table at its 'seq') and "
             "'legal' (your legal actions when the game waits for you, else []). When 'legal' is not empty, "
             "POST one of them to actions/ with that seq; otherwise wait for your next 'turn' event on one open "
             "events/stream/?until=turn (each move pushed), or where a client cannot stream GET "
             "events/?after=SEQ&wait=25&until=turn, which answers at your turn. Nothing else is needed to play a "
             "whole game.")


TOKEN_STOPS = ("stops working at once, on every server of the service: the account a token was last checked "
               "for is kept in a cache they all share, and is removed from it when this commits")


def _table_response(table: Table, player: Player, status: int = 200) -> Response:
    table = selectors.table_get(table_id=table.pk)
    return Response(selectors.table_detail(table=table, player=player), status=status)


# Players and rule sets -----------------------------------------------------------------------------------

class PlayerCreateView(APIView):
    permission_classes = [AllowAny]
    throttle_scope = "register"

    @extend_schema(
        operation_id="players_create", tags=["players"], request=s.PlayerCreateSerializer,
        responses={201: s.PlayerCreatedSerializer},
        examples=[OpenApiExample("Registered", value=examples.PLAYER, response_only=True, status_codes=["201"])],
        summary="Register a human or bot account",
        description="Returns the account with its API token. The token is shown once and stored only as a "
                    "hash: keep it. Send it on every other call as 'Authorization: Bearer YOUR_TOKEN'.",
    )
    def post(self, request: Request) -> Response:
        data = validated(s.PlayerCreateSerializer, request.data)
        player, token = services.player_register(name=data["name"], kind=data["kind"])
        body = s.PlayerSerializer(player).data | {"token": token}
        return Response(body, status=201)


class MeView(APIView):
    @extend_schema(operation_id="players_me", tags=["players"], responses={200: s.PlayerSerializer},
                   summary="The account your token belongs to")
    def get(self, request: Request) -> Response:
        return Response(s.PlayerSerializer(request.user).data)

    @extend_schema(operation_id="players_me_update", tags=["players"], request=s.PlayerUpdateSerializer,
                   parameters=[LANGUAGE_PARAM], responses={200: s.PlayerSerializer},
                   summary="Change your own settings: whether you take challenges",
                   description="Send only what changes. accepts_challenges none refuses every challenge sent to "
                               "you from now on; to refuse one account's only, block it (players/me/blocks/).")
    def patch(self, request: Request) -> Response:
        data = validated(s.PlayerUpdateSerializer, request.data)
        return Response(s.PlayerSerializer(services.player_update(player=request.user, **data)).data)


class MeTokenView(APIView):
    @extend_schema(
        operation_id="players_me_token_rotate", tags=["players"], request=None,
        responses={200: s.PlayerCreatedSerializer},
        examples=[OpenApiExample("Rotated", value=examples.PLAYER, response_only=True, status_codes=["200"])],
        summary="Replace your API token",
        description="Returns the account with a new token, shown this once. The token that made this request "
                    f"{TOKEN_STOPS}; send the new one from now on.",
    )
    def post(self, request: Request) -> Response:
        player, token = services.player_rotate_token(player=request.user, token=request.auth)
        return Response(s.PlayerSerializer(player).data | {"token": token})

    @extend_schema(
        operation_id="players_me_token_revoke", tags=["players"], request=None,
        responses={204: OpenApiResponse(description="Revoked: the token no longer authenticates.")},
        summary="Revoke your API token",
        description=f"The token that made this request {TOKEN_STOPS}. The account keeps its tables and "
                    "history but has no token any more; to rotate instead, POST to this path.",
    )
    def delete(self, request: Request) -> Response:
        services.player_revoke_token(player=request.user, token=request.auth)
        return Response(status=204)


class RuleSetListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="rulesets_list", tags=["rules"], parameters=[LANGUAGE_PARAM],
                   responses={200: s.RuleSetListSerializer},
                   summary="The presets with their switches, and what every switch means")
    def get(self, request: Request) -> Response:
        language = request_language(request)
        return Response({"presets": preset_list(language), "switches": switch_list(language)})


# Tables --------------------------------------------------------------------------------------------------

class TableListCreateView(APIView):
    @extend_schema(
        operation_id="tables_list", tags=["tables"],
        parameters=[
            OpenApiParameter("status", OpenApiTypes.STR, enum=["open", "playing", "finished"],
                             description="Only tables in this state."),
            OpenApiParameter("player", {"type": "string", "maxLength": NAME_MAX_LENGTH, "pattern": NO_CONTROL_PATTERN},
                             description="Only tables where this player (name) sits; 'me' for your own."),
            OpenApiParameter("tournament", OpenApiTypes.UUID, description="Only the games of this tournament."),
            *PAGE_PARAMS,
        ],
        responses={200: s.TablePageSerializer},
        summary="List tables, newest first (cursor pagination)",
    )
    def get(self, request: Request) -> Response:
        status = choice_param(request, "status", Table.Status.values)
        name = text_param(request, "player", NAME_MAX_LENGTH)
        player = None
        if name:
            player = request.user if name == "me" else Player.objects.filter(name=name).first()
            if player is None:
                return Response({"next": None, "previous": None, "results": []})
        tournament = uuid_param(request, "tournament", "tournament")
        paginator = StrictCursorPagination()
        rows = selectors.table_list(player=player, status=status, tournament=tournament)
        page = paginator.paginate_queryset(rows, request, view=self)
        rows = [{"id": t.id, "preset": t.preset, "status": t.status, "seq": t.seq,
                 "seats": selectors.seats_summary(t), "created_at": t.created_at} for t in page]
        return paginator.get_paginated_response(rows)

    @extend_schema(
        operation_id="tables_create", tags=["tables"], request=s.TableCreateSerializer,
        parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM],
        responses={201: s.TableSerializer},
        summary="Open a table",
        description="A rule set is a preset plus overrides; a combination that cannot be played is refused "
                    "with invalid_rules and the switches at fault in 'errors'. Seats are open or kept for a "
                    "built-in bot. The game starts as soon as every seat is taken. An account has at most "
                    f"{settings.MAX_OPEN_TABLES} tables of its own that are not finished (too_many_open_tables): "
                    "those it opened here and its challenges to built-in bots; the tables of tournaments, "
                    "ladders, seeks and accepted challenges between accounts do not count. A table whose "
                    f"seats are not all taken {settings.OPEN_TABLE_TTL_SECONDS:g} s after it opened is closed "
                    "(finished, result abandoned, reason unfilled).",
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = validated(s.TableCreateSerializer, request.data)
            specs = [services.SeatSpec(bot_level=spec.get("level", "")) for spec in data["seats"]] \
                if "seats" in data else None
            table = services.table_open(creator=request.user, preset=data["preset"], overrides=data["overrides"],
                                        seats=specs, take_seat=data.get("take_seat"))
            return _table_response(table, request.user, status=201)

        return idempotent(request, run)


class TableDetailView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="tables_retrieve", tags=["tables"], parameters=[LANGUAGE_PARAM],
                   responses={200: s.TableSerializer},
                   examples=[examples.example("Seat 0 during the first hand", examples.TABLE)],
                   summary="The table as your seat sees it (a spectator's view when you have no seat)")
    def get(self, request: Request, table_id: str) -> Response:
        table = selectors.table_get(table_id=table_id)
        return Response(selectors.table_detail(table=table, player=request.user))


class TableJoinView(APIView):
    @extend_schema(operation_id="tables_join", tags=["tables"], request=s.JoinSerializer,
                   parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM],
                   responses={200: s.TableSerializer},
                   summary="Take an open seat")
    def post(self, request: Request, table_id: str) -> Response:
        def run() -> Response:
            data = validated(s.JoinSerializer, request.data)
            table = services.table_join(table_id=table_id, player=request.user, seat=data.get("seat"))
            return _table_response(table, request.user)

        return idempotent(request, run)


class TableLegalView(APIView):
    @extend_schema(operation_id="tables_legal", tags=["play"], parameters=[LANGUAGE_PARAM],
                   responses={200: s.LegalSerializer},
                   examples=[examples.example("Following: only the led suit is playable", examples.LEGAL)],
                   summary="Your legal actions now, and why each card you hold can or cannot be played")
    def get(self, request: Request, table_id: str) -> Response:
        table = selectors.table_get(table_id=table_id)
        legal = selectors.legal_moves(table=table, player=request.user, language=request_language(request))
        return Response(legal)


class TableHintView(APIView):
    @extend_schema(
        operation_id="tables_hint", tags=["play"], parameters=[LANGUAGE_PARAM],
        responses={200: s.HintSerializer},
        summary="A suggested move: your bid and the cards counted for it, or the card to play",
        description="The normal-level bot's choice from your seat view alone: it never sees other hands. "
                    "Refused with not_your_turn when you have nothing to do.",
        examples=[examples.example("A bid hint", {"seq": 5, "action": {"type": "bid", "bid": 4, "blind": False},
                                                  "counted": ["AS", "KS", "AH", "KD"]})],
    )
    def get(self, request: Request, table_id: str) -> Response:
        table = selectors.table_get(table_id=table_id)
        return Response(selectors.hint_for(table=table, player=request.user))


class TableActionView(APIView):
    @extend_schema(
        operation_id="tables_act", tags=["play"], request=s.ACTION_REQUEST,
        parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM],
        responses={200: s.ActionResultSerializer},
        summary="Bid, look, exchange, play or resign",
        description="Send the table's seq as you last saw it: if anything happened since, the action is refused "
                    "with stale_seq (and the current seq) and nothing changes. A move the rules refuse returns "
                    "the rule's code (must_follow_suit, spades_not_broken, …) and nothing changes. "
                    + FAST_LOOP,
        examples=[*s.ACTION_EXAMPLES, examples.example("Played", examples.ACT)],
    )
    def post(self, request: Request, table_id: str) -> Response:
        def run() -> Response:
            data = s.action_validated(request.data)
            seq = data.pop("seq")
            result = services.table_act(table_id=table_id, player=request.user, action=data, seq=seq)
            entry = {"seq": result.action.seq, "type": result.action.type, "seat": result.action.seat,
                     "at": result.action.created_at,
                     "events": [engine.event_for_seat(e, result.seat) for e in result.action.events]}
            # The rule set does not change during a game: it is on the table (GET tables/{id}/), not here.
            state = selectors.play_state(table=result.table, player=request.user, game=result.game)
            return Response({"seq": result.table.seq, "entry": entry, **state})

        return idempotent(request, run)


class TableTakeBackView(APIView):
    @extend_schema(operation_id="tables_takeback", tags=["play"], request=None, parameters=[LANGUAGE_PARAM],
                   responses={200: s.TableSerializer},
                   summary="Take your seat back from the bot that played it after your timeouts")
    def post(self, request: Request, table_id: str) -> Response:
        table = services.seat_take_back(table_id=table_id, player=request.user)
        return _table_response(table, request.user)


class HandDetailView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="tables_hand", tags=["tables"],
                   responses={200: s.HandRecordSerializer},
                   examples=[examples.example("A finished hand", examples.HAND)],
                   summary="A finished hand: every seat's cards, every trick, the score breakdown")
    def get(self, request: Request, table_id: str, number: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        return Response(selectors.hand_record(table=table, number=number))


ANALYSIS_RETRY_SECONDS = 2


class HandAnalysisView(APIView):
    @extend_schema(operation_id="tables_hand_analysis", tags=["tables"],
                   parameters=[OpenApiParameter("Retry-After", OpenApiTypes.INT, OpenApiParameter.HEADER,
                                                required=True, response=[202],
                                                description="Seconds to wait before asking again.")],
                   responses={200: s.HandAnalysisSerializer,
                              202: OpenApiResponse(s.AnalysisPendingSerializer, description=(
                                  "Being computed: ask again after the Retry-After seconds."))},
                   examples=[examples.example("Reviewed within the budget", examples.ANALYSIS),
                             OpenApiExample("Being computed", value=examples.ANALYSIS_PENDING, response_only=True,
                                            status_codes=["202"])],
                   summary="A finished hand's double dummy review: each card's cost, the par",
                   description="Every card played with its value and the best value at that point under best "
                   "play by all four seats (double dummy), in the side's points under the table's rules, and "
                   "what each side could make. Shown when the hand's record is (a duplicate board once every "
                   "table of the round has played it). Computed by a worker when the hand ends, within a node "
                   "budget: the first cards of a hard hand may be left unanalysed (null). 202 while it is "
                   "being computed.")
    def get(self, request: Request, table_id: str, number: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        read = analysis.analysis_get(table=table, number=number)
        if read.review is None:
            return Response({"status": read.status, "retry_after": ANALYSIS_RETRY_SECONDS}, status=202,
                            headers={"Retry-After": str(ANALYSIS_RETRY_SECONDS)})
        return Response(read.review)


# Events -------------------------------------------------------------------------------------------------

class TableEventsView(AsyncAPIView):
    @extend_schema(
        operation_id="tables_events", tags=["play"],
        parameters=[
            OpenApiParameter("after", SEQ, description="Return entries with seq above this (default 0)."),
            OpenApiParameter("wait", {"type": "integer", "minimum": 0, "maximum": MAX_WAIT_SECONDS},
                             description=f"Long-poll: wait up to this many seconds "
                             f"(at most {MAX_WAIT_SECONDS}) for an entry after 'after'."),
            OpenApiParameter("until", {"type": "string", "enum": list(UNTIL)},
                             description="With 'wait': what to wait for. Absent, the first entry after 'after'. "
                             "'turn': your turn (the game waits for your seat) or the end of the game (the "
                             "table is no longer being played); other seats' moves do not answer, so a "
                             "player is woken once a move instead of at every move. The answer still carries "
                             "every entry after 'after'."),
        ],
        responses={200: s.EventsSerializer},
        examples=[examples.example("One new play", examples.EVENTS)],
        summary="Events after seq N, as your seat may see them",
        description="Every log entry with seq above 'after', with the events it caused filtered for your seat "
                    "(your own cards, never another seat's). Reconnect with the last seq you saw and you miss "
                    "nothing. Browsers can use the Server-Sent Events form at events/stream/. " + FAST_LOOP,
    )
    async def get(self, request: Request, table_id: str) -> Response:
        after = int_param(request, "after", 0, 0)
        wait = int_param(request, "wait", 0, 0, MAX_WAIT_SECONDS)
        for_turn = choice_param(request, "until", UNTIL) == "turn"
        deadline = time.monotonic() + wait
        player = request.user

        def read() -> dict[str, Any] | tuple[int, int | None]:
            # What a long-poll most often finds is nothing new: then the table's seq and the caller's seat, to
            # wait with, are all it reads. Else the table and the feed, the answer.
            if wait:
                seq, seat = selectors.table_seq_and_seat(table_id=table_id, player=player)
                if seq <= after:
                    return seq, seat
            table = selectors.table_get(table_id=table_id)
            if not wait or (table.seq > after and (not for_turn or selectors.turn_or_over(table=table,
                                                                                           player=player))):
                return selectors.events_feed(table_id=table_id, player=player, after=after, table=table)
            return table.seq, selectors.seat_of(table=table, player=player)

        if wait:  # served by the process's hub of feeds: one read a move for every long-poll of the table
            with contextlib.suppress(hub.NotServed):
                return Response(await hub.long_poll(table_id, player, after, for_turn, deadline))
        # Watch before the first read: a move between the read and the wait still wakes it.
        async with wakeup.watch(table_id) as moved:
            found = await read_off_loop(read)
            if isinstance(found, dict):
                return Response(found)
            seq, seat = found
            while (left := deadline - time.monotonic()) > 0:
                announced = await moved.wait(left)
                if announced is None:  # no announcement to go by: read the table
                    found = await read_off_loop(read)
                    if isinstance(found, dict):
                        return Response(found)
                    seq, seat = found
                    continue
                seq = announced
                if seq > after and (not for_turn or moved.needs(seat)):
                    break
        # Read after the wait, with the events: the answer's view is at the answer's seq.
        return Response(await read_off_loop(selectors.events_feed, table_id=table_id, player=player, after=after))


class StreamTokenAuthentication(BaseAuthentication):
    """Browsers' EventSource cannot send headers, so the stream also takes the token as ``?token=``."""

    def authenticate(self, request: Request) -> tuple[Player, str] | None:
        token = request.query_params.get("token")
        # A token that is sent must be valid, an empty one too: only a missing one falls back to the header.
        return (player_for(token), token) if token is not None else None

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


SSE_EVENT = {
    "type": "object", "description": "One event of the stream (the schema of each event, not of the whole body).",
    "properties": {
        "id": {"type": "string", "description": "The entry's seq: EventSource sends it back as Last-Event-ID."},
        "event": {"type": "string", "enum": ["entry", "turn", "table"]},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"oneOf": [{"$ref": "#/components/schemas/Event"},
                                             {"$ref": "#/components/schemas/Events"}]},
                 "description": "An 'entry': the entry as in the events feed, as JSON. A 'turn' (with "
                                "until=turn) or a 'table' (with until=move): the events feed's answer at the "
                                "entry's seq (the table and your legal actions) with no entries, since the stream "
                                "has sent them."},
        "retry": {"type": "integer", "description": "How long EventSource waits before it reconnects (ms)."},
    },
    "required": ["data"],
}


class EventStreamRenderer(BaseRenderer):
    """Lets a client that accepts only ``text/event-stream`` (every browser's EventSource) reach the stream;
    the stream itself is written by the view, and an error on the way is still problem+json."""

    media_type = "text/event-stream"
    format = "sse"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        return JSONRenderer().render(data)


class TableEventStreamView(AsyncAPIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    content_negotiation_class = FormatNegotiation

    @extend_schema(
        operation_id="tables_events_stream", tags=["play"],
        parameters=[
            OpenApiParameter("after", SEQ, description="Start after this seq (or send Last-Event-ID)."),
            OpenApiParameter("token", OpenApiTypes.STR, description="Your API token, for EventSource, which cannot "
                             "send an Authorization header."),
            OpenApiParameter("until", {"type": "string", "enum": list(STREAM_UNTIL)},
                             description="'turn': also send, as event 'turn', the table and your legal actions "
                             "each time the game begins to wait for your seat and once the table is no longer "
                             "being played (as the events long-poll answers with until=turn): the play loop on "
                             "one open stream, each move pushed, instead of a long-poll a move. 'move': send them "
                             "as event 'table' after every move instead, whoever is to move (as the events "
                             "long-poll answers without until): for a client that shows the table, a "
                             "spectator's included."),
        ],
        responses={(200, "text/event-stream"): OpenApiResponse(
            SSE_EVENT, description="Server-Sent Events: each log entry as 'id: SEQ', 'event: entry', 'data: "
                                   "ENTRY' (the entry as in the events feed, as JSON); with until=turn, your turns "
                                   "as 'event: turn'; with until=move, the table after each move as 'event: "
                                   "table' (not at a duplicate round's table, for a spectator). The stream ends after "
                                   f"{STREAM_SECONDS} s; EventSource reconnects with Last-Event-ID.")},
        summary="The events feed as Server-Sent Events, each move pushed",
        description="Each stream of a table is served from one read of the table a move in each server process, "
                    "whatever the number of listeners, so a table's watchers cost the service little each. To "
                    "play on it: open it with until=turn, and when a 'turn' event's 'legal' is not empty POST one of "
                    "them to actions/ with its seq; the action's answer says what you may do next.",
    )
    async def get(self, request: Request, table_id: str) -> StreamingHttpResponse:
        after = resumed_after(request)
        until = choice_param(request, "until", STREAM_UNTIL)
        table = await read_off_loop(selectors.table_get, table_id=table_id)
        player = request.user
        await read_off_loop(selectors.spectator_check, table=table, player=player)  # refused before it streams
        return StreamingHttpResponse(_stream(table, player, after, until), content_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def get_authenticators(self) -> list[Any]:
        return [StreamTokenAuthentication(), *super().get_authenticators()]


async def _stream(table: Table, player: Player, after: int, until: str | None) -> AsyncIterator[bytes]:
    # Served by the process's hub: one read and one rendering per audience a move, for every stream of the table.
    seat = selectors.seat_of(table=table, player=player)
    async with hub.listen(table, seat, after, player if until else None, every_move=until == "move") as listener:
        async for chunk in sse_frames(player, listener.take):
            yield chunk
