"""The hard bot's strategy in situations the rule documents describe (000-002 on nil, passing and the
partner's nil), asserted on the move it makes; each situation is played with the hidden cards (the other
seats' hands) dealt again several times, so the move follows from what the seat may know, not from the
cards it cannot see."""

from __future__ import annotations

import pytest

from games.engine import Game, RuleSet, preset

from .states import decide_unseen, fixed_game
from .test_situations import bid_all, complete, play

STANDARD = preset("standard")
SHUFFLES = (1, 2, 3)


def hard_action(game: Game, rules: RuleSet, shuffle: int, budget_ms: int = 60) -> dict:
    """The hard bot's action for the seat on turn, with the other seats' cards dealt again by ``shuffle``."""
    return decide_unseen(game, rules, level="hard", shuffle=shuffle, seed=7, budget_ms=budget_ms)


def bidding_game(rules: RuleSet, hand: str, bids: dict[int, int]) -> Game:
    """Seat 0 to bid holding ``hand``, seats 2 and 3 (partner and an opponent) having bid ``bids``."""
    game = fixed_game(rules, complete({0: hand}), first_dealer=1)
    for seat in (2, 3):
        game.bid(seat, bids[seat])
    assert game.turn == 0
    return game


WEAK_BUT_FOR_THREE = "AS KH QD 2C 3C 4C 5C 2D 3D 4D 2H 3H 4H"
"""Ten small cards and three that would each take a trick: a nil only with the three passed away."""


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_bids_nil_when_the_nil_pass_takes_its_winners_away(shuffle: int) -> None:
    """000 'passing': after a nil the bidder passes three cards to the partner, so the ace, king and queen
    leave the hand before the play."""
    rules = preset("standard", nil_pass=3)
    action = hard_action(bidding_game(rules, WEAK_BUT_FOR_THREE, {2: 4, 3: 3}), rules, shuffle)
    assert action == {"type": "bid", "bid": 0, "blind": False}


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_without_a_pass_the_same_hand_bids_its_tricks(shuffle: int) -> None:
    action = hard_action(bidding_game(STANDARD, WEAK_BUT_FOR_THREE, {2: 4, 3: 3}), STANDARD, shuffle)
    assert action["type"] == "bid" and action["bid"] >= 1


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_does_not_double_the_partners_nil(shuffle: int) -> None:
    """002: two nils on one side almost never both make it: beside a partner's nil, a weak hand that still
    holds an ace bids its trick."""
    action = hard_action(bidding_game(STANDARD, "AC 3C 4C 7C 2D 3D 5D 8D 2H 4H 6H 2S 3S", {2: 0, 3: 4}),
                         STANDARD, shuffle)
    assert action["type"] == "bid" and action["bid"] >= 1


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_leads_low_into_an_opponents_nil(shuffle: int) -> None:
    """004 tip 6: against a nil, lead a low card of a suit the nil bidder may still hold and make it win."""
    game = fixed_game(STANDARD, complete({0: "3C 9C KC AC 4D TD 6H 7H 8H AS KS 2S 5S"}), first_dealer=3)
    bid_all(game, {0: 4, 1: 0, 2: 4, 3: 3})
    action = hard_action(game, STANDARD, shuffle)
    assert action["type"] == "play" and action["card"] in ("3C", "4D", "6H")


def partner_nil_game() -> Game:
    """Seat 2 bid nil; seat 1 leads the 2♥ and seat 2 must play its only heart, the K♥, which wins unless
    seat 0 (last to play, holding A♥ 9♥ 4♥) overtakes."""
    game = fixed_game(STANDARD, complete({0: "AH 9H 4H AS KS QS AD KD QD 5C 4C 3C 2C", 1: "2H",
                                          2: "KH", 3: "5H"}), first_dealer=0)
    bid_all(game, {1: 3, 2: 0, 3: 3, 0: 4})
    play(game, "2H", "KH", "5H")
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_covers_the_partners_nil_whatever_the_others_hold(shuffle: int) -> None:
    """004 (nil) / 003: overtake the partner's winning card."""
    action = hard_action(partner_nil_game(), STANDARD, shuffle)
    assert action == {"type": "play", "card": "AH"}


def blind_game(scores: list[int]) -> Game:
    """A ``yahoo`` game (blind nil allowed whatever the score) at ``scores``, the first bidder still to
    look at its cards."""
    game = Game.new(preset("yahoo"), seed="blind", first_dealer=3)
    game.scores = list(scores)
    assert game.turn == 0
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("scores", [[0, 0], [300, 260], [120, 200]])
def test_no_blind_nil_when_the_score_does_not_call_for_it(level: str, scores: list[int]) -> None:
    """000: a blind nil is the gamble of a side well behind; level or a little behind, the seat looks."""
    rules = preset("yahoo")
    action = decide_unseen(blind_game(scores), rules, level=level, shuffle=1, seed=7)
    assert action == {"type": "look"}


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("scores", [[100, 320], [250, 400]])
def test_blind_nil_when_far_behind(level: str, scores: list[int]) -> None:
    """000: 200 behind, or 100 behind with the leader near the target, is when a blind nil pays."""
    rules = preset("yahoo")
    action = decide_unseen(blind_game(scores), rules, level=level, shuffle=1, seed=7)
    assert action == {"type": "bid", "bid": 0, "blind": True}
