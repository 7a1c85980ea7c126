"""The particulars a refusal carries (``IllegalActionError.params``): what a message may quote about this
refusal, the bids allowed, the suit to follow, the seat to move, the cards due, and never what the refused
seat may not see."""

from __future__ import annotations

import random

import pytest

from games.engine import BID, PLAY, Game, IllegalActionError, Reason, card_name, cards_in, preset
from games.engine.cards import SPADE_MASK, SUIT_OF
from games.engine.reasons import SUIT_WORDS


def refusal(call: object, *args: object, **kwargs: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    return caught.value


def play_until(game: Game, found: object, rng: random.Random, steps: int = 400) -> None:
    """Play random legal moves until ``found(game)`` holds."""
    for _ in range(steps):
        if found(game):  # type: ignore[operator]
            return
        seat = game.turn
        assert seat is not None
        if game.phase == BID:
            game.bid(seat, rng.choice(game.legal_bids(seat)).tricks)
        else:
            game.play(seat, rng.choice(game.legal_cards(seat)))
    raise AssertionError("never came up")


def test_a_bid_out_of_turn_names_the_seat_to_move() -> None:
    game = Game.new(preset("standard"), seed="refusals")
    other = (game.turn + 1) % 4  # type: ignore[operator]
    error = refusal(game.bid, other, 3)
    assert error.reason == Reason.NOT_YOUR_TURN and error.params == {"turn": game.turn}


@pytest.mark.parametrize(("name", "low"), [("standard", 0), ("easy", 1)])
def test_a_bid_out_of_range_names_the_range(name: str, low: int) -> None:
    game = Game.new(preset(name), seed="refusals")
    error = refusal(game.bid, game.turn, 14)
    assert error.reason == Reason.BID_OUT_OF_RANGE and error.params == {"low": low, "high": 13}


def test_must_follow_suit_names_the_suit_led_which_the_seat_holds() -> None:
    rng = random.Random(3)
    game = Game.new(preset("standard"), seed="follow")

    def off_suit_possible(g: Game) -> bool:
        if g.phase != PLAY or not g.trick:
            return False
        hand = cards_in(g.hands[g.turn])  # type: ignore[index]
        led = SUIT_OF[g.trick[0]]
        return any(SUIT_OF[c] == led for c in hand) and any(SUIT_OF[c] != led for c in hand)

    play_until(game, off_suit_possible, rng)
    seat = game.turn
    assert seat is not None
    led = SUIT_OF[game.trick[0]]
    card = next(c for c in cards_in(game.hands[seat]) if SUIT_OF[c] != led)
    error = refusal(game.play, seat, card)
    assert error.reason == Reason.MUST_FOLLOW_SUIT and error.params == {"suit": SUIT_WORDS[led]}


def test_a_mirror_bid_quotes_the_bidders_own_spades() -> None:
    game = Game.new(preset("mirror"), seed="mirror")
    seat = game.turn
    assert seat is not None
    spades = (game.hands[seat] & SPADE_MASK).bit_count()
    error = refusal(game.bid, seat, (spades + 1) % 14)
    assert error.reason == Reason.BID_MUST_EQUAL_SPADES and error.params == {"spades": spades}


def test_a_card_not_held_is_named_and_no_refusal_quotes_another_seats_cards() -> None:
    rng = random.Random(11)
    game = Game.new(preset("standard"), seed="hidden")
    for _ in range(60):
        seat = game.turn
        assert seat is not None
        others = {card_name(c) for s, hand in enumerate(game.hands) if s != seat for c in cards_in(hand)}
        if game.phase == PLAY:
            for card in range(52):
                if card in game.legal_cards(seat):
                    continue
                error = refusal(game.play, seat, card)
                quoted = {str(v) for v in error.params.values()}
                if error.reason == Reason.CARD_NOT_IN_HAND:
                    assert error.params == {"card": card_name(card)}  # the card the seat itself named
                else:
                    assert not quoted & others, (error.reason, error.params)
            game.play(seat, rng.choice(game.legal_cards(seat)))
        else:
            game.bid(seat, rng.choice(game.legal_bids(seat)).tricks)
