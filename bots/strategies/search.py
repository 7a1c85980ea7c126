"""The hard bot: determinized Monte Carlo search over the hands the other seats may hold.

It remembers every card played and every void shown (:mod:`.knowledge`), and draws deals of the unseen
cards to the other seats from a Markov chain (:mod:`.infer`) that respects those, the hand sizes and the
cards passed to the partner, and favours deals that explain the bids and the cards played (a seat that bid
nil rarely holds the ace of spades; one that ducked with the queen probably had no lower card). Then, for
each candidate move, it plays every deal out to the end of the hand with the normal policy for all seats
(pressing the attack on an opponent's nil harder for our side, :attr:`.state.Setting.eager_side`, as the
hard bot itself attacks; and, while our side has a nil, on the share of the deals the model of the table
gives, :attr:`.opponents.TableModel.spared`, with opponents who never attack it, :meth:`.state.Setting.spare`,
as some players never do) and scores it by what it changes in the game (:meth:`.state.Setting.value`: the
engine's scoring with the running scores and bags, every bag priced at its share of the penalty, the game's
end worth the game), its side's minus the opponents'. Setting the opponents, a nil made or broken and the
bags are all in that value, so the search sets opponents exactly when that pays. In play, bags are priced
only once our contract is made (contract first), and a bid must make its promise on most of the deals it
was played on (:data:`NIL_MIN_SUCCESS`, :data:`CONTRACT_MIN_MAKE`), a nil also beating the best number bid
once the breaks the model of the table (:mod:`.opponents`) expects beyond the rollouts' are priced (those of
the deals whose opponents attack it: the others are the model's own).

The candidates race (:class:`Race`): each deal is played out for every candidate still in the race (common
random numbers, so the comparison is paired and fair even with few deals), a candidate clearly worse than
the leader drops out, and the search keeps the normal bot's own choice unless another candidate beats it
by more than the noise.

Exact endings: with few tricks left (:data:`EXACT_TRICKS`) and two sides, each sampled deal is solved double
dummy instead (:class:`games.engine.solver.Solver`, with the same value of a finished hand as
payoff) and the candidates race on the solved values; a deal that does not solve within its share of the work
hands the decision back to the rollouts (:func:`_exact_race`).

Bidding works the same way: every candidate bid (every number the sampled deals make plausible, and nil
where legal and not absurd) is played out over the same sampled deals, the seats yet to bid bidding as
the normal bot would on their sampled hands, among the bids the engine allows them
(:mod:`games.engine.bidding`).

The work per decision is a fixed number of simulated card plays derived from ``budget_ms`` (so a seed
gives the same move), with a wall-clock stop before the budget as a safety net.
"""

from __future__ import annotations

import dataclasses
import math
import random
import sys
import time

from games.compiled import module_form
from games.engine import Bid, exchanges_due
from games.engine.bidding import bidding_position
from games.engine.cards import SPADE_MASK
from games.engine.rules import partner_of
from games.engine.solver import Position, SearchBudgetExceeded, Solver
from games.engine.tricks import first_leader

from . import bidding, opponents
from .deal import deal_unseen
from .evaluate import nil_risk
from .infer import Chain
from .knowledge import Knowledge
from .passing import cards_to_pass, exchange
from .policy import normal_card
from .rollout import play_out, value
from .state import PlayState, Setting, from_knowledge, play
from .tricks import distinct_moves, lowest_equivalent

PURE_PLAYS_PER_MS = 180
"""Simulated card plays the search may spend per millisecond of budget when this module runs as plain Python
(on the reference machine about 250-350 plays fit in a millisecond, so a full search takes a half to two
thirds of its budget)."""

COMPILED_PLAYS_PER_MS = 450
"""The same when ``make compiled`` has built the bots and the engine with mypyc: their rollouts simulate about
2.5 times the cards per second of the plain form (``bench/engine.py --rollout``, both forms in one run), so
the same budget buys 2.5 times the work in about the same time."""

