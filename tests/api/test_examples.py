"""Every response example in the OpenAPI schema validates against the schema it illustrates, and every
operation shows at least one example of a success or an error, so the docs alone are enough to integrate."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import OpenApi


def _examples(openapi: OpenApi) -> list[tuple[str, int, str, str, Any]]:
    found = []
    for operation_id, (_, _, op) in openapi.operations.items():
        for code, response in op["responses"].items():
            for media_type, content in (response.get("content") or {}).items():
                for name, example in (content.get("examples") or {}).items():
                    found.append((operation_id, int(code), media_type, name, example["value"]))
    return found


def test_every_response_example_matches_its_schema(openapi: OpenApi) -> None:
    examples = _examples(openapi)
    assert len(examples) >= 6
    for operation_id, status, media_type, name, value in examples:
        validator = openapi.validator(operation_id, status, media_type)
        errors = list(validator.iter_errors(value))
        assert not errors, f"{operation_id} {status} example {name!r}: {errors[0].message[:300]}"


def test_the_play_endpoints_have_examples(openapi: OpenApi) -> None:
    with_examples = {op for op, *_ in _examples(openapi)}
    for operation_id in ("players_create", "tables_retrieve", "tables_legal", "tables_act", "tables_events",
                         "tables_hand"):
        assert operation_id in with_examples
    _, _, create = openapi.operations["tables_create"]
    request_examples = create["requestBody"]["content"]["application/json"].get("examples")
    assert request_examples, "tables_create shows how to open a table"
