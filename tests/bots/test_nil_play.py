"""Nil defence, nil cover and the hard bot's nil bid, in situations the rule documents describe (000 and
002 on nil and its partner's help, 004 tip 6 on setting an opponent's nil), asserted on the move; each
situation is played with the other seats' cards dealt again several times, so the move follows from what
the seat may know, not from the cards it cannot see.

- defence, void in the led suit with the nil bidder still to play: keep the low cards (they are the leads
  that break the nil later) and shed the highest card that cannot win a trick of its own;
- defence, the nil bidder winning the trick: play under it with the highest card that still loses;
- defence, on lead: the low card with the fewest outstanding cards under it (fewest ways to duck);
- cover, on lead: a suit the nil bidder has shown void in (it discards, whatever is played);
- nil bid: the hard bot bids nil with a hand that ducks everything, and gives up a nil the race prefers
  when it made on too few of the sampled deals.
"""

from __future__ import annotations

import dataclasses

import pytest

from bots.strategies import opponents
from bots.strategies.search import CONTRACT_MIN_MAKE, NIL_MIN_SUCCESS, Race, _safe_bid
from games.engine import Bid, Game, preset

from .states import decide_unseen, fixed_game
from .test_situations import bid_all, complete, play

STANDARD = preset("standard")
SHUFFLES = (1, 2, 3)


def action_of(game: Game, level: str, shuffle: int, budget_ms: int = 60) -> dict:
    """The action of the seat on turn at ``level``, the other seats' cards dealt again by ``shuffle``."""
    return decide_unseen(game, STANDARD, level=level, shuffle=shuffle, seed=5, budget_ms=budget_ms)


def void_against_nil_game() -> Game:
    """Seat 1 bid nil. Seat 2 leads the 2♥ and seat 3 (the nil's partner) plays the 5♥; seat 0, void in
    hearts, plays before the nil bidder, holding low clubs and diamonds, the Q♣ and the J♦ (neither a
    winner: the A♣ K♣ and A♦ K♦ Q♦ are out)."""
    game = fixed_game(STANDARD, complete({0: "2C 3C 4C QC 2D 3D JD 9D 2S 3S 4S 5S 6S", 2: "2H", 3: "5H"}),
                      first_dealer=1)
    bid_all(game, {2: 3, 3: 4, 0: 3, 1: 0})
    play(game, "2H", "5H")
    assert game.turn == 0
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_void_defender_keeps_its_low_cards_for_the_nil(shuffle: int) -> None:
    """002/004: the low cards are the ones that break a nil; the discard is the highest card that cannot
    win (the Q♣), not the lowest (the 2♣ the old play threw), and not a ruff."""
    action = action_of(void_against_nil_game(), "normal", shuffle)
    assert action == {"type": "play", "card": "QC"}


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_does_not_ruff_ahead_of_the_nil(shuffle: int) -> None:
    """A ruff would let the nil bidder throw its most dangerous card: the hard bot discards a side card
    (which one, its search weighs against the contract)."""
    action = action_of(void_against_nil_game(), "hard", shuffle)
    assert action["type"] == "play" and action["card"][-1] in "CD"


def nil_winning_game() -> Game:
    """Seat 1 bid nil and wins the trick so far with the 9♥ over the 2♥; seat 2 holds K♥ T♥ 8♥ 3♥."""
    game = fixed_game(STANDARD, complete({0: "2H", 1: "9H", 2: "KH TH 8H 3H"}), first_dealer=3)
    bid_all(game, {0: 3, 1: 0, 2: 3, 3: 4})
    play(game, "2H", "9H")
    assert game.turn == 2
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_defender_ducks_under_the_winning_nil_bidder(shuffle: int) -> None:
    """004 tip 6: leave the trick to the nil bidder: the highest heart that still loses to its 9♥."""
    action = action_of(nil_winning_game(), "normal", shuffle)
    assert action == {"type": "play", "card": "8H"}


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_ducks_under_the_winning_nil_bidder(shuffle: int) -> None:
    """The hard bot too leaves the trick to the nil bidder (the 8♥ or the 3♥: its search may keep the
    8♥ to overtake later), never the K♥ or T♥ that would save the nil."""
    action = action_of(nil_winning_game(), "hard", shuffle)
    assert action["type"] == "play" and action["card"] in ("8H", "3H")


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_defender_leads_the_low_card_the_nil_can_least_duck(shuffle: int) -> None:
    """004 tip 6: lead low into the nil. After a first trick of 6♣ 2♣ 3♣ 4♣ no club under our 5♣ is
    left, so a nil bidder holding clubs must play over it; the 3♦ and 3♥, lower in rank, each leave a
    deuce to duck with."""
    game = fixed_game(STANDARD, complete({0: "5C 6C 9C KC 3D TD QD 3H 7H 8H AS KS 2S", 1: "2C", 2: "3C",
                                          3: "4C"}), first_dealer=3)
    bid_all(game, {0: 4, 1: 0, 2: 4, 3: 3})
    play(game, "6C", "2C", "3C", "4C")
    assert game.turn == 0
    action = action_of(game, "normal", shuffle)
    assert action == {"type": "play", "card": "5C"}


