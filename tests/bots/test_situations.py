"""Known situations from the rule documents, on fixed deals, with the move each level should make: the
situations of :mod:`.situations` (every one passed by the hard bot at its real budget, on two seeds, in
both forms: the compiled form's budget plays about 2.5 times the deals; the normal bot fails exactly
:data:`.situations.NORMAL_FAILS`), and these older ones:

- ``004`` tip 4 / ``003``: once the side's contract is made, do not take more (duck under the winner);
- ``004`` (nil) / ``003``: cover a partner's nil by overtaking the partner's winning card;
- ``004`` tip 3: with many spades, lead a short side suit to trump it later;
- ``004`` tip 6: lead low against an opponent's nil;
- ``003`` easy: take every trick it can, with the cheapest winning card.
"""

from __future__ import annotations

import random

import pytest

from bots.strategies import decide
from bots.strategies.decide import DEFAULT_BUDGET_MS
from games.engine import PRESETS, Game

from .situations import NORMAL_FAILS, SITUATIONS, Situation, bid_all, complete, play
from .states import cards, fixed_game, frozen_clock, seat_view

STANDARD = PRESETS["standard"]


def card_of(game: Game, level: str, *, budget_ms: int = 40) -> str:
    seat = game.turn
    with frozen_clock():
        action = decide(seat_view(game, seat), game.rules, level=level, rng=random.Random(3), budget_ms=budget_ms)
    assert action["type"] == "play"
    return action["card"]


def partner_nil_game() -> Game:
    """Seat 2 bid nil; seat 1 leads the 2♥, seat 2 must play its only heart, the K♥, and wins unless
    seat 0 (to play last, holding A♥ 9♥ 4♥) overtakes."""
    game = fixed_game(STANDARD, [
        "AH 9H 4H AS KS QS AD KD QD 5C 4C 3C 2C",
        "2H 3H 6C 7C 8C 9C TC 2D 3D 4D 5D 2S 3S",
        "KH JC QC KC AC 6D 7D 8D 4S 5S 6S 7S 8S",
        "5H 6H 7H 8H TH JH QH 9D TD JD 9S TS JS",
    ], first_dealer=0)
    bid_all(game, {1: 3, 2: 0, 3: 3, 0: 4})
    play(game, "2H", "KH", "5H")
    return game


def test_normal_covers_the_partners_nil() -> None:
    assert card_of(partner_nil_game(), "normal") == "AH"


def test_hard_covers_the_partners_nil() -> None:
    assert card_of(partner_nil_game(), "hard") == "AH"


def contract_made_game() -> Game:
    """Seats 0 and 2 bid 1 each and have taken two tricks; seat 2 leads the 3♥, seat 3 plays the 9♥ and
    seat 0 holds A♥ 8♥ 2♥."""
    game = fixed_game(STANDARD, [
        "AC 2C 3C 2D 5D 6D 7D AH 8H 2H 2S 3S 4S",
        "4C 5C 6C 3D 8D 9D 4H 5H 6H 5S 6S 7S 8S",
        "7C 8C 9C AD KD QD 3H 7H TH 9S TS JS QS",
        "TC JC QC KC 4D TD JD 9H JH QH KH KS AS",
    ], first_dealer=3)
    bid_all(game, {0: 1, 1: 3, 2: 1, 3: 3})
    play(game, "AC", "4C", "7C", "TC")  # seat 0 wins
    play(game, "2D", "3D", "AD", "4D")  # seat 2 wins: the contract of 2 is made
    play(game, "3H", "9H")
    assert game.turn == 0 and game.tricks_won[0] + game.tricks_won[2] == 2
    return game


def test_normal_ducks_once_the_contract_is_made() -> None:
    assert card_of(contract_made_game(), "normal") == "8H"  # the highest heart that still loses


def test_easy_takes_the_trick_it_can_take_even_when_made() -> None:
    assert card_of(contract_made_game(), "easy") == "AH"


