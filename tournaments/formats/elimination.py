"""Single and double elimination brackets: the bracket layout, replaying finished rounds into it, the next
round, standings and the bracket cells the SVG picture draws.

The bracket has N = the next power of two slots; seeds sit in the standard order (1 v N, N/2 v N/2+1, ...
so that seeds 1 and 2 can meet only in the final) and the missing seeds N, N-1, ... leave byes for the top
seeds. A match always has a winner (a Result without one is refused).

Double elimination, with k = log2 N: winners rounds W1..Wk, losers rounds L1..L(2k-2) and the grand final.
L1 pairs the W1 losers; L(2j) brings the W(j+1) losers down to face the L(2j-1) winners; L(2j+1) pairs the
L(2j) winners. The order in which losers drop down varies by round (see :func:`_drop`) so that, wherever
the bracket is big enough, an entry does not meet straight away the entry that sent it down. The grand
final puts the winners-bracket champion (side 0) against the losers-bracket champion; if the latter wins,
both have lost once and a reset match decides. Entries are out after two losses. Byes (W1 byes, and the
losers-bracket slots they leave empty) are matches of one entry, who goes through without playing.

Rounds of play: Wj is played in round j, Li in round i + 1, the grand final in round 2k and the reset in
2k + 1, so each round plays a winners round beside a losers round while both run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from . import labels
from .base import BYE_LABEL, Match, Result, Standing, bye_result, check_result, r6, ranked, tally
from .labels import Label, label

WINNERS, LOSERS, FINAL, RESET = "winners", "losers", "final", "final_reset"
_BRACKET_ORDER = {WINNERS: 0, LOSERS: 1, FINAL: 2, RESET: 3}

SlotKey = tuple[str, int, int]
"""(bracket, bracket round 1-based, index 0-based)."""

SeedFeed = tuple[Literal["seed"], int | None]
"""A first-round place filled by the seed of that index (``None``: nobody, a bye)."""
SlotFeed = tuple[Literal["winner", "loser"], SlotKey]
"""A place filled by the winner or the loser of an earlier slot."""
ResetFeed = tuple[Literal["reset"], int]
"""A place of the grand final's reset match, filled by that side (0 or 1) of the grand final."""
Feed = SeedFeed | SlotFeed | ResetFeed
"""Where one of a slot's two places comes from."""


@dataclass(frozen=True)
class Slot:
    """One match position of the bracket, fed by seeds or by earlier slots' winners or losers."""

    key: SlotKey
    round: int
    feeds: tuple[Feed, Feed]
    label: Label
    bracket: str
    """The public bracket name: "" in single elimination, else the bracket part of the key."""


@dataclass
class Cell:
    """A slot as it stands: who is (or will be) there, and how it went."""

    slot: Slot
    entries: tuple[int | None, int | None] = (None, None)
    known: bool = False
    result: Result | None = None
    winner: int | None = None
    loser: int | None = None

    @property
    def present(self) -> tuple[int, ...]:
        """The entries actually in the slot (a bye has one, a structurally empty slot none)."""
        return tuple(e for e in self.entries if e is not None)


def bracket_size(n: int) -> int:
    """The next power of two at or above ``n``."""
    size = 1
    while size < n:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """Standard bracket order of 0-based seeds: 0 v size-1, then the pair that meets 0's winner, ..."""
    order = [0]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m - 1 - s)]
    return order


def _drop(j: int, m: int, count: int) -> int:
    """Which W(j+1) slot's loser drops into L(2j) slot ``m`` of ``count``.

    The order cycles through reversed, halves reversed, halves swapped, straight: reversing keeps a W2
    loser away from the W1 loser it beat, and in simulations of 8 to 64 entries this cycle repeats a
    winners-bracket meeting in the losers bracket least often of the standard layouts tried.
    """
    if count == 1:
        return 0
    half = count // 2
    step = (j - 1) % 4
    if step == 0:
        return count - 1 - m
    if step == 1:
        return half - 1 - m if m < half else count - 1 - (m - half)
    if step == 2:
        return (m + half) % count
    return m


def round_name(r: int, k: int) -> Label:
    """What round ``r`` of a ``k``-round single elimination is called."""
    names = {k: labels.FINAL, k - 1: labels.SEMI_FINALS, k - 2: labels.QUARTER_FINALS}
    return label(names[r]) if r in names else label(labels.ROUND, round=r)


def _round_label(r: int, k: int, m: int) -> Label:
    if r == k:
        return label(labels.FINAL)
    if r >= k - 2:
        return label(labels.SEMI_FINAL if r == k - 1 else labels.QUARTER_FINAL, number=m + 1)
    return label(labels.ROUND_MATCH, round=r, number=m + 1)


