"""What a style sees of the table, read from its seat view alone: its hand, the bids, the trick on the table,
the tricks won, the cards gone and the suits each seat has shown out of; and what it may do, asked of the
engine (:func:`games.engine.tricks.legal_plays`, :func:`games.engine.bidding.bidding_position`).

Written apart from :mod:`bots.strategies` on purpose (an import-linter contract keeps it so): a style is
an opponent the project's bots did not shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import Bid, RuleSet, mask_of, parse_card
from games.engine.bidding import bidding_position
from games.engine.cards import RANK_OF, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF
from games.engine.rules import partner_of, side_of
from games.engine.tricks import HIGHER, card_power, legal_plays, spade_lead_bar, winning_cards, winning_play


@dataclass
class Table:
    """One seat's sight of the hand being played (masks of cards, lists by seat)."""

    rules: RuleSet
    seat: int
    partner: int | None
    hand: int
    bids: list[Bid | None]
    won: list[int]
    trick: list[int]
    leader: int
    broken: bool
    done: int
    """Tricks finished in this hand."""
    gone: int
    """Every card played in this hand, the current trick's included."""
    voids: list[int]
    """For each seat, a 4-bit mask of the suits it has shown out of."""

    @property
    def players(self) -> int:
        return self.rules.players

    def side(self, seat: int) -> int:
        return side_of(self.rules, seat)

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if self.side(s) != self.side(self.seat)]

    def is_nil(self, seat: int) -> bool:
        b = self.bids[seat]
        return b is not None and b.is_nil

    def live_nil(self, seat: int) -> bool:
        return self.is_nil(seat) and self.won[seat] == 0

    def need(self, seat: int) -> int:
        """Tricks ``seat``'s side still needs for its number bids (0 or less once made; a nil bidder's tricks
        do not count, as the standard rules have it)."""
        mine = [s for s in range(self.players) if self.side(s) == self.side(seat)]
        bid = sum(b.tricks for s in mine if (b := self.bids[s]) is not None)
        took = sum(self.won[s] for s in mine if not self.is_nil(s) or self.rules.failed_nil_counts_for_partner)
        return bid - took

    @property
    def tricks_left(self) -> int:
        """Tricks still to play, this one included."""
        return self.rules.cards_per_hand - self.done

    # The trick ----------------------------------------------------------------------------------------

    @property
    def led(self) -> int | None:
        return SUIT_OF[self.trick[0]] if self.trick else None

    @property
    def best_seat(self) -> int:
        return (self.leader + winning_play(self.trick)) % self.players

    @property
    def best_power(self) -> int:
        if not self.trick:
            return -1
        led = SUIT_OF[self.trick[0]]
        return card_power(self.trick[winning_play(self.trick)], led)

    def played_this_trick(self, seat: int) -> bool:
        return (seat - self.leader) % self.players < len(self.trick)

    def to_play_after(self) -> list[int]:
        """The seats still to play to this trick after us."""
        return [(self.seat + k) % self.players for k in range(1, self.players - len(self.trick))]

    def legal(self) -> int:
        """The cards we may play now, as the engine says."""
        barred = spade_lead_bar(self.rules, broken=self.broken, first_trick=self.done == 0) is not None
        return legal_plays(self.hand, self.led, barred)

    def winners(self, cards: int) -> int:
        """The cards of ``cards`` that would take the lead of this trick now."""
        if not self.trick:
            return cards
        return winning_cards(cards, SUIT_OF[self.trick[0]], self.best_power)

    def master(self, card: int) -> bool:
        """No card still out (neither played nor ours) beats ``card`` in its suit."""
        return not HIGHER[card] & ~self.gone & ~self.hand & ~(1 << card)

    def legal_bids(self) -> list[Bid]:
        """The open bids we may make, as the engine says."""
        pos = bidding_position(self.rules, self.seat, self.bids, spades=(self.hand & SPADE_MASK).bit_count())
        return [b for b in pos.legal_bids() if not b.blind]


def read(view: dict[str, Any], rules: RuleSet) -> Table:
    """The :class:`Table` of the seat whose view this is."""
    seat = view["seat"]
    n = rules.players
    hand = mask_of(parse_card(c) for c in view.get("hand") or [])
    sequences = [(t["leader"], [parse_card(c) for c in t["cards"]]) for t in view.get("tricks") or []]
    trick = [parse_card(p["card"]) for p in view.get("trick") or []]
    leader = view.get("leader")
    if leader is None:
        leader = view["trick"][0]["seat"] if view.get("trick") else 0
    if trick:
        sequences.append((leader, trick))
    gone = 0
    voids = [0] * n
    for first, cards in sequences:
        led = SUIT_OF[cards[0]]
        for i, c in enumerate(cards):
            gone |= 1 << c
            if SUIT_OF[c] != led:
                voids[(first + i) % n] |= 1 << led
    bids = [None if b is None else Bid(int(b["tricks"]), bool(b.get("blind", False))) for b in view["bids"]]
    return Table(rules=rules, seat=seat, partner=partner_of(rules, seat), hand=hand, bids=bids,
                 won=list(view["tricks_won"]), trick=trick, leader=leader, broken=bool(view.get("spades_broken")),
                 done=len(view.get("tricks") or []), gone=gone, voids=voids)


# Cards as masks -------------------------------------------------------------------------------------------


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest rank first (suit order breaking ties)."""
    return sorted((c for c in range(54) if mask >> c & 1), key=lambda c: (RANK_OF[c], c))


def lowest(mask: int, *, spades_last: bool = True) -> int:
    """The lowest-ranked card of ``mask`` (side suits before spades when ``spades_last``)."""
    side = mask & ~SPADE_MASK if spades_last else mask
    return cards_of(side or mask)[0]


def highest(mask: int, *, spades_first: bool = False) -> int:
    """The highest-ranked card of ``mask`` (a spade first when ``spades_first``)."""
    if spades_first and mask & SPADE_MASK:
        return cards_of(mask & SPADE_MASK)[-1]
    return cards_of(mask)[-1]


def suit(mask: int, s: int) -> int:
    return mask & SUIT_MASKS[s]


__all__ = ["SPADES", "Table", "cards_of", "highest", "lowest", "read", "suit"]
