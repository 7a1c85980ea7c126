"""The values every tournament format shares: the format names, :class:`Match`, :class:`Result`,
:class:`Standing`, :class:`FormatError`, the configuration check :func:`validate`, and the tally of match
points and tie-breaks from finished rounds.

Pure Python, no Django. Entries are plain ``int`` ids; their seed is their position in the ``entries`` list
(best first).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from . import labels

Format = Literal["round_robin", "single_elimination", "double_elimination", "swiss", "duplicate"]
FORMATS: tuple[str, ...] = ("round_robin", "single_elimination", "double_elimination", "swiss", "duplicate")
ELIMINATION: frozenset[str] = frozenset({"single_elimination", "double_elimination"})

MAX_ENTRIES = 256
"""The most entries one tournament may have; keeps every schedule and pairing search small."""

MAX_TRIPLES_ROUND_ROBIN = 48
"""The most entries of a round robin at tables of three (its schedule is searched for, not a formula)."""

BYE_LABEL = str(labels.label(labels.BYE))
"""A bye's match label (in English, as every :class:`Match` label is: :mod:`.labels` translates it)."""


class FormatError(ValueError):
    """A tournament configuration that cannot be run (format, entry count, rounds or table size)."""

    code = "invalid_tournament_format"


@dataclass(frozen=True)
class Match:
    """One table of one round: the entries that meet there, in seat-side order. One entry alone is a bye."""

    round: int
    number: int
    entries: tuple[int, ...]
    bracket: str = ""
    label: str = ""
    """What people call it, in English (made from :data:`.labels.MATCH_TEMPLATES`; :func:`.labels.translated`
    shows it in another language)."""

    @property
    def is_bye(self) -> bool:
        """True when the match has a single entry, who advances (or scores the bye point) without playing."""
        return len(self.entries) == 1


@dataclass(frozen=True)
class Result:
    """How a match ended: final game points per entry of ``match.entries`` and the winner (None: a draw).

    ``boards`` (duplicate only) holds, per board (hand) number, the points each entry of ``match.entries``
    made on that board. A bye's result is ``Result(match, (), match.entries[0])``.
    """

    match: Match
    scores: tuple[float, ...]
    winner: int | None
    boards: Mapping[int, tuple[float, ...]] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Standing:
    """One line of the standings table.

    ``points`` are match points (win 1, draw 0.5, loss 0, bye 1 but 0.5 at tables of three; in duplicate,
    total matchpoints);
    ``played`` counts the matches actually played (``wins + draws + losses``), ``byes`` those sat out.
    ``tiebreaks`` holds the tie-break figures in the order they are applied. ``eliminated_in`` is the
    round an elimination entry was knocked out in (None while it is still in, and for the champion).
    """

    entry: int
    rank: int
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    tiebreaks: dict[str, float] = field(default_factory=dict, hash=False)
    eliminated_in: int | None = None
    byes: int = 0


def bye_result(match: Match) -> Result:
    """The result of a bye: no scores, the lone entry is the winner."""
    return Result(match, (), match.entries[0])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def cycle_length(n_entries: int) -> int:
    """Rounds of a full two-player round robin (circle method): n - 1 for even n, n for odd n (one bye each)."""
    return n_entries - 1 if n_entries % 2 == 0 else n_entries


