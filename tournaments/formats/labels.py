"""The names the formats give to what a person reads: matches ("Semi-final 1", "Round 2 Table 3", "Bye"),
rounds, and the headings and notes of the pictures, each made from one English template of
:data:`TEMPLATES` and its particulars (a :class:`Label`), so that a caller can show them in any language.

The library stays pure: it never translates. A :class:`Label`'s ``str()`` is its English, which is what a
:class:`~tournaments.formats.Match` carries as ``label`` and what a tournament's stored matches keep;
:meth:`Label.text` writes it with a ``translate`` callable that maps an English template to the template in
another language (the Django side passes ``gettext``; ``locale/ja`` holds the Japanese). A stored English
label is read back into its :class:`Label` by :func:`parse`, so :func:`translated` can show any label the
formats ever wrote. The templates are marked with :func:`gettext_noop` where they are defined, which is how
``make messages`` (xgettext) finds them without this module importing Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

Translate = Callable[[str], str]
"""An English template to the same template in the reader's language (``%(name)s`` placeholders kept)."""


def english(template: str) -> str:
    """The :data:`Translate` that keeps the English."""
    return template


def gettext_noop(template: str) -> str:
    """Marks ``template`` for the message catalogue (the name is the keyword xgettext looks for)."""
    return template


# Matches: what Match.label carries (and tournaments store), one template each.
FINAL = gettext_noop("Final")
SEMI_FINAL = gettext_noop("Semi-final %(number)s")
QUARTER_FINAL = gettext_noop("Quarter-final %(number)s")
ROUND_MATCH = gettext_noop("Round %(round)s Match %(number)s")
WINNERS_MATCH = gettext_noop("W R%(round)s M%(number)s")
LOSERS_MATCH = gettext_noop("L R%(round)s M%(number)s")
GRAND_FINAL = gettext_noop("Grand final")
GRAND_FINAL_RESET = gettext_noop("Grand final reset")
ROUND_TABLE = gettext_noop("Round %(round)s Table %(number)s")
ROUND_BOARD = gettext_noop("Round %(round)s Board %(number)s")
BYE = gettext_noop("Bye")

MATCH_TEMPLATES: tuple[str, ...] = (FINAL, SEMI_FINAL, QUARTER_FINAL, ROUND_MATCH, WINNERS_MATCH, LOSERS_MATCH,
                                    GRAND_FINAL, GRAND_FINAL_RESET, ROUND_TABLE, ROUND_BOARD, BYE)
"""Every template a match's label is made from: :func:`parse` reads stored labels back with these."""

# Rounds and the pictures' words.
SEMI_FINALS = gettext_noop("Semi-finals")
QUARTER_FINALS = gettext_noop("Quarter-finals")
ROUND = gettext_noop("Round %(round)s")
WINNERS_ROUND = gettext_noop("Winners round %(round)s")
LOSERS_ROUND = gettext_noop("Losers round %(round)s")
WINNERS_BRACKET = gettext_noop("Winners bracket")
LOSERS_BRACKET = gettext_noop("Losers bracket")
WINNER_OF = gettext_noop("Winner of %(match)s")
LOSER_OF = gettext_noop("Loser of %(match)s")
IF_SPLIT = gettext_noop("if the grand final is split")
EMPTY_SIDE = gettext_noop("bye")
TOURNAMENT = gettext_noop("Tournament")
ENTRY = gettext_noop("Entry")
POINTS = gettext_noop("Pts")
ROUND_COLUMN = gettext_noop("R%(round)s")
SCORE_DIFF = gettext_noop("Diff")
NORTH_SOUTH = gettext_noop("NS")
EAST_WEST = gettext_noop("EW")

TEMPLATES: tuple[str, ...] = (*MATCH_TEMPLATES, SEMI_FINALS, QUARTER_FINALS, ROUND, WINNERS_ROUND, LOSERS_ROUND,
                              WINNERS_BRACKET, LOSERS_BRACKET, WINNER_OF, LOSER_OF, IF_SPLIT, EMPTY_SIDE,
                              TOURNAMENT, ENTRY, POINTS, ROUND_COLUMN, SCORE_DIFF, NORTH_SOUTH, EAST_WEST)
"""Every English text the formats show a person; each needs its line in every catalogue (a test checks)."""

@dataclass(frozen=True)
class Label:
    """A text of one of :data:`TEMPLATES` with its particulars (numbers, or another label: "Winner of
    Semi-final 1")."""

    template: str
    particulars: tuple[tuple[str, int | str | Label], ...] = ()

    def text(self, translate: Translate = english) -> str:
        """The label in the language of ``translate`` (each particular label too)."""
        values = {name: value.text(translate) if isinstance(value, Label) else value
                  for name, value in self.particulars}
        return translate(self.template) % values if values else translate(self.template)

    def __str__(self) -> str:
        return self.text()


def label(template: str, **particulars: int | str | Label) -> Label:
    """The :class:`Label` of ``template`` with ``particulars``."""
    return Label(template, tuple(sorted(particulars.items())))


_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each match template as a pattern of its English, the longest fixed text first ("Grand final reset"
    before "Grand final")."""
    out = []
    for template in MATCH_TEMPLATES:
        parts = _PLACEHOLDER.split(template)
        regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>[0-9]+)" for i, part in enumerate(parts))
        out.append((re.compile(f"^{regex}$"), template))
    return tuple(sorted(out, key=lambda p: -len(_PLACEHOLDER.sub("", p[1]))))


def parse(text: str) -> Label | None:
    """The match label whose English is ``text``; ``None`` for a text no match template makes."""
    for pattern, template in _patterns():
        found = pattern.match(text)
        if found:
            return label(template, **{k: int(v) for k, v in found.groupdict().items()})
    return None


def translated(text: str, translate: Translate) -> str:
    """A match label in English (as a Match carries it) in the language of ``translate``; a text that is no
    label of the formats as it is."""
    found = parse(text)
    return text if found is None else found.text(translate)

