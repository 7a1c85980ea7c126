"""The scoring cases of the rule documents (``shared/conformance/scoring.json``) reproduced by the engine.

The repository vendors a copy of the file next to this module, so a clone without ``../shared`` still runs
these tests; a further test checks that the copy has not drifted from the shared original.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from games.engine import Bid, make_rules, score_side

HERE = Path(__file__).resolve().parent
VENDORED = HERE / "conformance" / "scoring.json"
REPO = HERE.parents[1]
SHARED = REPO.parent / "shared" / "conformance" / "scoring.json"

DATA: dict[str, Any] = json.loads(VENDORED.read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]
SEQUENCES: list[dict[str, Any]] = DATA["sequences"]

SEATS = (0, 2)
"""The data describes one partnership; which seats it holds does not change its score."""


def to_bid(value: int | str) -> Bid:
    """The engine's bid for the file's notation: a number, ``"nil"`` or ``"blind_nil"``."""
    if value == "nil":
        return Bid(0)
    if value == "blind_nil":
        return Bid(0, blind=True)
    assert isinstance(value, int) and not isinstance(value, bool), f"unexpected bid {value!r}"
    return Bid(value)


def score_players(preset: str, players: list[dict[str, Any]], score: int, bags: int):
    """Score one hand of the file's ``players`` for a side that had ``score`` points and ``bags`` bags."""
    return score_side(
        make_rules(preset),
        SEATS,
        [to_bid(p["bid"]) for p in players],
        [p["tricks"] for p in players],
        score_before=score,
        bags_before=bags,
    )


def test_the_data_file_has_cases_and_sequences() -> None:
    """The vendored file is the one the tests expect: every case and sequence carries an id and a source."""
    assert len(CASES) >= 19
    assert len(SEQUENCES) >= 1
    ids = [c["id"] for c in CASES] + [s["id"] for s in SEQUENCES]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    assert all(c["source"] in {"000", "001", "002", "003", "004"} for c in CASES + SEQUENCES)


def test_to_bid_maps_the_file_notation() -> None:
    """The notation helper itself: nil, blind nil and numbers."""
    assert to_bid("nil") == Bid(0)
    assert to_bid("blind_nil") == Bid(0, blind=True)
    assert to_bid(4) == Bid(4)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_scoring_case(case: dict[str, Any]) -> None:
    """One worked example of a seed: hand points, bags after and score after match the text."""
    before = case["before"]
    side = score_players(case["preset"], case["players"], before["score"], before["bags"])
    expect = case["expect"]
    assert side.points == expect["hand_points"]
    assert side.bags_after == expect["bags_after"]
    assert side.score_after == expect["score_after"]
    assert side.score_before == before["score"]
    assert side.bags_before == before["bags"]


@pytest.mark.parametrize("sequence", SEQUENCES, ids=[s["id"] for s in SEQUENCES])
def test_scoring_sequence(sequence: dict[str, Any]) -> None:
    """Hands scored one after another carry score and bags from each hand into the next."""
    score = sequence["before"]["score"]
    bags = sequence["before"]["bags"]
    assert len(sequence["hands"]) == len(sequence["expect_after_each"])
    for number, (players, expect) in enumerate(zip(sequence["hands"], sequence["expect_after_each"],
                                                   strict=True), start=1):
        side = score_players(sequence["preset"], players, score, bags)
        score, bags = side.score_after, side.bags_after
        assert (score, bags) == (expect["score"], expect["bags"]), f"after hand {number}"


def test_vendored_copy_matches_shared() -> None:
    """The copy in the repository is byte for byte the shared conformance file."""
    if not SHARED.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but the shared conformance file is missing at {SHARED}; CI must check out "
                        "shared/ beside the repository so the vendored copy can be compared with it")
        pytest.skip(f"no shared/ checkout beside the repository ({SHARED} does not exist); "
                    "the vendored copy cannot be compared here")
    assert VENDORED.read_bytes() == SHARED.read_bytes(), (
        f"{VENDORED} differs from {SHARED}; copy the shared file over the vendored one"
    )
