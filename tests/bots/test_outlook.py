"""The hard bot's value of a finished hand in its game (bots/strategies/outlook.py): a bag costs its share
of the penalty, a point in the middle of a game is worth about a point, and near the end the target and
the score gap decide: the leader plays safe, a side far behind gambles."""

from __future__ import annotations

from bots.strategies.outlook import Outlook
from games.engine import Bid, preset, score_side
from games.engine.rules import RuleSet

STANDARD = preset("standard")


def hand_value(rules: RuleSet, scores: list[int], bags: list[int], hand_number: int,
               ours: tuple[list[Bid], list[int]], theirs: tuple[list[Bid], list[int]]) -> float:
    """Side 0's value of a hand where side 0 (seats 0/2) and side 1 bid and took as given."""
    sides = [score_side(rules, team, bids, won, score_before=scores[i], bags_before=bags[i])
             for i, (team, (bids, won)) in enumerate(zip(rules.teams, (ours, theirs), strict=True))]
    return Outlook(rules, scores, bags, hand_number, 0).value(sides)


THEIRS_MADE = ([Bid(3), Bid(3)], [3, 3])


def test_in_the_middle_of_a_game_a_point_is_about_a_point_and_a_bag_costs_a_tenth_of_the_penalty() -> None:
    made = hand_value(STANDARD, [0, 0], [0, 0], 1, ([Bid(4), Bid(3)], [4, 3]), THEIRS_MADE)
    bagged = hand_value(STANDARD, [0, 0], [0, 0], 1, ([Bid(4), Bid(3)], [5, 3]), THEIRS_MADE)
    assert 5 < made < 15  # 70 for us against 60 for them
    assert -11 < bagged - made < -7  # +1 point, then the bag's 100/10


def test_a_bag_that_reaches_the_limit_costs_no_more_than_the_bags_before_it() -> None:
    """The penalty is charged when the tenth bag arrives, but each earlier bag already counted its tenth."""
    at_nine = hand_value(STANDARD, [200, 200], [9, 0], 4, ([Bid(4), Bid(3)], [5, 3]), THEIRS_MADE)
    at_nine_exact = hand_value(STANDARD, [200, 200], [9, 0], 4, ([Bid(4), Bid(3)], [4, 3]), THEIRS_MADE)
    assert -11 < at_nine - at_nine_exact < -7


def test_the_leader_near_the_target_takes_the_sure_contract_over_a_nil_gamble() -> None:
    """At 450 to 430, making 5 wins the game; a nil beside it adds nothing and, failed, loses it."""
    scores, bags = [450, 430], [0, 0]
    sure = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(2)], [5, 3]), THEIRS_MADE)
    nil_made = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(0)], [6, 0]), THEIRS_MADE)
    nil_failed = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(0)], [5, 2]), THEIRS_MADE)
    assert abs(nil_made - sure) < 1e-9  # both win the game
    assert (nil_made + nil_failed) / 2 < sure


def test_a_side_far_behind_near_the_end_prefers_the_gamble() -> None:
    """At 150 to 440 the sure 50 changes little; only the nil's 150 keeps the game alive."""
    scores, bags = [150, 440], [0, 0]
    sure = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(2)], [5, 3]), ([Bid(3), Bid(2)], [3, 2]))
    nil_made = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(0)], [6, 0]), ([Bid(3), Bid(2)], [3, 2]))
    nil_failed = hand_value(STANDARD, scores, bags, 9, ([Bid(5), Bid(0)], [5, 2]), ([Bid(3), Bid(2)], [3, 2]))
    assert (nil_made + nil_failed) / 2 > sure


def test_the_game_ends_as_the_engine_decides() -> None:
    """Both sides past 500: the higher wins (game_decision), whatever the bags."""
    win = hand_value(STANDARD, [480, 470], [0, 0], 10, ([Bid(4), Bid(3)], [4, 3]), ([Bid(3), Bid(3)], [3, 3]))
    lose = hand_value(STANDARD, [440, 470], [0, 0], 10, ([Bid(4), Bid(3)], [4, 3]), ([Bid(3), Bid(3)], [3, 3]))
    assert win > 0 > lose
    outlook = Outlook(STANDARD, [480, 470], [0, 0], 10, 0)
    sides = [score_side(STANDARD, (0, 2), [Bid(4), Bid(3)], [4, 3], score_before=480),
             score_side(STANDARD, (1, 3), [Bid(3), Bid(3)], [3, 3], score_before=470)]
    assert outlook.chance_after(sides) == 1.0
