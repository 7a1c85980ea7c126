"""Hand evaluation for bidding: how many tricks a hand should take, how safe it is for nil, and which
hands may not go nil at all.

Side-suit honours follow the published trick-probability guide, by the length of the suit: with three
cards an ace takes a trick .98 of the time, a king .86 and a queen .49; with six cards .92, .54 and .10.
Other lengths are interpolated between those two and tapered outside them. Spades count by their rank
against the spades still above them and by length, plus ruffs in short side suits with spades to spare.
A three-player table's seventeen-card hands are read as if scaled to thirteen cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from games.engine import RuleSet, parse_card
from games.engine.cards import RANK_OF, SPADES, SUIT_MASKS, SUIT_OF

from .tricks import SUIT_BASE

# Probability that the ace, king or queen of a side suit takes a trick, by the length of the suit.
# Lengths 3 and 6 are the guide's figures; 4 and 5 are interpolated; shorter and longer are tapered.
ACE_P = {1: 0.95, 2: 0.97, 3: 0.98, 4: 0.96, 5: 0.94, 6: 0.92, 7: 0.85, 8: 0.75}
KING_P = {1: 0.15, 2: 0.70, 3: 0.86, 4: 0.75, 5: 0.64, 6: 0.54, 7: 0.40, 8: 0.30}
QUEEN_P = {1: 0.02, 2: 0.20, 3: 0.49, 4: 0.36, 5: 0.23, 6: 0.10, 7: 0.05, 8: 0.0}

COUNT_THRESHOLD = 0.45
"""A card is named among the 'counted' cards of a bid hint when it is worth at least this much."""


class Estimate(NamedTuple):
    """The trick estimate of a hand: ``tricks`` in all, and the cards that were counted for it."""

    tricks: float
    counted: list[int]


def _table(table: dict[int, float], length: int) -> float:
    return table[min(max(length, 1), 8)]


@lru_cache(maxsize=16384)
def side_suit(pattern: int, scale: float) -> tuple[float, tuple[tuple[int, float], ...]]:
    """Tricks expected from the honours of one side suit held as the 13-bit rank ``pattern`` (bit 12 the
    ace), with each honour's share; ``scale`` maps a longer hand's lengths to a 13-card table."""
    length = max(1, round(pattern.bit_count() * scale))
    ace, king, queen = pattern >> 12 & 1, pattern >> 11 & 1, pattern >> 10 & 1
    parts: list[tuple[int, float]] = []
    if ace:
        parts.append((12, _table(ACE_P, length)))
    if king:
        p = _table(KING_P, length)
        if ace:
            p = min(0.95, p + 0.1)
        parts.append((11, p))
    if queen:
        p = _table(QUEEN_P, length)
        if ace and king:
            p = min(0.9, p + 0.3)
        elif ace or king:
            p = min(0.8, p + 0.12)
        parts.append((10, p))
    return sum(p for _, p in parts), tuple(parts)


@lru_cache(maxsize=16384)
def spade_suit(held: int, deck_spades: int) -> tuple[float, tuple[tuple[int, float], ...]]:
    """Tricks expected from the spades ``held`` (a mask) when ``deck_spades`` is every spade in play
    (jokers included): each spade by how many higher spades are out and whether it has enough lower
    spades to wait for them, then long spades beyond the fourth."""
    mine = [c for c in range(53, 38, -1) if held >> c & 1]
    length = len(mine)
    parts: list[tuple[int, float]] = []
    for i, c in enumerate(mine):
        higher_out = (deck_spades & ~held & ~((2 << c) - 1)).bit_count()
        lower_mine = length - 1 - i
        if higher_out == 0:
            p = 1.0
        elif lower_mine >= higher_out:
            p = {1: 0.85, 2: 0.62, 3: 0.42}.get(higher_out, 0.25)
        elif higher_out == 1:
            p = 0.45
        else:
            p = 0.1 if higher_out <= 3 else 0.0
        parts.append((c, p))
    total = sum(p for _, p in parts)
    if length >= 5:
        total = max(total, sum(p for _, p in parts[:3]) + 0.85 * (length - 4))
    return total, tuple(parts)


def deck_spades(rules: RuleSet) -> int:
    """Every spade in play for ``rules`` (jokers included when used)."""
    mask = SUIT_MASKS[SPADES]
    if not rules.jokers:
        mask &= (1 << 52) - 1
    return mask


def estimate(hand: int, rules: RuleSet) -> Estimate:
    """How many tricks ``hand`` should take on its own, and which cards were counted."""
    scale = 13 / rules.cards_per_hand
    counted: list[tuple[int, float]] = []
    total = 0.0
    lengths = []
    for s in range(3):
        pattern = hand >> SUIT_BASE[s] & 0x1FFF
        lengths.append(round(pattern.bit_count() * scale))
        if pattern:
            v, parts = side_suit(pattern, scale)
            total += v
            counted.extend((SUIT_BASE[s] + r, p) for r, p in parts)
    spades = hand & SUIT_MASKS[SPADES]
    sv, sparts = spade_suit(spades, deck_spades(rules))
    total += sv
    counted.extend(sparts)
    n_spades = spades.bit_count()
    # Ruffs: short side suits and spades that were not already counted as tricks.
    spare = n_spades - sum(1 for _, p in sparts if p >= 0.6)
    if spare > 0:
        ruff = 0.0
        for length in lengths:
            ruff += {0: 0.9, 1: 0.55, 2: 0.2}.get(length, 0.0)
        total += min(ruff, spare * 0.8)
    return Estimate(total, sorted(c for c, p in counted if p >= COUNT_THRESHOLD))


def nil_risk(hand: int, rules: RuleSet) -> float:
    """How dangerous ``hand`` is for a nil bid (0 is perfectly safe; above 1 the nil usually fails).

    High spades are the worst (they cannot be discarded); then side-suit aces and kings without low cards
    to duck under; long spades add risk because the holder may be forced to ruff; low cards in a suit
    make its high cards easier to get rid of."""
    risk = 0.0
    spades = [c for c in range(53, 38, -1) if hand >> c & 1]
    top = deck_spades(rules)
    for i, c in enumerate(spades):
        higher_out = (top & ~hand & ~((2 << c) - 1)).bit_count()
        lower_mine = len(spades) - 1 - i
        if higher_out == 0:
            risk += 1.2
        elif higher_out == 1:
            risk += 0.8 if lower_mine else 0.6
        elif higher_out == 2:
            risk += 0.45
        elif higher_out == 3:
            risk += 0.25
        elif rank_of_spade(c) >= 6:  # eight and above
            risk += 0.1
    if len(spades) > 3:
        risk += 0.35 * (len(spades) - 3)
    for s in range(3):
        pattern = hand >> SUIT_BASE[s] & 0x1FFF
        if not pattern:
            continue
        lows = (pattern & 0x1F).bit_count()  # two to six
        length = pattern.bit_count()
        for r, weight in ((12, 0.8), (11, 0.5), (10, 0.28), (9, 0.12), (8, 0.05)):
            if pattern >> r & 1:
                cover = (pattern & ((1 << r) - 1)).bit_count()  # lower cards held in the suit
                factor = 1.0 if cover == 0 else (0.75 if cover == 1 else 0.55 if cover == 2 else 0.4)
                risk += weight * factor
        if length >= 4 and lows == 0:
            risk += 0.2
    return risk


LONG_SUIT = 5
"""A suit this long (counted on a 13-card hand) rules out nil: the rule documents call a side suit of five
or more "long" (000), and late in the hand its low cards are left to win when the others are void."""

HIGH_SPADE_RANK = RANK_OF[parse_card("QS")]
"""The queen of spades and everything above it (king, ace, jokers) are the high spades that bar a nil."""


def nil_bars(hand: int, rules: RuleSet) -> list[str]:
    """Why ``hand`` may not bid nil at all, whatever :func:`nil_risk` says: ``"ace"`` (any ace: a card that
    plainly wins, the ace of spades above all, 003), ``"high_spade"`` (the queen of spades or higher: the
    trumps a nil bidder has to get rid of, 000), ``"long_suit"`` (a suit of :data:`LONG_SUIT` or more).
    Empty when a nil may be considered; the one definition used by the bots' nil choice and the hint."""
    bars = []
    if any(hand >> c & 1 and RANK_OF[c] == 12 for c in range(52)):
        bars.append("ace")
    if any(hand >> c & 1 and SUIT_OF[c] == SPADES and RANK_OF[c] >= HIGH_SPADE_RANK for c in range(54)):
        bars.append("high_spade")
    scale = 13 / rules.cards_per_hand
    if any(round((hand & SUIT_MASKS[s]).bit_count() * scale) >= LONG_SUIT for s in range(4)):
        bars.append("long_suit")
    return bars


def rank_of_spade(card: int) -> int:
    """The rank of a spade (0 for the two, 12 for the ace, 13/14 for the jokers)."""
    return card - 39
