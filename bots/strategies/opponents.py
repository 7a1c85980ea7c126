"""The hard bot's model of the opponents at its table: how often they break our side's nils, how often our
side's contracts fail against them, how often their own nils make; and what that changes in the hard bot's
nil bids, nil attacks and bid sizes.

What it learns from is only what the seat has been shown: the finished hands of this game, each a public
summary (the engine's :class:`~games.engine.LastHand`: the bids and the tricks each seat took), which the seat
saw being played and whose whole record is public once the hand is over. The view carries the last one
(``last_hand``); a caller that has the game's earlier hands passes them all as ``history`` in the view
(:func:`bots.arena.play_hand` does, from the game's records). Nothing of a hand in play is read here, and
nothing of another table. What a ladder or tournament bot may also know, decided for issue 33: the finished
hands of the same accounts' other games are public, and a seat may read them, except a duplicate board's
hands while another table of the round still plays it (those stay hidden from everyone); it does not read
them yet, because an account's other partners and opponents make them a weak sign of this table (the rating
already says how strong an account is) and no benchmark has shown them worth it; wiring them in is a
caller's ``history``-like field, never anything a seat has not been shown.

The prior is calibrated over the gauntlet (``bench/gauntlet.py --deals 40``: six human styles and the easy and
normal bots; bench/README.md), not over the hard bot's own play against itself: pooled over the eight opponents
and its two runs, about 46 of its 233 nils were broken (:data:`PRIOR_NIL_BROKEN`), its side was set on
:data:`PRIOR_SET` of its hands, and the nils of the two opponents that bid them against it (nil_happy, normal)
made :data:`PRIOR_THEIR_NIL_MADE` of the time. Two of the eight never attack a nil: the prior chance that this
table's opponents do not is :data:`PRIOR_SPARED`, and the search plays that share of its deals with opponents
who play on as usual against our nil (:attr:`TableModel.spared`), the rest with opponents who attack it as the
normal bot does; our side's nils made or broken at this table move that share (Bayes, with the two kinds'
break rates measured over the gauntlet as likelihoods: a nil made makes a table that spares nils a little
likelier, a nil broken a table that attacks them). Those opponents break nils and set contracts more often than
the normal bot did when the bars were tuned, so with the prior alone a nil's rollout failures against an attack
are priced dearer (:meth:`TableModel.nil_cost`) and the contract bar is a little stricter than the search's own;
a table whose opponents break and set less lowers both. Each prior weighs as many hands as its ``_WEIGHT``, so
a few hands of evidence at the table move it, one hand does not.

The search's bars (``search.CONTRACT_MIN_MAKE``, and before issue 33's nil cost a nil bar of 0.85) were tuned
against the normal bot, whose attack broke :data:`REFERENCE_NIL_BROKEN` of the hard bot's nils and set
:data:`REFERENCE_SET` of its contracts (``bench/README.md``, bench/bots.py). The rollouts' failures are scaled
by how much more (or less) these opponents break and set than the ones the bars were tuned on: a contract's
into a bar, a nil's into the points the extra breaks cost, which the nil must still beat the best number bid
by (``search._safe_bid``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import Bid, RuleSet, score_side

from .knowledge import Knowledge

REFERENCE_NIL_BROKEN = 0.126
"""The share of the hard bot's nils the normal bot broke when ``NIL_MIN_SUCCESS`` was tuned (87.4% made)."""

REFERENCE_SET = 0.048
"""The hard bot's set rate against the normal bot when ``CONTRACT_MIN_MAKE`` was tuned."""

PRIOR_NIL_BROKEN = 0.20
"""The share of the hard bot's nils broken over the gauntlet (the prior): 46 of 233 in its two runs (the bot of
7b94012 on deals 0..39, 22 of 92; the bot of 2574709 on deals 0..79, 24 of 141; bench/README.md)."""

PRIOR_SPARED = 0.25
"""The prior chance that the opponents never attack our side's nils: two of the gauntlet's eight opponents
(nil_happy, bag_careless) play on as usual against a nil. The hard bot's search plays this share of its deals
with opponents who do not attack our nil (:meth:`.state.Setting.spare`), more or less as the hands seen show."""

SPARED_NIL_BROKEN = 0.15
"""The share of the hard bot's nils the two opponents that never attack a nil broke in those runs (9 of 61:
a nil fails against them too, on the tricks it cannot duck)..."""

ATTACK_NIL_BROKEN = 0.22
"""...and the share the six that attack broke (37 of 172). These two are the likelihoods of a nil of ours made
or broken under each kind of table, from which the finished hands move :data:`PRIOR_SPARED`; the prior is their
mixture (0.75 × 0.22 + 0.25 × 0.15 = 0.20)."""

PRIOR_SET = 0.058
"""The hard bot's side set rate over the gauntlet (the prior)."""

PRIOR_THEIR_NIL_MADE = 0.45
"""The share of the gauntlet styles' nils made against the hard bot (the prior)."""

NIL_WEIGHT = 3.0
"""The prior on nils counts as this many nils seen."""

SET_WEIGHT = 8.0
"""The prior on sets counts as this many contracts seen."""

