"""Duplicate (bridge-style) play: in each round every table plays the same deals, and entries are scored by
matchpoints against the entries that held the same cards at the other tables, so the luck of the deal
cancels out.

Movement: the round robin circle method (two entries a table, a sit-out each round when the count is
odd), so opponents change every round; the entry listed first at a table sits on side 0 ("North-South"),
and directions alternate across rounds as far as a round robin allows (a side-0/side-1 difference of at
most one). The default is one full cycle (n - 1 rounds for even n, n for odd n); more rounds replay the
cycle with the directions swapped, so each pair meets at most twice, once each way.

Matchpoints (the bridge convention): on each board an entry is compared with every other entry that sat
the same side index, and so held the same cards: 2 matchpoints for each one it outscored, 1 for each tie,
0 for each that outscored it. With k comparable entries on a board, the matchpoints they share add up to
k(k - 1), and one entry's top is 2(k - 1).

Standings rank by percentage (matchpoints / the top possible x 100), then total matchpoints, then seed:
percentage is the bridge convention that stays fair when entries played different numbers of boards
(a Spades game ends when a side reaches the target, so tables of one round may play different numbers of
hands) or sat out a round; when everyone played the same boards it orders exactly as the matchpoints do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .base import Match, Result, Standing, r6, ranked, tally
from .round_robin import check_round, circle_schedule, matches_of

BoardScores = Mapping[int, Mapping[tuple[int, int], float]]
"""board number -> (entry, side) -> that side's points on the board."""


def matchpoints(board_scores: BoardScores) -> dict[int, float]:
    """Total matchpoints per entry over ``board_scores`` (see the module docstring for the scale)."""
    total: dict[int, float] = {}
    for seats in board_scores.values():
        for (entry, side), points in seats.items():
            earned = 0.0
            for (other, other_side), other_points in seats.items():
                if other_side != side or other == entry:
                    continue
                earned += 2.0 if points > other_points else 1.0 if points == other_points else 0.0
            total[entry] = total.get(entry, 0.0) + earned
    return total


def top_matchpoints(board_scores: BoardScores) -> dict[int, float]:
    """The most matchpoints each entry could have earned over ``board_scores`` (2 per entry compared)."""
    top: dict[int, float] = {}
    for seats in board_scores.values():
        for entry, side in seats:
            rivals = sum(1 for _, s in seats if s == side) - 1
            top[entry] = top.get(entry, 0.0) + 2.0 * rivals
    return top


def board_scores(results: Sequence[Result]) -> dict[int, dict[tuple[int, int], float]]:
    """One round's results as :data:`BoardScores`. A result without per-board rows counts its final game
    points as a single board (board 0)."""
    out: dict[int, dict[tuple[int, int], float]] = {}
    for result in results:
        if result.match.is_bye:
            continue
        rows = result.boards or ({0: result.scores} if result.scores else {})
        for board, row in rows.items():
            seats = out.setdefault(board, {})
            for side, (entry, points) in enumerate(zip(result.match.entries, row, strict=True)):
                seats[entry, side] = float(points)
    return out


def rounds_planned(n: int, rounds: int | None) -> int:
    """``rounds``, or one full round robin cycle."""
    return rounds if rounds is not None else len(circle_schedule(n))


def round_matches(round_no: int, entries: Sequence[int]) -> list[Match]:
    """The tables of round ``round_no`` (1-based): the cycle, directions swapped on every second pass."""
    cycle = circle_schedule(len(entries))
    tables = cycle[(round_no - 1) % len(cycle)]
    if (round_no - 1) // len(cycle) % 2 == 1:
        tables = tuple(t[::-1] for t in tables)
    return matches_of(round_no, tables, entries)


def next_round(entries: Sequence[int], done: Sequence[Sequence[Result]], rounds: int | None) -> list[Match] | None:
    """The tables of round ``len(done) + 1``, or None once the planned rounds are played."""
    planned = rounds_planned(len(entries), rounds)
    if len(done) > planned:
        raise ValueError(f"{len(done)} rounds of results for a duplicate event of {planned} rounds")
    for i, results in enumerate(done, start=1):
        check_round(round_matches(i, entries), results)
    if len(done) == planned:
        return None
    return round_matches(len(done) + 1, entries)


def standings(entries: Sequence[int], done: Sequence[Sequence[Result]]) -> list[Standing]:
    """Percentage, then total matchpoints (``points``), then seed; see the module docstring."""
    totals = tally(entries, done)
    earned = {e: 0.0 for e in entries}
    top = {e: 0.0 for e in entries}
    for results in done:
        scores = board_scores(results)
        for e, mp in matchpoints(scores).items():
            earned[e] += mp
        for e, most in top_matchpoints(scores).items():
            top[e] += most
    pct = {e: r6(100.0 * earned[e] / top[e]) if top[e] else 0.0 for e in entries}

    def key(e: int) -> tuple[float, ...]:
        return (-pct[e], -earned[e])

    def make(e: int, rank: int) -> Standing:
        t = totals[e]
        return Standing(e, rank, earned[e], t.played, t.wins, t.draws, t.losses,
                        {"percentage": pct[e]}, byes=t.byes)

    return ranked(entries, key, make)
