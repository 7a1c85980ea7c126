"""The error registry is the one table of codes: every API code and every engine reason has its status and
its English and Japanese message there, and the problem bodies, ``GET /api/v1/errors/`` and the OpenAPI
error descriptions are all made from it."""

from __future__ import annotations

import re
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from core.errors import (
    CODES,
    DETAILS,
    ENTRIES,
    REGISTRY,
    SAMPLE_PARAMS,
    ErrorCode,
    ServiceError,
    detail,
    message,
    status_description,
)
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
    """The title is the code's short kind; the detail is the code's template filled with the refusal's
    particulars, else an English detail (for English readers), else the code's message."""
    cases: list[tuple[Exception, str, str | None]] = [
        (ServiceError(ErrorCode.STALE_SEQ, seq=7), "stale_seq", None),
        (ServiceError(ErrorCode.TABLE_FULL, "All four seats are taken."), "table_full", "All four seats are taken."),
        (IllegalActionError(Reason.MUST_FOLLOW_SUIT), "must_follow_suit", None),
        (IllegalActionError(Reason.BID_OUT_OF_RANGE, "bid 14 is more than 13 tricks"), "bid_out_of_range",
         "bid 14 is more than 13 tricks"),
    ]
    for exc, code, english_detail in cases:
        found = to_problem(exc, language)
        assert found is not None
        body, _ = found
        entry = REGISTRY[code]
        assert (body["code"], body["status"], body["title"]) == (code, entry.status, entry.title(language))
        assert body["type"] == f"/api/v1/errors/#{code}"
        assert body["detail"] == (english_detail if language == "en" and english_detail else entry.message(language))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_details_quote_the_particulars_of_the_refusal(language: str) -> None:
    ja = language == "ja"
    cases = [
        (IllegalActionError(Reason.MUST_FOLLOW_SUIT, params={"suit": "hearts"}),
         "ハートが出されていて" if ja else "Hearts were led and you hold hearts"),
        (IllegalActionError(Reason.BID_OUT_OF_RANGE, params={"low": 1, "high": 13}),
         "1から13まで" if ja else "Bid from 1 to 13."),
        (IllegalActionError(Reason.NOT_YOUR_TURN, params={"turn": 2}), "席2の番" if ja else "seat 2's turn"),
        (ServiceError(ErrorCode.STALE_SEQ, params={"sent": 4}, seq=7), "seq は 4" if ja else "You sent seq 4"),
    ]
    with pytest.raises(InvalidCardError) as bad_card:
        parse_card("ZZ")
    cases.append((bad_card.value, "「ZZ」" if ja else "'ZZ' is not a card"))
    for exc, quoted in cases:
        found = to_problem(exc, language)
        assert found is not None
        body, _ = found
        assert quoted in body["detail"], body
        assert body["title"] == REGISTRY[body["code"]].title(language) != body["detail"]
        assert body["params"]


def test_titles_are_short_and_stable_kinds() -> None:
    titles = [(e.title_en, e.title_ja) for e in ENTRIES]
    assert len({t for t, _ in titles}) == len(titles)  # one kind, one title
    for entry in ENTRIES:
        assert entry.title_en.isascii() and len(entry.title_en) <= 40 and not entry.title_en.endswith(".")
        assert JAPANESE.search(entry.title_ja) and entry.title_ja != entry.ja


def test_every_template_is_filled_by_its_sample() -> None:
    for code in DETAILS:
        for language in ("en", "ja"):
            text = detail(code, language, dict(SAMPLE_PARAMS[code]))
            assert text and "{" not in text, (code, language)


def test_error_catalog_endpoint_is_the_registry(api: Any) -> None:
    body = api.get("/api/v1/errors/", token="").body
    assert body == [asdict(entry) for entry in ENTRIES]


def test_schema_error_descriptions_and_code_enum_come_from_the_registry(openapi: Any) -> None:
    """Each error response lists its operation's codes, with a real example body of each."""
    document = openapi.document
    assert document["components"]["schemas"]["ErrorCodeEnum"]["enum"] == list(CODES)
    seen = set()
    for _, _, op in openapi.operations.values():
        for status, response in op["responses"].items():
            content = response.get("content", {}).get("application/problem+json")
            if content is None or op["operationId"] == "ops_readyz":  # its own body: the checks that failed
                continue
            codes = list(content["examples"])
            assert codes and all(REGISTRY[c].status == int(status) for c in codes), (op["operationId"], status)
            assert response["description"] == status_description(int(status), codes), (op["operationId"], status)
            for code, example in content["examples"].items():
                body = example["value"]
                assert body["code"] == code and body["status"] == int(status)
                assert body["title"] == REGISTRY[code].title_en and body["detail"]
            seen.add(int(status))
    assert {400, 401, 403, 404, 406, 409, 415, 422, 429, 500, 503} <= seen
