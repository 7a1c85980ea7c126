"""bench/nil_ceiling.py: the search that says whether a nil could be broken by opponents who see every card."""

from __future__ import annotations

import pytest

from bench.nil_ceiling import OutOfNodes, breakable, paired
from bots.strategies.state import PlayState, Setting
from games.engine import Bid, mask_of, preset
from games.engine.cards import cards_named

RULES = preset("standard")
BIDS = [Bid(0), Bid(4), Bid(5), Bid(4)]  # seat 0 bid nil; seats 1 and 3 attack it


def last_tricks(hands: list[list[str]], leader: int) -> tuple[PlayState, Setting]:
    """The hand's last tricks: each seat holds the cards named, ``leader`` to lead."""
    cx = Setting(RULES, BIDS, [0, 0], [0, 0])
    masks = [mask_of(cards_named(h)) for h in hands]
    return PlayState(masks, [], leader, leader, -1, True, cx.tricks - len(hands[0]), [0] * 4, [0] * 4), cx


def test_a_lead_under_the_nil_bidders_only_card_breaks_it() -> None:
    assert breakable(*last_tricks([["3H"], ["2H"], ["4C"], ["5C"]], leader=1), 0, [100])


def test_a_nil_bidder_holding_the_lowest_card_led_cannot_be_broken() -> None:
    assert not breakable(*last_tricks([["2H"], ["3H"], ["4C"], ["5C"]], leader=1), 0, [100])


def test_the_search_goes_on_past_a_first_lead_that_fails() -> None:
    # Two tricks left. The 3♦, tried first (lowest), lets the nil bidder throw its 5♥ and keep the 2♣, which
    # nothing can make win; the 4♥ forces the 5♥ to win at once.
    hands = [["5H", "2C"], ["4H", "3D"], ["6C", "5D"], ["7C", "7D"]]
    assert breakable(*last_tricks(hands, leader=1), 0, [100])
    hands[0] = ["2H", "2C"]
    assert not breakable(*last_tricks(hands, leader=1), 0, [100])


def test_the_search_stops_at_its_node_limit() -> None:
    hands = [["2H", "2C"], ["4H", "3D"], ["6C", "5D"], ["7C", "7D"]]
    with pytest.raises(OutOfNodes):
        breakable(*last_tricks(hands, leader=1), 0, [1])


def test_paired_compares_the_nils_both_runs_have() -> None:
    before = {"1/0": [False, -10.0], "2/1": [True, 20.0], "3/2": [False, 0.0]}
    after = {"1/0": (True, 30.0), "2/1": (True, 20.0), "4/3": (True, 50.0)}  # 3/2 and 4/3 only in one run
    line = paired(before, after)
    assert "2 nils in common" in line
    assert "nils broken +0.500 [" in line  # one of the two common nils changed from kept to broken
    assert "attackers' value a nil +20.000 [" in line