PLAYS_PER_MS = COMPILED_PLAYS_PER_MS if module_form(sys.modules[__name__]) == "compiled" else PURE_PLAYS_PER_MS
"""The work per millisecond of budget of the form loaded: a seed still gives the same move in one form."""

DEAL_COST = 30
"""The cost of dealing one world, in simulated card plays."""

STEPS_PER_WORLD = 6
"""Chain proposals between two deals searched, per other seat."""

BID_STEPS = 4
"""For bidding, each deal is a fresh one moved this many chain proposals per other seat (independent
deals matter more there than a long chain)."""

BURN_IN = 12
"""Chain proposals before the first deal searched, per other seat."""

STEP_COST = 8
"""The cost of one chain proposal, in simulated card plays."""

DEADLINE_SHARE = 0.85
"""The share of the budget after which the search stops whatever its work count (safety net)."""

PRUNE_AFTER = 4
"""Deals scored before candidates start being dropped."""

PRUNE_Z = 3.0
"""A candidate is dropped when it trails the leader by this many standard errors. The test is repeated after
every deal, and the deals come from a Markov chain (neighbours alike, so the standard error of their mean is
larger than the independent formula's): at two standard errors a candidate as good as the leader was often dropped
on noise (issue 33's situations: the normal bot's sound lead dropped after 17 deals, the race then won by a
card no better). The normal bot's own choice is never dropped: it is what the others must beat."""

SWITCH_Z = 1.4
"""Another candidate replaces the normal bot's choice only when better by this many standard errors, times
:func:`_spread` of the number of candidates (the best of several equal averages leads the base by about that
many standard errors on noise alone, so at 1.0 a race of equal moves switched on about one decision in five:
with five rivals a 1.79 standard error lead is that common; at 1.4, about one in thirty). Found by the
compiled form, whose larger work budget plays about 2.5 times the deals: in issue 33's
``lead_to_partners_void`` it left the normal bot's diamond lead for the 4♥ on a 2.25 standard error lead
(216 deals, seed 4), where 60 fresh deals played out with the same policy give the two leads the same value
and double dummy over 20 deals of the unseen cards puts the diamond 35 points ahead..."""

SWITCH_MARGIN = 1.0
"""...and by at least this many points."""

NIL_CANDIDATE_RISK = 1.8
"""Nil is searched when the hand's nil danger (:func:`.evaluate.nil_risk`, after a nil pass where the rules
have one) is below this: above it the nil fails nearly always and is not worth the deals."""

DOUBLE_NIL_RISK = 0.2
"""Beside a partner's nil, nil is searched only for a hand this safe: the rollouts' opponents break nils
less well than real ones, and two nils on one side seldom both make it (002), so a search would double a
nil more often than it pays."""

NIL_MIN_SUCCESS = 0.75
"""A nil the race prefers is bid only when it made on at least this share of the deals played (the model's
mixture of opponents who attack it and opponents who do not), and its average still beats the best number
bid's once the table's extra breaks are priced (:func:`_safe_bid`): the rollouts' opponents break nils less
well than real ones. (Until issue 33's nil cost this was a fixed bar of 0.85, made stricter up to 0.9 by the
gauntlet's prior at every table; until the spared deals every deal's opponents attacked the nil.)"""

CONTRACT_MIN_MAKE = 0.9
"""The same bar for a number bid: our side must have made its contract (or our seat taken its bid: a rollout
partner's overbid is not ours) on this share of the deals the bid was played on. Bags priced at their share of
the penalty push the race toward the highest bid it expects to make, and the best of several noisy averages is
an optimistic one (the real opponents also defend better than the rollouts' normal bot), so without the bar
the bid that wins the race is set too often: make the contract first, then avoid the bags."""

PROBE_DEALS = 6
"""Deals played out with the normal bot's bid before bidding, to see how many tricks our seat may take."""

MAX_DEALS = 400
"""Never more deals than this, however large the budget."""

