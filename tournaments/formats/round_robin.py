"""Round robin: everyone meets everyone. Two-entry tables follow the circle (Berger) method; three-entry
(cutthroat) tables follow a fixed, deterministic schedule built by :func:`triples_schedule`.

Guarantees, checked by the tests:

* two per table: every pair meets exactly once, in n - 1 rounds (n even) or n rounds (n odd, one bye a
  round, each entry sits out once); an entry's side-0 and side-1 counts differ by at most one, and it
  never holds the same side three rounds running.
* three per table (cutthroat): every pair meets at least once; ``n mod 3`` entries sit out each round,
  and sit-out counts never differ by more than one. Each round seats as many pairs that have not met yet
  as the search finds, then spreads repeat meetings (it is a bounded search, several seeded passes, the
  shortest schedule kept). The schedule depends on n alone; up to 17 entries it takes these rounds, with
  no pair meeting more often than shown (both pinned by the tests)::

      entries   3  4  5  6  7  8  9 10 11 12 13 14 15 16 17
      rounds    1  3  4  4  6  6  4  6  7  7  8  9  8 10 11
      most met  1  2  3  4  2  2  1  2  2  2  2  2  2  2  2

  9 entries in 4 rounds with every pair once is the Kirkman minimum; 6 entries cannot do better than 4
  rounds, nor 5 than one pair meeting 3 times. Other sizes are not proved minimal. Round robins at tables
  of three take at most 48 entries.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from . import labels
from .base import BYE_LABEL, Match, Result, Standing, r6, ranked, sonneborn_berger, tally

Table = tuple[int, ...]
"""Seat positions (0-based seeds) at one table; one position alone is a bye."""


@lru_cache(maxsize=64)
def circle_schedule(n: int) -> tuple[tuple[Table, ...], ...]:
    """The circle method for ``n`` seeds, round by round, pairs in board order (side 0 first), byes last.

    Odd n: a phantom is the fixed point of the circle, so whoever faces it sits out, and everyone else's
    sides then alternate every round. Even n: seed 0 is fixed and alternates sides by round; the other
    boards keep their orientation, which balances sides to within one.
    """
    odd = n % 2 == 1
    m = n + 1 if odd else n
    # position 0 is the fixed point: the phantom for odd n, seed 0 for even n
    arr = list(range(m))
    rounds: list[tuple[Table, ...]] = []
    for r in range(m - 1):
        tables: list[Table] = []
        byes: list[Table] = []
        for i in range(m // 2):
            a, b = arr[i], arr[m - 1 - i]
            first, second = (a, b) if (r % 2 == 0 if i == 0 else i % 2 == 0) else (b, a)
            if odd:
                if 0 in (a, b):
                    byes.append((max(a, b) - 1,))
                    continue
                first, second = first - 1, second - 1
            tables.append((first, second))
        rounds.append(tuple(tables + byes))
        arr = [arr[0], arr[-1], *arr[1:-1]]
    return tuple(rounds)


@lru_cache(maxsize=64)
def triples_schedule(n: int) -> tuple[tuple[Table, ...], ...]:
    """Rounds of three-entry tables until every pair has met at least once (see the module docstring).

    Several greedy passes, each breaking ties its own (fixed, seeded) way; the shortest schedule wins, then
    the one whose busiest pair meets least.
    """
    best: tuple[tuple[Table, ...], ...] | None = None
    best_key: tuple[int, int] | None = None
    for trial in range(_trials(n)):
        plan = _greedy_triples(n, random.Random(f"triples-{n}-{trial}"))
        key = (len(plan), _busiest_pair(n, plan))
        if best_key is None or key < best_key:
            best, best_key = plan, key
    assert best is not None
    return best


def _trials(n: int) -> int:
    return max(1, min(_MAX_TRIALS, _TRIAL_WORK // (n * n)))


def _busiest_pair(n: int, plan: Sequence[Sequence[Table]]) -> int:
    count: dict[tuple[int, int], int] = {}
    for tables in plan:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    count[a, b] = count.get((a, b), 0) + 1
    return max(count.values(), default=0)


def _greedy_triples(n: int, rng: random.Random) -> tuple[tuple[Table, ...], ...]:
    """One greedy pass: each round, the sit-outs by rotation, then the best split found into tables."""
    met = [[0] * n for _ in range(n)]
    sat_out = [0] * n
    rounds: list[tuple[Table, ...]] = []
    unmet = n * (n - 1) // 2
    while unmet:
        def need(p: int) -> int:
            return sum(1 for q in range(n) if q != p and met[p][q] == 0)

        # sit out whoever has sat out least, preferring those with the fewest pairs still to meet
        tie = {p: rng.random() for p in range(n)}
        order = sorted(range(n), key=lambda p: (sat_out[p], need(p), tie[p]))
        byes = sorted(order[: n % 3])
        players = sorted((p for p in range(n) if p not in byes), key=lambda p: (-need(p), tie[p]))
        tables = _best_triples(players, met, rng)
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    if met[a][b] == 0:
                        unmet -= 1
                    met[a][b] += 1
                    met[b][a] += 1
        for p in byes:
            sat_out[p] += 1
        rounds.append(tuple(sorted(tables)) + tuple((p,) for p in byes))
    return tuple(rounds)


_NEW_PAIR = 1000
"""Weight of a first meeting; dwarfs the repeat penalty so new pairs always come first."""

_MAX_TRIALS = 20
_TRIAL_WORK = 5000
"""Greedy passes for the triples schedule: many for small fields, one for big ones (work ~ n squared)."""

_SEARCH_BUDGET = 300
"""Search nodes per round for the triples schedule: enough for the optimum at small n, bounded at large n."""


def _best_triples(players: list[int], met: list[list[int]], rng: random.Random) -> list[Table]:
    """Split ``players`` (a multiple of three) into tables: most new pairs first, then fewest repeats.

    Depth-first search with a bound: the first free player (most pairs still to meet) takes the best two
    partners first. The node budget keeps the time bounded; within it the best split found wins.
    """

    def gain(a: int, b: int) -> int:
        return _NEW_PAIR if met[a][b] == 0 else -met[a][b] * met[a][b] * 10

    best: list[list[Table]] = [[]]
    best_score = [float("-inf")]
    nodes = [0]
    top = 3 * _NEW_PAIR

    def search(free: list[int], chosen: list[Table], score: int) -> None:
        nodes[0] += 1
        if not free:
            if score > best_score[0]:
                best_score[0], best[0] = score, list(chosen)
            return
        if score + top * (len(free) // 3) <= best_score[0] or nodes[0] > _SEARCH_BUDGET:
            return
        p, rest = free[0], free[1:]
        options = []
        for i, q in enumerate(rest):
            for r in rest[i + 1:]:
                options.append((gain(p, q) + gain(p, r) + gain(q, r), rng.random(), q, r))
        options.sort(key=lambda o: (-o[0], o[1]))
        for value, _, q, r in options:
            remaining = [x for x in rest if x not in (q, r)]
            chosen.append(tuple(sorted((p, q, r))))
            search(remaining, chosen, score + value)
            chosen.pop()
            if best_score[0] == top * (len(players) // 3):
                return

    search(players, [], 0)
    return best[0]


def schedule(n: int, table_size: int) -> tuple[tuple[Table, ...], ...]:
    """The whole round robin of ``n`` seeds at tables of ``table_size``."""
    return circle_schedule(n) if table_size == 2 else triples_schedule(n)


def rounds_planned(n: int, table_size: int) -> int:
    """How many rounds the round robin of ``n`` entries takes."""
    return len(schedule(n, table_size))


def matches_of(round_no: int, tables: Sequence[Table], entries: Sequence[int]) -> list[Match]:
    """The Match values of one scheduled round (seeds mapped to entry ids)."""
    out = []
    for number, table in enumerate(tables, start=1):
        ids = tuple(entries[s] for s in table)
        label = BYE_LABEL if len(ids) == 1 else str(labels.label(labels.ROUND_TABLE, round=round_no, number=number))
        out.append(Match(round_no, number, ids, label=label))
    return out


def check_round(expected: Sequence[Match], results: Sequence[Result]) -> None:
    """Raise ValueError unless ``results`` cover exactly the non-bye matches of ``expected``."""
    want = {frozenset(m.entries) for m in expected if not m.is_bye}
    got = [frozenset(r.match.entries) for r in results if not r.match.is_bye]
    byes = {m.entries for m in expected if m.is_bye}
    stray = [r.match.entries for r in results if r.match.is_bye and r.match.entries not in byes]
    if sorted(map(sorted, got)) != sorted(map(sorted, want)) or stray:
        raise ValueError(f"the results of round {expected[0].round if expected else '?'} do not match its schedule")


def next_round(
    entries: Sequence[int], done: Sequence[Sequence[Result]], table_size: int
) -> list[Match] | None:
    """The next round of the schedule, or None once every round has been played."""
    plan = schedule(len(entries), table_size)
    for i, results in enumerate(done):
        if i >= len(plan):
            raise ValueError(f"{len(done)} rounds of results for a round robin of {len(plan)} rounds")
        check_round(matches_of(i + 1, plan[i], entries), results)
    if len(done) >= len(plan):
        return None
    return matches_of(len(done) + 1, plan[len(done)], entries)


def standings(entries: Sequence[int], done: Sequence[Sequence[Result]], table_size: int = 2) -> list[Standing]:
    """Points, then Sonneborn-Berger, then score difference; seed orders entries tied on all three."""
    totals = tally(entries, done, table_size=table_size)
    sb = {e: r6(sonneborn_berger(totals, e)) for e in entries}

    def key(e: int) -> tuple[float, ...]:
        return (-totals[e].points, -sb[e], -r6(totals[e].score_diff))

    def make(e: int, rank: int) -> Standing:
        t = totals[e]
        return Standing(e, rank, t.points, t.played, t.wins, t.draws, t.losses,
                        {"sonneborn_berger": sb[e], "score_diff": r6(t.score_diff)}, byes=t.byes)

    return ranked(entries, key, make)
