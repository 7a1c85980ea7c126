"""v1 endpoints for a player's own event stream (``players/me/events/``, long-poll and Server-Sent Events),
challenges and seeks.

The event stream is the table feed's twin: the same ``after``/``wait`` long-poll and SSE forms, woken by
the same ``games.wakeup`` (on the player's key, ``selectors.player_feed_key``), resumable by ``seq``. Views
parse and authorise, call one service of ``games.matchmaking`` or one selector, and serialise the result.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.async_views import AsyncAPIView
from core.idempotency import IDEMPOTENCY_PARAM, idempotent
from core.openapi import LANGUAGE_PARAM
from core.params import choice_param, int_param
from core.renderers import JSONRenderer
from core.serializers import StrictCharField, StrictFloatField, validated
from games import engine, matchmaking, selectors, services, wakeup
from games.api.dataclass_fields import serializer_for
from games.api.streams import STREAM_SECONDS, FormatNegotiation, read_off_loop, resumed_after, sse_stream
from games.api.views import MAX_WAIT_SECONDS, SEQ, EventStreamRenderer, StreamTokenAuthentication
from games.models import Challenge, Player, Seek
from games.player_events import DECLINE_REASONS, EVENT_CLASSES

# Player events ---------------------------------------------------------------------------------------------


def _event_serializer(cls: type) -> type[serializers.Serializer]:
    """The wire form of one player event type: its members, with the log's ``seq`` and ``at``."""
    attrs = {"__doc__": cls.__doc__, "__module__": __name__,
             "seq": serializers.IntegerField(help_text="The event's number in your log: pass it as 'after'."),
             "at": serializers.DateTimeField(help_text="When it happened.")}
    return type(f"{cls.__name__}EventSerializer", (serializer_for(cls, {}),), attrs)


PLAYER_EVENT = PolymorphicProxySerializer(
    component_name="PlayerEvent", many=True, resource_type_field_name="type",
    serializers={cls.type: _event_serializer(cls) for cls in EVENT_CLASSES},
    help_text="Your events, oldest first; each event's 'type' names its shape.")


class PlayerEventsSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The last event's seq (your log's seq when there is none): pass it "
                                             "as 'after' next time.")
    events = PLAYER_EVENT


EVENTS_EXAMPLE = {"seq": 2, "events": [
    {"seq": 1, "at": "2026-01-01T12:00:00Z", "type": "challenge_received",
     "challenge_id": "4b0f5c1e-93a4-4f43-8f0a-6b2f1f9b8a10", "challenger": "alice", "preset": "standard",
     "move_seconds": None, "expires_at": "2026-01-01T12:05:00Z"},
    {"seq": 2, "at": "2026-01-01T12:00:09Z", "type": "table_opened",
     "table_id": "0d7e2c55-3f3e-4e57-9a1b-2f4c1e0a9b77", "seat": 1, "origin": "challenge",
     "origin_id": "4b0f5c1e-93a4-4f43-8f0a-6b2f1f9b8a10", "preset": "standard"},
]}


class PlayerEventsView(AsyncAPIView):
    @extend_schema(
        operation_id="players_me_events", tags=["players"],
        parameters=[
            OpenApiParameter("after", SEQ, description="Return events with seq above this (default 0)."),
            OpenApiParameter("wait", {"type": "integer", "minimum": 0, "maximum": MAX_WAIT_SECONDS},
                             description=f"Long-poll: wait up to this many seconds (at most {MAX_WAIT_SECONDS}) "
                                         "for an event after 'after'."),
        ],
        responses={200: PlayerEventsSerializer},
        examples=[OpenApiExample("A challenge, accepted", value=EVENTS_EXAMPLE, response_only=True)],
        summary="Your own events: tables opened for you, your turn, challenges, tournaments, ladders",
        description="Every event of your log with seq above 'after', oldest first, at most "
                    f"{selectors.PLAYER_EVENTS_PAGE} at a time. The log is kept: reconnect with the last seq "
                    "you saw and you miss nothing. your_turn is sent only when a table begins to wait for you "
                    "after you have not moved there for a while; play from the table's own feed. Browsers can "
                    "use the Server-Sent Events form at events/stream/.",
    )
    async def get(self, request: Request) -> Response:
        after = int_param(request, "after", 0, 0)
        wait = int_param(request, "wait", 0, 0, MAX_WAIT_SECONDS)
        player = request.user
        deadline = time.monotonic() + wait
        # Watch before the first read: an event between the read and the wait still wakes it.
        async with wakeup.watch(selectors.player_feed_key(player.pk)) as moved:
            seq = await read_off_loop(selectors.player_event_seq, player=player)
            while seq <= after and (left := deadline - time.monotonic()) > 0:
                await moved.wait(left)
                seq = await read_off_loop(selectors.player_event_seq, player=player)
        events = await read_off_loop(selectors.player_events_after, player=player, after=after)
        return Response({"seq": events[-1]["seq"] if events else seq, "events": events})


