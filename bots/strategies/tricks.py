"""Card arithmetic for trick play on bit masks: the top card of a suit, picking the lowest or highest card
of a holding, and which cards of a hand are worth the same.

Which card beats which is the engine's (:mod:`games.engine.tricks`); this module re-exports its tables.
A hand is a bit mask of cards in the engine's numbering (``suit * 13 + rank``, jokers 52 and 53 above the
ace of spades), so within one suit a higher bit is always a higher card, jokers included.
"""

from __future__ import annotations

from typing import Final

from games.engine.cards import SPADE_MASK, SPADES, SUIT_MASKS
from games.engine.tricks import HIGHER as ABOVE
from games.engine.tricks import LOWER as BELOW
from games.engine.tricks import NON_SPADE_MASK, winning_cards

__all__ = ["ABOVE", "BELOW", "NON_SPADE_MASK", "SPADE_MASK", "SUIT_BASE", "distinct_moves", "high", "low",
           "lowest_by_rank", "lowest_equivalent", "winning_cards"]

SUIT_BASE: Final = (0, 13, 26, 39)


def high(mask: int) -> int:
    """The highest card of a holding in one suit (the highest-numbered card of any mask)."""
    return mask.bit_length() - 1


def low(mask: int) -> int:
    """The lowest card of a holding in one suit (the lowest-numbered card of any mask)."""
    return (mask & -mask).bit_length() - 1


def lowest_by_rank(mask: int, *, spades_last: bool = True) -> int:
    """The lowest-ranked card of a mixed holding; side-suit cards before spades of the same rank, and with
    ``spades_last`` any side card before any spade."""
    best = -1
    best_key = 99
    for s in range(4):
        m = mask & SUIT_MASKS[s]
        if m:
            c = low(m)
            key = c - SUIT_BASE[s] + (50 if spades_last and s == SPADES else 0)
            if key < best_key:
                best, best_key = c, key
    return best


def lowest_equivalent(card: int, hand: int, gone: int) -> int:
    """The lowest card of ``hand`` that is worth exactly as much as ``card``: every card between them is
    the player's own or ``gone`` (played to a finished trick). A card on the current trick is neither, so
    it always keeps apart a card that beats it from one that does not."""
    below = BELOW[card]
    out = card
    c = card - 1
    while c >= 0 and below >> c & 1:
        if hand >> c & 1:
            out = c
        elif not gone >> c & 1:
            break
        c -= 1
    return out


def distinct_moves(legal: int, gone: int) -> list[int]:
    """The legal cards with equivalent cards (see :func:`lowest_equivalent`) reduced to the lowest of each
    run, so a search does not try the same move twice."""
    out = []
    seen = 0
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        while m:
            c = high(m)
            m ^= 1 << c
            if seen >> c & 1:
                continue
            e = lowest_equivalent(c, legal, gone)
            seen |= (ABOVE[e] & ~ABOVE[c] | (1 << e)) & legal  # the whole run
            out.append(e)
    out.sort()
    return out
