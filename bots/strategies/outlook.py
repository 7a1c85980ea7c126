"""What the end of a hand is worth in the game it belongs to, for the side deciding: the change in its
chance of winning the game, expressed in points.

One hand's score is a poor guide near the end of a game or near the bag limit: a side that only needs its
contract to win gains nothing from a nil's extra 100 and loses the game if the gamble fails, a side far
behind must gamble, and a bag is worth a point on the card but costs a tenth of the penalty in the long
run. So every search and rollout scores a finished hand through :class:`Outlook`:

- the engine's :func:`~games.engine.game_decision` says whether the hand ends the game and who wins;
- otherwise each side's standing is its score less its bags priced at their share of the penalty
  (``bag_penalty / bag_limit`` each: the penalty the bag brings a tenth closer), and the chance of
  winning is a normal model of the rest of the game: the lead in standing against the best other side,
  over the spread of the hands still to play (``HAND_SWING`` points of difference per hand, for as many
  hands as the leader needs at ``HAND_PACE`` points a hand to reach the target);
- the change in that chance is scaled back to points by its slope at an even game of the current length,
  so in the middle of a game a point is still about a point, and the search's margins (in points) keep
  their meaning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.engine import RuleSet, SideScore, game_decision

HAND_SWING = 90.0
"""Standard deviation of the points difference between two sides in one hand (measured: normal against
normal over 300 hands of the standard game, 89)."""

HAND_PACE = 60.0
"""Points a side scores in a hand on average (measured as above, 58)."""

_SQRT2 = math.sqrt(2.0)
_SQRT_2PI = math.sqrt(2.0 * math.pi)


class Outlook:
    """The game around one hand: the rules, the scores and bags before the hand, the hand's number and the
    side that decides. :meth:`value` turns the sides' scores of the finished hand into points."""

    __slots__ = ("bag_price", "before", "hand_number", "rules", "scale", "side")

    def __init__(self, rules: RuleSet, scores: Sequence[int], bags: Sequence[int], hand_number: int,
                 side: int) -> None:
        self.rules = rules
        self.side = side
        self.hand_number = hand_number
        self.bag_price = rules.bag_penalty / rules.bag_limit if rules.overtricks == "bags" else 0.0
        spread = HAND_SWING * math.sqrt(self.hands_left(scores, hand_number))
        self.scale = spread * _SQRT_2PI
        """Points per unit of winning chance: the inverse slope of the chance at an even game."""
        self.before = self._chance(scores, bags, hand_number)

    def hands_left(self, scores: Sequence[int], hand_number: int) -> float:
        """Hands the game should still last: what the leader needs to reach the target, or the hand cap."""
        left = max(1.0, (self.rules.target - max(scores)) / HAND_PACE)
        if self.rules.hand_cap is not None:
            left = min(left, max(1.0, self.rules.hand_cap - hand_number))
        return left

    def _chance(self, scores: Sequence[int], bags: Sequence[int], hand_number: int) -> float:
        """The side's chance to win from ``scores`` and ``bags`` with the game going on (before hand
        ``hand_number``)."""
        standing = [s - self.bag_price * b for s, b in zip(scores, bags, strict=True)]
        me = standing[self.side]
        best_other = max(x for i, x in enumerate(standing) if i != self.side)
        spread = HAND_SWING * math.sqrt(self.hands_left(scores, hand_number))
        return 0.5 * (1.0 + math.erf((me - best_other) / (spread * _SQRT2)))

    def chance_after(self, sides: Sequence[SideScore]) -> float:
        """The side's chance to win the game once the hand scored as ``sides`` is over."""
        scores = [s.score_after for s in sides]
        decision = game_decision(self.rules, scores, hand_number=self.hand_number,
                                 bostons=[s.boston for s in sides])
        if decision is not None:
            if decision.winner is None:
                return 0.5
            return 1.0 if decision.winner == self.side else 0.0
        return self._chance(scores, [s.bags_after for s in sides], self.hand_number + 1)

    def value(self, sides: Sequence[SideScore]) -> float:
        """What the hand scored as ``sides`` is worth to the side, in points: the change in its chance of
        winning the game, times :attr:`scale`."""
        return (self.chance_after(sides) - self.before) * self.scale
