"""Card play by rule of thumb: the easy bot's greedy play and the normal bot's play, which the hard bot
also uses to play out the hands it imagines.

A policy sees the state through one seat's eyes only: its own cards (``st.hands[seat]``), the cards still
out (``st.remaining``, i.e. every card not yet played), the trick, the tricks won, the voids shown and the
bids. It never reads another seat's hand, so the same code is honest when the other hands are a guess.

The normal play, in the words of the rule documents (``004`` tips, ``003`` advice):

- nil: duck under the winning card with the highest card that still loses; lead from the suit where the
  most higher cards are out; throw the most dangerous card when void.
- partner's nil: cover it: overtake the partner's winning card, play high when the partner plays after
  us, lead our strongest cards.
- opponent's nil: attack it while our side can spare two tricks (one, and no lead its partner can ruff,
  and the low cards kept, for the side the hard bot's search presses, ``Setting.eager_side``): lead low in a
  suit the nil bidder still holds, play under a nil bidder who is winning, play low when the nil bidder
  plays after us.
- while the side needs tricks: take them cheaply (the lowest card that wins, second hand low, don't beat
  a partner who already wins), cash side-suit winners, draw trumps with the top spades, lead a short
  side suit to trump it later, lead a suit the partner is void in.
- once the contract is made: duck (unload high cards under the winning one) to avoid bags, unless the
  opponents need almost every trick left, in which case take tricks to set them (not near the bag limit).
"""

from __future__ import annotations

from games.engine.cards import SPADES, SUIT_MASKS, SUIT_OF

from .state import PlayState, Setting
from .tricks import ABOVE, BELOW, NON_SPADE_MASK, SPADE_MASK, SUIT_BASE, high, low, lowest_by_rank, winning_cards

SET_SLACK = 3
"""Once its own contract is made, the normal bot keeps taking tricks when the opponents need at least all
the tricks left but this many (it tries to set them), unless bags are tight."""

# Easy ------------------------------------------------------------------------------------------------


def easy_card(st: PlayState, cx: Setting, seat: int, legal: int) -> int:
    """Take every trick possible: the cheapest card that wins, else the lowest card; lead a sure winner
    if there is one, else the lowest card. A nil bidder (only when the rules force it) ducks."""
    if cx.nil[seat] and st.won[seat] == 0:
        return nil_card(st, cx, seat, legal)
    others = st.remaining & ~st.hands[seat]
    if not st.trick:
        for s in (0, 1, 2, 3):
            m = legal & SUIT_MASKS[s]
            if m and not ABOVE[high(m)] & others:
                return high(m)
        return lowest_by_rank(legal)
    led = SUIT_OF[st.trick[0]]
    win = winning_cards(legal, led, st.best_power)
    if win:
        return _cheapest(win, led)
    return lowest_by_rank(legal)


def _cheapest(win: int, led: int) -> int:
    """The cheapest winning card: the lowest of the led suit, else the lowest spade."""
    m = win & SUIT_MASKS[led]
    if m:
        return low(m)
    return low(win & SPADE_MASK) if win & SPADE_MASK else lowest_by_rank(win)


# Normal ----------------------------------------------------------------------------------------------


def _safety(card: int, others: int) -> int:
    """How many outstanding cards beat ``card`` in its suit (more is safer for a card one wants to lose)."""
    return (ABOVE[card] & others).bit_count()


def _lead_low(legal: int, others: int, avoid_voids: int = 0) -> int:
    """The lead least likely to win: the lowest card of the suit with the most outstanding higher cards,
    side suits before spades; suits in ``avoid_voids`` (a 4-bit mask) last."""
    best = -1
    best_key: tuple[int, int, int, int] | None = None
    for s in (0, 1, 2, 3):
        m = legal & SUIT_MASKS[s]
        if not m:
            continue
        c = low(m)
        key = (avoid_voids >> s & 1 == 0, s != SPADES, _safety(c, others), -(c - SUIT_BASE[s]))
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _dump(cards: int, others: int) -> int:
    """The most dangerous card of ``cards`` to get rid of: spades first, then the card with the fewest
    outstanding cards above it, the higher one on a tie."""
    best = -1
    best_key: tuple[int, int, int] | None = None
    m = cards
    while m:
        c = high(m)
        m ^= 1 << c
        key = (SUIT_OF[c] == SPADES, -_safety(c, others), c - SUIT_BASE[SUIT_OF[c]])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def nil_card(st: PlayState, cx: Setting, seat: int, legal: int) -> int:
    """Play for a nil: never win a trick if it can be helped, and shed the dangerous cards safely."""
    others = st.remaining & ~st.hands[seat]
    trick = st.trick
    if not trick:
        return _lead_low(legal, others)
    led = SUIT_OF[trick[0]]
    after = cx.n - 1 - len(trick)
    win = winning_cards(legal, led, st.best_power)
    losers = legal & ~win
    if losers:
        if legal & SUIT_MASKS[led]:
            return high(losers)  # the highest card that still loses
        return _dump(losers, others)
    # Every card wins for now: hope someone behind overtakes, or shed the biggest if last.
    return _cheapest(win, led) if after else _dump(win, others)


