"""The card exchange of a nil side (nil passing, blind nil exchange): the nil bidder passes its most
dangerous cards, its partner passes its lowest ones.

The same choice serves every level: it is the one the rule documents describe and there is little to
gain from searching it.
"""

from __future__ import annotations

from games.engine.cards import SPADES, SUIT_OF

from .knowledge import Knowledge
from .tricks import SUIT_BASE


def danger(card: int, hand: int) -> float:
    """How likely ``card`` is to win a trick its holder would rather lose: high cards, spades above all,
    and high cards in short suits."""
    suit = SUIT_OF[card]
    r = card - SUIT_BASE[suit]
    lower = (hand >> SUIT_BASE[suit] & ((1 << r) - 1)).bit_count() if r < 13 else 0
    if suit == SPADES:
        return 20 + r * 2 - 0.2 * lower
    return r * 1.5 - lower * 1.2


def choose_pass(kn: Knowledge, count: int) -> list[int]:
    """The ``count`` cards to pass: if we bid nil, our most dangerous ones; if partner did, our lowest
    side-suit cards (low spades last)."""
    cards = [c for c in range(54) if kn.hand >> c & 1]
    me = kn.bids[kn.seat]
    if me is not None and me.is_nil:
        ranked = sorted(cards, key=lambda c: (-danger(c, kn.hand), c))
    else:
        ranked = sorted(cards, key=lambda c: (SUIT_OF[c] == SPADES, c - SUIT_BASE[SUIT_OF[c]], c))
    return sorted(ranked[:count])
