"""The rules engine's refusals of a rule set (:class:`~games.engine.RuleSetError`, the ``invalid_rules``
field errors) in the request's language.

The engine writes them in English and keeps no messages. Each refusal it can make is listed here as the
template it is made from, a msgid of the project's catalogue (``locale/ja``, ``make messages``): a refusal is
matched against the templates, and the particulars it quotes (switch names, values, limits) go into the
template in the active language. A test reads every refusal out of the engine's source and checks that each
has its template here, so a new one cannot stay English by oversight.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils.translation import gettext, gettext_noop

TEMPLATES: tuple[str, ...] = (
    gettext_noop("%(switch)s must be one of %(choices)s"),
    gettext_noop("%(switch)s must be true or false"),
    gettext_noop("%(switch)s must be a number or null"),
    gettext_noop("%(switch)s must be a number"),
    gettext_noop("%(switch)s must be a string"),
    gettext_noop("%(switch)s must be %(low)s or %(high)s"),
    gettext_noop("%(switch)s must be between %(low)s and %(high)s, or null"),
    gettext_noop("%(switch)s must be between %(low)s and %(high)s"),
    gettext_noop("%(switch)s must be 0 or more, or null"),
    gettext_noop("%(switch)s must be 0 or more"),
    gettext_noop("%(switch)s must be at least %(low)s"),
    gettext_noop("%(switch)s must not be negative"),
    gettext_noop("%(switch)s must be positive"),
    gettext_noop("%(switch)s must be below zero"),
    gettext_noop("%(switch)s needs %(other)s"),
    gettext_noop("partnerships need 4 players; 3 players play cutthroat"),
    gettext_noop("%(switch)s passes cards to a partner; cutthroat has none"),
    gettext_noop("%(rule)s needs nil for a hand without spades"),
    gettext_noop("%(rule)s fixes every bid by the spades held, so there are no blind bids"),
    gettext_noop("%(rule)s bids cannot be held to a board minimum"),
    gettext_noop("%(rule)s bids leave no room for suicide's nil duty"),
    gettext_noop("%(rule)s bids cannot avoid a given total"),
    gettext_noop("suicide is a partnership game"),
    gettext_noop("suicide's forced nil can make the bid total impossible to avoid"),
    gettext_noop("a time bank needs a move clock"),
    gettext_noop("unknown preset %(preset)s; presets: %(presets)s"),
    gettext_noop("unknown switches: %(switches)s"),
)
"""Every refusal of a rule set, in English as the engine writes it, with its particulars as placeholders."""

_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each template as a pattern that matches the English refusals made from it; the templates with more
    fixed words first, so that a general one ("%(switch)s needs %(other)s") never takes a particular one's."""
    patterns = []
    for template in TEMPLATES:
        parts = _PLACEHOLDER.split(template)  # literal, name, literal, name, …
        regex = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
        patterns.append((re.compile(f"^{regex}$"), template))
    return tuple(sorted(patterns, key=lambda p: -len(_PLACEHOLDER.sub("", p[1]))))


def template_of(refusal: str) -> tuple[str, dict[str, str]] | None:
    """The template ``refusal`` (the engine's English) was made from, with its particulars; ``None`` for
    one that no template makes."""
    for pattern, template in _patterns():
        found = pattern.match(refusal)
        if found:
            return template, found.groupdict()
    return None


def translated(refusal: str) -> str:
    """``refusal`` in the active language (the request's, under ``LocaleMiddleware``); as it is when no
    template makes it."""
    found = template_of(refusal)
    if found is None:
        return refusal
    template, particulars = found
    return gettext(template) % particulars
