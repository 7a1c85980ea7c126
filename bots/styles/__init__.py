"""Opponent styles: bots that play the way kinds of human players do (a counting bidder, a nil lover, a nil
hunter, an overbidder, a bag-careless player, a weak player), for the gauntlet (``bench/gauntlet.py``), and
for any arena match (:mod:`bots.arena` seats them by name through :func:`decider`).

They live here, beside the strategies and not in ``bench/``, because they are players: the arena, the
partners' measurement and the tests seat them like the levels, and ``bench/`` only measures. An
import-linter contract keeps them apart from :mod:`bots.strategies` (a style written from the project's own
strategies would test the bots against themselves); like the strategies they are a pure library on the
engine, which alone says what is legal and who takes a trick.

Each style's description, and where it comes from, is the docstring under it in :mod:`.players`.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import BID, EXCHANGE, PLAY, RuleSet, card_name

from .players import STYLES, Style, count
from .table import Table, cards_of, read

__all__ = ["STYLES", "Style", "Table", "count", "decide", "read"]


def decide(name: str, view: dict[str, Any], rules: RuleSet, rng: random.Random) -> dict[str, Any]:
    """The action of style ``name`` from a seat view (JSON), in the API's notation without ``seq``."""
    style = STYLES[name]
    if view.get("cards_hidden"):
        return {"type": "look"}
    t = read(view, rules)
    phase = view["phase"]
    if phase == BID:
        bid = style.bid(t, rng)
        return {"type": "bid", "bid": bid.tricks, "blind": bid.blind}
    if phase == EXCHANGE:
        due = (view.get("exchange") or {}).get("due") or [0] * rules.players
        k = due[t.seat]
        mine = cards_of(t.hand)
        give = mine[-k:] if t.is_nil(t.seat) else mine[:k]  # a nil sheds its highest, its partner its lowest
        return {"type": "exchange", "cards": [card_name(c) for c in give]}
    if phase == PLAY:
        return {"type": "play", "card": card_name(style.card(t, rng))}
    raise ValueError(f"nothing to decide in phase {phase}")
