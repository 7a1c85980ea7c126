"""Bidding: which bids a seat may make and why not, from the spades it holds, whether it has looked and
what the table has bid so far (the bid rule, nil, blind nil and blind number bids, suicide's nil duty, the
board and the forbidden total). :class:`~games.engine.Game` and the bots both ask
:class:`BiddingPosition`, so every bidding rule is written here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .reasons import Reason
from .rules import RuleSet, highest_bid, lowest_bid, partner_of
from .scoring import Bid, make_record

_OPEN_BIDS: Final = tuple(Bid(n) for n in range(19))
_BLIND_BIDS: Final = tuple(Bid(n, True) for n in range(19))
"""Every bid of 0 to 18 tricks (the most a hand can have), open and blind. Bids are values, so the lists of
legal bids and the game's record of the bids made share these rather than make new ones on every call."""


def the_bid(tricks: int, blind: bool = False) -> Bid:
    """The :class:`~games.engine.scoring.Bid` of ``tricks`` (0 is nil), blind or not: the shared value for any
    bid a hand can hold."""
    if 0 <= tricks < 19:
        return _BLIND_BIDS[tricks] if blind else _OPEN_BIDS[tricks]
    return Bid(tricks, blind)


class BiddingPosition(NamedTuple):
    """What the bidding rules need to know about the seat whose turn it is to bid, worked out once so
    that checking each bid is cheap (a named tuple: the game makes one for every bid it checks). Build
    one with :func:`bidding_position`."""

    rules: RuleSet
    spades: int
    """Spades the seat holds (jokers included)."""
    looked: bool
    """Whether the seat has seen its cards: it may then no longer bid blind."""
    blind_nil_ok: bool
    """Whether the seat's side may bid blind nil this hand (the trailing condition met)."""
    blind_bid_ok: bool
    """Whether the seat's side may make a blind number bid this hand."""
    partners_bid: bool
    """Whether every partner of the seat has bid (always so in cutthroat, where there is none)."""
    partner_tricks: int
    """The tricks the seat's partners have bid."""
    partners_all_nil: bool
    """Whether every partner has bid nil, blind or not (vacuously so in cutthroat)."""
    partner_nil: bool
    """Whether a partner has bid nil, blind or not."""
    last: bool
    """Whether the seat is the last of the table to bid."""
    table_tricks: int
    """The tricks the table has bid so far."""
    lowest: int
    """The lowest open bid (:func:`~games.engine.rules.lowest_bid`)."""
    highest: int
    """The highest bid, every trick of the hand (:func:`~games.engine.rules.highest_bid`)."""
    blind_highest: int
    """The highest blind number bid."""

    def reason(self, tricks: int, blind: bool = False) -> Reason | None:
        """Why the seat may not bid ``tricks`` (0 is nil), blind or not, or ``None`` when it may."""
        if not 0 <= tricks <= self.highest:
            return Reason.BID_OUT_OF_RANGE
        r = self.rules
        if blind:
            if not (self.blind_nil_ok if tricks == 0 else self.blind_bid_ok):
                return Reason.BLIND_NOT_ALLOWED
            if self.looked:
                return Reason.CARDS_ALREADY_SEEN
            if tricks > self.blind_highest:
                return Reason.BID_OUT_OF_RANGE
        else:
            if tricks < self.lowest:
                return Reason.NIL_NOT_ALLOWED
            if r.bid_rule == "mirror" and tricks != self.spades:
                return Reason.BID_MUST_EQUAL_SPADES
            if r.bid_rule == "whiz" and tricks not in (self.spades, 0):
                return Reason.BID_MUST_BE_SPADES_OR_NIL
        if r.suicide:
            if r.board and 0 < tricks < r.board:
                return Reason.BELOW_BOARD
            if self.partners_bid and tricks != 0 and not self.partner_nil:
                return Reason.NIL_REQUIRED
        elif r.board and self.partners_bid and tricks + self.partner_tricks < r.board and not (
            tricks == 0 and self.partners_all_nil
        ):
            return Reason.BELOW_BOARD
        if r.bid_total_not_tricks and self.last and tricks + self.table_tricks == self.highest:
            return Reason.BID_TOTAL_EQUALS_TRICKS
        return None

    def legal_bids(self) -> list[Bid]:
        """Every bid the seat may make, lowest first: the open bids, then the blind ones while it has not
        looked.

        The rules of :meth:`reason` read as sets of bids rather than tested one candidate at a time: the
        seat's own limits give the candidates (a run of the shared bids, sliced off their table), and the
        table's (suicide's nil duty, the board, the forbidden total) take out what they bar. The engine's tests
        check the two agree on every position."""
        r = self.rules
        top = self.highest
        if r.bid_rule == "mirror":
            out = [_OPEN_BIDS[self.spades]] if self.lowest <= self.spades <= top else []
        elif r.bid_rule == "whiz":
            out = [_OPEN_BIDS[n] for n in sorted({0, self.spades}) if self.lowest <= n <= top]
        else:
            out = list(_OPEN_BIDS[self.lowest:top + 1])
        out = self._table_allows(out)
        if not self.looked:
            blind = [_BLIND_BIDS[0]] if self.blind_nil_ok else []
            if self.blind_bid_ok:
                blind += _BLIND_BIDS[1:min(top, self.blind_highest) + 1]
            out += self._table_allows(blind)
        return out

    def _table_allows(self, bids: list[Bid]) -> list[Bid]:
        """The ``bids`` that the table's rules leave the seat (the last checks of :meth:`reason`)."""
        r = self.rules
        if r.suicide:
            if r.board:
                bids = [b for b in bids if not 0 < b.tricks < r.board]
            if self.partners_bid and not self.partner_nil:
                bids = [b for b in bids if b.tricks == 0]
        elif r.board and self.partners_bid:
            floor = r.board - self.partner_tricks
            bids = [b for b in bids if b.tricks >= floor or (b.tricks == 0 and self.partners_all_nil)]
        if r.bid_total_not_tricks and self.last:
            forbidden = self.highest - self.table_tricks
            bids = [b for b in bids if b.tricks != forbidden]
        return bids