def _partner_played(st: PlayState, cx: Setting, partner: int) -> bool:
    return (partner - st.leader) % cx.n < len(st.trick)


def cover_card(st: PlayState, cx: Setting, seat: int, partner: int, legal: int) -> int:
    """Protect the partner's nil; ``-1`` when this trick needs no cover (play on as usual)."""
    others = st.remaining & ~st.hands[seat]
    trick = st.trick
    if not trick:
        # A suit the partner is void in first (it discards, whatever is played), else the card most
        # likely to hold the trick, so the partner can duck under it.
        pv = st.voids[partner]
        best = -1
        best_key: tuple[int, int, int, int] | None = None
        m = legal
        while m:
            c = high(m)
            m ^= 1 << c
            s = SUIT_OF[c]
            key = (pv >> s & 1, -_safety(c, others), s != SPADES, c - SUIT_BASE[s])
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best
    led = SUIT_OF[trick[0]]
    win = winning_cards(legal, led, st.best_power)
    if _partner_played(st, cx, partner):
        if st.best_seat == partner and win:
            # Overtake the partner's winning card; the lowest that does it is enough.
            return _cheapest(win, led)
        return -1
    # The partner plays after us: make the trick as hard to win as we can.
    follow = legal & SUIT_MASKS[led]
    if follow:
        top = high(follow)
        if win >> top & 1:
            return top
        return -1
    if win and st.best_seat != partner:
        return _cheapest(win, led)  # ruff (lowest spade that wins)
    return -1


def normal_card(st: PlayState, cx: Setting, seat: int, legal: int) -> int:
    """The normal bot's card; for a seat of ``cx.eager_side`` (the hard bot's side, in its search) the attack
    on an opponent's nil is pressed harder: attack with one trick to spare (not two), keep the low cards when
    void and not attacking, and lead no suit the nil's partner can ruff."""
    won = st.won
    eager = cx.side_of[seat] == cx.eager_side
    if cx.nil[seat] and won[seat] == 0:
        return nil_card(st, cx, seat, legal)
    partner = cx.partner[seat]
    if partner is not None and cx.nil[partner] and won[partner] == 0 and not (cx.nil[seat]):
        c = cover_card(st, cx, seat, partner, legal)
        if c >= 0:
            return c
    hand = st.hands[seat]
    others = st.remaining & ~hand
    side = cx.side_of[seat]
    left = hand.bit_count()  # tricks left in the hand, this one included
    need = cx.need(side, won)
    if cx.nil[seat] and not cx.counts_nil:
        need = 0  # a failed nil: its tricks would only be bags

    # Opponents: a live nil to attack, or a contract to set.
    nil_opps = [s for s in cx.nil_opponents[seat] if won[s] == 0]
    set_them = False
    if need <= 0 and -need < cx.bag_room[side]:
        for o in cx.other_sides[side]:
            o_need = cx.need(o, won)
            if o_need > 0 and o_need >= left - SET_SLACK:
                set_them = True
    # The eager attack, measured with it in every seat (bench/nil_ceiling.py --nodes 0, deals 1000..10999,
    # 6,855 nils): 35.7% of the nils broken against 31.3%, worth +4.3 [+2.9, +5.7] points a nil to the
    # attackers; with no trick to spare the contract loses more than the nils bring (-4.3 a nil against one).
    # Given to the normal bot's own play as well, it broke more of the hard bot's nils (87% of them made -> 81%
    # on the nil300 deals) while the hard bot broke about as many as before (bench/README.md, issue 13 fifth
    # pass), so only the hard bot's search plays it, for its own side.
    if nil_opps and need < left - (0 if eager else 1):
        c = _attack_nil(st, cx, seat, legal, nil_opps, others, eager)
        if c >= 0:
            return c
    if need > 0 or set_them:
        return _take(st, cx, seat, legal, others, partner, keep_low=eager and bool(nil_opps))
    return _duck(st, cx, seat, legal, others)


