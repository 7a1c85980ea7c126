"""Tournament formats as a pure Python library (no Django): round robin, single and double elimination,
swiss and duplicate. Given the entries (ids, best seed first) and the results of the rounds played so far,
it says what the next round is, who stands where, and draws the bracket or crosstable as SVG.

Everything is a function of its arguments: the same entries and results always give the same round, so
a caller may ask twice. Typical use::

    from tournaments.formats import Result, next_round, standings

    done = []
    while (matches := next_round("swiss", entries, done, seed="spring-cup")) is not None:
        done.append([play(match) for match in matches])   # a Result per match, byes included
    table = standings("swiss", entries, done)

Each format's module docstring says exactly how it pairs and ranks: :mod:`.round_robin`,
:mod:`.elimination`, :mod:`.swiss`, :mod:`.duplicate`; the pictures come from :mod:`.svg`. The names of
matches and the pictures' words are English, made from :mod:`.labels`' templates: ``translated(label,
translate)`` and the pictures' ``translate=`` show them in another language (the library never translates).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import duplicate, elimination, round_robin, swiss
from .base import (
    ELIMINATION,
    FORMATS,
    MAX_ENTRIES,
    MAX_TRIPLES_ROUND_ROBIN,
    Format,
    FormatError,
    Match,
    Result,
    Standing,
    bye_result,
    check_entries,
    default_swiss_rounds,
    validate,
)
from .duplicate import matchpoints, top_matchpoints
from .labels import Label, Translate, english, translated
from .svg import bracket_svg as _bracket_svg
from .svg import notice_svg


def rounds_planned(fmt: str, n_entries: int, *, rounds: int | None = None, table_size: int = 2) -> int:
    """How many rounds the tournament plays. Double elimination counts the grand final reset, which is
    played only if the losers-bracket champion wins the grand final (so the event may end a round early).
    """
    validate(fmt, n_entries, rounds=rounds, table_size=table_size)
    if fmt == "round_robin":
        return round_robin.rounds_planned(n_entries, table_size)
    if fmt in ELIMINATION:
        return elimination.last_round(n_entries, fmt == "double_elimination")
    if fmt == "swiss":
        return rounds if rounds is not None else default_swiss_rounds(n_entries, table_size)
    return duplicate.rounds_planned(n_entries, rounds)


def next_round(
    fmt: str,
    entries: Sequence[int],
    done: Sequence[Sequence[Result]],
    *,
    rounds: int | None = None,
    table_size: int = 2,
    seed: str = "",
) -> list[Match] | None:
    """The matches of the next round (round ``len(done) + 1``), or None when the tournament is over.

    ``done`` holds the results of every round played, each round complete (a bye's result may be left out).
    Raises :class:`FormatError` for a configuration that cannot run and ValueError for results that do not
    fit the rounds this function handed out. ``seed`` only tosses the round-1 sides in swiss.
    """
    entries = list(entries)
    check_entries(entries)
    validate(fmt, len(entries), rounds=rounds, table_size=table_size)
    if fmt == "round_robin":
        return round_robin.next_round(entries, done, table_size)
    if fmt in ELIMINATION:
        return elimination.next_round(entries, done, fmt == "double_elimination")
    if fmt == "swiss":
        planned = rounds if rounds is not None else default_swiss_rounds(len(entries), table_size)
        return swiss.next_round(entries, done, planned, table_size, seed)
    return duplicate.next_round(entries, done, rounds)


def standings(
    fmt: str, entries: Sequence[int], done: Sequence[Sequence[Result]], *, table_size: int = 2
) -> list[Standing]:
    """The standings after the rounds in ``done``, rank 1 first (see each format's module for the order)."""
    entries = list(entries)
    check_entries(entries)
    validate(fmt, len(entries), table_size=table_size)
    if fmt == "round_robin":
        return round_robin.standings(entries, done, table_size)
    if fmt in ELIMINATION:
        return elimination.standings(entries, done, fmt == "double_elimination")
    if fmt == "swiss":
        return swiss.standings(entries, done, table_size)
    return duplicate.standings(entries, done)


def bracket_svg(
    fmt: str,
    entries: Sequence[int],
    done: Sequence[Sequence[Result]],
    names: Mapping[int, str],
    *,
    title: str = "",
    table_size: int = 2,
    translate: Translate = english,
) -> str:
    """A self-contained SVG picture: the bracket for elimination formats (rounds as columns, scores,
    winners in bold, byes shown), a crosstable or round-by-round grid for the others; its words in the
    language of ``translate`` (see :mod:`.labels`)."""
    entries = list(entries)
    check_entries(entries)
    validate(fmt, len(entries), table_size=table_size)
    return _bracket_svg(fmt, entries, done, names, title=title, table_size=table_size, translate=translate)


__all__ = [
    "FORMATS", "MAX_ENTRIES", "MAX_TRIPLES_ROUND_ROBIN", "Format", "FormatError", "Label", "Match", "Result",
    "Standing", "Translate", "bracket_svg", "bye_result", "english", "matchpoints", "next_round", "notice_svg",
    "rounds_planned", "standings", "top_matchpoints", "translated", "validate",
]
