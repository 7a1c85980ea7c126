"""The opponent styles of the gauntlet (``bench/gauntlet.py``): each the way one kind of human player bids
and plays, written from the description in its docstring, not from the project's bots.

Every style is a :class:`Style`: a bidding rule and a few plain habits of play (does it duck once its
side's contract is made, does it cover a partner's nil, how hard does it go after an opponent's nil, does it
play to set, how often does it play a random card). The play itself is the classic whist and bridge
maxims every Spades guide repeats: second hand low, third hand high, win a trick as cheaply as possible,
don't beat a partner who is already winning, cash aces early, trump a suit you are void in.

Sources: the rule documents under ``shared/seeds/`` (``002`` the rules of nil and bags; ``003`` the
"advice from the pros" list and the difficulty levels; ``004`` the six tips: bid a little under, listen to
partner's bid, make a short suit to trump, stop taking tricks once the bid is made, play low under a
partner who is winning, lead low into an opponent's nil), and the public guides that teach the same
count (Bicycle Cards' "How to Play Spades", pagat.com's Spades page, Hoyle): an ace a trick, a king with
another card of its suit a trick, a queen with two others half a trick, every spade past the third a
trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.engine import Bid
from games.engine.cards import RANK_OF, SPADE_MASK, SPADES, SUIT_OF

from .table import Table, cards_of, highest, lowest, suit

ACE, KING, QUEEN = 12, 11, 10


def count(hand: int) -> float:
    """The classic count of a hand: every ace one trick; a king with at least one other card of its suit
    one; a queen with at least two others a half; in spades the same honours, and every spade past the
    third one more (the guides' "long trumps"). Voids and singletons are not counted: a counting bidder
    is no ruffing planner."""
    total = 0.0
    for s in range(4):
        m = suit(hand, s)
        n = m.bit_count()
        ranks = {RANK_OF[c] for c in cards_of(m)}
        if ranks & {13, 14, ACE}:  # the ace (or a joker) of the suit
            total += len(ranks & {13, 14, ACE})
        if KING in ranks and n >= 2:
            total += 1
        if QUEEN in ranks and n >= 3:
            total += 0.5 if s != SPADES else 1
        if s == SPADES:
            total += max(0, n - 3)
    return total


def nearest(t: Table, number: int, *, nil: bool) -> Bid:
    """The legal open bid nearest ``number`` (nil when wanted and legal)."""
    bids = t.legal_bids()
    if nil and Bid(0) in bids:
        return Bid(0)
    numbers = [b for b in bids if not b.is_nil] or bids
    return min(numbers, key=lambda b: (abs(b.tricks - number), b.tricks))


# The styles' bids ------------------------------------------------------------------------------------------


def counting_bid(t: Table, rng: random.Random) -> Bid:
    """The count rounded, at least one; never nil."""
    return nearest(t, max(1, round(count(t.hand))), nil=False)


def weak_hand(hand: int) -> bool:
    """A hand a nil-happy player calls weak: a count under two and no ace of spades."""
    return count(hand) < 2 and not hand >> (SPADES * 13 + ACE) & 1


def nil_happy_bid(t: Table, rng: random.Random) -> Bid:
    """Nil on every weak hand (:func:`weak_hand`), whatever the partner bid; else the count."""
    return nearest(t, max(1, round(count(t.hand))), nil=weak_hand(t.hand))


def low_bid(t: Table, rng: random.Random) -> Bid:
    """The count less one, at least one; never nil."""
    return nearest(t, max(1, round(count(t.hand)) - 1), nil=False)


def over_bid(t: Table, rng: random.Random) -> Bid:
    """The count plus one, plus two with a count of four or more; never nil."""
    c = round(count(t.hand))
    return nearest(t, max(1, c + (2 if c >= 4 else 1)), nil=False)


# Play -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """A kind of player: its bid and its habits of play."""

    name: str
    bid: Callable[[Table, random.Random], Bid]
    ducks_when_made: bool = True
    """Once its side's contract is made, it plays its highest card that loses (the guides' bag advice)."""
    covers_nil: bool = True
    """It protects a partner's nil: overtakes the partner's winning card, plays high ahead of the partner."""
    attack: int = 1
    """Against an opponent's live nil: 0 plays on as usual; 1 leads low into it and plays under it while its
    own contract is safe; 2 goes after it first, whatever it costs the contract."""
    sets: bool = False
    """Once made, it keeps taking tricks while the opponents can still be set."""
    random_rate: float = 0.0
    """The share of its plays that are a random legal card."""

    def card(self, t: Table, rng: random.Random) -> int:
        legal = t.legal()
        options = cards_of(legal)
        if len(options) == 1:
            return options[0]
        if self.random_rate and rng.random() < self.random_rate:
            return rng.choice(options)
        if t.live_nil(t.seat):
            return duck(t, legal)
        if self.covers_nil and t.partner is not None and t.live_nil(t.partner):
            c = cover(t, legal)
            if c >= 0:
                return c
        nils = [s for s in t.opponents if t.live_nil(s)]
        need = t.need(t.seat)
        if nils and (self.attack >= 2 or (self.attack == 1 and need < t.tricks_left - 1)):
            c = attack(t, legal, nils, self.attack >= 2)
            if c >= 0:
                return c
        setting = self.sets and any(0 < t.need(o) <= t.tricks_left for o in t.opponents)
        if need <= 0 and self.ducks_when_made and not setting:
            return duck(t, legal)
        return take(t, legal)


def take(t: Table, legal: int) -> int:
    """Classic trick-taking play."""
    if not t.trick:
        return lead(t, legal)
    led = SUIT_OF[t.trick[0]]
    follow = suit(legal, led)
    partner_winning = t.partner is not None and t.best_seat == t.partner
    win = t.winners(legal)
    position = len(t.trick)  # 1: second hand, 2: third hand, 3: last
    if partner_winning:
        pc = t.trick[(t.partner - t.leader) % t.players]  # type: ignore[operator]
        if position == t.players - 1 or t.master(pc) and SUIT_OF[pc] == led or SUIT_OF[pc] == SPADES:
            return lowest(follow) if follow else discard(legal)
    if follow:
        if position == 1:
            return lowest(follow)  # second hand low
        follow_win = follow & win
        if not follow_win:
            return lowest(follow)
        if position == t.players - 1:
            return lowest(follow_win)  # last: the cheapest card that wins
        return highest(follow_win)  # third hand high
    spades_win = win & SPADE_MASK
    if spades_win and not partner_winning:
        return lowest(spades_win, spades_last=False)  # trump, as low as wins
    return discard(legal)


def lead(t: Table, legal: int) -> int:
    """Cash a side-suit ace (or master card), then draw trumps with the top spade when long in them, then
    lead low from the longest side suit."""
    for c in reversed(cards_of(legal & ~SPADE_MASK)):
        if t.master(c):
            return c
    spades = legal & SPADE_MASK
    if spades and t.master(highest(spades)) and spades.bit_count() >= 3:
        return highest(spades)
    side = [s for s in range(3) if suit(legal, s)]
    if side:
        longest = max(side, key=lambda s: suit(legal, s).bit_count())
        return lowest(suit(legal, longest))
    return lowest(legal, spades_last=False)


def discard(legal: int) -> int:
    """Nothing to win with: the lowest side card, else the lowest spade."""
    return lowest(legal)


def duck(t: Table, legal: int) -> int:
    """Lose the trick, unloading the highest card that still loses; lead the lowest card held."""
    if not t.trick:
        return lowest(legal)
    led = SUIT_OF[t.trick[0]]
    win = t.winners(legal)
    losers = legal & ~win
    if losers:
        if suit(losers, led):
            return highest(suit(losers, led))
        return highest(losers, spades_first=True)
    # Everything wins: the lowest if someone may still overtake, else the highest.
    return lowest(win, spades_last=False) if t.to_play_after() else highest(win)


def cover(t: Table, legal: int) -> int:
    """Protect the partner's nil; -1 when the trick needs nothing special."""
    partner = t.partner
    assert partner is not None
    if not t.trick:
        return highest(legal & ~SPADE_MASK or legal)  # lead high: the partner ducks under it
    led = SUIT_OF[t.trick[0]]
    win = t.winners(legal)
    if t.played_this_trick(partner):
        if t.best_seat == partner and win:
            follow_win = suit(win, led)
            return lowest(follow_win) if follow_win else lowest(win, spades_last=False)
        return -1
    follow = suit(legal, led)
    if follow:
        return highest(follow)
    if win and t.best_seat not in (t.seat, partner):
        return lowest(win, spades_last=False)
    return -1


