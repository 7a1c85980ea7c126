"""The service's routes and, before them, the layers under it: a bare Django JSON view (sync and async)
and a DRF view with no authentication, throttle or query, each behind the same middleware chain."""

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import include, path
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

BODY = {"id": "6f1c0c53-5d7e-4d5c-9a53-3f0b8f0f3a11", "name": "layer", "kind": "bot"}


def bare(request: HttpRequest) -> JsonResponse:
    return JsonResponse(BODY)


async def bare_async(request: HttpRequest) -> JsonResponse:
    return JsonResponse(BODY)


class Drf(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes: list[Any] = []

    def get(self, request: Request) -> Response:
        return Response(BODY)


urlpatterns = [
    path("layers/bare/", bare),
    path("layers/bare-async/", bare_async),
    path("layers/drf/", Drf.as_view()),
    path("", include("spades_api.urls")),
]
