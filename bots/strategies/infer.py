"""Inference about the hidden hands: a Markov chain over the deals of the unseen cards that agrees with
everything seen, weighted by how well each deal explains the bids and the cards the others played.

A deal is scored seat by seat. For the bids, a seat's original hand (its cards now plus those it played)
is valued as the normal bidder would value it: a bid far from that value is unlikely (a nil bidder rarely
held the ace of spades; a seat that bid five held honours; under ``mirror`` a bid *is* the spade count).
For the play, each card a seat played is compared with what the normal player would have played from that
hand in that position: a deal in which the seat would have played something else is less likely (by the
factor :data:`MISMATCH`, not ruled out: other players are not the normal bot). Both scores depend only on
the seat's own hand, so a move of the chain (two seats swap one card each) re-scores just those two
seats. Hard constraints (hand sizes, voids shown, cards passed to the partner) hold in every deal.
"""

from __future__ import annotations

import math
import random

from games.engine.bidding import bidding_order, bidding_position
from games.engine.cards import SPADE_MASK, SUIT_OF

from .deal import deal_unseen, receivers
from .evaluate import estimate, nil_risk
from .knowledge import Knowledge
from .policy import normal_card
from .state import PlayState, Setting, from_knowledge, legal_mask, play
from .tricks import ABOVE, BELOW

MISMATCH = math.log(0.3)
"""Log-likelihood of a played card the normal player would not have played from the hand in question."""

BID_SIGMA = 0.8
"""Spread (in tricks) between a number bid and the normal bidder's value of the hand."""

NIL_SIGMA = 0.35
"""Spread of a nil bidder's hand danger above the normal bidder's nil threshold."""

NIL_THRESHOLD = 0.85


