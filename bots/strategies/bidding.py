"""Bids at each level, the blind decisions taken before looking, and the choice of the nearest legal bid
when the rules constrain it (mirror and whiz fix the number, suicide forces a nil, a board or a forbidden
bid total moves it).

- easy: one trick for every side-suit ace and king and every strong spade (A K Q J 10), as the rule
  documents' beginner advice says (003); it never bids nil unless the rules force it.
- normal: the trick-probability estimate of :mod:`.evaluate`, adjusted to what the others bid (a partner's
  big bid takes our kings' and queens' value, an opponent's nil gives us tricks, a table total far above
  the tricks available shaves the bid), a little under when bags are cheap and exact near the bag
  limit; nil with a very weak hand when partner can cover. The bid hint is this bid with one more
  rule: never nil with a hand the rule documents say cannot go nil (an ace, a high spade, a long suit:
  :func:`.evaluate.nil_bars`) unless the rules force it. The bots themselves may: such nils still make
  about two times in three against bots, and barring them cost the normal bot 6.8 points per deal
  [4.3, 9.4] over 1,000 duplicate deals.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine import Bid
from games.engine.cards import SPADES, SUIT_OF

from .evaluate import estimate, nil_bars, nil_risk
from .knowledge import Knowledge
from .tricks import SUIT_BASE


class BidChoice(NamedTuple):
    """A bid and the cards counted for it (for the bid hint)."""

    bid: Bid
    counted: list[int]


STRONG_SPADES = (12, 11, 10, 9, 8)  # A K Q J T

ROUND_UP = 0.3
"""The normal bid is the estimate plus this, rounded down (a little under the estimate: a set costs the
whole contract, a bag only a point and a tenth of a penalty)."""

NIL_RISK = 0.85
"""The normal bot bids nil when the hand's nil danger (:func:`.evaluate.nil_risk`) is below this (with a
partner to cover it)..."""

NIL_TRICKS = 2.0
"""...and the hand is worth fewer tricks than this."""

ROUND_UP_TIGHT = 0.5
"""The same near the bag limit, where overtricks cost more."""


def easy_count(kn: Knowledge) -> tuple[int, list[int]]:
    """The beginner's count: side-suit aces and kings, and spades from the ten up (jokers too)."""
    counted = []
    for c in range(54):
        if not kn.hand >> c & 1:
            continue
        suit = SUIT_OF[c]
        r = c - SUIT_BASE[suit]
        if (suit == SPADES and (r in STRONG_SPADES or r > 12)) or (suit != SPADES and r in (11, 12)):
            counted.append(c)
    return len(counted), counted


def easy_bid(kn: Knowledge, legal: list[Bid]) -> BidChoice:
    """The easy bot's bid: its count, at least one, moved to the nearest legal bid."""
    n, counted = easy_count(kn)
    return BidChoice(nearest_legal(legal, max(1, n), want_nil=False, kn=kn), counted)


def normal_estimate(kn: Knowledge) -> tuple[float, list[int]]:
    """The normal bot's expected tricks for its hand after listening to the bids already made."""
    est = estimate(kn.hand, kn.rules)
    e = est.tricks
    tricks = kn.rules.cards_per_hand
    partner = kn.partner
    if partner is not None and (pb := kn.bids[partner]) is not None and not pb.is_nil:
        e -= 0.15 * max(0, pb.tricks - 3)  # partner holds the strong cards: our kings and queens weaken
    opp_nils = sum(1 for s in kn.opponents if kn.is_nil(s))
    e += 0.45 * opp_nils  # a nil bidder ducks, so the rest of the table takes its tricks
    made = [b.tricks for b in kn.bids if b is not None]
    pending = sum(1 for s, b in enumerate(kn.bids) if b is None and s != kn.seat)
    average = tricks / kn.players * 0.8
    projected = sum(made) + e + pending * average
    if projected > tricks + 0.5:
        e -= (projected - tricks - 0.5) / (pending + 2)
    return e, est.counted


def normal_bid(kn: Knowledge, legal: list[Bid], *, barred: bool = False) -> BidChoice:
    """The normal bot's bid: nil for a very weak hand when allowed, else its estimate rounded a little
    down (exactly near the bag limit), moved to the nearest legal bid. ``barred`` (the bid hint's
    advice to a person) also rules out nil for the hands of :func:`.evaluate.nil_bars`."""
    e, counted = normal_estimate(kn)
    rules = kn.rules
    bags_tight = rules.overtricks == "bags" and kn.bags[kn.side] >= rules.bag_limit - 3
    shade = ROUND_UP_TIGHT if bags_tight else ROUND_UP
    number = max(1, int(e + shade))
    want_nil = wants_nil(kn, legal, e, barred=barred)
    bid = nearest_legal(legal, number, want_nil=want_nil, kn=kn)
    return BidChoice(bid, [] if bid.is_nil else counted)


def wants_nil(kn: Knowledge, legal: list[Bid], e: float, *, barred: bool = False) -> bool:
    """Whether a hand this weak should bid nil (the rules allowing it). With ``barred`` (the bid hint),
    never a hand with a bar of :func:`.evaluate.nil_bars`; where the rules leave nil as the only bid,
    :func:`nearest_legal` still gives it."""
    if Bid(0) not in legal or (barred and nil_bars(kn.hand, kn.rules)):
        return False
    risk = nil_risk(kn.hand, kn.rules)
    partner = kn.partner
    rules = kn.rules
    if partner is None:
        threshold = 0.45  # nobody covers a nil in cutthroat
    else:
        pb = kn.bids[partner]
        if pb is not None and pb.is_nil:
            return False  # two nils on one side almost never both make it
        threshold = NIL_RISK
        if pb is not None and pb.tricks >= 4:
            threshold += 0.2
    if rules.suicide and partner is not None and kn.bids[partner] is None:
        # One of us must bid nil: the weaker hand should, and partner is forced when we bid a number.
        return e < 2.6 or risk < 1.6
    if rules.bid_rule == "whiz":
        spades = kn.spades_in_hand()
        return spades == 0 or (risk < threshold + 0.3 and spades <= 3)
    if kn.deficit() < -150:
        threshold -= 0.15  # far ahead: no need to gamble
    return risk < threshold and e < NIL_TRICKS


def nearest_legal(legal: list[Bid], number: int, *, want_nil: bool, kn: Knowledge) -> Bid:
    """The open (non-blind) legal bid closest to the wanted one: nil when wanted and legal, else the
    number nearest ``number`` (nil only if nothing else is legal)."""
    open_bids = [b for b in legal if not b.blind]
    if not open_bids:
        return legal[0]
    if want_nil and Bid(0) in open_bids:
        return Bid(0)
    numbers = [b for b in open_bids if not b.is_nil]
    if not numbers:
        return open_bids[0]
    return min(numbers, key=lambda b: (abs(b.tricks - number), b.tricks > number))


def blind_choice(kn: Knowledge, legal: list[Bid], level: str) -> Bid | None:
    """A blind bid worth making before looking, or ``None`` to look at the cards.

    Blind nil when the side trails badly (200 or more, or 100 with the leader near the target) and
    the partner has not bid nil; easy never bids blind. Blind number bids are left alone."""
    if level == "easy" or Bid(0, True) not in legal:
        return None
    partner = kn.partner
    if partner is not None and (pb := kn.bids[partner]) is not None and pb.is_nil:
        return None
    deficit = kn.deficit()
    leader = max(kn.scores)
    desperate = deficit >= 200 or (deficit >= 100 and leader >= kn.rules.target - 150)
    if partner is None:
        desperate = deficit >= 250
    return Bid(0, True) if desperate else None
