"""Swiss system: each round pairs entries with equal (or near) scores who have not met, for a fixed number
of rounds.

Pairing, in the spirit of the FIDE Dutch system:

* entries are ranked by match points, then seed; score groups are paired top-down, the top half of a group
  against its bottom half (1 v 5, 2 v 6, ... in a group of 8); an odd entry out floats down to meet the top
  of the next group.
* two entries never meet twice: when the preferred pairing would force a repeat, the search backtracks
  (first other members of the bottom half, then the top half, then lower groups). It is exhaustive, so a
  round fails (ValueError) only when no pairing without a repeat exists at all. Failed sub-problems are
  remembered, which keeps the search small. Up to ``n // 2`` rounds that never happens: every entry
  still has at least half the field unmet, and such a graph always has a perfect matching (Dirac). With
  more rounds (up to n - 1 are allowed) earlier pairings can leave no way to pair the next round.
* with an odd number of entries, the lowest-ranked entry that has not had a bye sits out and scores a win
  (1 point; 0.5 at tables of three); nobody gets a second bye. If that bye leaves no pairing, the next-lowest is tried.
  The bye counts as a win for the entry's points, but brings it no opponent for Buchholz.
* sides: an entry that has held one side more often gets the other; failing that, the one that held the
  same side last round switches; when both want the same side, the stronger claim wins, and the
  higher-ranked entry when the claims are equal. In round 1 the sides alternate down the boards, and the
  tournament ``seed`` decides whether the top board's higher seed starts on side 0 or side 1.

Three entries a table (cutthroat, ``table_size=3``): the ranked list is cut into tables of three from the
top, choosing for each table, by the same exhaustive search, the nearest-ranked entries that have met none
of each other; if none is found, the split with the fewest repeat meetings found is used (ties: nearest
ranks). ``n mod 3`` entries sit out, the lowest-ranked of those with the fewest byes so far.

Tie-breaks, in order: Buchholz (sum of opponents' points; a bye brings no opponent), Sonneborn-Berger
(points of opponents beaten, plus half those drawn), score difference (own game points minus opponents'),
then seed.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping, Sequence

from . import labels
from .base import BYE_LABEL, Match, Result, Standing, Tally, buchholz, r6, ranked, sonneborn_berger, tally


def coin(seed: str) -> int:
    """0 or 1 from the tournament seed (stable across processes, unlike ``hash``)."""
    return hashlib.sha256(seed.encode()).digest()[0] & 1


def pairing_order(entries: Sequence[int], totals: Mapping[int, Tally]) -> list[int]:
    """Entries by match points, then seed: the order in which score groups are paired."""
    seed = {e: i for i, e in enumerate(entries)}
    return sorted(entries, key=lambda e: (-totals[e].points, seed[e]))


def met_pairs(done: Sequence[Sequence[Result]]) -> set[frozenset[int]]:
    """Every pair of entries that has already shared a table."""
    met: set[frozenset[int]] = set()
    for results in done:
        for result in results:
            for a, b in itertools.combinations(result.match.entries, 2):
                met.add(frozenset((a, b)))
    return met


def pair(order: Sequence[int], points: Mapping[int, float], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs for ``order`` (an even count, best first) with no repeat meeting, Dutch-style; None if none exist.

    The first free entry takes, in turn: the entry half its score group below it, the rest of the bottom
    half, the top half from the bottom up, then the lower groups from the top. Because the groups shrink
    by two as pairs are made, "half the group below" walks 1 v 5, 2 v 6, ... exactly.
    """
    n = len(order)
    failed: set[int] = set()

    def candidates(free: list[int]) -> list[int]:
        p = free[0]
        group = [i for i in free if points[order[i]] == points[order[p]]]
        h = len(group) // 2
        if h == 0:
            return free[1:]
        lower = [i for i in free if points[order[i]] != points[order[p]]]
        return group[h:] + group[h - 1:0:-1] + lower

    def solve(mask: int) -> list[tuple[int, int]] | None:
        if mask == 0:
            return []
        if mask in failed:
            return None
        free = [i for i in range(n) if mask >> i & 1]
        p = free[0]
        for q in candidates(free):
            if frozenset((order[p], order[q])) in met:
                continue
            rest = solve(mask & ~(1 << p) & ~(1 << q))
            if rest is not None:
                return [(order[p], order[q]), *rest]
        failed.add(mask)
        return None

    return solve((1 << n) - 1)