class Chain:
    """A Metropolis chain over deals of the unseen cards (see the module docstring)."""

    def __init__(self, kn: Knowledge, rng: random.Random, *, use_play: bool = True) -> None:
        self.kn = kn
        self.rng = rng
        self.seats = [s for s in receivers(kn) if s != kn.seat]
        self.hands = deal_unseen(kn, rng)
        self.pinned = list(kn.held)
        self.cache: dict[tuple[int, int], float] = {}
        self.legal_bid: dict[tuple[int, int], bool] = {}
        self.snapshots: dict[int, list[tuple[PlayState, int, int]]] = {s: [] for s in self.seats}
        self.cx: Setting | None = None
        if use_play and kn.phase == "play" and (kn.tricks or kn.trick):
            self._build_snapshots()
        self.informative = bool(any(self.snapshots.values())) or any(
            (b := kn.bids[s]) is not None and not b.blind for s in self.seats
        )
        self.loglik = {s: self._score(s, self.hands[s]) for s in self.seats}
        self.steps = 0
        self.accepted = 0

    # Scoring -------------------------------------------------------------------------------------------

    def _build_snapshots(self) -> None:
        """Replay the hand's plays so far on a blank state, keeping the public position before each
        play of another seat."""
        kn = self.kn
        n = kn.players
        plays: list[tuple[int, int]] = []
        for t in kn.tricks:
            plays.extend(((t.leader + i) % n, c) for i, c in enumerate(t.cards))
        plays.extend(((kn.leader + i) % n, c) for i, c in enumerate(kn.trick))
        first = kn.tricks[0].leader if kn.tricks else kn.leader
        st, cx = from_knowledge(kn, [kn.deck] * n)
        self.cx = cx
        st.trick = []
        st.leader = first
        st.best_seat = first
        st.best_power = -1
        st.broken = False
        st.done = 0
        st.won = [0] * n
        st.voids = [0] * n
        st.remaining = kn.deck
        later = [0] * n  # cards each seat plays from a given point on
        for s, c in plays:
            later[s] |= 1 << c
        for s, c in plays:
            if s in self.snapshots:
                self.snapshots[s].append((st.copy(), c, later[s]))
            later[s] &= ~(1 << c)
            play(st, cx, s, c)

    def _score(self, seat: int, hand: int) -> float:
        key = (seat, hand)
        got = self.cache.get(key)
        if got is None:
            got = self._bid_score(seat, hand) + self._play_score(seat, hand)
            self.cache[key] = got
        return got

    def _bid_score(self, seat: int, hand: int) -> float:
        kn = self.kn
        bid = kn.bids[seat]
        if bid is None or bid.blind:
            return 0.0
        original = hand | kn.played_by[seat]
        rules = kn.rules
        if not self._bid_was_legal(seat, (original & SPADE_MASK).bit_count()):
            return -20.0  # the engine would have refused this bid from this hand
        if rules.bid_rule != "free":
            return 0.0  # the bid was the spade count (or nil): it says nothing more
        if bid.is_nil:
            if rules.suicide:
                return 0.0  # often forced
            r = nil_risk(original, rules)
            return -0.5 * (max(0.0, r - NIL_THRESHOLD) / NIL_SIGMA) ** 2
        e = estimate(original, rules).tricks
        z = e - bid.tricks - 0.2
        if bid.tricks == 1 and z < 0:
            z = 0.0
        return -0.5 * (z / BID_SIGMA) ** 2

    def _bid_was_legal(self, seat: int, spades: int) -> bool:
        """Whether ``seat``'s open bid was legal from a hand with ``spades`` spades, after the bids made
        before it (the hand matters to the bidding rules only through its spades)."""
        key = (seat, spades)
        got = self.legal_bid.get(key)
        if got is None:
            kn = self.kn
            bid = kn.bids[seat]
            assert bid is not None
            order = bidding_order(kn.dealer, kn.players)
            earlier = order[:order.index(seat)]
            before = [b if s in earlier else None for s, b in enumerate(kn.bids)]
            position = bidding_position(kn.rules, seat, before, spades=spades)
            got = self.legal_bid[key] = position.reason(bid.tricks) is None
        return got

    def _play_score(self, seat: int, hand: int) -> float:
        snaps = self.snapshots.get(seat)
        if not snaps:
            return 0.0
        cx = self.cx
        assert cx is not None
        total = 0.0
        for st, actual, later in snaps:
            held = hand | later
            st.hands[seat] = held
            legal = legal_mask(st, cx, seat)
            if not legal & (legal - 1):
                continue
            chosen = normal_card(st, cx, seat, legal)
            if chosen != actual and not _equivalent(chosen, actual, held | _gone(st, self.kn.deck)):
                total += MISMATCH
        return total

    # Moving ----------------------------------------------------------------------------------------------

    def step(self) -> None:
        """One proposal: two seats swap one (unpinned) card each, if the voids allow; accepted with the
        Metropolis probability."""
        seats = self.seats
        if len(seats) < 2:
            return
        rng = self.rng
        a, b = rng.sample(seats, 2)
        free_a = self.hands[a] & ~self.pinned[a]
        free_b = self.hands[b] & ~self.pinned[b]
        if not free_a or not free_b:
            return
        x = _pick(free_a, rng)
        y = _pick(free_b, rng)
        kn = self.kn
        if kn.voids[b] >> SUIT_OF[x] & 1 or kn.voids[a] >> SUIT_OF[y] & 1:
            return
        self.steps += 1
        ha = self.hands[a] ^ (1 << x) ^ (1 << y)
        hb = self.hands[b] ^ (1 << x) ^ (1 << y)
        la = self._score(a, ha)
        lb = self._score(b, hb)
        delta = la + lb - self.loglik[a] - self.loglik[b]
        if delta >= 0 or rng.random() < math.exp(delta):
            self.hands[a], self.hands[b] = ha, hb
            self.loglik[a], self.loglik[b] = la, lb
            self.accepted += 1

    def advance(self, steps: int) -> list[int]:
        """Move the chain ``steps`` proposals on and return the deal it stands on (a copy)."""
        if self.informative:
            for _ in range(steps):
                self.step()
        else:
            self.hands = deal_unseen(self.kn, self.rng)
        return list(self.hands)

    def restart(self, steps: int) -> list[int]:
        """A fresh deal moved ``steps`` proposals along the chain (deals drawn this way are independent
        of each other)."""
        self.hands = deal_unseen(self.kn, self.rng)
        self.loglik = {s: self._score(s, self.hands[s]) for s in self.seats}
        return self.advance(steps)


def _pick(mask: int, rng: random.Random) -> int:
    k = rng.randrange(mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def _gone(st: PlayState, deck: int) -> int:
    """The cards played to the finished tricks of ``st`` (not those on the current trick)."""
    out = st.remaining ^ deck
    for c in st.trick:
        out &= ~(1 << c)
    return out


def _equivalent(a: int, b: int, known: int) -> bool:
    """Whether cards ``a`` and ``b`` of one suit are worth the same to a player for whom ``known`` (its
    own cards and the cards of finished tricks) are all the cards between them."""
    if SUIT_OF[a] != SUIT_OF[b]:
        return False
    lo, hi = (a, b) if a < b else (b, a)
    between = ABOVE[lo] & BELOW[hi]
    return not between & ~known