def cover_game() -> Game:
    """Seat 2 bid nil and showed a void in diamonds on the first trick (seat 0 led the A♦, seat 2 threw
    the K♥); seat 0 is on lead again."""
    game = fixed_game(STANDARD, complete({0: "AD KD QD 5D AC KC QC 4C AH 9H 4H 2S 3S", 1: "2D",
                                          2: "KH 2C 3C 5C 6C 2H 3H 5H 6H 4S 5S 6S 7S", 3: "3D"}), first_dealer=3)
    bid_all(game, {0: 5, 1: 3, 2: 0, 3: 3})
    play(game, "AD", "2D", "KH", "3D")
    assert game.turn == 0
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_cover_leads_the_suit_the_nil_is_void_in(shuffle: int) -> None:
    """000 (nil): the partner helps the nil; a suit it is void in cannot make it win a trick, whatever
    the others hold, so the cover leads its best diamond and keeps its aces to overtake later."""
    action = action_of(cover_game(), "normal", shuffle)
    assert action == {"type": "play", "card": "KD"}


def bidding_game(hand: str) -> Game:
    """Seat 0 to bid ``hand`` after its partner (seat 2, 4) and an opponent (seat 3, 3)."""
    game = fixed_game(STANDARD, complete({0: hand}), first_dealer=1)
    game.bid(2, 4)
    game.bid(3, 3)
    assert game.turn == 0
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_hard_bids_nil_with_a_hand_that_ducks_everything(shuffle: int) -> None:
    """000: a hand of the lowest cards in every suit is the nil the rule books mean."""
    action = action_of(bidding_game("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 2S 3S"), "hard", shuffle)
    assert action == {"type": "bid", "bid": 0, "blind": False}


def even_race(*values: float, rounds: int) -> Race:
    """A bid race whose candidate ``i`` was worth ``values[i]`` on each of ``rounds`` sampled deals."""
    race = Race(len(values), base=1)
    race.values = [[v] * rounds for v in values]
    race.rounds = rounds
    return race


def test_a_nil_that_made_too_rarely_gives_way_to_the_best_number() -> None:
    """The race prefers the nil on value, but it made on 3 deals of 5 (below the bar): the bid is the
    better number bid still in the race."""
    cands = [Bid(0), Bid(1), Bid(2)]
    race = even_race(60.0, 20.0, 25.0, rounds=5)
    assert cands[race.best()] == Bid(0)
    assert NIL_MIN_SUCCESS * 5 > 3
    assert _safe_bid(race, cands, [3, 5, 5]) == Bid(2)


def test_a_nil_that_made_often_enough_is_kept() -> None:
    cands = [Bid(0), Bid(1), Bid(2)]
    race = even_race(60.0, 20.0, 25.0, rounds=20)
    assert _safe_bid(race, cands, [18, 20, 20]) == Bid(0)