EXACT_TRICKS = 5
"""Exact endings: with this many tricks left or fewer (the one in progress counted) and two sides, each sampled
deal is solved double dummy (:class:`games.engine.solver.Solver`, the search's own value of a finished hand as the
payoff) instead of played out, and the candidates race on the solved values; a live nil too, where the solved
deals cover, attack and duck it exactly and the rollouts' policy does not. Measured with common random numbers
against the same bot without endings (bench/README.md, issue 36, 2026-12-08): with live nils solved, +4.45 [+2.2,
+6.7] points a deal over 400 deals compiled, +2.8 [-0.2, +5.8] over 200 pure; with them left to the rollouts,
+0.9 [-0.4, +2.2] compiled and +0.4 [-0.4, +1.3] pure, and no better from 6 or 7 tricks left."""

EXACT_MIN_DEALS = 8
"""A deal's solve may spend at most this share (one in ``EXACT_MIN_DEALS``) of the decision's work, so at least
this many deals are solved; a solve past its share is abandoned (the solver's ``node_limit``), and the
decision then falls back to rollouts with the work left unless this many deals were solved already."""

PURE_NODE_COST = 1.1
"""What one position searched by the solver costs, in simulated card plays, in plain Python..."""

COMPILED_NODE_COST = 0.3
"""...and compiled: the plays a millisecond of budget (:data:`PLAYS_PER_MS`) over the solver's nodes a millisecond
measured on 5- and 7-trick endings of ``bench/solver.py`` with the partition search (about 165-205 pure,
1,340-1,600 compiled: fewer nodes than before it, each dearer in plain Python, cheaper compiled; bench/README.md,
issue 36's fourth pass; compiled 1.17-1.2x that since the hands are native attributes, about 1,570-1,920: the
fifth pass), rounded up so an exact race takes about the share of the budget a rollout race does."""

NODE_COST = COMPILED_NODE_COST if module_form(sys.modules[__name__]) == "compiled" else PURE_NODE_COST

exact_deals = 0
"""Deals the exact endings of this process have solved (every candidate valued), and..."""

exact_fallbacks = 0
"""...decisions they handed back to rollouts (a solve over its share of the work before enough deals were solved):
what tests and benches read, in either form of the module."""

perf_counter = time.perf_counter  # module-level so tests can freeze the clock


class Race:
    """Paired comparison of candidate moves over the same deals (common random numbers), dropping a
    candidate once it is clearly worse than the leader, and sticking to the ``base`` candidate (the
    normal bot's choice) unless another beats it by more than the noise."""

    def __init__(self, arms: int, base: int) -> None:
        self.values: list[list[float]] = [[] for _ in range(arms)]
        self.active = list(range(arms))
        self.base = base
        self.rounds = 0

    def end_round(self) -> None:
        """One more deal has been scored for every active candidate: drop the clear losers."""
        self.rounds += 1
        if self.rounds < PRUNE_AFTER or len(self.active) == 1:
            return
        leader = max(self.active, key=lambda i: sum(self.values[i]))
        lead = self.values[leader]
        keep = []
        for i in self.active:
            if i == leader or i == self.base:
                keep.append(i)
                continue
            mean, se = _paired(self.values[i], lead)
            if mean + PRUNE_Z * se < 0:
                continue
            keep.append(i)
        self.active = keep

    def abandon_round(self) -> None:
        """Forget a deal that was cut short (the clock ran out before every candidate was scored)."""
        for v in self.values:
            del v[self.rounds:]

    def best(self) -> int:
        """The winner: the best active candidate if it beats the base clearly enough, else the base."""
        if self.rounds < 2:
            return self.base
        best = max(self.active, key=lambda i: (sum(self.values[i]), i == self.base))
        if best == self.base or self.base not in self.active:
            return best
        mean, se = _paired(self.values[best], self.values[self.base])
        return best if mean > SWITCH_Z * _spread(len(self.values)) * se + SWITCH_MARGIN else self.base