def test_normal_leads_a_short_suit_to_trump_it_later() -> None:
    game = fixed_game(STANDARD, complete({0: "KS QS 9S 7S 4S 7C QD 8D 5D 3D KH JH 6H"}), first_dealer=3)
    bid_all(game, {0: 3, 1: 3, 2: 3, 3: 3})
    assert game.turn == 0
    assert card_of(game, "normal") == "7C"  # the singleton club


def test_normal_leads_low_against_an_opponents_nil() -> None:
    game = fixed_game(STANDARD, complete({0: "3C 9C KC AC 4D TD 6H 7H 8H AS KS 2S 5S"}), first_dealer=3)
    bid_all(game, {0: 4, 1: 0, 2: 4, 3: 3})
    assert card_of(game, "normal") == "3C"


def test_easy_wins_with_the_cheapest_card_that_wins() -> None:
    game = fixed_game(STANDARD, complete({1: "9H", 2: "KH JH 3H 2C 3C 4C 5C 6C 7C 8C 9C TC JC"}), first_dealer=0)
    bid_all(game, {1: 3, 2: 3, 3: 3, 0: 3})
    play(game, "9H")
    assert game.turn == 2
    assert card_of(game, "easy") == "JH"


def test_hard_keeps_a_winning_heart_apart_from_a_losing_one() -> None:
    """Holding 6♥ and 3♥ with 4♥ and 5♥ on the trick, the 6♥ takes the trick and the 3♥ does not: the
    cards on the table lie between them, so they are two moves, not one. The opponents bid ten: a trick
    given to them helps them make it, so the winning heart is the move."""
    game = fixed_game(STANDARD, complete({0: "3H 6H", 1: "4H", 2: "2H", 3: "5H"}), first_dealer=0)
    bid_all(game, {1: 5, 2: 1, 3: 5, 0: 2})
    play(game, "4H", "2H", "5H")  # the opponent on seat 3 leads the trick
    assert game.turn == 0 and game.legal_cards(0) == cards("3H 6H")
    assert card_of(game, "normal") == "6H"
    assert card_of(game, "hard") == "6H"


def test_hard_keeps_a_winning_trump_apart_from_a_losing_one() -> None:
    """Hearts led and trumped with the 4♠, overtrumped with the 5♠: seat 0, void in hearts, holds 6♠ and
    3♠, and only the 6♠ takes the trick."""
    hearts = " ".join(r + "H" for r in "23456789TJQKA")
    game = fixed_game(STANDARD, complete({0: "3S 6S", 1: hearts, 2: "4S", 3: "5S"}), first_dealer=0)
    bid_all(game, {1: 3, 2: 3, 3: 3, 0: 4})
    play(game, "2H", "4S", "5S")
    assert game.turn == 0
    assert card_of(game, "normal") == "6S"
    assert card_of(game, "hard") == "6S"


def answer(situation: Situation, level: str, seed: int) -> str:
    """The bot's answer in the situation: a card name, or a bid number as a string."""
    game = situation.game()
    seat = game.turn
    with frozen_clock():
        action = decide(seat_view(game, seat), game.rules, level=level, rng=random.Random(seed),
                        budget_ms=DEFAULT_BUDGET_MS)
    assert action["type"] == situation.kind
    return str(action["bid"]) if situation.kind == "bid" else action["card"]


def right(situation: Situation, level: str, seed: int) -> bool:
    got = answer(situation, level, seed)
    if situation.floor is not None:
        return int(got) >= int(answer(situation.floor, level, seed))
    return got in situation.answers


def test_the_situations_are_many_and_named_once() -> None:
    names = [s.name for s in SITUATIONS]
    assert len(names) >= 40 and len(set(names)) == len(names)
    assert set(names) >= NORMAL_FAILS
    assert all(s.source for s in SITUATIONS)


@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.name for s in SITUATIONS])
def test_hard_passes_the_situation(situation: Situation) -> None:
    for seed in (3, 4):
        assert right(situation, "hard", seed), (situation.name, answer(situation, "hard", seed), situation.answers)


@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.name for s in SITUATIONS])
def test_normal_fails_exactly_the_listed_situations(situation: Situation) -> None:
    assert right(situation, "normal", 3) == (situation.name not in NORMAL_FAILS), answer(situation, "normal", 3)