def test_a_nil_is_priced_by_the_breaks_the_table_adds() -> None:
    """A nil that made on 17 deals of 20 and leads the best number by 20 points: kept against opponents like
    the rollouts' (nothing to add), given up at a table that breaks nils twice as often (3 more breaks in 20,
    each turning +100 into -100: 30 points), kept there too when it leads by 40."""
    cands = [Bid(0), Bid(1), Bid(2)]
    breaking = dataclasses.replace(opponents.TUNED, nil_broken=2 * opponents.REFERENCE_NIL_BROKEN)
    assert breaking.nil_cost(0.85, 100) == pytest.approx(30.0)
    assert _safe_bid(even_race(45.0, 20.0, 25.0, rounds=20), cands, [17, 20, 20]) == Bid(0)
    assert _safe_bid(even_race(45.0, 20.0, 25.0, rounds=20), cands, [17, 20, 20], breaking) == Bid(2)
    assert _safe_bid(even_race(65.0, 20.0, 25.0, rounds=20), cands, [17, 20, 20], breaking) == Bid(0)


def test_a_nil_is_priced_on_the_deals_whose_opponents_attacked_it() -> None:
    """The same nil (17 of 20 made, 20 points ahead of the best number) at a table that breaks nils twice as
    often when it attacks, but with half the deals played against opponents who do not attack: the price is for
    the attacked half only, on the attacked deals' own success. Made on 9 of its 10 attacked deals, it pays one
    extra break in 20 deals (10 points) and is bid; made on 7 of them (the spared ten all made) it pays 30 and
    the best number is bid."""
    cands = [Bid(0), Bid(1), Bid(2)]
    half = dataclasses.replace(opponents.TUNED, nil_broken=0.5 * 2 * opponents.REFERENCE_NIL_BROKEN
                               + 0.5 * opponents.SPARED_NIL_BROKEN, spared=0.5)
    assert half.attack_broken == pytest.approx(2 * opponents.REFERENCE_NIL_BROKEN)
    assert half.nil_cost(0.9, 100) == pytest.approx(10.0) and half.nil_cost(0.7, 100) == pytest.approx(30.0)
    race = even_race(45.0, 20.0, 25.0, rounds=20)
    assert _safe_bid(race, cands, [17, 20, 20], half, 100, [[10, 9], [10, 10], [10, 10]]) == Bid(0)
    race = even_race(45.0, 20.0, 25.0, rounds=20)
    assert _safe_bid(race, cands, [17, 20, 20], half, 100, [[10, 7], [10, 10], [10, 10]]) == Bid(2)


def test_a_number_bid_set_too_often_gives_way_to_the_best_safer_bid() -> None:
    """Contract first: the race prefers 5 on value (bags priced), but our side made it on 16 deals of 20
    (below the bar); 4 made on 19 and is the bid, ahead of the safer but poorer 3."""
    cands = [Bid(3), Bid(4), Bid(5)]
    race = even_race(30.0, 38.0, 45.0, rounds=20)
    assert cands[race.best()] == Bid(5)
    assert CONTRACT_MIN_MAKE * 20 > 16
    assert _safe_bid(race, cands, [20, 19, 16]) == Bid(4)


def test_when_no_bid_is_safe_enough_the_best_number_stands() -> None:
    cands = [Bid(0), Bid(3), Bid(4)]
    race = even_race(10.0, 20.0, 25.0, rounds=20)
    assert _safe_bid(race, cands, [10, 15, 12]) == Bid(4)


def follow_ahead_of_nil_game() -> Game:
    """Seat 1 bid nil. Seat 3 leads the Q♥; seat 0, ahead of the nil bidder, holds 2♥ 5♥ J♥ (the A♥ K♥
    are out, so the J♥ wins nothing of its own)."""
    game = fixed_game(STANDARD, complete({0: "2H 5H JH AC KC 4C 3D 7D 9D 2S 3S 4S 5S", 3: "QH"}),
                      first_dealer=2)
    bid_all(game, {3: 3, 0: 3, 1: 0, 2: 4})
    play(game, "QH")
    assert game.turn == 0
    return game


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_defender_ahead_of_the_nil_keeps_its_low_cards(shuffle: int) -> None:
    """004 tip 6 / 002: the nil bidder must duck under the Q♥ whatever we play under it, so the defender
    spends the J♥ (no trick of its own) and keeps the 2♥ and 5♥ to lead into the nil later."""
    action = action_of(follow_ahead_of_nil_game(), "normal", shuffle)
    assert action == {"type": "play", "card": "JH"}
