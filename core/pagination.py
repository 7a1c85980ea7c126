"""Cursor pagination for list endpoints: newest first by default, with a strict ``limit`` and ``cursor``."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request

from core.errors import ErrorCode, ServiceError
from core.params import int_param

_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
"""A cursor as DRF writes it (standard base64; empty is the first page); DRF's decoding would skip any other
character."""


class StrictCursorPagination(CursorPagination):
    """Cursor pagination that refuses a bad ``limit`` or ``cursor`` with 400 ``invalid``, where DRF would
    quietly serve the default page size, answer 404 (a page that exists, asked for badly) or, for a cursor
    that decodes to a position that is no value of the ordering's column (``p=2026-13-45``), fail in the
    query."""

    page_size = 20
    page_size_query_param = "limit"
    max_page_size = 100
    ordering = "-created_at"
    model: type[Model] | None = None

    def paginate_queryset(self, queryset: QuerySet[Any], request: Request, view: Any = None) -> list[Any] | None:
        self.model = queryset.model  # whose column a cursor's position must be a value of
        return super().paginate_queryset(queryset, request, view)

    def get_page_size(self, request: Request) -> int:
        return int_param(request, "limit", self.page_size, 1, self.max_page_size)

    def decode_cursor(self, request: Request) -> Any:
        encoded = request.query_params.get(self.cursor_query_param)
        if encoded is None:
            return None
        cursor = None
        try:
            if _BASE64.fullmatch(encoded):
                cursor = super().decode_cursor(request)
            if cursor is not None and cursor.position is not None and self.model is not None:
                self.model._meta.get_field(self.ordering[0].lstrip("-")).to_python(cursor.position)
        except (NotFound, ValidationError, ValueError, TypeError, OverflowError):
            cursor = None
        if cursor is None:
            raise ServiceError(ErrorCode.INVALID,
                               errors={"cursor": [_("Use the 'next' or 'previous' link of a page.")]})
        return cursor


CURSOR_PARAM = OpenApiParameter("cursor", OpenApiTypes.STR, description="From 'next' or 'previous' of a page.")
LIMIT_PARAM = OpenApiParameter(
    "limit", {"type": "integer", "minimum": 1, "maximum": StrictCursorPagination.max_page_size},
    description=f"Page size (default {StrictCursorPagination.page_size}).")
PAGE_PARAMS = [CURSOR_PARAM, LIMIT_PARAM]