def _spread(arms: int) -> float:
    """About how many standard errors the best of ``arms - 1`` equal noisy averages leads a fixed one by:
    ``sqrt(2 ln(arms - 1))``, at least 1."""
    return max(1.0, math.sqrt(2 * math.log(max(arms - 1, 1))))


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``a - b`` over their common deals."""
    k = min(len(a), len(b))
    d = [a[j] - b[j] for j in range(k)]
    mean = sum(d) / k
    if k < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (k - 1)
    return mean, math.sqrt(var / k)


# Play --------------------------------------------------------------------------------------------------


def hard_card(kn: Knowledge, cards: list[int], rng: random.Random, budget_ms: int) -> int:
    """The card with the best average score over sampled deals played out to the end of the hand (the
    normal play's card, our side's attack on a nil pressed harder, unless another is clearly better)."""
    start = perf_counter()
    deadline = start + budget_ms / 1000 * DEADLINE_SHARE
    legal = 0
    for c in cards:
        legal |= 1 << c
    gone = kn.gone
    moves = distinct_moves(legal, gone)
    if len(moves) == 1:
        return moves[0]
    work = budget_ms * PLAYS_PER_MS
    seat = kn.seat
    side = kn.side
    st_base, cx = from_knowledge(kn, deal_unseen(kn, random.Random(0)))
    if cx.need(side, kn.tricks_won) > 0:
        # Contract first: bags are priced once it is made. The rollouts' opponents duck once their own
        # contract is made, real ones may take every trick, so a line that ducks before ours is made is an
        # optimistic one.
        cx.bag_price = 0.0
    table = opponents.model(kn)
    cx.eager_side = side if table.press_attack else -1
    # Opponents who never attack a nil, on the model's share of the deals, while our side has a nil to spare.
    share = table.spared if any(kn.live_nil(s) for s in cx.teams[side]) else 0.0
    calm = _spared_setting(cx, side) if share else cx
    normal = lowest_equivalent(normal_card(st_base, cx, seat, legal), legal, gone)
    race = Race(len(moves), moves.index(normal) if normal in moves else 0)
    chain = Chain(kn, rng)
    per_world = STEPS_PER_WORLD * len(chain.seats)
    chain.advance(BURN_IN * len(chain.seats))
    used = DEAL_COST + STEP_COST * BURN_IN * len(chain.seats)
    if kn.tricks_left <= EXACT_TRICKS and len(cx.teams) == 2:
        used, decided = _exact_race(kn, cx, chain, per_world, moves, race, work, used, deadline)
        if decided:
            return moves[race.best()]
        race = Race(len(moves), race.base)
    while race.rounds < MAX_DEALS and len(race.active) > 1:
        hands = chain.advance(per_world)
        used += DEAL_COST + (STEP_COST * per_world if chain.informative else 0)
        st0, _ = from_knowledge(kn, hands)
        deal_cx = calm if _spared_deal(race.rounds, share) else cx
        for i in race.active:
            st = st0.copy()
            play(st, deal_cx, seat, moves[i])
            used += play_out(st, deal_cx, normal_card) + 1
            race.values[i].append(value(deal_cx, st.won, side))
            if perf_counter() >= deadline:
                race.abandon_round()
                return moves[race.best()]
        race.end_round()
        if used >= work:
            break
    return moves[race.best()]


def _spared_setting(cx: Setting, side: int) -> Setting:
    """A copy of ``cx`` (its bag price and pressed side too) in which the other sides never attack ``side``'s
    nils (:meth:`.state.Setting.spare`)."""
    calm = Setting(cx.rules, cx.bids, cx.scores, cx.bags, cx.hand_number)
    calm.bag_price = cx.bag_price
    calm.eager_side = cx.eager_side
    calm.spare(side)
    return calm


def _spared_deal(k: int, share: float) -> bool:
    """Whether the ``k``-th deal of a race is played with opponents who do not attack our nil: ``share`` of the
    deals, spread evenly (deal ``k`` when ``floor((k + 1) share)`` steps up), so every prefix of the race holds
    about its share and a seed still gives the same move."""
    return int((k + 1) * share) > int(k * share)


class _Worth:
    """The solver's payoff for the exact endings: side 0's value of a finished hand as the search counts it
    (:meth:`.state.Setting.value`, its side's worth minus the other's) as side 0's points, side 1's being 0, so
    the solver's margin for a seat is the value the rollouts would give that seat's side."""

    def __init__(self, cx: Setting) -> None:
        self.cx = cx

    def __call__(self, tricks: tuple[int, ...]) -> tuple[float, ...]:
        return (self.cx.value(list(tricks), 0), 0.0)


def _exact_race(kn: Knowledge, cx: Setting, chain: Chain, per_world: int, moves: list[int], race: Race, work: int,
                used: int, deadline: float) -> tuple[int, bool]:
    """Race the candidates on sampled deals solved exactly (:data:`EXACT_TRICKS`): returns the work used and
    whether the race is decided (at least :data:`EXACT_MIN_DEALS` deals solved, or one candidate left); if not,
    the caller falls back to rollouts with the work left."""
    solver = Solver()
    worth = _Worth(cx)
    share = work // EXACT_MIN_DEALS
    while race.rounds < MAX_DEALS and len(race.active) > 1 and used < work:
        hands = chain.advance(per_world)
        used += DEAL_COST + (STEP_COST * per_world if chain.informative else 0)
        pos = Position(kn.rules, tuple(hands), tuple(kn.trick), kn.leader, tuple(kn.tricks_won), kn.spades_broken,
                       not kn.tricks)
        start = solver.nodes
        solver.node_limit = start + max(1, int(min(share, work - used) / NODE_COST))
        try:
            values = solver.margins(pos, worth, [moves[i] for i in race.active])
        except SearchBudgetExceeded:
            used += int((solver.nodes - start) * NODE_COST)
            break
        used += int((solver.nodes - start) * NODE_COST)
        for i, v in zip(race.active, values, strict=True):
            race.values[i].append(v)
        race.end_round()
        global exact_deals
        exact_deals += 1
        if perf_counter() >= deadline:
            break
    decided = race.rounds >= EXACT_MIN_DEALS or len(race.active) == 1
    if not decided:
        global exact_fallbacks
        exact_fallbacks += 1
    return used, decided


# Bidding -----------------------------------------------------------------------------------------------


def _open_bids(kn: Knowledge, seat: int, hand: int, bids: list[Bid | None]) -> list[Bid]:
    """The open bids ``seat`` may make with ``hand`` after ``bids``, as the engine's bidding rules say."""
    return bidding_position(kn.rules, seat, bids, spades=(hand & SPADE_MASK).bit_count()).legal_bids()