GROUP3_BUDGET = 3000
"""Search nodes for seating three a table; past it, the greedy split is taken."""


def group3(order: Sequence[int], met: set[frozenset[int]]) -> list[tuple[int, ...]]:
    """Tables of three for ``order`` (a multiple of three, best first): the fewest repeat meetings the
    search finds (none whenever it finds a way), and among equals the nearest-ranked entries together.

    The allowance of repeats grows from 0 within a bounded search, so a split without repeats that exists
    is normally found, but for large fields late in an event it is not guaranteed.
    """
    n = len(order)
    failed: dict[int, int] = {}
    nodes = [0]
    seen = [[int(frozenset((a, b)) in met) for b in order] for a in order]

    def solve(mask: int, allowed: int) -> list[tuple[int, int, int]] | None:
        """Tables for the free entries in ``mask`` with at most ``allowed`` repeats, or None."""
        if mask == 0:
            return []
        if failed.get(mask, -1) >= allowed or nodes[0] > GROUP3_BUDGET:
            return None
        nodes[0] += 1
        free = [i for i in range(n) if mask >> i & 1]
        p = free[0]
        row = seen[p]
        options = sorted((row[q] + row[r] + seen[q][r], q, r) for q, r in itertools.combinations(free[1:], 2))
        for cost, q, r in options:
            if cost > allowed:
                break
            rest = solve(mask & ~(1 << p) & ~(1 << q) & ~(1 << r), allowed - cost)
            if rest is not None:
                return [(p, q, r), *rest]
        failed[mask] = max(failed.get(mask, -1), allowed)
        return None

    found = None
    for allowed in range(n + 1):
        failed.clear()
        found = solve((1 << n) - 1, allowed)
        if found is not None or nodes[0] > GROUP3_BUDGET:
            break
    if found is None:
        # budget spent: the greedy path (least repeats at each table, top down) always succeeds
        nodes[0] = -(10**9)
        failed.clear()
        found = solve((1 << n) - 1, n)
    assert found is not None
    return [tuple(order[i] for i in t) for t in found]


def sides_of(done: Sequence[Sequence[Result]]) -> dict[int, list[int]]:
    """The side (seat-side index) each entry held, round by round (byes skipped)."""
    hist: dict[int, list[int]] = {}
    for results in done:
        for result in results:
            if result.match.is_bye:
                continue
            for side, e in enumerate(result.match.entries):
                hist.setdefault(e, []).append(side)
    return hist


def claim(history: Sequence[int]) -> tuple[int | None, float]:
    """The side an entry should have next and how strong the claim is (0: no claim)."""
    if not history:
        return None, 0.0
    balance = history.count(0) - history.count(1)
    repeat = 0.5 if len(history) >= 2 and history[-1] == history[-2] else 0.0
    if balance:
        return (1 if balance > 0 else 0), abs(balance) + repeat
    return 1 - history[-1], 0.5 + repeat


def orient(a: int, b: int, hist: Mapping[int, Sequence[int]], board: int, toss: int) -> tuple[int, int]:
    """``(side 0, side 1)`` for ``a`` (the higher-ranked) and ``b`` (see the module docstring)."""
    want_a, strength_a = claim(hist.get(a, ()))
    want_b, strength_b = claim(hist.get(b, ()))
    if want_a is None and want_b is None:
        return (a, b) if (board + toss) % 2 == 0 else (b, a)
    if want_a is not None and (want_a != want_b or strength_a >= strength_b):
        return (a, b) if want_a == 0 else (b, a)
    return (b, a) if want_b == 0 else (a, b)