def bidding_order(dealer: int, players: int) -> list[int]:
    """The seats in the order they bid: the dealer's left first, then clockwise."""
    return [(dealer + 1 + k) % players for k in range(players)]


def bidding_position(
    rules: RuleSet,
    seat: int,
    bids: Sequence[Bid | None],
    *,
    spades: int,
    looked: bool = True,
    blind_nil_ok: bool = False,
    blind_bid_ok: bool = False,
    limits: tuple[int, int, int] | None = None,
) -> BiddingPosition:
    """The bidding position of ``seat`` holding ``spades`` spades when the table has bid ``bids`` (one
    entry a seat, ``None`` for a seat yet to bid). ``limits`` is ``(lowest, highest, blind highest)`` when
    the caller has them at hand (a game looks them up once)."""
    lowest, top, blind_top = limits or (lowest_bid(rules), highest_bid(rules), highest_bid(rules, blind=True))
    partner = partner_of(rules, seat)
    if partner is None:  # cutthroat: no partner, so "every partner" has bid, and bid nil, vacuously
        partners_bid = partners_all_nil = True
        partner_nil = False
        partner_tricks = 0
    else:
        partner_bid = bids[partner]
        partners_bid = partner_bid is not None
        partner_tricks = 0 if partner_bid is None else partner_bid.tricks
        partners_all_nil = partner_nil = partners_bid and partner_tricks == 0
    table_tricks = 0
    for b in bids:
        if b is not None:
            table_tricks += b.tricks
    return make_record(BiddingPosition, (
        rules, spades, looked, blind_nil_ok, blind_bid_ok, partners_bid, partner_tricks, partners_all_nil,
        partner_nil, bids.count(None) == 1, table_tricks, lowest, top, blind_top,
    ))