BidMemo = dict[tuple[int, int, tuple[Bid | None, ...]], Bid]
"""The later bidders' bids already worked out, by seat, hand and the bids before."""


def _later_bid(kn: Knowledge, seat: int, hand: int, bids: list[Bid | None], memo: BidMemo) -> Bid:
    """What the normal bot at ``seat`` would bid with ``hand`` after ``bids`` (seats still to bid after us,
    in an imagined deal)."""
    key = (seat, hand, tuple(bids))
    got = memo.get(key)
    if got is None:
        them = dataclasses.replace(kn, seat=seat, partner=partner_of(kn.rules, seat), hand=hand, bids=list(bids),
                                   hidden=False)
        got = memo[key] = bidding.normal_bid(them, _open_bids(kn, seat, hand, bids)).bid
    return got


def _nil_hand(kn: Knowledge) -> int:
    """Our hand as it would be played after a nil: without the cards a nil pass sends to the partner
    (what comes back is the partner's lowest, which a nil can usually duck with)."""
    partner = kn.partner
    count = exchanges_due(kn.rules, [Bid(0) if s == kn.seat else Bid(1) for s in range(kn.players)])[kn.seat]
    if not count or partner is None or kn.is_nil(partner):
        return kn.hand
    hand = kn.hand
    for c in cards_to_pass(hand, count, nil_bidder=True):
        hand &= ~(1 << c)
    return hand