PLAYER_SSE_EVENT = {
    "type": "object", "description": "One event of the stream (the schema of each event, not of the whole body).",
    "properties": {
        "id": {"type": "string", "description": "The event's seq: EventSource sends it back as Last-Event-ID."},
        "event": {"type": "string", "description": "The event's type (table_opened, your_turn, …)."},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "contentSchema": {"$ref": "#/components/schemas/PlayerEvent"},
                 "description": "The event as in players/me/events/, as JSON."},
        "retry": {"type": "integer", "description": "How long EventSource waits before it reconnects (ms)."},
    },
    "required": ["data"],
}


class PlayerEventStreamView(AsyncAPIView):
    renderer_classes = [JSONRenderer, EventStreamRenderer]
    content_negotiation_class = FormatNegotiation

    @extend_schema(
        operation_id="players_me_events_stream", tags=["players"],
        parameters=[
            OpenApiParameter("after", SEQ, description="Start after this seq (or send Last-Event-ID)."),
            OpenApiParameter("token", OpenApiTypes.STR, description="Your API token, for EventSource, which cannot "
                             "send an Authorization header."),
        ],
        responses={(200, "text/event-stream"): OpenApiResponse(
            PLAYER_SSE_EVENT, description="Server-Sent Events: each of your events as 'id: SEQ', 'event: TYPE', "
                                          "'data: EVENT' (as in players/me/events/, as JSON). The stream ends after "
                                          f"{STREAM_SECONDS} s; EventSource reconnects with Last-Event-ID.")},
        summary="Your own events as Server-Sent Events",
    )
    async def get(self, request: Request) -> StreamingHttpResponse:
        after = resumed_after(request)
        return StreamingHttpResponse(_stream(request.user, after), content_type="text/event-stream",
                                     headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    def get_authenticators(self) -> list[Any]:
        return [StreamTokenAuthentication(), *super().get_authenticators()]


async def _stream(player: Player, after: int) -> AsyncIterator[bytes]:
    async for chunk in sse_stream(selectors.player_feed_key(player.pk), player, after, lambda since: (
            selectors.player_events_after(player=player, after=since)), name=lambda event: event["type"]):
        yield chunk


# Challenges ------------------------------------------------------------------------------------------------

RULES_HELP = ("Switches to change from the preset (see GET /api/v1/rulesets/); a combination that cannot be "
              "played is refused with invalid_rules.")


class MatchmakingRulesSerializer(serializers.Serializer):
    """The rule set and clock of a challenge or a seek."""

    preset = serializers.ChoiceField(choices=list(engine.PRESETS), default="standard")
    overrides = serializers.DictField(required=False, default=dict, help_text=RULES_HELP)
    move_seconds = StrictFloatField(required=False, allow_null=True, default=None, min_value=1, max_value=3600,
                                    help_text="The move clock in seconds; null or absent: the preset's own "
                                              "(none for most).")
    bot_level = serializers.ChoiceField(choices=services.BOT_LEVELS, default="normal",
                                        help_text="The built-in bots' level in the seats no player takes.")


class ChallengeCreateSerializer(MatchmakingRulesSerializer):
    opponent = StrictCharField(max_length=40, help_text=(
        "The name of the account you challenge (a person or a bot account), or bot:easy, bot:normal or bot:hard "
        "for a built-in bot of that level, which answers at once."))
    seat = serializers.IntegerField(default=0, min_value=0, max_value=3, help_text="Your seat.")
    opponent_seat = serializers.IntegerField(required=False, min_value=0, max_value=3,
                                             help_text="Their seat; default: the next seat clockwise from yours "
                                                       "(on the other side).")
    expires_in = serializers.IntegerField(default=matchmaking.CHALLENGE_SECONDS, min_value=10, max_value=86400,
                                          help_text="Seconds they have to answer.")


class ChallengeSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    challenger = serializers.CharField(source="challenger.name")
    opponent = serializers.CharField(source="opponent_name", help_text="The account challenged, or bot:LEVEL for a "
                                                                        "built-in bot.")
    preset = serializers.CharField()
    rules = serializers.DictField(help_text="Every switch of the table's rule set.")
    seat = serializers.IntegerField(help_text="The challenger's seat.")
    opponent_seat = serializers.IntegerField()
    bot_level = serializers.CharField()
    status = serializers.ChoiceField(choices=Challenge.Status.choices)
    decline_reason = serializers.ChoiceField(choices=DECLINE_REASONS, allow_null=True,
                                             help_text="Why it was declined (declined only).")
    table = serializers.UUIDField(source="table_id", allow_null=True, help_text="The table, once accepted.")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, instance: Challenge) -> dict[str, Any]:
        data = super().to_representation(instance)
        data["decline_reason"] = instance.decline_reason or None
        return data


