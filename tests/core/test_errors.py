"""The error registry is the one table of codes: every API code and every engine reason has its status and
its English and Japanese message there, and the problem bodies, ``GET /api/v1/errors/`` and the OpenAPI
error descriptions are all made from it."""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from core.errors import CODES, ENTRIES, REGISTRY, ErrorCode, ServiceError, message, status_description
from core.problems import to_problem
from games.engine import IllegalActionError, InvalidCardError, Reason, parse_card

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
EVERY_CODE = [*ErrorCode, *Reason]


@pytest.mark.parametrize("code", EVERY_CODE, ids=[c.value for c in EVERY_CODE])
def test_every_code_is_registered_with_status_and_both_languages(code: str) -> None:
    entry = REGISTRY[code]
    assert entry.code == code.value and type(entry.code) is str
    assert 400 <= entry.status < 600
    assert entry.en.strip() and entry.en.isascii()
    assert JAPANESE.search(entry.ja), entry.ja
    assert entry.description.strip() and entry.description != entry.en
    assert message(code) == message(code, "en") == message(code, "fr") == entry.en
    assert message(code, "ja") == message(code, "ja-JP") == entry.ja


def test_the_registry_holds_exactly_the_api_codes_then_the_reasons() -> None:
    assert len(ENTRIES) == len(REGISTRY) == len(CODES)
    assert list(CODES) == [c.value for c in ErrorCode] + [r.value for r in Reason]


def test_reasons_about_the_moment_are_conflicts_and_the_rest_unprocessable() -> None:
    moment = {Reason.NOT_YOUR_TURN, Reason.WRONG_PHASE, Reason.GAME_OVER}
    assert {r for r in Reason if REGISTRY[r].status == 409} == moment
    assert all(REGISTRY[r].status == 422 for r in Reason if r not in moment)


def test_the_engine_keeps_no_message_table() -> None:
    engine = Path(__file__).resolve().parents[2] / "games" / "engine"
    for source in engine.glob("*.py"):
        assert not JAPANESE.search(source.read_text()), f"{source.name} has messages of its own"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_problem_bodies_take_status_and_title_from_the_registry(language: str) -> None:
    cases: list[tuple[Exception, str, str | None]] = [
        (ServiceError(ErrorCode.STALE_SEQ, seq=7), "stale_seq", None),
        (ServiceError(ErrorCode.TABLE_FULL, "All four seats are taken."), "table_full", "All four seats are taken."),
        (IllegalActionError(Reason.MUST_FOLLOW_SUIT), "must_follow_suit", None),
        (IllegalActionError(Reason.BID_OUT_OF_RANGE, "bid 14 is more than 13 tricks"), "bid_out_of_range",
         "bid 14 is more than 13 tricks"),
    ]
    with pytest.raises(InvalidCardError) as bad_card:
        parse_card("ZZ")
    cases.append((bad_card.value, "unknown_card", str(bad_card.value)))
    for exc, code, english_detail in cases:
        found = to_problem(exc, language)
        assert found is not None
        body, _ = found
        entry = REGISTRY[code]
        title = entry.ja if language == "ja" else entry.en
        assert (body["code"], body["status"], body["title"]) == (code, entry.status, title)
        assert body["type"] == f"/api/v1/errors/#{code}"
        # A detail written in English reaches English readers only; otherwise the detail is the title.
        assert body["detail"] == (english_detail if language == "en" and english_detail else title)


def test_error_catalog_endpoint_is_the_registry(api: Any) -> None:
    body = api.get("/api/v1/errors/", token="").body
    assert body == [asdict(entry) for entry in ENTRIES]


def test_schema_error_descriptions_and_code_enum_come_from_the_registry(openapi: Any) -> None:
    document = openapi.document
    assert document["components"]["schemas"]["ErrorCodeEnum"]["enum"] == list(CODES)
    seen = set()
    for _, _, op in openapi.operations.values():
        for status, response in op["responses"].items():
            if "application/problem+json" not in response.get("content", {}):
                continue
            if op["operationId"] == "ops_readyz":  # its own body: the checks that failed
                continue
            assert response["description"] == status_description(int(status)), (op["operationId"], status)
            seen.add(int(status))
    assert {400, 401, 403, 404, 409, 422, 429, 503} <= seen
    for status in seen:
        for code in (e.code for e in ENTRIES if e.status == status):
            assert code in status_description(status)
