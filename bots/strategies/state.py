"""The play of one hand in a compact form fast enough to play thousands of hands per second: every
seat's cards as a mask, the trick on the table, tricks won, the voids shown; and :class:`Setting`, what
does not change during the hand (seats, partners, bids, the rule switches that matter to play, the
running scores for scoring the hand), and what the end of a hand is worth to a side (:meth:`Setting.value`).

The engine's :class:`~games.engine.Game` is the referee; this is the sketch pad of the search. Every rule
it plays by (follow suit, spades broken, no spade lead to the first trick, which card takes the trick)
is a call to :mod:`games.engine.tricks`, and the property tests check it against the engine.
"""

from __future__ import annotations

from games.engine import Bid, RuleSet, SideScore, game_decision, score_side
from games.engine.cards import SUIT_OF
from games.engine.rules import partner_of, side_of
from games.engine.tricks import BREAKS_SPADES, POWER, card_power, legal_plays, spade_lead_bar, winning_play

from .knowledge import Knowledge

GAME_VALUE = 1.0
"""What winning the game is worth, in targets: a hand that ends the game is worth this times the target
(plus its points) to the winner and as much less to the others, so near the end a side that only needs its
contract does not gamble on a nil, and a side about to lose takes the risk that can still turn it."""


class Setting:
    """The fixed facts of a hand being played: seats, sides, bids and scoring context."""

    __slots__ = ("bag_price", "bag_room", "bags", "bids", "contracts", "counts_nil", "eager_side", "game_value",
                 "hand_number",
                 "lead_barred", "n", "nil", "nil_opponents", "other_sides", "partner", "rules", "scores", "side_of",
                 "sides_cache", "spared_side", "takers", "teams", "tricks", "value_cache")

    def __init__(self, rules: RuleSet, bids: list[Bid], scores: list[int], bags: list[int],
                 hand_number: int = 0) -> None:
        self.rules = rules
        self.n = rules.players
        self.teams = rules.teams
        self.side_of = [side_of(rules, s) for s in range(self.n)]
        self.partner: list[int | None] = [partner_of(rules, s) for s in range(self.n)]
        self.bids = bids
        self.nil = [b.tricks == 0 for b in bids]
        self.counts_nil = rules.failed_nil_counts_for_partner
        self.tricks = rules.cards_per_hand
        self.scores = scores
        self.bags = bags
        self.sides_cache: dict[tuple[int, ...], tuple[SideScore, ...]] = {}
        self.value_cache: dict[tuple[int, tuple[int, ...]], float] = {}
        self.contracts = [sum(bids[s].tricks for s in team) for team in self.teams]
        """Every side's contract."""
        self.takers = [tuple(s for s in team if not self.nil[s] or self.counts_nil) for team in self.teams]
        """For every side, the seats whose tricks count toward its contract."""
        self.nil_opponents = [tuple(o for o in range(self.n) if self.side_of[o] != self.side_of[s] and self.nil[o])
                              for s in range(self.n)]
        """For every seat, the opponents who bid nil and whose nil it attacks (all of them unless :meth:`spare`)."""
        self.spared_side = -1
        """The side whose nils the other sides do not attack (:meth:`spare`); none (-1) unless the hard bot's
        search imagines opponents who never go after a nil."""
        self.other_sides = [tuple(o for o in range(len(self.teams)) if o != i and any(not self.nil[s] for s in t))
                            for i, t in enumerate(self.teams)]
        """For every side, the other sides that have a contract to make."""
        self.hand_number = hand_number
        """The number of the hand being played (the engine's hand cap counts it)."""
        self.bag_price = rules.bag_penalty / rules.bag_limit if rules.overtricks == "bags" else 0.0
        """What a bag costs a game that goes on: its share of the penalty (the penalty itself is in the
        engine's score of the hand that reaches the limit, and the bags left over after it are a new debt)."""
        self.game_value = GAME_VALUE * rules.target
        self.eager_side = -1
        """The side whose attack on an opponent's nil the normal play presses harder
        (:func:`.policy.normal_card`): the hard bot's own side in the hands its search plays out; none (-1)
        for the normal bot itself."""
        self.bag_room = [rules.bag_limit - 2 - b if rules.overtricks == "bags" else 99 for b in bags]
        """For every side, overtricks it may still take before the bags get tight."""
        self.lead_barred = tuple(tuple(spade_lead_bar(rules, broken=broken, first_trick=first) is not None
                                       for first in (False, True)) for broken in (False, True))
        """``[spades broken][first trick]``: whether the engine's :func:`spade_lead_bar` bars a spade lead,
        looked up on every lead of every rollout."""

    def spare(self, side: int) -> None:
        """The other sides play on as usual against ``side``'s nils, never attacking them (as some players
        do: the hard bot's search plays a share of its deals so, :mod:`.opponents`): their seats no longer count
        ``side``'s nil bidders among the opponents' nils to attack (:func:`.policy.normal_card`)."""
        self.spared_side = side
        self.nil_opponents = [tuple(o for o in opps if self.side_of[o] != side) for opps in self.nil_opponents]

    def need(self, side: int, won: list[int]) -> int:
        """Tricks the side still needs for its contract (0 or less once made)."""
        need = self.contracts[side]
        for s in self.takers[side]:
            need -= won[s]
        return need

    def sides(self, won: list[int]) -> tuple[SideScore, ...]:
        """Every side's score for a hand that ended with ``won`` tricks per seat (the engine's scoring,
        with the running scores and bags)."""
        key = tuple(won)
        got = self.sides_cache.get(key)
        if got is None:
            got = self.sides_cache[key] = tuple(
                score_side(self.rules, team, [self.bids[s] for s in team], [won[s] for s in team],
                           score_before=self.scores[i], bags_before=self.bags[i])
                for i, team in enumerate(self.teams)
            )
        return got

    def value(self, won: list[int], side: int) -> float:
        """What a hand that ended with ``won`` tricks per seat is worth to ``side``: the change it makes to
        the game, for it minus the average of the other sides.

        While the game goes on that is each side's points (the engine's scoring with the running bags, so
        the bag that reaches the limit costs the penalty) less its bag debt's growth: every bag carried over
        costs its share of the penalty (:attr:`bag_price`), since it brings the penalty nearer (a hand that
        reaches the limit pays the penalty and gets back the debt of the bags it clears). When the hand
        ends the game (the engine's :func:`~games.engine.game_decision`) bags cost nothing more and the
        winner gains :attr:`game_value`."""
        key = (side, tuple(won))
        got = self.value_cache.get(key)
        if got is None:
            sides = self.sides(won)
            decision = game_decision(self.rules, [s.score_after for s in sides], hand_number=self.hand_number)
            if decision is None:
                price = self.bag_price
                worth = [s.points - price * (s.bags_after - s.bags_before) for s in sides]
            else:
                worth = [float(s.points) for s in sides]
                if decision.winner is not None:
                    worth[decision.winner] += self.game_value
                    for i in range(len(worth)):
                        if i != decision.winner:
                            worth[i] -= self.game_value
            others = [w for i, w in enumerate(worth) if i != side]
            got = self.value_cache[key] = worth[side] - sum(others) / len(others)
        return got