class ChallengePageSerializer(serializers.Serializer):
    results = ChallengeSerializer(many=True)


class DeclineSerializer(serializers.Serializer):
    reason = serializers.ChoiceField(choices=DECLINE_REASONS, default="declined", help_text=(
        "Why, a stable code: declined (no reason), busy, later, rules (not this rule set), clock (not this clock), "
        "opponent (not against you), bot_only, human_only."))


def _challenge(challenge: Challenge, status: int = 200) -> Response:
    return Response(ChallengeSerializer(challenge).data, status=status)


class ChallengeListCreateView(APIView):
    @extend_schema(
        operation_id="challenges_list", tags=["matchmaking"],
        parameters=[OpenApiParameter("box", OpenApiTypes.STR, enum=["received", "sent"],
                                     description="received (default): challenges to you; sent: yours."),
                    OpenApiParameter("status", OpenApiTypes.STR, enum=Challenge.Status.values,
                                     description="Only challenges in this state.")],
        responses={200: ChallengePageSerializer},
        summary="Challenges you received or sent, newest first (the latest 100)",
    )
    def get(self, request: Request) -> Response:
        box = choice_param(request, "box", ["received", "sent"]) or "received"
        status = choice_param(request, "status", Challenge.Status.values)
        rows = selectors.challenge_list(player=request.user, box=box, status=status)[:100]
        return Response({"results": ChallengeSerializer(rows, many=True).data})

    @extend_schema(
        operation_id="challenges_create", tags=["matchmaking"], request=ChallengeCreateSerializer,
        parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM], responses={201: ChallengeSerializer},
        summary="Challenge a named player or bot account, or a built-in bot",
        description="They hear of it on their event stream (challenge_received) and accept or decline it before "
                    "it expires; you hear the answer on yours. On accept the table opens with you both seated and "
                    "built-in bots in the other seats. A built-in bot (opponent bot:LEVEL) answers at once: the "
                    "answer is the challenge already accepted, with its table (you sit in seat, the bot in "
                    "opponent_seat), or declined with decline_reason; you hear challenge_accepted and "
                    "table_opened, or challenge_declined. It plays every rule set; it declines (clock) a move clock "
                    "shorter than its move can take: the wait for a worker and, at the hard level, its thinking "
                    "time. An account that refuses your challenges (it blocks you, or takes none) answers "
                    "challenge_refused, and hears nothing of it. At most "
                    f"{settings.MAX_PENDING_CHALLENGES} of your challenges wait for an answer at a time "
                    f"(too_many_challenges), {settings.MAX_PENDING_CHALLENGES_PER_OPPONENT} for one account's "
                    "(too_many_challenges_to_opponent). A built-in bot's table is one of your own tables, "
                    f"of which you may have {settings.MAX_OPEN_TABLES} not finished (too_many_open_tables).",
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = validated(ChallengeCreateSerializer, request.data)
            challenge = matchmaking.challenge_create(challenger=request.user, **data)
            return _challenge(challenge, status=201)

        return idempotent(request, run)


