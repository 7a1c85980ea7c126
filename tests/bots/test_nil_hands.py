"""The bid hint (the normal bot's bid with the documents' bars on nil) never suggests nil with a hand the rule
documents say cannot go nil, and still suggests it for a genuinely weak hand.

What the documents say about a nil hand:

- ``003`` (advice): "明らかに勝つカード（特にスペードのエース）を持っている場合はニルをビッドしません" — no nil
  with a card that plainly wins, the ace of spades above all: any ace.
- ``000`` (card passing for nil): the nil bidder gives away "最も高い切り札または他の絵札": the high
  trumps are what breaks a nil: the queen of spades and above.
- ``000`` (cutthroat bidding): a side suit of "5 枚以上" is a long suit; its low cards win late in the hand
  once the others are void.
- ``000`` (misdeal): a hand with one spade or none, or without face cards, is "不十分な手札", with which a
  player "「ゼロ」を入札しようと試みることができます": the weak hand that may go nil.

Each hand below is seat 0's, first to bid (seat 3 deals) in a standard game, the other seats filled with
the rest of the deck. The test asserts on the hint's bid (:func:`bots.strategies.bid_hint`, what
``GET hint/`` serves); the bots themselves are free to gamble on such a nil (see
:mod:`bots.strategies.bidding`).
"""

from __future__ import annotations

import random

import pytest

from bots.strategies import bid_hint, decide
from bots.strategies.bidding import NIL_RISK, NIL_TRICKS
from bots.strategies.evaluate import estimate, nil_bars, nil_risk
from games.engine import BID, PRESETS, Bid, Game, mask_of

from .states import cards, fixed_game, frozen_clock, seat_view
from .test_situations import complete

STANDARD = PRESETS["standard"]

WEAK = "9H 7H 4H 2H 8D 5D 3D JC 6C 4C 2C 3S 2S"
"""No ace, no honour above the jack, two low spades, no suit longer than four: a nil hand."""

BARRED = {
    # A side ace, well covered by low cards: the hand is weak otherwise.
    "ace": ("AD 4D 3D 2D 7H 5H 3H 2H 6C 4C 2C 3S 2S", {"ace"}),
    "ace_of_spades": ("AS 2S 7H 5H 4H 3H 8D 4D 3D 2D 6C 4C 2C", {"ace", "high_spade"}),
    "king_of_spades": ("KS 7H 5H 3H 2H 8D 4D 3D 2D 6C 4C 3C 2C", {"high_spade"}),
    "queen_of_spades": ("QS 2S 7H 5H 3H 2H 8D 4D 3D 6C 4C 3C 2C", {"high_spade"}),
    # Six low hearts: nothing high, but the last hearts win once the others have none.
    "long_suit": ("9H 8H 6H 4H 3H 2H 5D 3D 2D 4C 3C 2C 2S", {"long_suit"}),
    "long_spades": ("7S 6S 5S 3S 2S 8H 4H 2H 5D 3D 4C 3C 2C", {"long_suit"}),
}


def bidding_game(hand: str) -> Game:
    game = fixed_game(STANDARD, complete({0: hand}), first_dealer=3)
    assert game.phase == BID and game.turn == 0
    return game


def bids_for(game: Game) -> dict[str, int]:
    view = seat_view(game, 0)
    with frozen_clock():
        return {
            "hint": bid_hint(view, game.rules)["bid"],
            "normal": decide(view, game.rules, level="normal", rng=random.Random(1))["bid"],
        }


@pytest.mark.parametrize("name", sorted(BARRED))
def test_no_nil_hint_with_a_hand_the_documents_bar(name: str) -> None:
    hand, bars = BARRED[name]
    game = bidding_game(hand)
    assert set(nil_bars(mask_of(cards(hand)), STANDARD)) == bars
    assert Bid(0) in game.legal_bids(0)  # nil is allowed by the rules: the hand is what rules it out
    assert bids_for(game)["hint"] > 0


def test_the_barred_hands_are_otherwise_weak_enough_for_nil() -> None:
    """Without the bars, the trick estimate and nil danger alone would have let most of these hands bid
    nil (the bug: a nil hint while holding an ace): the bars are what keeps them from it."""
    would_nil = []
    for name, (hand, _) in BARRED.items():
        mask = mask_of(cards(hand))
        if nil_risk(mask, STANDARD) < NIL_RISK and estimate(mask, STANDARD).tricks < NIL_TRICKS:
            would_nil.append(name)
    assert {"ace", "king_of_spades", "queen_of_spades", "long_suit"} <= set(would_nil)


def test_a_genuinely_weak_hand_may_be_hinted_nil() -> None:
    assert nil_bars(mask_of(cards(WEAK)), STANDARD) == []
    bids = bids_for(bidding_game(WEAK))
    assert bids["hint"] == 0 and bids["normal"] == 0


@pytest.mark.parametrize("preset", ["standard", "classic", "yahoo", "suicide", "whiz", "cutthroat"])
def test_no_nil_hint_with_a_barred_hand_on_random_deals(preset: str) -> None:
    """On many deals of each preset: whenever the hint says nil for a seat whose hand has a bar, nil was
    the only open bid the rules left it (suicide's forced nil, whiz without spades)."""
    rules = PRESETS[preset]
    hinted_nil = 0
    for n in range(60):
        game = Game.new(rules, seed=f"nil-hands-{preset}-{n}")
        while game.phase == BID:
            seat = game.turn
            if not game.looked[seat]:
                game.look(seat)
            hint = bid_hint(seat_view(game, seat), rules)["bid"]
            open_bids = [b for b in game.legal_bids(seat) if not b.blind]
            if hint == 0:
                hinted_nil += 1
                assert not nil_bars(game.hands[seat], rules) or open_bids == [Bid(0)], (preset, n, seat)
            game.bid(seat, hint)
    assert hinted_nil or preset in {"cutthroat"}