class PlayState:
    """The cards and the trick during the play of a hand (mutable; :meth:`copy` is cheap)."""

    __slots__ = ("best_power", "best_seat", "broken", "done", "hands", "leader", "remaining", "trick", "voids",
                 "won")

    def __init__(self, hands: list[int], trick: list[int], leader: int, best_seat: int, best_power: int,
                 broken: bool, done: int, won: list[int], voids: list[int], remaining: int = -1) -> None:
        self.hands = hands
        self.trick = trick
        self.leader = leader
        self.best_seat = best_seat
        self.best_power = best_power
        self.broken = broken
        self.done = done
        self.won = won
        self.voids = voids
        if remaining < 0:  # not given: every card still in a hand
            remaining = 0
            for h in hands:
                remaining |= h
        self.remaining = remaining

    def copy(self) -> PlayState:
        """An independent copy."""
        return PlayState(self.hands[:], self.trick[:], self.leader, self.best_seat, self.best_power, self.broken,
                         self.done, self.won[:], self.voids[:], self.remaining)

    def to_play(self, n: int) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) % n


def legal_mask(st: PlayState, cx: Setting, seat: int) -> int:
    """The cards ``seat`` may play now (the engine's :func:`~games.engine.tricks.legal_plays`)."""
    trick = st.trick
    if trick:
        return legal_plays(st.hands[seat], SUIT_OF[trick[0]], False)
    return legal_plays(st.hands[seat], None, cx.lead_barred[st.broken][st.done == 0])


def play(st: PlayState, cx: Setting, seat: int, card: int) -> None:
    """``seat`` plays ``card`` (assumed legal); finishes the trick when it is complete."""
    bit = 1 << card
    st.hands[seat] ^= bit
    st.remaining ^= bit
    trick = st.trick
    if trick:
        led = SUIT_OF[trick[0]]
        if SUIT_OF[card] != led:
            st.voids[seat] |= 1 << led
        p = POWER[led][card]
        if p > st.best_power:
            st.best_power = p
            st.best_seat = seat
    else:
        st.leader = seat
        st.best_seat = seat
        st.best_power = POWER[SUIT_OF[card]][card]
    if BREAKS_SPADES[card]:
        st.broken = True
    trick.append(card)
    if len(trick) == cx.n:
        w = st.best_seat
        st.won[w] += 1
        st.done += 1
        st.leader = w
        st.trick = []
        st.best_power = -1


def from_knowledge(kn: Knowledge, hands: list[int], bids: list[Bid] | None = None) -> tuple[PlayState, Setting]:
    """The play state of the hand the seat sees, with ``hands`` as every seat's cards (a determinization),
    and its setting; ``bids`` replaces missing bids (the bidding search plays hands before they are all
    bid)."""
    the_bids = bids if bids is not None else [b if b is not None else Bid(1) for b in kn.bids]
    cx = Setting(kn.rules, the_bids, kn.scores, kn.bags, kn.view.get("hand_number", 0))
    best_seat, best_power = kn.leader, -1
    if kn.trick:
        i = winning_play(kn.trick)
        best_seat, best_power = (kn.leader + i) % kn.players, card_power(kn.trick[i], SUIT_OF[kn.trick[0]])
    st = PlayState(list(hands), list(kn.trick), kn.leader, best_seat, best_power, kn.spades_broken,
                   len(kn.tricks), list(kn.tricks_won), list(kn.voids))
    return st, cx
