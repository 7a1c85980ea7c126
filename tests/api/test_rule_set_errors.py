"""The rules engine's refusals of a rule set come in the request's language: every refusal the engine's
source can make has its template in core.rule_set_errors (read out of the source, so a new one cannot stay
English by oversight), and the API's invalid_rules detail and field errors follow Accept-Language."""

from __future__ import annotations

import ast
import inspect
import re
from typing import Any

import pytest
from django.utils import translation

from core.rule_set_errors import template_of, translated
from games.engine import rules

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _variants(part: ast.expr) -> list[str]:
    """The texts one piece of an f-string can give: a literal, both branches of a literal choice
    (``{' or null' if nullable else ''}``), or a stand-in for a particular."""
    if isinstance(part, ast.Constant):
        return [str(part.value)]
    value = part.value if isinstance(part, ast.FormattedValue) else part
    if isinstance(value, ast.IfExp) and isinstance(value.body, ast.Constant) and isinstance(value.orelse, ast.Constant):
        return [str(value.body.value), str(value.orelse.value)]
    return ["x7"]


def _refusals() -> list[str]:
    """Every message the engine's rule-set module refuses with, its particulars filled with a stand-in."""
    found: list[str] = []
    for node in ast.walk(ast.parse(inspect.getsource(rules))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("refuse", "RuleSetError") and node.args):
            continue
        message = node.args[0]
        if isinstance(message, ast.Constant) and isinstance(message.value, str):
            found.append(message.value)
        elif isinstance(message, ast.JoinedStr):
            texts = [""]
            for part in message.values:
                texts = [text + variant for text in texts for variant in _variants(part)]
            found.extend(texts)
    return found


def test_every_refusal_of_the_engine_has_its_japanese() -> None:
    refusals = _refusals()
    assert len(refusals) > 30
    for refusal in refusals:
        assert template_of(refusal) is not None, f"no template makes {refusal!r}: add it to core.rule_set_errors"
        with translation.override("ja"):
            assert JAPANESE.search(translated(refusal)), refusal
        with translation.override("en"):
            assert translated(refusal) == refusal


@pytest.mark.django_db
@pytest.mark.parametrize(("overrides", "switch", "en", "ja"), [
    ({"target": 0}, "target", "target must be positive", "target は正の数にしてください"),
    ({"tie": "coin"}, "tie", "tie must be one of play_on, draw", "tie は play_on, draw のどれかにしてください"),
    ({"bid_rule": "mirror", "blind_nil": True}, "blind_nil",
     "mirror fixes every bid by the spades held, so there are no blind bids",
     "mirror では宣言が持っているスペードの枚数で決まるので、ブラインドの宣言はできません"),
    ({"dance": 1}, "dance", "unknown switches: dance", "不明なスイッチです: dance"),
])
def test_invalid_rules_follow_accept_language(overrides: dict[str, Any], switch: str, en: str, ja: str,
                                              register: Any, client_for: Any) -> None:
    client = client_for(register()[1])
    english = client.post("/api/v1/tables/", {"preset": "standard", "overrides": overrides}).body
    japanese = client.post("/api/v1/tables/", {"preset": "standard", "overrides": overrides},
                           headers={"Accept-Language": "ja"}).body
    assert english["code"] == japanese["code"] == "invalid_rules"
    assert english["errors"][switch] == [en] and english["detail"] == en
    assert japanese["errors"][switch] == [ja] and japanese["detail"] == ja
    assert set(english["errors"]) == set(japanese["errors"])