class ChallengeDetailView(APIView):
    @extend_schema(operation_id="challenges_retrieve", tags=["matchmaking"], responses={200: ChallengeSerializer},
                   summary="A challenge you sent or received")
    def get(self, request: Request, challenge_id: str) -> Response:
        return _challenge(selectors.challenge_get(challenge_id=challenge_id, player=request.user))


class ChallengeAcceptView(APIView):
    @extend_schema(operation_id="challenges_accept", tags=["matchmaking"], request=None,
                   parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM], responses={200: ChallengeSerializer},
                   summary="Accept a challenge to you: its table opens",
                   description="The answer carries the new table's id. Of two accepts at once one opens the table "
                               "and the other is refused with challenge_not_pending.")
    def post(self, request: Request, challenge_id: str) -> Response:
        return idempotent(request, lambda: _challenge(
            matchmaking.challenge_accept(challenge_id=challenge_id, player=request.user)))


class ChallengeDeclineView(APIView):
    @extend_schema(operation_id="challenges_decline", tags=["matchmaking"], request=DeclineSerializer,
                   parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM], responses={200: ChallengeSerializer},
                   summary="Decline a challenge to you, with a reason code")
    def post(self, request: Request, challenge_id: str) -> Response:
        def run() -> Response:
            data = validated(DeclineSerializer, request.data)
            return _challenge(matchmaking.challenge_decline(challenge_id=challenge_id, player=request.user,
                                                            reason=data["reason"]))

        return idempotent(request, run)


class ChallengeCancelView(APIView):
    @extend_schema(operation_id="challenges_cancel", tags=["matchmaking"], request=None,
                   parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM], responses={200: ChallengeSerializer},
                   summary="Withdraw a challenge you sent that is not answered yet")
    def post(self, request: Request, challenge_id: str) -> Response:
        return idempotent(request, lambda: _challenge(
            matchmaking.challenge_cancel(challenge_id=challenge_id, player=request.user)))


# Blocks ------------------------------------------------------------------------------------------------------

class BlockCreateSerializer(serializers.Serializer):
    player = StrictCharField(max_length=40, help_text="The name of the account whose challenges you refuse.")


class BlockSerializer(serializers.Serializer):
    player = serializers.CharField(source="blocked.name", help_text="The account whose challenges you refuse.")
    created_at = serializers.DateTimeField()


class BlockPageSerializer(serializers.Serializer):
    results = BlockSerializer(many=True)


BLOCKS = ("A challenge from an account you block is refused when it is sent: it is not made, you hear nothing "
          "of it, and its sender is told only challenge_refused (as when you take no challenges at all). A block "
          "is about challenges only.")


class BlockListCreateView(APIView):
    @extend_schema(operation_id="players_me_blocks_list", tags=["players"], responses={200: BlockPageSerializer},
                   summary="The accounts whose challenges you refuse, the latest first", description=BLOCKS)
    def get(self, request: Request) -> Response:
        return Response({"results": BlockSerializer(selectors.block_list(player=request.user), many=True).data})

    @extend_schema(operation_id="players_me_blocks_create", tags=["players"], request=BlockCreateSerializer,
                   parameters=[LANGUAGE_PARAM],
                   responses={201: BlockSerializer, 200: OpenApiResponse(BlockSerializer, description=(
                       "That account was blocked already: nothing changed."))},
                   summary="Refuse challenges from an account",
                   description=BLOCKS + " Its challenges to you that still wait for your answer are declined (reason "
                                        "declined, as a decline without a reason).")
    def post(self, request: Request) -> Response:
        data = validated(BlockCreateSerializer, request.data)
        block, created = matchmaking.block_add(player=request.user, name=data["player"])
        return Response(BlockSerializer(block).data, status=201 if created else 200)