def layout(n: int, double: bool) -> list[Slot]:
    """Every slot of the bracket for ``n`` entries, in play order (round, then bracket, then index)."""
    size = bracket_size(n)
    k = size.bit_length() - 1
    order = seed_order(size)
    slots: list[Slot] = []

    def seed(s: int) -> Feed:
        return ("seed", s if s < n else None)

    for r in range(1, k + 1):
        count = size >> r
        for m in range(count):
            if r == 1:
                feeds: tuple[Feed, Feed] = (seed(order[2 * m]), seed(order[2 * m + 1]))
            else:
                feeds = (("winner", (WINNERS, r - 1, 2 * m)), ("winner", (WINNERS, r - 1, 2 * m + 1)))
            name = label(labels.WINNERS_MATCH, round=r, number=m + 1) if double else _round_label(r, k, m)
            slots.append(Slot((WINNERS, r, m), r, feeds, name, WINNERS if double else ""))
    if not double:
        return sorted(slots, key=_play_order)
    for i in range(1, 2 * k - 1):
        count = size >> ((i + 1) // 2 + 1)
        for m in range(count):
            if i == 1:
                feeds = (("loser", (WINNERS, 1, 2 * m)), ("loser", (WINNERS, 1, 2 * m + 1)))
            elif i % 2 == 0:
                j = i // 2
                feeds = (("winner", (LOSERS, i - 1, m)), ("loser", (WINNERS, j + 1, _drop(j, m, count))))
            else:
                feeds = (("winner", (LOSERS, i - 1, 2 * m)), ("winner", (LOSERS, i - 1, 2 * m + 1)))
            name = label(labels.LOSERS_MATCH, round=i, number=m + 1)
            slots.append(Slot((LOSERS, i, m), i + 1, feeds, name, LOSERS))
    final = 2 * k
    lb_champion: Feed = ("winner", (LOSERS, 2 * k - 2, 0)) if k > 1 else ("loser", (WINNERS, 1, 0))
    slots.append(Slot((FINAL, 1, 0), final, (("winner", (WINNERS, k, 0)), lb_champion), label(labels.GRAND_FINAL),
                      FINAL))
    slots.append(Slot((RESET, 1, 0), final + 1, (("reset", 0), ("reset", 1)), label(labels.GRAND_FINAL_RESET),
                      RESET))
    return sorted(slots, key=_play_order)


def _play_order(slot: Slot) -> tuple[int, int, int, int]:
    bracket, r, m = slot.key
    return (slot.round, _BRACKET_ORDER[bracket], r, m)


def last_round(n: int, double: bool) -> int:
    """The last round the bracket can need (double elimination counts the possible reset)."""
    k = bracket_size(n).bit_length() - 1
    return 2 * k + 1 if double else k


def _match(cell: Cell, number: int) -> Match:
    name = BYE_LABEL if len(cell.present) == 1 else str(cell.slot.label)
    return Match(cell.slot.round, number, cell.present, cell.slot.bracket, name)


def round_matches(cells: Sequence[Cell], round_no: int) -> list[tuple[Cell, Match]]:
    """The non-empty slots of ``round_no`` (entries all known) as numbered matches."""
    out: list[tuple[Cell, Match]] = []
    for cell in cells:
        if cell.slot.round == round_no and cell.known and cell.present:
            out.append((cell, _match(cell, len(out) + 1)))
    return out


def replay(entries: Sequence[int], done: Sequence[Sequence[Result]], double: bool) -> list[Cell]:
    """Fill the bracket with the finished rounds; raise ValueError if a result is missing, stray or drawn."""
    cells = [Cell(slot) for slot in layout(len(entries), double)]
    by_key = {c.slot.key: c for c in cells}
    final_round = last_round(len(entries), double)
    if len(done) > final_round:
        raise ValueError(f"{len(done)} rounds of results for a bracket of at most {final_round} rounds")

    def feed(f: Feed) -> tuple[bool, int | None]:
        if f[0] == "seed":
            return True, None if f[1] is None else entries[f[1]]
        if f[0] == "reset":
            # the reset is played only when the losers-bracket champion (side 1) won the grand final
            gf = by_key[(FINAL, 1, 0)]
            if gf.winner is None:
                return False, None
            return True, gf.entries[f[1]] if gf.winner == gf.entries[1] else None
        kind, ref = f
        source = by_key[ref]
        if not source.known or (source.present and source.winner is None):
            return False, None
        return True, source.winner if kind == "winner" else source.loser

    def settle(round_no: int, results: Sequence[Result] | None) -> None:
        for cell in cells:
            if cell.slot.round != round_no:
                continue
            (known_a, a), (known_b, b) = (feed(f) for f in cell.slot.feeds)
            cell.entries, cell.known = (a, b), known_a and known_b
        if results is None:
            return
        pending = {id(c): c for c, m in round_matches(cells, round_no) if not m.is_bye}
        for result in results:
            check_result(result)
            present = set(result.match.entries)
            if result.match.is_bye:
                if not any(c.present == result.match.entries for c, _ in round_matches(cells, round_no)):
                    raise ValueError(f"round {round_no} has no bye for {result.match.entries}")
                continue
            found = [c for c in pending.values() if set(c.present) == present
                     and (not result.match.bracket or result.match.bracket == c.slot.bracket)]
            if not found:
                raise ValueError(f"round {round_no} has no match {result.match.entries} (or it has two results)")
            cell = found[0]
            if result.winner is None:
                raise ValueError(f"{cell.slot.label}: an elimination match needs a winner")
            if result.winner not in cell.present:
                raise ValueError(f"{cell.slot.label}: winner {result.winner} did not play in it")
            cell.result, cell.winner = result, result.winner
            cell.loser = next(e for e in cell.present if e != result.winner)
            del pending[id(cell)]
        if pending:
            missing = ", ".join(str(c.slot.label) for c in pending.values())
            raise ValueError(f"round {round_no} is missing results for {missing}")
        for cell in cells:
            if cell.slot.round == round_no and len(cell.present) == 1:
                cell.winner = cell.present[0]

    # every slot's feeds come from earlier rounds, so settling round by round fills the whole bracket
    for round_no, results in enumerate(done, start=1):
        settle(round_no, results)
    settle(len(done) + 1, None)
    return cells


def finished(cells: Sequence[Cell]) -> bool:
    """True once the bracket has a champion."""
    keys = {c.slot.key: c for c in cells}
    if (RESET, 1, 0) not in keys:
        final = max((c for c in cells if c.slot.key[0] == WINNERS), key=lambda c: c.slot.key[1])
        return final.winner is not None
    gf, reset = keys[(FINAL, 1, 0)], keys[(RESET, 1, 0)]
    if gf.winner is None:
        return False
    return gf.winner == gf.entries[0] or reset.winner is not None


def next_round(entries: Sequence[int], done: Sequence[Sequence[Result]], double: bool) -> list[Match] | None:
    """The matches of round ``len(done) + 1``, or None when the bracket has its champion."""
    cells = replay(entries, done, double)
    if finished(cells):
        return None
    matches = [m for _, m in round_matches(cells, len(done) + 1)]
    if not matches:
        raise RuntimeError(f"bracket of {len(entries)} has nothing to play in round {len(done) + 1}")
    return matches


def played(cells: Sequence[Cell]) -> list[list[Result]]:
    """The finished matches round by round, byes included as results (whether or not the caller sent them)."""
    rounds: dict[int, list[Result]] = {}
    for cell in cells:
        if cell.winner is None:
            continue
        match = _match(cell, 0)
        rounds.setdefault(cell.slot.round, []).append(cell.result or bye_result(match))
    return [rounds[r] for r in sorted(rounds)]


def standings(entries: Sequence[int], done: Sequence[Sequence[Result]], double: bool) -> list[Standing]:
    """Champion first, then by how late each entry was knocked out (those out in the same round share the
    rank, ordered by score difference then seed); entries still in come first, fewest losses first."""
    cells = replay(entries, done, double)
    totals = tally(entries, played(cells), allow_draw=False)
    out_in: dict[int, int] = {}
    losses = {e: 0 for e in entries}
    for cell in sorted(cells, key=lambda c: c.slot.round):
        if cell.loser is None:
            continue
        losses[cell.loser] += 1
        if losses[cell.loser] == (2 if double else 1):
            out_in[cell.loser] = cell.slot.round

    def key(e: int) -> tuple[float, ...]:
        return (1, -out_in[e]) if e in out_in else (0, losses[e])

    def make(e: int, rank: int) -> Standing:
        t = totals[e]
        return Standing(e, rank, t.points, t.played, t.wins, t.draws, t.losses,
                        {"score_diff": r6(t.score_diff)}, eliminated_in=out_in.get(e), byes=t.byes)

    return ranked(entries, key, make, then=lambda e: (-r6(totals[e].score_diff),))