def hard_bid(kn: Knowledge, legal: list[Bid], rng: random.Random, budget_ms: int) -> Bid:
    """The bid with the best average value when each candidate is played out over the same sampled
    deals (the seats still to bid bidding as the normal bot would).

    The candidates are every open number bid the sampled deals make plausible (from the fewest to the most
    tricks our seat took when a few of them were played out with the normal bot's bid, and at least the
    normal estimate ±1), and nil where the rules allow it and the hand is not absurd for it; the normal
    bot's bid is kept unless another is clearly better, so a partner's nil is doubled only when the search
    shows it pays. Where the rules make a nil side exchange cards, the deals are played with the cards
    exchanged."""
    start = perf_counter()
    deadline = start + budget_ms / 1000 * DEADLINE_SHARE
    base = bidding.normal_bid(kn, legal).bid
    open_bids = [b for b in legal if not b.blind]
    if len(open_bids) <= 1:
        return base if base in open_bids or not open_bids else open_bids[0]
    n = kn.players
    seat = kn.seat
    side = kn.side
    table = opponents.model(kn)
    work = budget_ms * PLAYS_PER_MS
    settings: dict[tuple[tuple[Bid, ...], bool], Setting] = {}
    memo: BidMemo = {}
    chain = Chain(kn, rng)
    per_world = BID_STEPS * len(chain.seats)
    order = [(seat + k) % n for k in range(1, n)]
    partners = [partner_of(kn.rules, s) for s in range(n)]

    def play_bid(bid: Bid, hands: list[int], spared: bool = False) -> tuple[float, int, bool, int]:
        """Play the deal ``hands`` out with our bid ``bid`` (with ``spared``, against opponents who do not
        attack our side's nils): its value, our seat's tricks, whether the bid's promise held (a nil took
        nothing; a number bid's side made its contract, or our seat took its bid), the cards played."""
        bids = list(kn.bids)
        bids[seat] = bid
        for s in order:
            if bids[s] is None:
                bids[s] = _later_bid(kn, s, hands[s], bids, memo)
        full = tuple(b if b is not None else Bid(1) for b in bids)
        spared = spared and any(full[s].is_nil for s in kn.teams[side])
        cx = settings.get((full, spared))
        if cx is None:
            cx = settings[(full, spared)] = Setting(kn.rules, list(full), kn.scores, kn.bags,
                                                    kn.view.get("hand_number", 0))
            cx.eager_side = side if table.press_attack else -1
            if spared:
                cx.spare(side)
        due = exchanges_due(kn.rules, full)
        if any(due):  # a nil pass changes the hands the bid is played with
            hands = exchange(hands, due, cx.nil, partners)
        leader = first_leader(kn.rules, kn.dealer, hands)
        st = PlayState(list(hands), [], leader, leader, -1, False, 0, [0] * n, [0] * n)
        plays = play_out(st, cx, normal_card)
        took = st.won[seat]
        # A number bid keeps its promise when the side makes its contract or our seat takes what it bid: a
        # contract the rollouts' partner overbid (the normal bot's bid on an imagined hand) is not this bid's
        # to answer for.
        kept = took == 0 if bid.is_nil else cx.need(side, st.won) <= 0 or took >= bid.tricks
        return value(cx, st.won, side), took, kept, plays

    used = 0
    e, _ = bidding.normal_estimate(kn)
    centre = max(1, int(e + 0.3))
    low, high = centre - 1, centre + 1
    for _ in range(PROBE_DEALS):
        hands = chain.restart(per_world)
        _, took, _, plays = play_bid(base, hands)
        used += DEAL_COST + plays + (STEP_COST * per_world if chain.informative else 0)
        low, high = min(low, took), max(high, took)
    cands: list[Bid] = []
    for b in open_bids:
        if b.is_nil:
            partner_nil = kn.partner is not None and kn.is_nil(kn.partner)
            limit = DOUBLE_NIL_RISK if partner_nil else NIL_CANDIDATE_RISK
            if base.is_nil or nil_risk(_nil_hand(kn), kn.rules) < limit:
                cands.append(b)
        elif low <= b.tricks <= high or b == base:
            cands.append(b)
    if not cands:
        return base
    if len(cands) == 1:
        return cands[0]
    race = Race(len(cands), cands.index(base) if base in cands else 0)
    kept = [0] * len(cands)
    attacked = [[0, 0] for _ in cands]  # per candidate: deals with opponents who attack our nils, promise kept
    while race.rounds < MAX_DEALS and len(race.active) > 1:
        hands = chain.restart(per_world)
        used += DEAL_COST + (STEP_COST * per_world if chain.informative else 0)
        spared = _spared_deal(race.rounds, table.spared)
        for i in race.active:
            v, _, held, plays = play_bid(cands[i], hands, spared)
            used += plays
            race.values[i].append(v)
            kept[i] += held
            if not spared:
                attacked[i][0] += 1
                attacked[i][1] += held
            if perf_counter() >= deadline:
                race.abandon_round()
                return _safe_bid(race, cands, kept, table, kn.rules.nil_value, attacked)
        race.end_round()
        if used >= work:
            break
    return _safe_bid(race, cands, kept, table, kn.rules.nil_value, attacked)