PRESS_LIMIT = 0.8
"""Our side presses the attack on an opponent's nil (``Setting.eager_side``) unless their nils have been made
more often than this (the pressed attack broke more than half of the gauntlet's nils): against a side whose nils
survive it anyway, the tricks the attack costs are lost."""

CONTRACT_BAR = (0.85, 0.92)
"""The bounds of the rollouts' contract make rate the search asks of a number bid."""


@dataclass(frozen=True, slots=True)
class TableModel:
    """What our seat believes of the opponents at this table (rates after the prior and the hands seen)."""

    nil_broken: float
    """The share of our side's nils they break."""
    set_rate: float
    """The share of our side's contracts set against them."""
    their_nil_made: float
    """The share of their own nils made."""
    hands: int
    """Finished hands the model has seen."""
    spared: float = 0.0
    """The chance that they never attack our side's nils: the share of the search's deals played with opponents
    who do not (:meth:`.state.Setting.spare`)."""

    @property
    def attack_broken(self) -> float:
        """The share of our nils they break when they do attack them: what :attr:`nil_broken` leaves once the
        :attr:`spared` share's breaks (:data:`SPARED_NIL_BROKEN`) are taken out."""
        if self.spared <= 0:
            return self.nil_broken
        return max(0.0, (self.nil_broken - self.spared * SPARED_NIL_BROKEN) / (1 - self.spared))

    def nil_cost(self, success: float, nil_value: int) -> float:
        """What a nil that made on ``success`` of the rollouts' deals in which the opponents attacked it loses at
        this table beyond what the rollouts counted. The rollouts' attack breaks nils about as often as the
        reference attack did (:data:`REFERENCE_NIL_BROKEN`, on which the search's nil bar was tuned), so
        opponents who attack and break them ``k`` times as often turn each break of those rollouts into ``k``,
        and each extra break turns the nil's value won into the same value lost; that on the share of the deals
        in which they attack (``1 - spared``). The deals played with opponents who do not attack are priced by
        the rollouts themselves: nothing is added for them. Nothing against opponents who break nils no more
        than the reference."""
        extra = max(0.0, self.attack_broken / REFERENCE_NIL_BROKEN - 1)
        return (1 - self.spared) * (1 - success) * extra * 2 * nil_value

    def contract_bar(self, base: float) -> float:
        """The rollouts' make rate a number bid must reach, scaled the same way by the set rates."""
        allowed = (1 - base) * REFERENCE_SET / max(self.set_rate, 0.01)
        return min(CONTRACT_BAR[1], max(CONTRACT_BAR[0], 1 - allowed))

    @property
    def press_attack(self) -> bool:
        """Whether our side should press the attack on their nils."""
        return self.their_nil_made <= PRESS_LIMIT


TUNED = TableModel(REFERENCE_NIL_BROKEN, REFERENCE_SET, PRIOR_THEIR_NIL_MADE, 0)
"""Opponents like the ones the search's bars were tuned on (who always attack a nil, as the normal bot does):
with them the bars are the search's own."""


def hands_seen(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The finished hands of the game the view shows: its ``history`` when the caller gave one, else the
    ``last_hand`` every view has."""
    history = view.get("history")
    if history is not None:
        return list(history)
    last = view.get("last_hand")
    return [last] if last else []


def model(kn: Knowledge) -> TableModel:
    """The model of ``kn``'s opponents from the prior and the finished hands of this game."""
    return model_of(kn.rules, kn.side, kn.teams, hands_seen(kn.view))


def model_of(rules: RuleSet, side: int, teams: tuple[tuple[int, ...], ...], hands: list[dict[str, Any]]
             ) -> TableModel:
    """The model of the opponents of ``side`` after the finished ``hands`` (``LastHand`` JSON)."""
    nils = broken = contracts = sets = their_nils = their_made = 0
    for hand in hands:
        bids = [Bid(int(b["tricks"]), bool(b.get("blind", False))) for b in hand["bids"]]
        won = list(hand["tricks_won"])
        for i, team in enumerate(teams):
            s = score_side(rules, team, [bids[t] for t in team], [won[t] for t in team])
            if i == side:
                nils += len(s.nils)
                broken += sum(1 for n in s.nils if not n.made)
                if s.made is not None:
                    contracts += 1
                    sets += not s.made
            else:
                their_nils += len(s.nils)
                their_made += sum(1 for n in s.nils if n.made)
    # Bayes over the two kinds of table, each nil of ours made or broken a draw at that kind's rate.
    odds = PRIOR_SPARED / (1 - PRIOR_SPARED)
    odds *= ((1 - SPARED_NIL_BROKEN) / (1 - ATTACK_NIL_BROKEN)) ** (nils - broken)
    odds *= (SPARED_NIL_BROKEN / ATTACK_NIL_BROKEN) ** broken
    return TableModel(
        nil_broken=(PRIOR_NIL_BROKEN * NIL_WEIGHT + broken) / (NIL_WEIGHT + nils),
        set_rate=(PRIOR_SET * SET_WEIGHT + sets) / (SET_WEIGHT + contracts),
        their_nil_made=(PRIOR_THEIR_NIL_MADE * NIL_WEIGHT + their_made) / (NIL_WEIGHT + their_nils),
        hands=len(hands),
        spared=odds / (1 + odds),
    )
