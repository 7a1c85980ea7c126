"""Cursor pagination for list endpoints: newest first by default, with a strict ``limit`` and ``cursor``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request

from core.errors import ErrorCode, ServiceError
from core.params import int_param


class StrictCursorPagination(CursorPagination):
    """Cursor pagination that refuses a bad ``limit`` or ``cursor`` with 400 ``invalid``, where DRF would
    quietly serve the default page size or answer 404 (a page that exists, asked for badly)."""

    page_size = 20
    page_size_query_param = "limit"
    max_page_size = 100
    ordering = "-created_at"

    def get_page_size(self, request: Request) -> int:
        return int_param(request, "limit", self.page_size, 1, self.max_page_size)

    def decode_cursor(self, request: Request) -> Any:
        try:
            return super().decode_cursor(request)
        except NotFound:
            raise ServiceError(ErrorCode.INVALID,
                               errors={"cursor": [_("Use the 'next' or 'previous' link of a page.")]}) from None


CURSOR_PARAM = OpenApiParameter("cursor", OpenApiTypes.STR, description="From 'next' or 'previous' of a page.")
LIMIT_PARAM = OpenApiParameter(
    "limit", {"type": "integer", "minimum": 1, "maximum": StrictCursorPagination.max_page_size},
    description=f"Page size (default {StrictCursorPagination.page_size}).")
PAGE_PARAMS = [CURSOR_PARAM, LIMIT_PARAM]