def attack(t: Table, legal: int, nils: list[int], all_out: bool) -> int:
    """Try to make an opponent's nil take a trick; -1 when the trick offers nothing."""
    voids = 0
    for s in nils:
        voids |= t.voids[s]
    if not t.trick:
        suits = [s for s in range(4) if suit(legal, s) and not voids >> s & 1]
        if not suits:
            return -1
        # The lowest card we hold of a suit the nil bidder still holds: side suits first.
        best = min(suits, key=lambda s: (s == SPADES, RANK_OF[lowest(suit(legal, s), spades_last=False)]))
        return lowest(suit(legal, best), spades_last=False)
    led = SUIT_OF[t.trick[0]]
    if t.best_seat in nils:  # the nil is winning the trick: stay under it
        losers = legal & ~t.winners(legal)
        if losers:
            if suit(losers, led):
                return highest(suit(losers, led))
            return highest(losers & ~SPADE_MASK or losers)
        return -1
    if any(not t.played_this_trick(s) for s in nils):
        follow = suit(legal, led)
        if follow:
            return lowest(follow)  # keep the bar low for the nil bidder to duck under
        if all_out:  # void: throw a high side card, keep low ones for later leads
            side = legal & ~SPADE_MASK
            return highest(side) if side else lowest(legal, spades_last=False)
    return -1