def _attack_nil(st: PlayState, cx: Setting, seat: int, legal: int, nil_opps: list[int], others: int,
                eager: bool) -> int:
    """Try to make an opponent's nil fail; ``-1`` when this trick offers nothing."""
    trick = st.trick
    n = cx.n
    if not trick:
        voids = 0
        ruffed = 0  # suits the nil's partner would ruff: it takes the trick and the nil ducks at ease
        for s in nil_opps:
            voids |= st.voids[s]
            cover = cx.partner[s]
            if eager and cover is not None and not st.voids[cover] >> SPADES & 1:
                ruffed |= st.voids[cover]
        # The lowest card of a suit the nil bidder may still hold.
        best = -1
        best_key: tuple[bool, bool, int, int] | None = None
        for s in (0, 1, 2, 3):
            m = legal & SUIT_MASKS[s]
            if not m or voids >> s & 1:
                continue
            c = low(m)
            # Fewest outstanding cards under ours: the nil bidder has the fewest ways to duck it.
            key = (not ruffed >> s & 1, s != SPADES, -(BELOW[c] & others).bit_count(), -(m.bit_count()))
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best
    led = SUIT_OF[trick[0]]
    played = {(st.leader + i) % n for i in range(len(trick))}
    if st.best_seat in nil_opps:
        win = winning_cards(legal, led, st.best_power)
        losers = legal & ~win
        if losers:
            if legal & SUIT_MASKS[led]:
                return high(losers)
            return _dump(losers & NON_SPADE_MASK or losers, others)
        return -1
    if any(s not in played for s in nil_opps):
        follow = legal & SUIT_MASKS[led]
        if follow:
            return _follow_ahead_of_nil(follow, winning_cards(legal, led, st.best_power), others)
        voids = 0
        for s in nil_opps:
            voids |= st.voids[s]
        return _keep_low(legal, others, voids)
    return -1


def _follow_ahead_of_nil(follow: int, win: int, others: int) -> int:
    """Following suit while an opponent's nil is still to play: the bar it must duck under is the trick's
    winning card, and a card of ours under it does not move the bar. So play the highest card under it
    that could not win a trick of its own later, keeping the low cards (the leads that break the nil later:
    004 tip 6, 002) and the winners (tricks for the contract); with only winners under it, the lowest;
    with every card over it, the lowest (the bar rises least)."""
    under = follow & ~win
    m = under
    while m:
        c = high(m)
        m ^= 1 << c
        if ABOVE[c] & others:
            return c
    return low(under) if under else low(follow)


def _keep_low(legal: int, others: int, nil_voids: int) -> int:
    """The discard, void in the led suit, while an opponent's nil is still to play: our low cards are the
    ones to lead into the nil later (004 tip 6, 002), so shed the highest side card that cannot win a
    trick of its own (a winner is kept for the contract), from a suit the nil bidder is void in first (no
    lead there can reach it), and ruff nothing (a ruff lets the nil bidder throw its most dangerous
    card)."""
    side = legal & NON_SPADE_MASK
    if not side:
        return low(legal)
    best = -1
    best_key: tuple[bool, int, int] | None = None
    m = side
    while m:
        c = high(m)
        m ^= 1 << c
        s = SUIT_OF[c]
        key = (ABOVE[c] & others != 0, nil_voids >> s & 1, c - SUIT_BASE[s])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _take(st: PlayState, cx: Setting, seat: int, legal: int, others: int, partner: int | None,
          keep_low: bool) -> int:
    """Play to win tricks; with ``keep_low`` (an opponent's nil is live), a discard while void is the highest
    side card that cannot win a trick of its own, so that the low cards stay for leads into the nil."""
    trick = st.trick
    n = cx.n
    hand = st.hands[seat]
    if not trick:
        return _lead_to_take(st, cx, seat, legal, others, partner)
    led = SUIT_OF[trick[0]]
    after = n - 1 - len(trick)
    win = winning_cards(legal, led, st.best_power)
    if partner is not None and st.best_seat == partner:
        pc = trick[(partner - st.leader) % n]
        safe = after == 0 or (not ABOVE[pc] & others and (SUIT_OF[pc] == SPADES or led == SPADES
                                                           or not _opps_after_void(st, cx, seat, led)))
        if safe or not win:
            return _discard(legal, led, hand, others, keep_low)
    if not win:
        return _discard(legal, led, hand, others, keep_low)
    if after == 0:
        return _cheapest(win, led)
    follow_win = win & SUIT_MASKS[led]
    if follow_win:
        tops = [c for c in _cards_low_first(follow_win) if not ABOVE[c] & others]
        if tops:
            return tops[0]
        if len(trick) == 1 and partner is not None:
            return _discard(legal, led, hand, others, keep_low)  # second hand low
        return high(follow_win) if len(trick) >= 2 else low(follow_win)
    return _cheapest(win, led)


