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
    me = kn.bids[kn.seat]
    return cards_to_pass(kn.hand, count, nil_bidder=me is not None and me.is_nil)


def cards_to_pass(hand: int, count: int, *, nil_bidder: bool) -> list[int]:
    """The ``count`` cards of ``hand`` (a mask) to pass: a nil bidder's most dangerous ones, its
    partner's lowest side-suit cards (low spades last)."""
    cards = [c for c in range(54) if hand >> c & 1]
    if nil_bidder:
        ranked = sorted(cards, key=lambda c: (-danger(c, hand), c))
    else:
        ranked = sorted(cards, key=lambda c: (SUIT_OF[c] == SPADES, c - SUIT_BASE[SUIT_OF[c]], c))
    return sorted(ranked[:count])


def exchange(hands: list[int], due: list[int], nil: list[bool], partner: list[int | None]) -> list[int]:
    """Every seat's hand once the due exchanges are made (``due[s]`` cards from ``s`` to its partner,
    chosen as :func:`cards_to_pass` would): how the search sees the cards a nil pass will bring."""
    out = hands[:]
    for s, count in enumerate(due):
        p = partner[s]
        if not count or p is None:
            continue
        for c in cards_to_pass(hands[s], count, nil_bidder=nil[s]):
            out[s] &= ~(1 << c)
            out[p] |= 1 << c
    return out