STYLES: dict[str, Style] = {}


def _style(style: Style) -> Style:
    STYLES[style.name] = style
    return style


CLASSIC = _style(Style("counting", counting_bid))
"""The classic counting bidder of the beginners' guides (Bicycle, pagat.com; seed 003's advice from the pros):
bids its count (aces, guarded kings and queens, spades past three) and never nil; second hand low, third hand
high, the cheapest winner last, never over a partner who is winning; ducks once its bid is made (004 tip 4)
and leads low into an opponent's nil while its contract is safe (004 tip 6)."""

NIL_HAPPY = _style(Style("nil_happy", nil_happy_bid, attack=0))
"""The player who loves the 100-point bonus (seeds 002 and 004 describe the nil it chases): bids nil on every
weak hand (a count under two, no ace of spades), even beside a partner's nil, which seed 003 advises against;
otherwise it counts; it never goes after an opponent's nil, plays on as usual."""

HUNTER = _style(Style("nil_hunter", low_bid, attack=2))
"""The nil hunter (004 tip 6: lead low into the nil; breaking it costs them 100 points, which can matter more
than your own bid): bids its count less one, never nil, and throws everything at an opposing nil, its own
contract second: leads its lowest card of a suit the nil bidder holds, plays under the nil when it is winning,
follows low ahead of it, discards high when void so the low cards stay for later."""

OVERBIDDER = _style(Style("overbidder", over_bid, sets=True))
"""The overbidder who plays to set (seed 003: a set may be worth a bag or two): bids its count plus one, plus two
with a count of four or more, never nil, and once its contract is made goes on taking tricks while the
opponents can still be set."""

BAG_CARELESS = _style(Style("bag_careless", low_bid, ducks_when_made=False, attack=0))
"""The bag-careless player (the habit seed 004 tip 1 warns about: under-bidding every hand until the bags cost a
hundred): bids its count less one, never nil, and takes what comes, never ducking a trick to save a bag nor
playing any differently against a nil."""

WEAK = _style(Style("weak", counting_bid, random_rate=0.5))
"""The weak player (a beginner who has not learnt the play: seed 003's beginner level): bids the count, plays a
random legal card half of the time and the classic play otherwise."""