def default_swiss_rounds(n_entries: int, table_size: int = 2) -> int:
    """ceil(log2 n): enough rounds for a single entry to finish with a perfect score. Never more rounds than
    an entry has others to meet: n - 1 two a table, (n - 1) // 2 three a table (one round at least)."""
    most = n_entries - 1 if table_size == 2 else max(1, (n_entries - 1) // 2)
    return max(1, min(most, math.ceil(math.log2(n_entries))))


def validate(fmt: str, n_entries: int, *, rounds: int | None = None, table_size: int = 2) -> None:
    """Raise :class:`FormatError` unless ``fmt`` can run with ``n_entries`` entries, ``rounds`` and
    ``table_size``."""
    if fmt not in FORMATS:
        raise FormatError(f"unknown tournament format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if not _is_int(table_size) or table_size not in (2, 3):
        raise FormatError(f"table_size must be 2 or 3 (got {table_size!r})")
    if table_size == 3 and fmt not in ("round_robin", "swiss"):
        raise FormatError(f"{fmt} needs table_size 2; only round_robin and swiss seat three entries a table")
    if not _is_int(n_entries):
        raise FormatError(f"the number of entries must be an integer (got {n_entries!r})")
    least = 4 if fmt == "duplicate" else table_size
    if n_entries < least:
        why = " (duplicate compares two tables or more)" if fmt == "duplicate" else ""
        raise FormatError(f"{fmt} needs at least {least} entries{why}; it has {n_entries}")
    if n_entries > MAX_ENTRIES:
        raise FormatError(f"a tournament takes at most {MAX_ENTRIES} entries; it has {n_entries}")
    if fmt == "round_robin" and table_size == 3 and n_entries > MAX_TRIPLES_ROUND_ROBIN:
        raise FormatError(
            f"a round robin at tables of three takes at most {MAX_TRIPLES_ROUND_ROBIN} entries; it has {n_entries}"
        )
    if rounds is None:
        return
    if not _is_int(rounds) or rounds < 1:
        raise FormatError(f"rounds must be a whole number of at least 1 (got {rounds!r})")
    if fmt == "swiss" and rounds >= n_entries:
        raise FormatError(f"a swiss of {n_entries} entries plays fewer than {n_entries} rounds (got {rounds})")
    if fmt == "duplicate" and rounds > 2 * cycle_length(n_entries):
        raise FormatError(
            f"duplicate with {n_entries} entries plays at most {2 * cycle_length(n_entries)} rounds "
            f"(each pair twice, once each way); got {rounds}"
        )


def check_entries(entries: Sequence[int]) -> None:
    """Refuse entry ids that are not distinct integers."""
    if any(not _is_int(e) for e in entries):
        raise FormatError("entry ids must be integers")
    if len(set(entries)) != len(entries):
        raise FormatError("entry ids must be distinct")


def check_result(result: Result, *, allow_draw: bool = True) -> None:
    """Raise ValueError if ``result`` does not fit its match (winner, number of scores, board rows)."""
    entries = result.match.entries
    if result.match.is_bye:
        if result.winner not in (None, entries[0]):
            raise ValueError(f"a bye's winner is its lone entry {entries[0]}, not {result.winner}")
        return
    if result.winner is None and not allow_draw:
        raise ValueError(f"{result.match.label or 'this match'} needs a winner: this format has no draws")
    if result.winner is not None and result.winner not in entries:
        raise ValueError(f"winner {result.winner} is not in the match {entries}")
    if result.scores and len(result.scores) != len(entries):
        raise ValueError(f"{len(result.scores)} scores for a match of {len(entries)} entries")
    for board, row in result.boards.items():
        if len(row) != len(entries):
            raise ValueError(f"board {board}: {len(row)} scores for a match of {len(entries)} entries")


def pairwise(result: Result) -> dict[tuple[int, int], float]:
    """``(a, b) -> share`` for every ordered pair at the table: 1 if ``a`` finished ahead of ``b``, 0.5 if
    level, 0 if behind.

    Two entries: the ``winner`` decides (None: a draw, whatever the scores). Three entries: the winner is
    ahead of both others, and the rest are ordered by their game points.
    """
    entries = result.match.entries
    out: dict[tuple[int, int], float] = {}
    for i, a in enumerate(entries):
        for j, b in enumerate(entries):
            if i == j:
                continue
            if result.winner == a:
                share = 1.0
            elif result.winner == b:
                share = 0.0
            elif len(entries) == 2 or not result.scores:
                share = 0.5
            else:
                mine, theirs = result.scores[i], result.scores[j]
                share = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            out[a, b] = share
    return out


@dataclass
class Tally:
    """Running totals of one entry over finished rounds (internal to standings)."""

    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    score_diff: float = 0.0
    meetings: list[tuple[int, float, float]] = field(default_factory=list)
    """(table-mate, share against them, weight 1/(table size - 1)) for every table-mate met."""


def bye_points(table_size: int) -> float:
    """What a bye scores: a win (1) two a table; at tables of three, the average a seat scores (0.5),
    because sit-outs there cannot be shared out evenly (7 entries sit out 6 times in 6 rounds)."""
    return 1.0 if table_size == 2 else 0.5


def tally(entries: Sequence[int], done: Sequence[Sequence[Result]], *, allow_draw: bool = True,
          table_size: int = 2) -> dict[int, Tally]:
    """Match points and raw figures per entry: win 1, draw 0.5, loss 0, bye :func:`bye_points`.

    At a table of three, an entry scores its average share against the other two (winner 1, second 0.5,
    third 0); with two this is exactly win 1 / draw 0.5 / loss 0. ``score_diff`` adds own game points minus
    the table-mates' average.
    """
    totals = {e: Tally() for e in entries}
    for results in done:
        for result in results:
            check_result(result, allow_draw=allow_draw)
            match = result.match
            unknown = [e for e in match.entries if e not in totals]
            if unknown:
                raise ValueError(f"unknown entries {unknown} in {match.label or match.entries}")
            if match.is_bye:
                t = totals[match.entries[0]]
                t.points += bye_points(table_size)
                t.byes += 1
                continue
            k = len(match.entries)
            shares = pairwise(result)
            for i, e in enumerate(match.entries):
                t = totals[e]
                t.played += 1
                if result.winner is None:
                    t.draws += 1
                elif result.winner == e:
                    t.wins += 1
                else:
                    t.losses += 1
                mates = [o for o in match.entries if o != e]
                t.points += sum(shares[e, o] for o in mates) / (k - 1)
                t.meetings.extend((o, shares[e, o], 1.0 / (k - 1)) for o in mates)
                if result.scores:
                    others = [s for j, s in enumerate(result.scores) if j != i]
                    t.score_diff += result.scores[i] - sum(others) / len(others)
    return totals


def buchholz(totals: Mapping[int, Tally], entry: int) -> float:
    """Sum of the opponents' match points (a table of three counts the average of its two table-mates);
    a bye adds no opponent."""
    return sum(totals[o].points * w for o, _, w in totals[entry].meetings)


def sonneborn_berger(totals: Mapping[int, Tally], entry: int) -> float:
    """Sum of the match points of the opponents beaten, plus half those of the opponents drawn."""
    return sum(totals[o].points * share * w for o, share, w in totals[entry].meetings)


def ranked(
    entries: Sequence[int],
    key: Callable[[int], tuple[float, ...]],
    make: Callable[[int, int], Standing],
    *,
    then: Callable[[int], tuple[float, ...]] = lambda e: (),
) -> list[Standing]:
    """Standings sorted by ``key`` (smaller first), then ``then``, then seed; entries with equal ``key``
    share a rank (competition ranking: 1, 2, 2, 4)."""
    seed = {e: i for i, e in enumerate(entries)}
    order = sorted(entries, key=lambda e: (key(e), then(e), seed[e]))
    out: list[Standing] = []
    rank = 0
    previous: tuple[float, ...] | None = None
    for position, e in enumerate(order, start=1):
        k = key(e)
        if k != previous:
            rank, previous = position, k
        out.append(make(e, rank))
    return out


def r6(value: float) -> float:
    """Round a tie-break figure so that float noise never separates equal values."""
    return round(value, 6) + 0.0
