"""The gauntlet's opponent styles (:mod:`bots.styles`): every move legal (the engine refuses any other), and
each style bids and plays as its description says."""

from __future__ import annotations

import random

import pytest

from bench.gauntlet import resolve
from bots.arena import play_hand
from bots.styles import STYLES, count, decide
from games.engine import PRESETS, Game, mask_of

from .situations import bid_all, complete, play
from .states import cards, fixed_game, seat_view

STANDARD = PRESETS["standard"]

WEAK_HAND = "2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 6C 8C"
"""No ace, no king, no queen, two low spades: a count of nothing."""

STRONG_HAND = "AS KS 7S 5S 3S AH 9H KD 4D 8C 7C 6C 5C"
"""AS 1 + KS 1 + two spades past three + AH 1 + KD guarded 1: a count of six."""


def action(game: Game, style: str, rng: int = 0) -> dict:
    return decide(style, seat_view(game, game.turn), game.rules, random.Random(rng))


def bid_of(style: str, hand: str) -> int:
    game = fixed_game(STANDARD, complete({1: hand}), first_dealer=0)
    assert game.turn == 1
    got = action(game, style)
    assert got["type"] == "bid"
    return got["bid"]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_style_plays_whole_hands_legally(style: str) -> None:
    """Four seats of the style and two against the normal bot: the engine applies every action or raises."""
    for k, levels in enumerate(((style,) * 4, (style, "normal", style, "normal"))):
        game = play_hand(f"styles-{style}-{k}", k, levels, 20, {}, resolve)  # type: ignore[arg-type]
        assert game.hands_played == 1
        assert sum(game.records[0].tricks_won) == 13


def test_the_count_is_the_guides_count() -> None:
    assert count(mask_of(cards(STRONG_HAND))) == 6
    assert count(mask_of(cards(WEAK_HAND))) == 0
    assert count(mask_of(cards("QH 9H 4H KC 2C AD 2S 3S 4S 5S 6S 7S 8S"))) == 0.5 + 1 + 1 + 4


def test_bid_sizes_follow_each_description() -> None:
    assert bid_of("counting", STRONG_HAND) == 6
    assert bid_of("weak", STRONG_HAND) == 6
    assert bid_of("overbidder", STRONG_HAND) == 8  # a count of four or more: plus two
    assert bid_of("overbidder", "AS 4S 3S AH 9H 5D 4D 8C 7C 6C 5C 3C 2C") == 3  # a count of two: plus one
    assert bid_of("nil_hunter", STRONG_HAND) == 5
    assert bid_of("bag_careless", STRONG_HAND) == 5


def test_the_nil_happy_player_bids_nil_on_a_weak_hand_and_no_one_else_does() -> None:
    assert bid_of("nil_happy", WEAK_HAND) == 0
    for style in ("counting", "nil_hunter", "overbidder", "bag_careless", "weak"):
        assert bid_of(style, WEAK_HAND) == 1, style
    assert bid_of("nil_happy", STRONG_HAND) == 6
    assert bid_of("nil_happy", "AS 2S 4H 5H 6H 7D 8D 9D 2C 3C 4C 6C 8C") == 1  # the ace of spades: no nil


def nil_to_lead_game() -> Game:
    """Seat 1 bid nil; seat 0 (bid 4) leads, holding the A♣ and the 2♦."""
    game = fixed_game(STANDARD, complete({0: "AC 2D 9D TD JD KH 7H 8S 9S TS JS QS KS"}), first_dealer=3)
    bid_all(game, {0: 4, 1: 0, 2: 3, 3: 3})
    assert game.turn == 0
    return game


def test_the_hunter_and_the_counter_lead_low_into_a_nil_and_the_nil_happy_player_does_not() -> None:
    game = nil_to_lead_game()
    assert action(game, "nil_hunter")["card"] == "2D"
    assert action(game, "counting")["card"] == "2D"  # its contract is safe: 004 tip 6
    assert action(game, "nil_happy")["card"] == "AC"  # plays on as usual: cashes its ace


def test_the_hunter_stays_under_a_nil_that_is_winning() -> None:
    """Seat 0 led the 2♥, seat 1 (nil) played the 9♥; the hunter on seat 2 holds K♥ 8♥ 3♥ and plays the
    8♥, under the nil's nine."""
    hands = complete({0: "2H", 1: "9H", 2: "KH 8H 3H 2C 3C 4C 5C 6C 7C 8C 9C TC JC", 3: "4H"})
    game = fixed_game(STANDARD, hands, first_dealer=3)
    bid_all(game, {0: 3, 1: 0, 2: 3, 3: 4})
    play(game, "2H", "9H")
    assert game.turn == 2
    assert action(game, "nil_hunter")["card"] == "8H"
    assert action(game, "bag_careless")["card"] == "KH"  # third hand high: it does not hunt


def test_second_hand_low_third_hand_high() -> None:
    game = fixed_game(STANDARD, complete({0: "5H", 1: "KH 7H 2H", 2: "AH 9H 3H", 3: "4H"}), first_dealer=3)
    bid_all(game, {0: 3, 1: 3, 2: 3, 3: 3})
    play(game, "5H")
    assert action(game, "counting")["card"] == "2H"  # second hand low
    play(game, "2H")
    assert action(game, "counting")["card"] == "AH"  # third hand high


def made_game() -> Game:
    """Seats 0 and 2 bid 1 each and have made it; seat 3 leads the 9♥ and seat 0 holds A♥ 8♥ 2♥."""
    game = fixed_game(STANDARD, [
        "AC 2C 3C 2D 5D 6D 7D AH 8H 2H 2S 3S 4S",
        "4C 5C 6C 3D 8D 9D 4H 5H 6H 5S 6S 7S 8S",
        "7C 8C 9C AD KD QD 3H 7H TH 9S TS JS QS",
        "TC JC QC KC 4D TD JD 9H JH QH KH KS AS",
    ], first_dealer=3)
    bid_all(game, {0: 1, 1: 3, 2: 1, 3: 3})
    play(game, "AC", "4C", "7C", "TC")
    play(game, "2D", "3D", "AD", "4D")
    play(game, "3H", "9H")
    return game


def test_the_bag_careless_player_takes_what_comes_and_the_counter_ducks() -> None:
    game = made_game()
    assert action(game, "counting")["card"] == "8H"
    assert action(game, "bag_careless")["card"] == "AH"
    assert action(game, "overbidder")["card"] == "AH"  # the opponents need 6 of 11 tricks left: it plays to set


def test_the_weak_player_plays_a_random_card_about_half_the_time() -> None:
    game = made_game()
    legal = len(game.legal_cards(0))
    differs = sum(action(game, "weak", rng)["card"] != action(game, "counting")["card"] for rng in range(400))
    expected = 400 * 0.5 * (1 - 1 / legal)
    assert 0.7 * expected < differs < 1.3 * expected


def test_a_style_covers_its_partners_nil() -> None:
    """Seat 2 bid nil; seat 1 leads the 2♥, seat 2 must play its only heart, the K♥; seat 0, last, overtakes
    with the A♥."""
    game = fixed_game(STANDARD, complete({0: "AH 9H 4H", 1: "2H", 2: "KH", 3: "5H"}), first_dealer=0)
    bid_all(game, {1: 3, 2: 0, 3: 3, 0: 4})
    play(game, "2H", "KH", "5H")
    assert action(game, "nil_happy")["card"] == "AH"