class BlockDetailView(APIView):
    @extend_schema(operation_id="players_me_blocks_destroy", tags=["players"], parameters=[LANGUAGE_PARAM],
                   responses={204: OpenApiResponse(description="Unblocked: that account may challenge you again.")},
                   summary="Take challenges from an account you blocked again")
    def delete(self, request: Request, name: str) -> Response:
        matchmaking.block_remove(player=request.user, name=name)
        return Response(status=204)


# Seeks -------------------------------------------------------------------------------------------------------

class SeekCreateSerializer(MatchmakingRulesSerializer):
    fill_with_bots_after = serializers.IntegerField(
        default=matchmaking.SEEK_FILL_SECONDS, min_value=0, max_value=3600,
        help_text="Seconds to wait for other seekers; then the table opens with whoever seeks the same rule set "
                  "and built-in bots in the other seats.")


class SeekSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    rules = serializers.DictField(help_text="Every switch of the table's rule set.")
    bot_level = serializers.CharField()
    rating = serializers.FloatField(allow_null=True, help_text="Your ladder rating for this preset, which "
                                                               "pairing goes by (null: you are on no such ladder).")
    fill_with_bots_after = serializers.IntegerField()
    fill_at = serializers.DateTimeField(help_text="When the empty seats go to bots if nobody else comes.")
    status = serializers.ChoiceField(choices=Seek.Status.choices)
    table = serializers.UUIDField(source="table_id", allow_null=True, help_text="The table, once paired.")
    created_at = serializers.DateTimeField()


class SeekPageSerializer(serializers.Serializer):
    results = SeekSerializer(many=True)


class SeekListCreateView(APIView):
    @extend_schema(operation_id="seeks_list", tags=["matchmaking"], responses={200: SeekPageSerializer},
                   summary="Your seeks, newest first (the latest 100)")
    def get(self, request: Request) -> Response:
        return Response({"results": SeekSerializer(selectors.seek_list(player=request.user)[:100], many=True).data})

    @extend_schema(
        operation_id="seeks_create", tags=["matchmaking"], request=SeekCreateSerializer,
        parameters=[IDEMPOTENCY_PARAM, LANGUAGE_PARAM], responses={201: SeekSerializer},
        summary="Seek a game of a rule set against anyone",
        description="When enough players seek the same rule set and clock to fill a table, it opens at once with "
                    "the seekers closest to you in ladder rating; otherwise, after fill_with_bots_after seconds, "
                    "with whoever seeks it then and built-in bots. You hear table_opened on your event stream. "
                    "One waiting seek per player.",
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = validated(SeekCreateSerializer, request.data)
            seek = matchmaking.seek_create(player=request.user, **data)
            return Response(SeekSerializer(seek).data, status=201)

        return idempotent(request, run)


class SeekDetailView(APIView):
    @extend_schema(operation_id="seeks_retrieve", tags=["matchmaking"], responses={200: SeekSerializer},
                   summary="One of your seeks")
    def get(self, request: Request, seek_id: str) -> Response:
        return Response(SeekSerializer(selectors.seek_get(seek_id=seek_id, player=request.user)).data)

    @extend_schema(operation_id="seeks_cancel", tags=["matchmaking"], request=None,
                   responses={204: OpenApiResponse(description="Cancelled: nobody will be paired with it.")},
                   summary="Cancel a seek that is still waiting")
    def delete(self, request: Request, seek_id: str) -> Response:
        matchmaking.seek_cancel(seek_id=seek_id, player=request.user)
        return Response(status=204)
