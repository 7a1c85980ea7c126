"""Cards, suits, ranks and the two-character notation (`QS`, `TH`, `2C`, jokers `BJ`/`LJ`).

A card is a plain ``int`` so that hands can be bit masks: bit ``c`` of a hand is set when the hand holds
card ``c``. Cards ``0..51`` are ``suit * 13 + rank`` with suits clubs, diamonds, hearts, spades and ranks
``2`` (0) up to ace (12). The little joker is 52 and the big joker 53; both are spades that outrank the
ace (seed ``000``, "joker high"), so every rule that asks "is it a spade?" treats them as spades.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from .reasons import Reason

Card = int
"""A card, ``0..53``; see the module docstring for the numbering."""

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"

LITTLE_JOKER: Card = 52
BIG_JOKER: Card = 53
JOKERS = (LITTLE_JOKER, BIG_JOKER)

CARD_NAMES: Final[tuple[str, ...]] = tuple(r + s for s in SUIT_LETTERS for r in RANK_LETTERS) + ("LJ", "BJ")
"""The notation of every card, indexed by card."""

SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52)) + (SPADES, SPADES)
"""The suit of every card; jokers are spades."""

RANK_OF: Final[tuple[int, ...]] = tuple(c % 13 for c in range(52)) + (13, 14)
"""The rank of every card within its suit, 0 for a two; the jokers rank 13 (little) and 14 (big)."""

SUIT_MASKS: Final[tuple[int, ...]] = tuple(
    sum(1 << c for c in range(54) if SUIT_OF[c] == s) for s in range(4)
)
"""For every suit, the mask of all its cards (jokers included in spades)."""

CARD_BITS: Final[tuple[int, ...]] = tuple(1 << c for c in range(54))
"""The mask of each card alone (``1 << card``), made once: in the pure form a shift past bit 29 makes a
new two-digit int every time."""

SPADE_MASK: Final = SUIT_MASKS[SPADES]
FACE_MASK: Final = sum(1 << (s * 13 + r) for s in range(4) for r in (9, 10, 11))
"""Jacks, queens and kings: the face cards a misdeal rule looks for."""

_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}
_BY_NAME.update({"10" + s: 8 + i * 13 for i, s in enumerate(SUIT_LETTERS)})


class InvalidCardError(ValueError):
    """A string that names no card; ``params`` quotes it (``{"card": "ZZ"}``) for a message."""

    code: ClassVar[str] = Reason.UNKNOWN_CARD.value
    """The reason code (a class constant: compiled by mypyc, a plain ``code = ...`` would be an instance
    attribute that the exception never sets)."""

    def __init__(self, text: object) -> None:
        self.params: dict[str, object] = {"card": str(text)[:10]}
        super().__init__(f"{text!r} is not a card; write rank then suit, like QS, TH, 2C, BJ")


def parse_card(text: object) -> Card:
    """The card named by ``text`` (``QS``, ``th``, ``10H``, ``BJ``); raises :class:`InvalidCardError`."""
    if isinstance(text, str):
        card = _BY_NAME.get(text.strip().upper())
        if card is not None:
            return card
    raise InvalidCardError(text)


def card_name(card: Card) -> str:
    """The two-character notation of ``card``."""
    return CARD_NAMES[card]


def cards_named(names: Iterable[str]) -> list[Card]:
    """The cards of names in the engine's own notation (:data:`CARD_NAMES`, as views and events write
    them), read fast; any other spelling goes through :func:`parse_card`."""
    get = _BY_NAME.get
    out = []
    for name in names:
        card = get(name)
        out.append(parse_card(name) if card is None else card)
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _suit_patterns(first: Card) -> tuple[tuple[Card, ...], ...]:
    """For every 13-bit pattern of the suit whose two is ``first``, the cards it stands for."""
    return tuple(tuple(first + b for b in range(13) if x >> b & 1) for x in range(1 << 13))


# cards_in is on the hot path of every legal-move query, and a table lookup per suit beats peeling bits one at
# a time. (One Final name a table: compiled, a Final module constant is a C variable, not a dict lookup.)
_CLUB_CARDS: Final = _suit_patterns(0)
_DIAMOND_CARDS: Final = _suit_patterns(13)
_HEART_CARDS: Final = _suit_patterns(26)
_SPADE_CARDS: Final = _suit_patterns(39)
_JOKER_CARDS: Final[tuple[tuple[Card, ...], ...]] = ((), (52,), (53,), (52, 53))


def cards_in(mask: int) -> list[Card]:
    """The cards of a mask, lowest first: clubs, diamonds, hearts, then spades, each from the two up."""
    # Suits the mask holds nothing of are skipped: most masks asked for are one suit (the cards that follow).
    # A mask of 54 bits is a two-digit Python int, and every operation on one makes a new one; split once
    # into its low 26 bits (clubs, diamonds) and the rest (hearts, spades, jokers), each half a one-digit int
    # that the interpreter's fast paths take (random hands: 1.7% fewer instructions pure, compiled level).
    out: list[Card] = []
    if low := mask & 0x3FFFFFF:
        if x := low & 0x1FFF:
            out.extend(_CLUB_CARDS[x])
        if x := low >> 13:
            out.extend(_DIAMOND_CARDS[x])
    if high := mask >> 26:
        if x := high & 0x1FFF:
            out.extend(_HEART_CARDS[x])
        if x := high >> 13:
            out.extend(_SPADE_CARDS[x & 0x1FFF])
            if x > 0x1FFF:
                out.extend(_JOKER_CARDS[x >> 13 & 3])
    return out


def hand_names(mask: int) -> tuple[str, ...]:
    """The notation of the cards of a mask, lowest first: a hand as events and views write it."""
    return tuple([CARD_NAMES[c] for c in cards_in(mask)])


def names(mask_or_cards: int | Iterable[Card]) -> list[str]:
    """The notation of the cards of a mask or of a sequence of cards."""
    cards = cards_in(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return [CARD_NAMES[c] for c in cards]


def count(mask: int) -> int:
    """The number of cards in a mask."""
    return mask.bit_count()


def build_deck(*, players: int, jokers: bool) -> list[Card]:
    """The cards dealt for a table of ``players`` (seed ``000``).

    Four players use 52 cards; with jokers the two jokers come in and the 2♣ and 2♦ go out. Three players
    drop the 2♣ (51 cards, 17 each); with jokers they keep all 52 and add both jokers (54, 18 each).
    """
    deck = list(range(52))
    if players == 4:
        if jokers:
            deck = [c for c in deck if c not in (0, 13)] + list(JOKERS)
    elif players == 3:
        deck = deck + list(JOKERS) if jokers else [c for c in deck if c != 0]
    else:
        raise ValueError("Spades is played by three or four players")
    return deck
