"""Card arithmetic for trick play on bit masks: suits, which card beats which, the top card of a suit,
and picking the lowest or highest card of a holding.

A hand is a bit mask of cards in the engine's numbering (``suit * 13 + rank``, jokers 52 and 53 above the
ace of spades), so within one suit a higher bit is always a higher card, jokers included.
"""

from __future__ import annotations

from games.engine.cards import SPADES, SUIT_MASKS, SUIT_OF

SPADE_MASK = SUIT_MASKS[SPADES]
NON_SPADE_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]

ABOVE: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(54))
"""For every card, the mask of the cards of its suit that beat it."""

BELOW: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ((1 << c) - 1) for c in range(54))
"""For every card, the mask of the cards of its suit that it beats."""

SUIT_BASE = (0, 13, 26, 39)


def power(card: int, led: int) -> int:
    """How strongly ``card`` bids for a trick in which suit ``led`` was led: any spade (trump) beats every
    other suit, a card of the led suit beats the discards, and a discard (-1) never wins."""
    suit = SUIT_OF[card]
    if suit == SPADES:
        return 100 + card - 39
    if suit == led:
        return card - SUIT_BASE[suit]
    return -1


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


def winning_cards(legal: int, best_power: int, led: int) -> int:
    """The cards of ``legal`` that would take the lead of the trick from a card of ``best_power``."""
    if best_power < 0:
        return legal
    if best_power >= 100:
        return legal & ABOVE[best_power - 61]  # the spade of that power is card 39 + (power - 100)
    out = legal & SPADE_MASK
    out |= legal & ABOVE[SUIT_BASE[led] + best_power] & SUIT_MASKS[led]
    return out


def lowest_equivalent(card: int, hand: int, unseen: int) -> int:
    """The lowest card of ``hand`` that is worth exactly as much as ``card``: no unseen card lies between
    them (the cards between are the player's own or already played)."""
    below = BELOW[card]
    out = card
    c = card - 1
    while c >= 0 and below >> c & 1:
        if unseen >> c & 1:
            break
        if hand >> c & 1:
            out = c
        c -= 1
    return out


def distinct_moves(legal: int, unseen: int) -> list[int]:
    """The legal cards with equivalent cards (touching once played cards are left out) reduced to the
    lowest of each run, so a search does not try the same move twice."""
    out = []
    seen = 0
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        while m:
            c = high(m)
            m ^= 1 << c
            if seen >> c & 1:
                continue
            e = lowest_equivalent(c, legal, unseen)
            # mark the whole run as seen
            run = ABOVE[e] & ~ABOVE[c] | (1 << e)
            seen |= run & legal
            out.append(e)
    out.sort()
    return out