def _safe_bid(race: Race, cands: list[Bid], kept: list[int], table: opponents.TableModel = opponents.TUNED,
              nil_value: int = 100, attacked: list[list[int]] | None = None) -> Bid:
    """The race's winner, unless its promise is not safe enough: then the best of the bids that are (among
    those still in the race, else the best on average), and when none is, the best number bid on average.
    ``kept[i]``: the deals on which candidate ``i`` kept its promise; ``attacked[i]``: the deals it was played on
    whose opponents attacked our nils and, of those, the ones on which it kept its promise (none given: all).

    A number bid is safe when its side made its contract on the model's share of the deals
    (:meth:`.opponents.TableModel.contract_bar` of :data:`CONTRACT_MIN_MAKE`). A nil is safe when it made on at
    least :data:`NIL_MIN_SUCCESS` and its average, less what the model
    says the opponents at this table would break beyond the rollouts (:meth:`.opponents.TableModel.nil_cost`
    of its success on the deals whose opponents attacked it, ``nil_value`` a nil's points; the deals whose
    opponents did not are priced as played), still beats the best number bid's: so a nil that takes a trick on one deal
    in six is bid where it is far ahead of every number and the table lets nils through, and not where the
    number bid is almost as good or the table breaks nils (issue 33: a fixed bar priced every nil as if the
    table attacked it, and hard bid a quarter of normal's nils against a side that never attacks one)."""
    played = [len(v) for v in race.values]
    ready = race.rounds >= 2  # before that the race has nothing to say: its base stands
    contract_bar = table.contract_bar(CONTRACT_MIN_MAKE)

    def mean(j: int) -> float:
        return sum(race.values[j]) / played[j]

    numbers = [mean(j) for j in range(len(cands)) if not cands[j].is_nil and played[j]]
    best_number = max(numbers) if numbers else -math.inf

    def safe(j: int) -> bool:
        if not played[j]:
            return False
        share = kept[j] / played[j]
        if not cands[j].is_nil:
            return share >= contract_bar
        if share < NIL_MIN_SUCCESS:
            return False
        against = share
        if attacked is not None and attacked[j][0]:
            against = attacked[j][1] / attacked[j][0]
        return mean(j) - table.nil_cost(against, nil_value) >= best_number

    i = race.best()
    if not ready or safe(i):
        return cands[i]
    passing = [j for j in range(len(cands)) if safe(j)]
    if not passing:
        passing = [j for j in range(len(cands)) if not cands[j].is_nil and played[j]]
        if not passing:
            return cands[i]
    active = [j for j in race.active if j in passing]
    if active:
        race.active = active
        return cands[race.best()]
    return cands[max(passing, key=mean)]
