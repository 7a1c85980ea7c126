"""What the search counts a finished hand worth (:meth:`bots.strategies.state.Setting.value`): the change it
makes to the game. A bag costs its share of the penalty whatever the running bag count (002 'sandbagging':
every ten bags cost 100, so each one brings a tenth of that nearer), the hand that reaches the limit pays
the penalty and clears that debt, and a hand that ends the game is worth the game."""

from __future__ import annotations

import pytest

from bots.strategies.state import GAME_VALUE, Setting
from games.engine import Bid, preset

STANDARD = preset("standard")
BIDS = [Bid(4), Bid(3), Bid(3), Bid(3)]
"""Seats 0 and 2 (side 0) bid 7, seats 1 and 3 (side 1) bid 6."""


def worth(won: list[int], *, scores: tuple[int, int] = (0, 0), bags: tuple[int, int] = (0, 0),
          rules: object = STANDARD) -> float:
    cx = Setting(rules, BIDS, list(scores), list(bags))  # type: ignore[arg-type]
    return cx.value(won, 0)


@pytest.mark.parametrize("bags_before", [0, 3, 8, 9])
def test_every_bag_costs_its_share_of_the_penalty_whatever_the_bag_count(bags_before: int) -> None:
    """Side 0 makes 7 exactly or with two overtricks: the two bags are worth 2 points less 2 x 100/10,
    whether they stay under the limit (0, 3 bags before) or reach it and pay the penalty (8, 9)."""
    exact = worth([4, 3, 3, 3], bags=(bags_before, 0))
    two_over = worth([5, 2, 4, 2], bags=(bags_before, 0))
    # The opponents are set in the second hand (4 tricks for 6): 60 lost instead of 60 made.
    assert two_over - exact == pytest.approx(2 - 2 * 10 + 60 + 60)


def test_the_opponents_bags_count_for_us() -> None:
    """The opponents make 6 with one or three overtricks (side 0 set either way): their two extra bags are
    worth 18 to us."""
    one = worth([3, 4, 2, 3])
    three = worth([2, 5, 1, 4])
    assert three - one == pytest.approx(20 - 2)


def test_where_overtricks_score_nothing_they_cost_nothing() -> None:
    """The same overtrick without bags (``overtricks="none"``): only the opponents' set counts."""
    rules = preset("standard", overtricks="none")
    assert worth([5, 3, 3, 2], rules=rules) - worth([4, 3, 3, 3], rules=rules) == pytest.approx(60 + 60)


def test_a_hand_that_ends_the_game_is_worth_the_game() -> None:
    """At 470 to 300, side 0 making 7 ends the game at 540: the win is worth the target on each side of
    the difference, beside the points; set, the game goes on."""
    made = worth([4, 3, 3, 3], scores=(470, 300))
    assert made == pytest.approx(70 - 60 + 2 * GAME_VALUE * STANDARD.target)
    set_ = worth([3, 4, 3, 3], scores=(470, 300))
    assert set_ == pytest.approx(-70 - 61 + 10)  # their bag is priced: the game goes on


def test_once_the_game_ends_bags_cost_nothing_more() -> None:
    made = worth([4, 3, 3, 3], scores=(470, 300))
    bags = worth([6, 1, 3, 3], scores=(470, 300))  # two overtricks, the opponents set
    assert bags - made == pytest.approx(2 + 60 + 60)