def _opps_after_void(st: PlayState, cx: Setting, seat: int, led: int) -> bool:
    n = cx.n
    for k in range(1, n - len(st.trick)):
        s = (seat + k) % n
        if cx.side_of[s] != cx.side_of[seat] and st.voids[s] >> led & 1:
            return True
    return False


def _cards_low_first(mask: int) -> list[int]:
    out = []
    while mask:
        c = low(mask)
        out.append(c)
        mask ^= 1 << c
    return out


def _discard(legal: int, led: int, hand: int, others: int, keep_low: bool) -> int:
    """A card that gives nothing away: the lowest of the led suit, or, void, the lowest side card (from
    the shortest suit when holding spades, to make a void for ruffing); with ``keep_low``, void, the
    highest side card that cannot win a trick of its own (:func:`_keep_low`)."""
    follow = legal & SUIT_MASKS[led]
    if follow:
        return low(follow)
    if keep_low:
        return _keep_low(legal, others, 0)
    side = legal & NON_SPADE_MASK
    if not side:
        return low(legal)
    if hand & SPADE_MASK:
        best = -1
        best_key: tuple[int, int] | None = None
        for s in (0, 1, 2):
            m = side & SUIT_MASKS[s]
            if m:
                c = low(m)
                key = (m.bit_count(), c - SUIT_BASE[s])
                if best_key is None or key < best_key:
                    best, best_key = c, key
        if best >= 0 and best - SUIT_BASE[SUIT_OF[best]] < 9:
            return best
    return lowest_by_rank(side)


def _lead_to_take(st: PlayState, cx: Setting, seat: int, legal: int, others: int, partner: int | None) -> int:
    hand = st.hands[seat]
    n = cx.n
    opp_voids = 0
    for s in range(n):
        if cx.side_of[s] != cx.side_of[seat]:
            opp_voids |= st.voids[s]
    spades = hand & SPADE_MASK
    n_spades = spades.bit_count()
    # Draw trumps with the top spade when long in spades.
    if legal & SPADE_MASK and spades and not ABOVE[high(spades)] & others and n_spades >= 3 and others & SPADE_MASK:
        return high(spades)
    # Cash a side-suit winner the opponents cannot ruff (as far as we know).
    for s in (0, 1, 2):
        m = legal & SUIT_MASKS[s]
        if m and not ABOVE[high(m)] & others and not opp_voids >> s & 1 and others & SUIT_MASKS[s]:
            return high(m)
    # A suit the partner is void in: the partner ruffs it.
    if partner is not None:
        pv = st.voids[partner] & ~opp_voids
        for s in (0, 1, 2):
            m = legal & SUIT_MASKS[s]
            if m and pv >> s & 1 and others & SUIT_MASKS[s]:
                return low(m)
    # A short side suit, to trump it later.
    if n_spades >= 2:
        best = -1
        best_len = 3
        for s in (0, 1, 2):
            m = legal & SUIT_MASKS[s]
            k = m.bit_count()
            if m and k < best_len and others & SUIT_MASKS[s]:
                best, best_len = high(m) if k == 1 else low(m), k
        if best >= 0:
            return best
    if not legal & NON_SPADE_MASK and legal & SPADE_MASK:
        return high(legal) if not ABOVE[high(legal)] & others else low(legal)
    # Otherwise the lowest card of the longest side suit.
    best = -1
    best_key2: tuple[int, int] | None = None
    for s in (0, 1, 2):
        m = legal & SUIT_MASKS[s]
        if m:
            key = (m.bit_count(), -(low(m) - SUIT_BASE[s]))
            if best_key2 is None or key > best_key2:
                best, best_key2 = low(m), key
    return best if best >= 0 else lowest_by_rank(legal)


def _duck(st: PlayState, cx: Setting, seat: int, legal: int, others: int) -> int:
    """The contract is made: lose tricks, unloading high cards where they cannot win."""
    trick = st.trick
    if not trick:
        return _lead_low(legal, others)
    led = SUIT_OF[trick[0]]
    win = winning_cards(legal, led, st.best_power)
    losers = legal & ~win
    if losers:
        if legal & SUIT_MASKS[led]:
            return high(losers)
        return _dump(losers, others)
    after = cx.n - 1 - len(trick)
    return _cheapest(win, led) if after else _dump(win, others)