def orient3(table: Sequence[int], hist: Mapping[int, Sequence[int]]) -> tuple[int, ...]:
    """Seat order at a table of three (best-ranked first): each side in turn goes to whoever has held it
    least."""
    free = list(table)
    seats = []
    for side in range(3):
        pick = min(free, key=lambda e: list(hist.get(e, ())).count(side))
        seats.append(pick)
        free.remove(pick)
    return tuple(seats)


def next_round(
    entries: Sequence[int], done: Sequence[Sequence[Result]], rounds: int, table_size: int, seed: str
) -> list[Match] | None:
    """The pairings of round ``len(done) + 1``, or None after ``rounds`` rounds."""
    if len(done) > rounds:
        raise ValueError(f"{len(done)} rounds of results for a swiss of {rounds} rounds")
    if len(done) == rounds:
        return None
    totals = tally(entries, done, table_size=table_size)
    order = pairing_order(entries, totals)
    points = {e: totals[e].points for e in entries}
    met = met_pairs(done)
    hist = sides_of(done)
    byes_had = {e: totals[e].byes for e in entries}
    sit_out = len(order) % table_size
    round_no = len(done) + 1
    tables: list[tuple[int, ...]] | None = None
    byes: tuple[int, ...] = ()
    for byes in _bye_choices(order, byes_had, sit_out):
        rest = [e for e in order if e not in byes]
        if table_size == 2:
            pairs = pair(rest, points, met)
            if pairs is None:
                continue
            toss = coin(seed) if round_no == 1 else 0
            tables = [orient(a, b, hist, board, toss) for board, (a, b) in enumerate(pairs)]
        else:
            tables = [orient3(t, hist) for t in group3(rest, met)]
        break
    if tables is None:
        raise ValueError(f"round {round_no}: no pairing avoids a repeat meeting; the swiss cannot go on")
    rank = {e: i for i, e in enumerate(order)}
    tables.sort(key=lambda t: min(rank[e] for e in t))
    matches = [Match(round_no, i, t, label=str(labels.label(labels.ROUND_BOARD, round=round_no, number=i)))
               for i, t in enumerate(tables, 1)]
    for e in sorted(byes, key=rank.__getitem__):
        matches.append(Match(round_no, len(matches) + 1, (e,), label=BYE_LABEL))
    return matches


def _bye_choices(order: Sequence[int], byes_had: Mapping[int, int], count: int) -> list[tuple[int, ...]]:
    """Who may sit out, best choice first: the lowest-ranked entries among those with the fewest byes.

    Two a table, nobody sits out twice (rounds < entries guarantees a candidate). Three a table sits out
    up to two a round, so a second bye waits until everyone has had one.
    """
    if count == 0:
        return [()]
    fewest = min(byes_had.values())
    if count == 1 and fewest:
        raise ValueError("every entry has had a bye; the swiss has more rounds than it can pair")
    pool = sorted(reversed(order), key=lambda e: byes_had[e])
    if count == 1:
        pool = [e for e in pool if not byes_had[e]]
    return list(itertools.combinations(pool, count))


def standings(entries: Sequence[int], done: Sequence[Sequence[Result]], table_size: int = 2) -> list[Standing]:
    """Points, then Buchholz, Sonneborn-Berger and score difference; seed orders entries tied on all."""
    totals = tally(entries, done, table_size=table_size)
    tb = {
        e: {
            "buchholz": r6(buchholz(totals, e)),
            "sonneborn_berger": r6(sonneborn_berger(totals, e)),
            "score_diff": r6(totals[e].score_diff),
        }
        for e in entries
    }

    def key(e: int) -> tuple[float, ...]:
        return (-totals[e].points, *(-v for v in tb[e].values()))

    def make(e: int, rank: int) -> Standing:
        t = totals[e]
        return Standing(e, rank, t.points, t.played, t.wins, t.draws, t.losses, tb[e], byes=t.byes)

    return ranked(entries, key, make)
