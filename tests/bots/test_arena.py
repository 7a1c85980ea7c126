"""Duplicate deals: both plays of a deal hold the same cards with the partnerships swapped, and the
report of a pairing adds up."""

from __future__ import annotations

import random
import statistics
from typing import Any

from bench.revbot import resolve
from bots import arena
from bots.arena import (
    STANDARD,
    Decider,
    SideHand,
    deal_seed,
    level_decider,
    play_deals,
    play_games,
    play_hand,
    report,
    report_games,
    side_hand,
)
from games.engine import RuleSet


def test_both_plays_of_a_deal_hold_the_same_cards() -> None:
    first = play_hand("arena-test", 1, ("normal", "easy", "normal", "easy"), 10, {})
    swapped = play_hand("arena-test", 1, ("easy", "normal", "easy", "normal"), 10, {})
    assert first.records[0].dealt == swapped.records[0].dealt


def test_a_pairing_report(capsys) -> None:  # type: ignore[no-untyped-def]
    results = play_deals("normal", "easy", [0, 1, 2], 10)
    assert [r.index for r in results] == [0, 1, 2]
    for r in results:
        assert len(r.a_sides) == len(r.b_sides) == 2
        assert set(r.times) == {"normal", "easy"}
    figures = report("normal", "easy", results)
    out = capsys.readouterr().out
    assert "points per deal, A minus B" in out and "decision time normal" in out
    hand = sum((r.a_sides[k].points - r.b_sides[k].points) / 2 for r in results for k in (0, 1)) / 3
    priced = sum((r.a_sides[k].priced() - r.b_sides[k].priced()) / 2 for r in results for k in (0, 1)) / 3
    assert abs(figures["ppd_hand"] - hand) < 1e-9
    assert abs(figures["ppd"] - priced) < 1e-9
    assert 0 <= figures["normal_set_rate"] <= 1


def test_a_deal_of_several_hands_is_one_game_in_each_seating() -> None:
    """``hands=2``: both seatings play the first two hands of one game (the bots see the first one's record
    in the second), A's and B's sides listed hand by hand, seating 0 first, and each hand's cards the same
    in both seatings."""
    (result,) = play_deals("normal", "easy", [4], 10, hands=2)
    assert len(result.a_sides) == len(result.b_sides) == 4
    seed, dealer = deal_seed(4)
    games = [play_hand(seed, dealer, levels, 10, {}, hands=2)
             for levels in (("normal", "easy") * 2, ("easy", "normal") * 2)]
    assert [games[0].records[k].dealt for k in (0, 1)] == [games[1].records[k].dealt for k in (0, 1)]
    expected = [side_hand(games[0], 0, 0), side_hand(games[0], 0, 1), side_hand(games[1], 1, 0),
                side_hand(games[1], 1, 1)]
    assert result.a_sides == expected


def test_a_report_of_several_hands_a_deal_is_per_hand(capsys) -> None:  # type: ignore[no-untyped-def]
    """With two hands a deal the figures are per hand: the margin averages every hand of both seatings, the
    bags are counted a hand, and no games are chained from the deals (each deal is a game's start)."""
    results = play_deals("normal", "easy", [4, 5], 10, hands=2)
    figures = report("normal", "easy", results)
    out = capsys.readouterr().out
    assert "points per hand, A minus B" in out and "not chained" in out
    priced = [sum(a.priced() - b.priced() for a, b in zip(r.a_sides, r.b_sides, strict=True)) / 4 for r in results]
    assert abs(figures["ppd"] - statistics.fmean(priced)) < 1e-9
    bags = sum(s.bags for r in results for s in r.a_sides)
    assert figures["normal_bags_per_deal"] == bags / 4
    assert figures["games"] != figures["games"]  # NaN: nothing chained


def test_a_decision_draws_the_same_numbers_whoever_sits_there(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Common random numbers: the k-th decision of a deal gets an rng seeded by the deal and k alone, so A's
    seats in one seating and B's in the other draw alike; and today's bot reseeds from it as an earlier
    commit's child does (bench/revbot.py sends it ``rng.getrandbits(64)``), so the two draw alike too."""
    draws: dict[str, list[int]] = {}
    normal = level_decider("normal")

    def resolve(name: str) -> Decider:
        def choose(view: dict[str, Any], rules: RuleSet, rng: random.Random, budget_ms: int) -> dict[str, Any]:
            draws.setdefault(name, []).append(rng.getrandbits(64))
            return normal(view, rules, rng, budget_ms)
        return choose

    play_hand("arena-crn", 0, ("a", "b", "a", "b"), 10, {}, resolve)
    first = {"a": draws.pop("a"), "b": draws.pop("b")}
    play_hand("arena-crn", 0, ("b", "a", "b", "a"), 10, {}, resolve)
    assert draws == {"a": first["b"], "b": first["a"]}

    given: list[int] = []
    monkeypatch.setattr(arena, "decide", lambda view, rules, *, rng, **kw: given.append(rng.getrandbits(64)) or {})
    level_decider("hard")({}, STANDARD, random.Random(7), 10)
    assert given == [random.Random(random.Random(7).getrandbits(64)).getrandbits(64)]


def test_bags_are_priced_at_their_share_of_the_penalty() -> None:
    side = SideHand(points=53, raw_points=53, bags=3, set=False, nils=0, nils_made=0)
    assert side.priced() == 53 - 3 * 100 / 10


def test_an_earlier_commits_bot_plays_as_it_did() -> None:
    """``normal@HEAD`` runs the committed tree in a child process; the normal bot does not depend on its
    random numbers, so on the same deal it makes exactly today's moves."""
    levels = ("normal", "easy", "normal", "easy")
    today = play_hand("arena-rev", 2, levels, 10, {})
    times: dict[str, list[float]] = {}
    then = play_hand("arena-rev", 2, ("normal@HEAD", "easy", "normal@HEAD", "easy"), 10, times, resolve)
    assert [a.to_json() for a in then.log] == [a.to_json() for a in today.log]
    assert len(times["normal@HEAD"]) == sum(1 for a in today.log if a.seat in (0, 2))


def test_duplicate_games_deal_the_same_hands_and_see_the_score() -> None:
    """Both plays of a duplicate game hold the same cards hand by hand, are played to the end, and the
    bots saw the running score (the second hand does not start from zero)."""
    first = play_hand("arena-game", 0, ("normal", "easy", "normal", "easy"), 10, {}, hands=3)
    swapped = play_hand("arena-game", 0, ("easy", "normal", "easy", "normal"), 10, {}, hands=3)
    assert len(first.records) == len(swapped.records) == 3
    assert [r.dealt for r in first.records] == [r.dealt for r in swapped.records]
    [result] = play_games("normal", "easy", [0], 10)
    assert len(result.a_outcomes) == 2 and set(result.a_outcomes) <= {0.0, 0.5, 1.0}
    assert len(result.a_sides) == sum(result.hands) == len(result.b_sides)
    figures = report_games("normal", "easy", [result])
    assert 0 <= figures["games"] <= 1
