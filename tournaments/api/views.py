"""v1 endpoints of tournaments and ladders. A view parses and authorises, calls one service or selector, and
serialises the result; errors are core's problem details, as everywhere in the API."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.conditional import ConditionalGetMixin
from core.errors import ErrorCode, ServiceError
from core.idempotency import IDEMPOTENCY_PARAM, idempotent
from core.openapi import LANGUAGE_PARAM
from core.pagination import PAGE_PARAMS, StrictCursorPagination
from core.params import choice_param
from core.serializers import validated
from games.models import Player
from tournaments import ladders, selectors, services
from tournaments.api import examples
from tournaments.api import serializers as s
from tournaments.models import Tournament

TAGS = ["tournaments"]
LADDER_TAGS = ["ladders"]


def _player(name: str, me: Player) -> Player:
    if name == "me":
        return me
    player = Player.objects.filter(name=name).first()
    if player is None:
        raise ServiceError(ErrorCode.UNKNOWN_PLAYER, errors={"members": [f"No player is named {name!r}."]})
    return player


class TournamentListCreateView(APIView):
    @extend_schema(
        operation_id="tournaments_list", tags=TAGS,
        parameters=[
            OpenApiParameter("status", OpenApiTypes.STR, enum=Tournament.Status.values),
            OpenApiParameter("kind", OpenApiTypes.STR, enum=Tournament.Format.values,
                             description="Only tournaments of this format ('format' itself is DRF's renderer "
                                         "switch)."),
            *PAGE_PARAMS,
        ],
        responses={200: s.TournamentPageSerializer},
        summary="List tournaments, newest first",
    )
    def get(self, request: Request) -> Response:
        rows = selectors.tournament_list(status=choice_param(request, "status", Tournament.Status.values),
                                         format=choice_param(request, "kind", Tournament.Format.values))
        paginator = StrictCursorPagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response([selectors.tournament_summary(t) for t in page])

    @extend_schema(
        operation_id="tournaments_create", tags=TAGS, request=s.TournamentCreateSerializer,
        parameters=[IDEMPOTENCY_PARAM],
        responses={201: s.TournamentSerializer},
        examples=[OpenApiExample("A Swiss of four rounds, two deals a match", request_only=True,
                                 value=examples.TOURNAMENT_CREATE),
                  OpenApiExample("Created", response_only=True, status_codes=["201"], value=examples.TOURNAMENT)],
        summary="Create a tournament",
        description="You are its organiser. It takes entries until it starts: at starts_at (the scheduler) or "
                    "when you POST start/. Matches play hands_per_match deals (elimination replays a tie). An "
                    f"account organises at most {settings.MAX_TOURNAMENTS} tournaments that are not over "
                    "(too_many_tournaments).",
    )
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = validated(s.TournamentCreateSerializer, request.data)
            tournament = services.tournament_create(creator=request.user, **data)
            return Response(selectors.tournament_detail(selectors.tournament_get(tournament_id=tournament.pk)),
                            status=201)

        return idempotent(request, run)


def _tournament_response(tournament_id: Any) -> Response:
    return Response(selectors.tournament_detail(selectors.tournament_get(tournament_id=tournament_id)))


class TournamentDetailView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="tournaments_retrieve", tags=TAGS,
                   responses={200: s.TournamentSerializer},
                   examples=[OpenApiExample("Registering", value=examples.TOURNAMENT)],
                   summary="A tournament with its entries")
    def get(self, request: Request, tournament_id: str) -> Response:
        return _tournament_response(tournament_id)

    @extend_schema(operation_id="tournaments_update", tags=TAGS, request=s.TournamentUpdateSerializer,
                   responses={200: s.TournamentSerializer},
                   examples=[OpenApiExample("Start an hour later", request_only=True,
                                            value={"starts_at": "2026-12-24T19:00:00Z"})],
                   summary="Change the name, the start or the registration window (organiser, before the start)",
                   description="Send only what changes. Once the tournament has started: tournament_started; "
                               "once it is over or cancelled: tournament_over.")
    def patch(self, request: Request, tournament_id: str) -> Response:
        changes = validated(s.TournamentUpdateSerializer, request.data)
        services.tournament_update(tournament_id=tournament_id, by=request.user, changes=changes)
        return _tournament_response(tournament_id)

    @extend_schema(operation_id="tournaments_cancel", tags=TAGS,
                   responses={200: s.TournamentSerializer},
                   summary="Cancel the tournament (organiser)",
                   description="Its status becomes cancelled and no round is paired any more; every game still "
                               "being played ends as abandoned (its players and watchers see an 'abandoned' "
                               "event in the table's events). Nothing is deleted: the entries, the rounds and "
                               "the finished results stay readable. A tournament already over: tournament_over.")
    def delete(self, request: Request, tournament_id: str) -> Response:
        services.tournament_cancel(tournament_id=tournament_id, by=request.user)
        return _tournament_response(tournament_id)


class EntryCreateView(APIView):
    @extend_schema(operation_id="tournaments_entries_create", tags=TAGS, request=s.EntryCreateSerializer,
                   parameters=[IDEMPOTENCY_PARAM],
                   responses={201: s.EntrySerializer},
                   examples=[OpenApiExample("You and a built-in bot", request_only=True, value=examples.ENTRY_CREATE)],
                   summary="Register an entry",
                   description="A partnership of two members (one for cutthroat): 'me', or a built-in bot level; "
                               "the organiser may also name other players.")
    def post(self, request: Request, tournament_id: str) -> Response:
        def run() -> Response:
            data = validated(s.EntryCreateSerializer, request.data)
            members = [services.MemberSpec(player=_player(m["player"], request.user)) if "player" in m
                       else services.MemberSpec(bot_level=m["bot_level"]) for m in data["members"]]
            entry = services.entry_register(tournament_id=tournament_id, by=request.user, name=data["name"],
                                            members=members)
            return Response(selectors.entry_summary(entry), status=201)

        return idempotent(request, run)


class EntryDetailView(APIView):
    @extend_schema(operation_id="tournaments_entries_destroy", tags=TAGS,
                   responses={204: None},
                   summary="Withdraw an entry",
                   description="Before the start the entry is removed; afterwards it forfeits its later matches.")
    def delete(self, request: Request, tournament_id: str, entry_id: int) -> Response:
        services.entry_withdraw(tournament_id=tournament_id, entry_id=entry_id, by=request.user)
        return Response(status=204)


class TournamentStartView(APIView):
    @extend_schema(operation_id="tournaments_start", tags=TAGS, request=None,
                   responses={200: s.TournamentSerializer},
                   summary="Start now (organiser)",
                   description="Closes registration, seeds the entries by rating and pairs round 1.")
    def post(self, request: Request, tournament_id: str) -> Response:
        tournament = services.tournament_start(tournament_id=tournament_id, by=request.user)
        return Response(selectors.tournament_detail(selectors.tournament_get(tournament_id=tournament.pk)))


class StandingsView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="tournaments_standings", tags=TAGS,
                   responses={200: s.StandingSerializer(many=True)},
                   examples=[OpenApiExample("After two Swiss rounds", value=examples.STANDINGS)],
                   summary="Standings with tie-breaks, after the finished rounds")
    def get(self, request: Request, tournament_id: str) -> Response:
        return Response(selectors.standings(selectors.tournament_get(tournament_id=tournament_id)))


class RoundsView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="tournaments_rounds", tags=TAGS, parameters=[LANGUAGE_PARAM],
                   responses={200: s.RoundSerializer(many=True)},
                   examples=[OpenApiExample("Round 1 of a Swiss", value=examples.ROUNDS)],
                   summary="Pairings and results, round by round",
                   description="Each match names its entries by side and its table; follow the table's events "
                               "to watch it.")
    def get(self, request: Request, tournament_id: str) -> Response:
        return Response(selectors.rounds(selectors.tournament_get(tournament_id=tournament_id)))


class JSONOnlyErrors(BaseContentNegotiation):
    """The picture is sent as is; only errors go through a renderer, and they are always JSON."""

    def select_parser(self, request: Request, parsers: list[Any]) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list[Any], format_suffix: str | None = None) -> Any:
        return renderers[0], renderers[0].media_type


class BracketView(APIView):
    permission_classes = [AllowAny]  # a picture for pages and chat previews; it shows only public results
    content_negotiation_class = JSONOnlyErrors

    @extend_schema(operation_id="tournaments_bracket", tags=TAGS, auth=[],
                   parameters=[LANGUAGE_PARAM, OpenApiParameter(
                       "lang", OpenApiTypes.STR, enum=[code for code, _name in settings.LANGUAGES],
                       description="The picture's language, in place of Accept-Language: an HTML img element cannot "
                                   "send that header, so a page names its own language here.")],
                   responses={(200, "image/svg+xml"): OpenApiResponse(OpenApiTypes.STR, description="An SVG picture.")},
                   summary="The bracket (elimination) or cross-table (other formats) as an SVG picture",
                   description="Its words (round and match names, headings) are in the language of 'lang', else of "
                               "Accept-Language; entries' names as they are.")
    def get(self, request: Request, tournament_id: str) -> HttpResponse:
        codes = [code for code, _name in settings.LANGUAGES]
        lang = choice_param(request, "lang", codes)
        with translation.override(lang or translation.get_language()):
            svg = selectors.bracket_svg(selectors.tournament_get(tournament_id=tournament_id))
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")


# Ladders ------------------------------------------------------------------------------------------------

class LadderListCreateView(APIView):
    @extend_schema(operation_id="ladders_list", tags=LADDER_TAGS,
                   responses={200: s.LadderSerializer(many=True)}, summary="Every ladder")
    def get(self, request: Request) -> Response:
        return Response([selectors.ladder_summary(ladder) for ladder in selectors.ladder_list()])

    @extend_schema(operation_id="ladders_create", tags=LADDER_TAGS, request=s.LadderCreateSerializer,
                   parameters=[IDEMPOTENCY_PARAM],
                   responses={201: s.LadderSerializer},
                   examples=[OpenApiExample("A fast standard ladder", request_only=True, value=examples.LADDER_CREATE)],
                   summary="Open a ladder",
                   description="Beat opens games between bots of similar rating at games_per_hour, at most "
                               "max_concurrent_games at once. An account creates at most "
                               f"{settings.MAX_LADDERS} ladders (too_many_ladders): a ladder never ends.")
    def post(self, request: Request) -> Response:
        def run() -> Response:
            data = validated(s.LadderCreateSerializer, request.data)
            ladder = ladders.ladder_create(creator=request.user, **data)
            return Response(selectors.ladder_summary(selectors.ladder_get(ladder_id=ladder.pk)), status=201)

        return idempotent(request, run)


class LadderDetailView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="ladders_retrieve", tags=LADDER_TAGS,
                   responses={200: s.LadderSerializer}, summary="A ladder",
                   examples=[OpenApiExample("A ladder", value=examples.LADDER)])
    def get(self, request: Request, ladder_id: str) -> Response:
        return Response(selectors.ladder_summary(selectors.ladder_get(ladder_id=ladder_id)))


class LadderPauseView(APIView):
    @extend_schema(operation_id="ladders_pause", tags=LADDER_TAGS, request=None,
                   responses={200: s.LadderSerializer},
                   summary="Pause the ladder (its creator)",
                   description="It opens no new games (active becomes false); games being played end and are "
                               "rated as usual. Pausing a paused ladder changes nothing.")
    def post(self, request: Request, ladder_id: str) -> Response:
        ladder = ladders.ladder_pause(ladder_id=ladder_id, by=request.user)
        return Response(selectors.ladder_summary(selectors.ladder_get(ladder_id=ladder.pk)))


class LadderResumeView(APIView):
    @extend_schema(operation_id="ladders_resume", tags=LADDER_TAGS, request=None,
                   responses={200: s.LadderSerializer},
                   summary="Resume a paused ladder (its creator)",
                   description="Games are opened again at games_per_hour from now on; the paused time earns none.")
    def post(self, request: Request, ladder_id: str) -> Response:
        ladder = ladders.ladder_resume(ladder_id=ladder_id, by=request.user)
        return Response(selectors.ladder_summary(selectors.ladder_get(ladder_id=ladder.pk)))


class LadderEntriesView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="ladders_leaderboard", tags=LADDER_TAGS,
                   responses={200: s.LadderEntrySerializer(many=True)},
                   examples=[OpenApiExample("Leaderboard", value=examples.LEADERBOARD)],
                   summary="The leaderboard: active entries by rating (mu - 3 sigma)")
    def get(self, request: Request, ladder_id: str) -> Response:
        return Response(selectors.leaderboard(selectors.ladder_get(ladder_id=ladder_id)))

    @extend_schema(operation_id="ladders_join", tags=LADDER_TAGS, request=s.LadderJoinSerializer,
                   responses={201: s.LadderEntrySerializer},
                   summary="Opt in your bot account",
                   description="Your account must be a bot (kind 'bot'); it plays its ladder games through the API "
                               "like any table (watch GET /api/v1/tables/?player=me&status=playing). It is paired "
                               "only while it is around: an authenticated request or an open events stream "
                               "within the last few minutes (LADDER_PRESENCE_SECONDS). A bot that "
                               "misses its moves is played by the clock rules. The ladder's creator may add "
                               "built-in bots (bot_level) as yardsticks.")
    def post(self, request: Request, ladder_id: str) -> Response:
        data = validated(s.LadderJoinSerializer, request.data)
        entry = ladders.ladder_join(ladder_id=ladder_id, player=request.user, bot_level=data.get("bot_level", ""),
                                    name=data.get("name", ""))
        return Response(selectors.ladder_entry_row(entry), status=201)


class LadderEntryView(ConditionalGetMixin, APIView):
    @extend_schema(operation_id="ladders_entry_history", tags=LADDER_TAGS,
                   responses={200: s.RatingHistorySerializer},
                   examples=[OpenApiExample("After a rated game", value=examples.HISTORY)],
                   summary="An entry's rating and its history, game by game")
    def get(self, request: Request, ladder_id: str, entry_id: int) -> Response:
        return Response(selectors.rating_history(selectors.ladder_get(ladder_id=ladder_id), entry_id))

    @extend_schema(operation_id="ladders_leave", tags=LADDER_TAGS,
                   responses={204: None},
                   summary="Opt out (rating and history are kept)")
    def delete(self, request: Request, ladder_id: str, entry_id: int) -> Response:
        ladders.ladder_leave(ladder_id=ladder_id, entry_id=entry_id, player=request.user)
        return Response(status=204)
