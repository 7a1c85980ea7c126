"""The pure tournament formats library (``tournaments.formats``): round robin schedules, elimination
brackets, swiss pairing, duplicate matchpoints, standings and tie-breaks, the SVG pictures, and the
refusal of configurations that cannot run. No database: these are plain functions."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    FORMATS,
    MAX_ENTRIES,
    FormatError,
    Match,
    Result,
    Standing,
    bracket_svg,
    bye_result,
    labels,
    matchpoints,
    next_round,
    rounds_planned,
    standings,
    top_matchpoints,
    validate,
)
from tournaments.formats.round_robin import circle_schedule, triples_schedule

PROPERTY = settings(deadline=None, derandomize=True, database=None, max_examples=40)


def random_result(match: Match, rng: random.Random, *, draws: bool = True) -> Result:
    """A plausible finished match: random game points, the top score wins, equal top scores draw."""
    if match.is_bye:
        return bye_result(match)
    scores = tuple(float(rng.randrange(-100, 500, 10)) for _ in match.entries)
    best = max(scores)
    leaders = [e for e, s in zip(match.entries, scores, strict=True) if s == best]
    winner = leaders[0] if len(leaders) == 1 else (None if draws else rng.choice(leaders))
    boards = {b: tuple(float(rng.randrange(-50, 150, 10)) for _ in match.entries) for b in range(1, 4)}
    return Result(match, scores, winner, boards)


def play_out(fmt: str, n: int, rng: random.Random, *, rounds: int | None = None, table_size: int = 2,
             seed: str = "", draws: bool = True) -> tuple[list[int], list[list[Result]]]:
    """Play a whole tournament with random results until ``next_round`` says it is over, checking on the
    way what must hold of every round handed out."""
    entries = [1000 + 7 * i for i in range(n)]
    done: list[list[Result]] = []
    planned = rounds_planned(fmt, n, rounds=rounds, table_size=table_size)
    while True:
        matches = next_round(fmt, entries, done, rounds=rounds, table_size=table_size, seed=seed)
        again = next_round(fmt, entries, done, rounds=rounds, table_size=table_size, seed=seed)
        assert matches == again, "same input, same round"
        if matches is None:
            break
        assert len(done) < planned, f"{fmt} of {n} went past its {planned} planned rounds"
        seated = [e for m in matches for e in m.entries]
        assert len(seated) == len(set(seated)), "an entry sits at two tables in one round"
        assert set(seated) <= set(entries)
        assert [m.number for m in matches] == list(range(1, len(matches) + 1))
        assert all(m.round == len(done) + 1 and 1 <= len(m.entries) <= table_size for m in matches)
        done.append([random_result(m, rng, draws=draws and fmt not in ("single_elimination",
                                                                          "double_elimination"))
                     for m in matches])
    return entries, done


def real_matches(done: Sequence[Sequence[Result]]) -> list[Result]:
    return [r for results in done for r in results if not r.match.is_bye]


def meetings(done: Sequence[Sequence[Result]]) -> Counter[frozenset[int]]:
    return Counter(frozenset(p) for r in real_matches(done) for p in itertools.combinations(r.match.entries, 2))


def check_standings(table: Sequence[Standing], entries: Sequence[int]) -> None:
    assert sorted(s.entry for s in table) == sorted(entries)
    ranks = [s.rank for s in table]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    for i, s in enumerate(table):
        assert s.rank in (i + 1, table[i - 1].rank if i else 1), "competition ranking: 1, 2, 2, 4"
        assert s.played == s.wins + s.draws + s.losses


# Validation ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "n", "kwargs", "words"), [
    ("knockout", 8, {}, "unknown tournament format"),
    ("round_robin", 1, {}, "at least 2"),
    ("swiss", 2, {"table_size": 3}, "at least 3"),
    ("duplicate", 3, {}, "at least 4"),
    ("single_elimination", 8, {"table_size": 3}, "needs table_size 2"),
    ("double_elimination", 8, {"table_size": 3}, "needs table_size 2"),
    ("duplicate", 8, {"table_size": 3}, "needs table_size 2"),
    ("round_robin", 8, {"table_size": 4}, "table_size must be 2 or 3"),
    ("swiss", 8, {"rounds": 0}, "at least 1"),
    ("swiss", 8, {"rounds": True}, "whole number"),
    ("swiss", 8, {"rounds": 8}, "fewer than 8 rounds"),
    ("duplicate", 6, {"rounds": 11}, "at most 10 rounds"),
    ("round_robin", MAX_ENTRIES + 1, {}, f"at most {MAX_ENTRIES}"),
    ("round_robin", 49, {"table_size": 3}, "at most 48"),
])
def test_validate_refuses_what_cannot_run(fmt: str, n: int, kwargs: dict, words: str) -> None:
    with pytest.raises(FormatError, match=words) as info:
        validate(fmt, n, **kwargs)
    assert isinstance(info.value, ValueError)
    with pytest.raises(FormatError):
        rounds_planned(fmt, n, **kwargs)


@pytest.mark.parametrize(("fmt", "n", "kwargs"), [
    ("round_robin", 2, {}), ("round_robin", 3, {"table_size": 3}), ("single_elimination", 2, {}),
    ("double_elimination", 2, {}), ("swiss", 2, {}), ("swiss", 9, {"rounds": 8, "table_size": 3}),
    ("duplicate", 4, {"rounds": 6}), ("round_robin", 20, {"rounds": 1}),
])
def test_validate_accepts_the_smallest_workable_events(fmt: str, n: int, kwargs: dict) -> None:
    validate(fmt, n, **kwargs)
    assert next_round(fmt, list(range(n)), [], **kwargs)


def test_entry_ids_must_be_distinct_integers() -> None:
    with pytest.raises(FormatError, match="distinct"):
        next_round("swiss", [1, 2, 2], [])
    with pytest.raises(FormatError, match="integers"):
        standings("swiss", [1, "2", 3], [])  # type: ignore[list-item]


@pytest.mark.parametrize(("fmt", "n", "expected"), [
    ("round_robin", 8, 7), ("round_robin", 7, 7), ("single_elimination", 6, 3), ("single_elimination", 16, 4),
    ("single_elimination", 17, 5), ("double_elimination", 8, 7), ("double_elimination", 2, 3),
    ("swiss", 16, 4), ("swiss", 17, 5), ("swiss", 3, 2), ("duplicate", 8, 7), ("duplicate", 7, 7),
])
def test_rounds_planned(fmt: str, n: int, expected: int) -> None:
    assert rounds_planned(fmt, n) == expected
    assert rounds_planned("swiss", 16, rounds=6) == 6
    assert rounds_planned("duplicate", 8, rounds=14) == 14


# Round robin --------------------------------------------------------------------------------------------


@given(n=st.integers(2, 40))
@PROPERTY
def test_round_robin_every_pair_meets_exactly_once_with_balanced_sides(n: int) -> None:
    entries = list(range(100, 100 + n))
    rounds = circle_schedule(n)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = Counter(frozenset(t) for tables in rounds for t in tables if len(t) == 2)
    assert len(pairs) == n * (n - 1) // 2 and set(pairs.values()) == {1}
    byes = Counter(t[0] for tables in rounds for t in tables if len(t) == 1)
    assert byes == (Counter(range(n)) if n % 2 else Counter())
    sides: dict[int, list[int]] = {s: [] for s in range(n)}
    for tables in rounds:
        assert sorted(s for t in tables for s in t) == list(range(n))
        for t in tables:
            if len(t) == 2:
                sides[t[0]].append(0)
                sides[t[1]].append(1)
    for history in sides.values():
        assert abs(history.count(0) - history.count(1)) <= 1
        assert all(len(set(history[i:i + 3])) == 2 for i in range(len(history) - 2)), "same side 3 in a row"
    first = next_round("round_robin", entries, [])
    assert first is not None
    assert set(first[0].entries) == {100, 100 + n - 1 if n % 2 == 0 else 100 + n - 2}
    assert first[-1].is_bye == (n % 2 == 1)


TRIPLES = {3: (1, 1), 4: (3, 2), 5: (4, 3), 6: (4, 4), 7: (6, 2), 8: (6, 2), 9: (4, 1), 10: (6, 2), 11: (7, 2),
           12: (7, 2), 13: (8, 2), 14: (9, 2), 15: (8, 2), 16: (10, 2), 17: (11, 2)}
"""Entries -> (rounds, most meetings of one pair) of the cutthroat round robin (the module docstring's table)."""


@pytest.mark.parametrize("n", sorted(TRIPLES))
def test_round_robin_of_three_a_table_meets_every_pair(n: int) -> None:
    rounds = triples_schedule(n)
    met = Counter(frozenset(p) for tables in rounds for t in tables for p in itertools.combinations(t, 2))
    assert len(met) == n * (n - 1) // 2, "some pair never met"
    assert (len(rounds), max(met.values())) == TRIPLES[n]
    sat_out = Counter(t[0] for tables in rounds for t in tables if len(t) == 1)
    for tables in rounds:
        assert sorted(s for t in tables for s in t) == list(range(n))
        assert sorted(len(t) for t in tables) == [1] * (n % 3) + [3] * (n // 3)
    counts = [sat_out.get(s, 0) for s in range(n)]
    assert max(counts) - min(counts) <= 1
    assert rounds_planned("round_robin", n, table_size=3) == len(rounds)


def test_round_robin_standings_use_sonneborn_berger_then_score_difference() -> None:
    entries = [1, 2, 3, 4]
    done: list[list[Result]] = []
    # 1 beats 4, 2 beats 3; 1 beats 3, 4 beats 2; 2 beats 1, 3 v 4 drawn
    script = {frozenset((1, 4)): (1, 300), frozenset((2, 3)): (2, 100), frozenset((1, 3)): (1, 50),
              frozenset((2, 4)): (4, 20), frozenset((1, 2)): (2, 10), frozenset((3, 4)): (None, 0)}
    while (matches := next_round("round_robin", entries, done)) is not None:
        results = []
        for m in matches:
            winner, margin = script[frozenset(m.entries)]
            scores = (200.0 + margin, 200.0) if winner == m.entries[0] else (200.0, 200.0 + margin)
            results.append(Result(m, scores if winner else (200.0, 200.0), winner))
        done.append(results)
    table = standings("round_robin", entries, done)
    check_standings(table, entries)
    # points 1: 2, 2: 2, 4: 1.5, 3: 0.5; SB 1: (4: 1.5) + (3: 0.5) = 2, 2: (3: 0.5) + (1: 2) = 2.5
    assert [(s.entry, s.points) for s in table] == [(2, 2.0), (1, 2.0), (4, 1.5), (3, 0.5)]
    assert table[0].tiebreaks == {"sonneborn_berger": 2.5, "score_diff": 90.0}
    assert table[1].tiebreaks == {"sonneborn_berger": 2.0, "score_diff": 340.0}
    assert [s.rank for s in table] == [1, 2, 3, 4]


def test_round_robin_refuses_results_that_are_not_its_schedule() -> None:
    entries = [1, 2, 3, 4]
    first = next_round("round_robin", entries, [])
    assert first is not None
    wrong = Match(1, 1, (1, 2))
    with pytest.raises(ValueError, match="do not match its schedule"):
        next_round("round_robin", entries, [[Result(wrong, (1.0, 0.0), 1), Result(first[1], (1.0, 0.0), None)]])
    with pytest.raises(ValueError, match="do not match its schedule"):
        next_round("round_robin", entries, [[Result(first[0], (1.0, 0.0), first[0].entries[0])]])


# Single elimination -------------------------------------------------------------------------------------


def test_single_elimination_of_six_byes_the_top_two_seeds() -> None:
    entries = [11, 12, 13, 14, 15, 16]  # seeds 1..6
    first = next_round("single_elimination", entries, [])
    assert first is not None
    assert [m.entries for m in first] == [(11,), (14, 15), (12,), (13, 16)]
    assert [m.label for m in first] == ["Bye", "Quarter-final 2", "Bye", "Quarter-final 4"]
    assert [m.is_bye for m in first] == [True, False, True, False]
    rng = random.Random(6)
    entries, done = play_out("single_elimination", 6, rng, draws=False)
    assert len(done) == 3
    assert len(real_matches(done)) == 5 and sum(r.match.is_bye for rs in done for r in rs) == 2
    table = standings("single_elimination", entries, done)
    champion = table[0]
    assert champion.rank == 1 and champion.eliminated_in is None and champion.losses == 0
    assert champion.wins == len([r for r in real_matches(done) if champion.entry in r.match.entries])
    assert [r.match.label for r in done[-1]] == ["Final"]


def test_single_elimination_uses_the_standard_seeding() -> None:
    entries = list(range(1, 17))
    first = next_round("single_elimination", entries, [])
    assert first is not None
    assert [m.entries for m in first] == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14),
                                          (6, 11)]


