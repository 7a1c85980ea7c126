"""Trick play: which cards may be led or followed, which card takes the trick, what breaks spades and who
leads the first trick. Every other module, the bots included, asks these functions and tables.

Cards are ints and hands bit masks (:mod:`.cards`). Spades are always trump; the jokers are the two
highest spades, and their numbering (52, 53) already ranks them above the ace, so no rule here names
them. No rule switch changes the order of the cards: ``deuce_leads`` only decides who leads first, and the
2♣ and 2♦ that jokers push out of a four-player deck are simply never dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import RANK_OF, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF, Card
from .reasons import Reason
from .rules import RuleSet

NON_SPADE_MASK: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
"""Every card of the three side suits."""

POWER: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(100 + RANK_OF[c] if SUIT_OF[c] == SPADES else RANK_OF[c] if SUIT_OF[c] == led else -1
          for c in range(54))
    for led in range(4)
)
"""``POWER[led][card]``: how strongly ``card`` bids for a trick led in suit ``led``: a spade 100 plus its
rank, a card of the led suit its rank, any other card -1 (it never takes the trick)."""

BEATS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << c for c in range(54) if POWER[led][c] > p) for p in range(-1, 115))
    for led in range(4)
)
"""``BEATS[led][power + 1]``: the mask of the cards that take the lead from a card of ``power`` in a
trick led in suit ``led``."""

HIGHER: Final[tuple[int, ...]] = tuple(
    sum(1 << d for d in range(54) if SUIT_OF[d] == SUIT_OF[c] and RANK_OF[d] > RANK_OF[c]) for c in range(54)
)
"""For every card, the mask of the cards of its suit that outrank it."""

LOWER: Final[tuple[int, ...]] = tuple(
    sum(1 << d for d in range(54) if SUIT_OF[d] == SUIT_OF[c] and RANK_OF[d] < RANK_OF[c]) for c in range(54)
)
"""For every card, the mask of the cards of its suit that it outranks."""


def card_power(card: Card, led: int) -> int:
    """How strongly ``card`` bids for a trick led in suit ``led`` (see :data:`POWER`)."""
    return POWER[led][card]


def takes_lead(card: Card, led: int, best_power: int) -> bool:
    """Whether ``card`` takes the lead of a trick led in ``led`` whose best card so far has ``best_power``
    (-1 before the lead)."""
    return POWER[led][card] > best_power


def winning_cards(hand: int, led: int, best_power: int) -> int:
    """The cards of ``hand`` that would take the lead of a trick led in ``led`` from a card of
    ``best_power``."""
    return hand & BEATS[led][best_power + 1]


def winning_play(cards: Sequence[Card]) -> int:
    """The index of the card that takes a trick (or leads it so far) whose cards were played in
    ``cards``; 0 for an empty trick."""
    if not cards:
        return 0
    led = SUIT_OF[cards[0]]
    best = 0
    for i in range(1, len(cards)):
        if takes_lead(cards[i], led, POWER[led][cards[best]]):
            best = i
    return best


def trick_winner(cards: Sequence[Card], leader: int, players: int) -> int:
    """The seat that takes (or leads so far) the trick ``leader`` led with ``cards`` in the order played."""
    return (leader + winning_play(cards)) % players


SPADE_BREAKERS: Final = SPADE_MASK
"""The cards that break spades when played: every spade, jokers included."""

BREAKS_SPADES: Final[tuple[bool, ...]] = tuple(SPADE_BREAKERS >> c & 1 == 1 for c in range(54))
"""For every card, whether playing it breaks spades (see :data:`SPADE_BREAKERS`)."""


def breaks_spades(card: Card) -> bool:
    """Whether playing ``card`` breaks spades (see :data:`BREAKS_SPADES`)."""
    return BREAKS_SPADES[card]


def spade_lead_bar(rules: RuleSet, *, broken: bool, first_trick: bool) -> Reason | None:
    """Why a spade may not be led now by a hand that holds another suit, or ``None`` when it may: the
    first trick under ``no_spade_lead_first_trick``, or spades not yet broken under ``spades_broken``."""
    if rules.no_spade_lead_first_trick and first_trick:
        return Reason.NO_SPADES_FIRST_TRICK
    if rules.spades_broken and not broken:
        return Reason.SPADES_NOT_BROKEN
    return None


def legal_plays(hand: int, led: int | None, spades_barred: bool) -> int:
    """The cards of ``hand`` that may be played: to follow suit ``led``, its cards if the hand holds any,
    else every card; to lead (``led`` ``None``), every card but the spades while ``spades_barred``, unless
    the hand holds nothing else."""
    if led is not None:
        return hand & SUIT_MASKS[led] or hand
    if spades_barred and hand & NON_SPADE_MASK:
        return hand & NON_SPADE_MASK
    return hand


def first_leader(rules: RuleSet, dealer: int, hands: Sequence[int]) -> int:
    """The seat that leads the first trick: the dealer's left, or under ``deuce_leads`` the holder of the
    lowest club dealt (the 2♣, or the 3♣ where the 2♣ is out of the deck), after any exchange."""
    if rules.deuce_leads:
        for c in range(13):
            for seat, hand in enumerate(hands):
                if hand >> c & 1:
                    return seat
    return (dealer + 1) % len(hands)
