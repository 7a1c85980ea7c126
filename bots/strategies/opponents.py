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
normal bots, the hard bot at commit 7b94012; bench/README.md), not over the hard bot's own play against
itself: pooled over the eight opponents, about 22 of its 92 nils were broken (:data:`PRIOR_NIL_BROKEN`), its
side was set on :data:`PRIOR_SET` of its hands, and the nils of the two opponents that bid them against it
(nil_happy, normal) made :data:`PRIOR_THEIR_NIL_MADE` of the time. Those opponents break nils and set
contracts more often than the normal bot did when the bars were tuned, so with the prior alone a nil's
rollout failures are priced dearer (:meth:`TableModel.nil_cost`) and the contract bar is a little stricter
than the search's own; a table whose opponents break and set less lowers both. Each prior weighs as many
hands as its ``_WEIGHT``, so a few hands of evidence at the table move it, one hand does not.

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

PRIOR_NIL_BROKEN = 0.24
"""The share of the hard bot's nils broken over the gauntlet (the prior)."""

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

    def nil_cost(self, success: float, nil_value: int) -> float:
        """What a nil that made on ``success`` of the rollouts' deals loses at this table beyond what the
        rollouts counted: the rollouts' attack breaks nils about as often as the reference attack did
        (:data:`REFERENCE_NIL_BROKEN`, on which the search's nil bar was tuned), so opponents who break them
        ``k`` times as often turn each break of the rollouts into ``k``, and each extra break turns the nil's
        value won into the same value lost. Nothing against opponents who break nils no more than that."""
        extra = max(0.0, self.nil_broken / REFERENCE_NIL_BROKEN - 1)
        return (1 - success) * extra * 2 * nil_value

    def contract_bar(self, base: float) -> float:
        """The rollouts' make rate a number bid must reach, scaled the same way by the set rates."""
        allowed = (1 - base) * REFERENCE_SET / max(self.set_rate, 0.01)
        return min(CONTRACT_BAR[1], max(CONTRACT_BAR[0], 1 - allowed))

    @property
    def press_attack(self) -> bool:
        """Whether our side should press the attack on their nils."""
        return self.their_nil_made <= PRESS_LIMIT


TUNED = TableModel(REFERENCE_NIL_BROKEN, REFERENCE_SET, PRIOR_THEIR_NIL_MADE, 0)
"""Opponents like the ones the search's bars were tuned on: with them the bars are the search's own."""


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
    return TableModel(
        nil_broken=(PRIOR_NIL_BROKEN * NIL_WEIGHT + broken) / (NIL_WEIGHT + nils),
        set_rate=(PRIOR_SET * SET_WEIGHT + sets) / (SET_WEIGHT + contracts),
        their_nil_made=(PRIOR_THEIR_NIL_MADE * NIL_WEIGHT + their_made) / (NIL_WEIGHT + their_nils),
        hands=len(hands),
    )