@given(n=st.integers(2, 40), rng_seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_single_elimination_properties(n: int, rng_seed: int) -> None:
    entries, done = play_out("single_elimination", n, random.Random(rng_seed), draws=False)
    size = 1 << math.ceil(math.log2(n))
    assert len(done) == size.bit_length() - 1
    assert len(real_matches(done)) == n - 1
    assert sorted(m.match.entries[0] for m in done[0] if m.match.is_bye) == entries[: size - n]
    table = standings("single_elimination", entries, done)
    check_standings(table, entries)
    champion = table[0].entry
    assert all(r.winner == champion for r in real_matches(done) if champion in r.match.entries)
    # seeds 1 and 2 can meet only in the final
    top_two = {entries[0], entries[1]}
    assert all(set(r.match.entries) != top_two for rs in done[:-1] for r in rs)
    for s in table[1:]:
        assert s.losses == 1 and s.eliminated_in is not None
        assert s.rank == 1 + sum(1 for o in table if (o.eliminated_in or 99) > s.eliminated_in)


def test_single_elimination_standings_share_rank_by_round_out() -> None:
    entries = list(range(1, 9))
    done: list[list[Result]] = []
    while (matches := next_round("single_elimination", entries, done)) is not None:
        results = []
        for m in matches:
            a, b = m.entries
            winner = b if {a, b} == {4, 5} else min(a, b)  # 5 upsets 4
            margin = float(a * b)  # so score differences differ
            scores = (300.0, 300.0 - margin) if winner == a else (300.0 - margin, 300.0)
            results.append(Result(m, scores, winner))
        done.append(results)
    table = standings("single_elimination", entries, done)
    assert [(s.entry, s.rank, s.eliminated_in) for s in table] == [
        (1, 1, None), (2, 2, 3), (5, 3, 2), (3, 3, 2), (8, 5, 1), (7, 5, 1), (6, 5, 1), (4, 5, 1),
    ]
    assert table[2].tiebreaks["score_diff"] > table[3].tiebreaks["score_diff"]


def test_elimination_refuses_a_draw_and_a_missing_result() -> None:
    entries = [1, 2, 3, 4]
    first = next_round("single_elimination", entries, [])
    assert first is not None
    with pytest.raises(ValueError, match="winner"):
        next_round("single_elimination", entries, [[Result(m, (1.0, 1.0), None) for m in first]])
    with pytest.raises(ValueError, match="missing results"):
        next_round("single_elimination", entries, [[Result(first[0], (1.0, 0.0), 1)]])


# Double elimination -------------------------------------------------------------------------------------


@given(n=st.integers(2, 40), rng_seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_double_elimination_properties(n: int, rng_seed: int) -> None:
    entries, done = play_out("double_elimination", n, random.Random(rng_seed), draws=False)
    losses = Counter(next(e for e in r.match.entries if e != r.winner) for r in real_matches(done))
    table = standings("double_elimination", entries, done)
    check_standings(table, entries)
    champion = table[0].entry
    assert losses[champion] <= 1
    assert all(losses[e] == 2 for e in entries if e != champion)
    reset = any(r.match.bracket == "final_reset" for r in real_matches(done))
    assert len(real_matches(done)) == (2 * n - 1 if reset else 2 * n - 2)
    assert reset == (losses[champion] == 1 and any(
        r.match.bracket == "final" and r.winner == r.match.entries[1] for r in real_matches(done)))
    assert len(done) == rounds_planned("double_elimination", n) - (0 if reset else 1)
    assert all(s.eliminated_in is not None and s.losses == 2 for s in table[1:])
    # from 8 slots up, a winners-round-2 loser never meets in losers round 2 an entry it beat in round 1
    met_before: set[frozenset[int]] = set()
    for rs in done:
        pairs = [frozenset(r.match.entries) for r in rs]
        if n >= 5:
            assert not any(p in met_before for r, p in zip(rs, pairs, strict=True) if r.match.label.startswith("L R2 "))
        met_before.update(pairs)


def test_double_elimination_reset_when_the_losers_champion_wins_the_final() -> None:
    entries = [1, 2]
    done: list[list[Result]] = []
    labels = []
    while (matches := next_round("double_elimination", entries, done)) is not None:
        (m,) = matches
        labels.append((m.bracket, m.label))
        done.append([Result(m, (1.0, 2.0), m.entries[1])])  # side 1 always wins
    assert labels == [("winners", "W R1 M1"), ("final", "Grand final"), ("final_reset", "Grand final reset")]
    table = standings("double_elimination", entries, done)
    assert [(s.entry, s.rank, s.losses, s.eliminated_in) for s in table] == [(1, 1, 1, None), (2, 2, 2, 3)]


# Swiss --------------------------------------------------------------------------------------------------


@given(n=st.sampled_from([15, 16]), rounds=st.integers(1, 9), rng_seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_swiss_never_repeats_a_pairing(n: int, rounds: int, rng_seed: int) -> None:
    entries, done = play_out("swiss", n, random.Random(rng_seed), rounds=rounds, seed=str(rng_seed))
    assert len(done) == rounds
    assert set(meetings(done).values()) <= {1}
    byes = Counter(r.match.entries[0] for rs in done for r in rs if r.match.is_bye)
    assert set(byes.values()) <= {1} and sum(byes.values()) == (rounds if n % 2 else 0)
    for i, rs in enumerate(done):
        had_bye = {r.match.entries[0] for d in done[:i] for r in d if r.match.is_bye}
        points = {s.entry: s.points for s in standings("swiss", entries, done[:i])}
        for bye in (r.match.entries[0] for r in rs if r.match.is_bye):
            # the lowest-ranked (fewest points, then lowest seed) entry without a bye
            fresh = [e for e in entries if e not in had_bye]
            least = min(points[e] for e in fresh)
            assert bye == [e for e in fresh if points[e] == least][-1]
    table = standings("swiss", entries, done)
    check_standings(table, entries)
    assert sum(s.points for s in table) == len(real_matches(done)) + sum(byes.values())
    assert all(list(s.tiebreaks) == ["buchholz", "sonneborn_berger", "score_diff"] for s in table)
    for a, b in zip(table, table[1:], strict=False):
        assert a.rank < b.rank or (a.points, a.tiebreaks) == (b.points, b.tiebreaks)


def test_swiss_gives_up_only_when_no_pairing_exists() -> None:
    """With rounds = n - 1 a swiss can paint itself into a corner; it must say so only when truly stuck."""
    outcomes = Counter()
    for n, rng_seed in itertools.product(range(4, 10), range(12)):
        rng = random.Random(rng_seed)
        entries = list(range(n))
        done: list[list[Result]] = []
        while True:
            try:
                matches = next_round("swiss", entries, done, rounds=n - 1)
            except ValueError:
                met = meetings(done)
                had_bye = {r.match.entries[0] for rs in done for r in rs if r.match.is_bye}
                sit_outs = [()] if n % 2 == 0 else [(e,) for e in entries if e not in had_bye]
                assert not any(perfect_matching([e for e in entries if e not in out], met) for out in sit_outs)
                outcomes["stuck"] += 1
                break
            if matches is None:
                assert set(meetings(done).values()) <= {1}
                outcomes["finished"] += 1
                break
            done.append([random_result(m, rng) for m in matches])
    assert outcomes["stuck"] and outcomes["finished"], outcomes


@given(n=st.integers(3, 24), rng_seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_swiss_of_at_most_half_as_many_rounds_as_entries_always_pairs(n: int, rng_seed: int) -> None:
    """Up to n // 2 rounds every entry has at least half the field still unmet, so (Dirac) a pairing
    without repeats always exists and the exhaustive search finds it."""
    entries, done = play_out("swiss", n, random.Random(rng_seed), rounds=n // 2)
    assert len(done) == n // 2 and set(meetings(done).values()) <= {1}


def perfect_matching(people: list[int], met: Counter[frozenset[int]]) -> bool:
    """Brute force: can ``people`` be paired off with nobody meeting twice?"""
    if not people:
        return True
    first, rest = people[0], people[1:]
    return any(frozenset((first, o)) not in met and perfect_matching([p for p in rest if p != o], met)
               for o in rest)


def test_swiss_reports_a_truly_impossible_round() -> None:
    a, b, c, d, e, f = entries = [1, 2, 3, 4, 5, 6]
    # three rounds of {a, b, c} v {d, e, f}: only {a, b, c} and {d, e, f} remain unmet, which cannot pair
    done = [[Result(Match(r + 1, i + 1, pair), (1.0, 0.0), pair[0]) for i, pair in enumerate(pairs)]
            for r, pairs in enumerate([[(a, d), (b, e), (c, f)], [(a, e), (b, f), (c, d)], [(a, f), (b, d), (c, e)]])]
    with pytest.raises(ValueError, match="no pairing avoids a repeat"):
        next_round("swiss", entries, done, rounds=5)


def test_swiss_pairs_top_half_against_bottom_half_and_floats_down() -> None:
    entries = list(range(1, 9))
    first = next_round("swiss", entries, [], seed="s")
    assert first is not None
    assert [set(m.entries) for m in first] == [{1, 5}, {2, 6}, {3, 7}, {4, 8}]
    # winners 1, 2, 3, 8; then score group {1, 2, 3, 8} pairs 1 v 3, 2 v 8 and {4, 5, 6, 7}: 4 v 6, 5 v 7
    done = [[Result(m, (1.0, 0.0), 8 if 8 in m.entries else min(m.entries)) for m in first]]
    second = next_round("swiss", entries, done, seed="s")
    assert second is not None
    assert [set(m.entries) for m in second] == [{1, 3}, {2, 8}, {4, 6}, {5, 7}]
    # odd group: 3 entries on 1 point, the last floats down to the top of the next group
    six = [1, 2, 3, 4, 5, 6]
    r1 = next_round("swiss", six, [])
    assert r1 is not None
    assert [set(m.entries) for m in r1] == [{1, 4}, {2, 5}, {3, 6}]
    done = [[Result(m, (1.0, 0.0), min(m.entries)) for m in r1]]  # 1, 2, 3 win
    r2 = next_round("swiss", six, done)
    assert r2 is not None
    assert [set(m.entries) for m in r2] == [{1, 2}, {3, 4}, {5, 6}]
    # a repeat is avoided by the next choice in the group: 3 has met 4 here, so 3 takes 5
    done = [[Result(m, (1.0, 0.0), min(m.entries)) for m in [Match(1, 1, (1, 5)), Match(1, 2, (2, 6)),
                                                             Match(1, 3, (3, 4))]]]
    r2 = next_round("swiss", six, done)
    assert r2 is not None
    assert [set(m.entries) for m in r2] == [{1, 2}, {3, 5}, {4, 6}]


def test_swiss_sides_follow_each_entrys_claim_and_the_seed_tosses_round_one() -> None:
    entries = list(range(1, 9))
    tosses = [next_round("swiss", entries, [], seed=s) for s in ("a", "e")]
    assert [t[0].entries[0] for t in tosses if t] == [1, 5], "the seed decides who starts on side 0"
    first = next_round("swiss", entries, [], seed="a")
    assert first is not None
    top = [m.entries[0] for m in first]
    assert [e in (1, 2, 3, 4) for e in top] in ([True, False, True, False], [False, True, False, True])
    rng = random.Random(3)
    entries, done = play_out("swiss", 16, rng, rounds=8, seed="x")
    history: dict[int, list[int]] = {}
    for rs in done:
        for r in sorted(real_matches([rs]), key=lambda r: r.match.number):
            a, b = r.match.entries
            balance_a = history.get(a, []).count(0) - history.get(a, []).count(1)
            balance_b = history.get(b, []).count(0) - history.get(b, []).count(1)
            assert not (balance_a > 0 and balance_b < 0), "both had their preferred side refused"
            history.setdefault(a, []).append(0)
            history.setdefault(b, []).append(1)
    assert len(history) == 16


def test_swiss_tiebreaks_hand_worked() -> None:
    entries = [1, 2, 3, 4]
    r1 = [Result(Match(1, 1, (1, 3)), (300.0, 200.0), 1), Result(Match(1, 2, (2, 4)), (250.0, 250.0), None)]
    r2 = [Result(Match(2, 1, (1, 2)), (100.0, 400.0), 2), Result(Match(2, 2, (4, 3)), (300.0, 310.0), 3)]
    table = standings("swiss", entries, [r1, r2])
    assert [(s.entry, s.rank, s.points, s.tiebreaks) for s in table] == [
        (2, 1, 1.5, {"buchholz": 1.5, "sonneborn_berger": 1.25, "score_diff": 300.0}),
        (1, 2, 1.0, {"buchholz": 2.5, "sonneborn_berger": 1.0, "score_diff": -200.0}),
        (3, 3, 1.0, {"buchholz": 1.5, "sonneborn_berger": 0.5, "score_diff": -90.0}),
        (4, 4, 0.5, {"buchholz": 2.5, "sonneborn_berger": 0.75, "score_diff": -10.0}),
    ]
    assert (table[0].wins, table[0].draws, table[0].losses, table[0].played) == (1, 1, 0, 2)


def test_swiss_bye_scores_a_point_but_no_buchholz_opponent() -> None:
    entries = [1, 2, 3]
    r1 = next_round("swiss", entries, [])
    assert r1 is not None and r1[-1].entries == (3,) and r1[-1].is_bye
    done = [[Result(r1[0], (1.0, 0.0), 1), bye_result(r1[1])]]
    table = {s.entry: s for s in standings("swiss", entries, done)}
    assert (table[3].points, table[3].byes, table[3].played, table[3].tiebreaks["buchholz"]) == (1.0, 1, 0, 0.0)
    assert table[1].tiebreaks["buchholz"] == 0.0  # its opponent 2 has no points


def best_split_repeats(people: list[int], met: Counter[frozenset[int]]) -> int:
    """Brute force: the fewest repeat meetings any split of ``people`` into threes has."""
    if not people:
        return 0
    first, rest = people[0], people[1:]
    return min(sum(frozenset(p) in met for p in itertools.combinations((first, q, r), 2))
               + best_split_repeats([x for x in rest if x not in (q, r)], met)
               for q, r in itertools.combinations(rest, 2))


@given(n=st.integers(3, 12), rng_seed=st.integers(0, 2**32 - 1))
@settings(deadline=None, derandomize=True, database=None, max_examples=25)
def test_swiss_three_a_table_seats_the_fewest_repeats(n: int, rng_seed: int) -> None:
    rng = random.Random(rng_seed)
    entries = list(range(n))
    done: list[list[Result]] = []
    rounds = max(1, (n - 1) // 2)
    while (matches := next_round("swiss", entries, done, rounds=rounds, table_size=3)) is not None:
        met = meetings(done)
        tables = [m.entries for m in matches if not m.is_bye]
        assert all(len(t) == 3 for t in tables) and len(matches) - len(tables) == n % 3
        repeats = sum(frozenset(p) in met for t in tables for p in itertools.combinations(t, 2))
        assert repeats == best_split_repeats(sorted(e for t in tables for e in t), met)
        done.append([random_result(m, rng) for m in matches])
    byes = Counter(r.match.entries[0] for rs in done for r in rs if r.match.is_bye)
    counts = [byes.get(e, 0) for e in entries]
    assert max(counts) - min(counts) <= 1
    table = standings("swiss", entries, done, table_size=3)
    check_standings(table, entries)
    # a table of three hands out 1 + 0.5 + 0 points: 1.5 a table; a bye there is worth the average, 0.5
    assert sum(s.points for s in table) == 1.5 * len(real_matches(done)) + 0.5 * sum(byes.values())


# Duplicate ----------------------------------------------------------------------------------------------


def test_duplicate_matchpoints_hand_worked() -> None:
    entries = [1, 2, 3, 4]
    first = next_round("duplicate", entries, [])
    assert first is not None
    assert [m.entries for m in first] == [(1, 4), (3, 2)]  # 1 and 3 sit North-South, 4 and 2 East-West
    points = {1: (120.0, 50.0), 4: (40.0, 80.0), 3: (90.0, 50.0), 2: (70.0, 60.0)}
    results = [Result(m, (0.0, 0.0), m.entries[0], {b: tuple(points[e][b - 1] for e in m.entries) for b in (1, 2)})
               for m in first]
    # board 1: NS 1 (120) beats 3 (90); EW 2 (70) beats 4 (40). board 2: NS 1 = 3 (50); EW 4 (80) beats 2 (60)
    board_scores = {1: {(1, 0): 120.0, (4, 1): 40.0, (3, 0): 90.0, (2, 1): 70.0},
                    2: {(1, 0): 50.0, (4, 1): 80.0, (3, 0): 50.0, (2, 1): 60.0}}
    assert matchpoints(board_scores) == {1: 3.0, 2: 2.0, 3: 1.0, 4: 2.0}
    assert top_matchpoints(board_scores) == {1: 4.0, 2: 4.0, 3: 4.0, 4: 4.0}
    table = standings("duplicate", entries, [results])
    assert [(s.entry, s.rank, s.points, s.tiebreaks["percentage"]) for s in table] == [
        (1, 1, 3.0, 75.0), (2, 2, 2.0, 50.0), (4, 2, 2.0, 50.0), (3, 4, 1.0, 25.0)]


@given(sides=st.lists(st.lists(st.integers(-200, 500), min_size=1, max_size=8), min_size=2, max_size=2),
       boards=st.integers(1, 4))
@PROPERTY
def test_duplicate_matchpoints_are_conserved(sides: list[list[int]], boards: int) -> None:
    """k entries holding the same cards share k(k - 1) matchpoints a board: 2 for each pair between them."""
    seats = {(side * 100 + i, side): float(p) for side, scores in enumerate(sides) for i, p in enumerate(scores)}
    board_scores = {b: {key: value + b for key, value in seats.items()} for b in range(boards)}
    mp = matchpoints(board_scores)
    for side, scores in enumerate(sides):
        k = len(scores)
        assert sum(mp[side * 100 + i] for i in range(k)) == boards * k * (k - 1)
        assert all(top == boards * 2 * (k - 1) for e, top in top_matchpoints(board_scores).items()
                   if e // 100 == side)


@given(n=st.integers(4, 13), rng_seed=st.integers(0, 2**32 - 1))
@PROPERTY
def test_duplicate_event_sanity(n: int, rng_seed: int) -> None:
    entries, done = play_out("duplicate", n, random.Random(rng_seed), rounds=2 * (n - 1 if n % 2 == 0 else n))
    met = meetings(done)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {2}
    directions = Counter((r.match.entries[0], r.match.entries[1]) for r in real_matches(done))
    assert set(directions.values()) == {1}, "the second cycle swaps directions"
    table = standings("duplicate", entries, done)
    check_standings(table, entries)
    tables = n // 2
    # every board of every round: each side's tables share k(k - 1) matchpoints, k = tables
    boards = sum(len(r.boards) for r in real_matches(done)) // tables
    assert sum(s.points for s in table) == boards * 2 * tables * (tables - 1)
    assert all(0.0 <= s.tiebreaks["percentage"] <= 100.0 for s in table)
    keys = [(-s.tiebreaks["percentage"], -s.points) for s in table]
    assert keys == sorted(keys)


# Every format, many sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "table_size"), [(f, 2) for f in FORMATS] + [("round_robin", 3), ("swiss", 3)])
def test_every_format_plays_to_the_end(fmt: str, table_size: int) -> None:
    rng = random.Random(f"{fmt}-{table_size}")
    sizes = [n for n in range(2, 18) if n >= (4 if fmt == "duplicate" else table_size)]
    for n in sizes:
        entries, done = play_out(fmt, n, rng, table_size=table_size, seed="cup")
        assert 1 <= len(done) <= rounds_planned(fmt, n, table_size=table_size)
        assert next_round(fmt, entries, done, table_size=table_size) is None
        table = standings(fmt, entries, done, table_size=table_size)
        check_standings(table, entries)
        if fmt in ("single_elimination", "double_elimination"):
            assert sum(s.eliminated_in is None for s in table) == 1
        if fmt == "round_robin":
            assert len(meetings(done)) == n * (n - 1) // 2
        if fmt in ("round_robin", "swiss"):
            # a table hands out 1 point two a table, 1 + 0.5 + 0 three a table; a bye scores 1, or 0.5
            byes = sum(r.match.is_bye for rs in done for r in rs)
            per_table, per_bye = (1.0, 1.0) if table_size == 2 else (1.5, 0.5)
            assert sum(s.points for s in table) == per_table * len(real_matches(done)) + per_bye * byes


# Pictures -----------------------------------------------------------------------------------------------


NASTY = ["<script>alert(1)</script>", "Tom & Jerry", 'quote " apostrophe \'', "bell\x07 and nul\x00",
         "日本語のボット", "]]> end of cdata"]


@pytest.mark.parametrize(("fmt", "n", "table_size"), [
    ("single_elimination", 6, 2), ("double_elimination", 7, 2), ("round_robin", 5, 2), ("round_robin", 7, 3),
    ("swiss", 9, 2), ("swiss", 8, 3), ("duplicate", 6, 2),
])
def test_bracket_svg_is_xml_and_names_every_entry(fmt: str, n: int, table_size: int) -> None:
    entries, done = play_out(fmt, n, random.Random(n), table_size=table_size)
    names = {e: f"{NASTY[i % len(NASTY)]} {i}" for i, e in enumerate(entries)}
    for upto in (0, 1, len(done)):
        svg = bracket_svg(fmt, entries, done[:upto], names, title="Spring <cup> & co", table_size=table_size)
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert "href" not in svg and "<script" not in svg, "self-contained, nothing fetched or run"
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        for name in names.values():
            shown = name.replace("\x07", "").replace("\x00", "")
            assert any(t and (t == shown or (t.endswith("…") and shown.startswith(t[:-1]))) for t in texts), \
                f"{shown!r} missing after {upto} rounds"
        assert "Spring <cup> & co" in texts


def test_bracket_svg_shows_byes_scores_and_winners_in_bold() -> None:
    entries = [1, 2, 3]
    done: list[list[Result]] = []
    while (matches := next_round("single_elimination", entries, done)) is not None:
        done.append([bye_result(m) if m.is_bye else Result(m, (321.0, 123.0), m.entries[0]) for m in matches])
    root = ET.fromstring(bracket_svg("single_elimination", entries, done, {1: "Ann", 2: "Bob", 3: "Cy"}))
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    assert any(t.text == "bye" for t in texts)
    bold = {t.text for t in texts if t.get("font-weight") == "bold"}
    assert {"Ann", "Bob", "321"} <= bold and "Cy" not in bold and "123" not in bold


MARK = "⟦{}⟧".format


def marked(template: str) -> str:
    """A translation that shows where each template went: a word outside the marks was never translated."""
    return MARK(template)


@pytest.mark.parametrize(("fmt", "n", "table_size"), [
    ("single_elimination", 6, 2), ("double_elimination", 7, 2), ("round_robin", 5, 2), ("round_robin", 7, 3),
    ("swiss", 9, 2), ("duplicate", 6, 2),
])
def test_every_word_of_a_picture_and_every_match_name_can_be_translated(fmt: str, n: int, table_size: int) -> None:
    entries, done = play_out(fmt, n, random.Random(n), table_size=table_size)
    for match in (r.match for rs in done for r in rs):
        parsed = labels.parse(match.label)
        assert parsed is not None and str(parsed) == match.label, match.label  # a stored name reads back
    names = {e: f"entry {i}" for i, e in enumerate(entries)}
    figures = re.compile(r"^[0-9\s.,½%+=−\-–—#×v]*$")
    for upto in (0, 1, len(done)):
        root = ET.fromstring(bracket_svg(fmt, entries, done[:upto], names, table_size=table_size, translate=marked))
        for text in root.itertext():
            if text in names.values():
                continue
            while (inner := re.sub(r"⟦[^⟦⟧]*⟧", "", text)) != text:
                text = inner
            assert figures.match(text) or text in ("SB", "Buch"), f"{text!r} is not translated"


def test_labels_in_another_language() -> None:
    japanese = {labels.SEMI_FINAL: "準決勝 第%(number)s試合", labels.WINNER_OF: "%(match)sの勝者"}
    semi = labels.parse("Semi-final 2")
    assert semi == labels.label(labels.SEMI_FINAL, number=2)
    assert labels.label(labels.WINNER_OF, match=semi).text(lambda t: japanese.get(t, t)) == "準決勝 第2試合の勝者"
    assert labels.translated("Grand final reset", str.upper) == "GRAND FINAL RESET"  # not "GRAND FINAL"
    assert labels.translated("Spring cup", str.upper) == "Spring cup"  # no template makes it: as it is
    assert labels.parse("Round 2 Board 3") == labels.label(labels.ROUND_BOARD, round=2, number=3)
