"""Unit tests of the trick-play primitives (``games.engine.tricks``) and of the seat and bid facts of
``games.engine.rules``: card power, the trick winner, the cards that take the lead, legal leads and follows,
the spade-lead bar, the first leader, sides, partners and bid limits.
"""

from __future__ import annotations

import pytest

from games.engine import Reason, mask_of, parse_card, preset
from games.engine.cards import CLUBS, DIAMONDS, HEARTS
from games.engine.rules import highest_bid, lowest_bid, partner_of, side_of
from games.engine.tricks import (
    HIGHER,
    LOWER,
    breaks_spades,
    card_power,
    first_leader,
    legal_plays,
    spade_lead_bar,
    takes_lead,
    trick_winner,
    winning_cards,
    winning_play,
)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


@pytest.mark.parametrize(("played", "winner"), [
    ("4H 5H KH 2H", 2),     # the highest of the led suit
    ("4H AC KD QH", 3),     # discards never win, whatever their rank
    ("AH 2S KH QH", 1),     # any spade beats the led suit
    ("AH 2S 3S QH", 2),     # the highest spade
    ("AS LJ KS BJ", 3),     # jokers are the two highest spades
    ("QD LJ AS 2D", 1),
    ("3C", 0),
])
def test_winning_play(played: str, winner: int) -> None:
    assert winning_play(cards(played)) == winner
    assert trick_winner(cards(played), leader=2, players=4) == (2 + winner) % 4


def test_card_power_orders_spades_above_the_led_suit_above_discards() -> None:
    assert card_power(parse_card("2S"), HEARTS) > card_power(parse_card("AH"), HEARTS) > 0
    assert card_power(parse_card("AC"), HEARTS) == -1
    assert card_power(parse_card("BJ"), CLUBS) > card_power(parse_card("LJ"), CLUBS) > card_power(
        parse_card("AS"), CLUBS)


def test_takes_lead_and_winning_cards_agree() -> None:
    best = card_power(parse_card("TH"), HEARTS)
    mine = hand("9H JH AH 2S AC")
    assert winning_cards(mine, HEARTS, best) == hand("JH AH 2S")
    assert [c for c in cards("9H JH AH 2S AC") if takes_lead(c, HEARTS, best)] == cards("JH AH 2S")
    assert winning_cards(mine, HEARTS, card_power(parse_card("3S"), HEARTS)) == 0


def test_higher_and_lower_stay_within_the_suit() -> None:
    assert HIGHER[parse_card("QS")] == hand("KS AS LJ BJ")
    assert LOWER[parse_card("4D")] == hand("2D 3D")
    assert HIGHER[parse_card("AH")] == 0


def test_breaks_spades() -> None:
    assert breaks_spades(parse_card("2S")) and breaks_spades(parse_card("LJ"))
    assert not breaks_spades(parse_card("AH"))


def test_follow_suit_if_able_else_anything() -> None:
    mine = hand("2H 9H AC 3S")
    assert legal_plays(mine, HEARTS, False) == hand("2H 9H")
    assert legal_plays(mine, DIAMONDS, False) == mine


def test_lead_spades_only_when_not_barred_or_holding_nothing_else() -> None:
    mine = hand("2H 3S")
    assert legal_plays(mine, None, True) == hand("2H")
    assert legal_plays(mine, None, False) == mine
    assert legal_plays(hand("3S BJ"), None, True) == hand("3S BJ")


def test_spade_lead_bar() -> None:
    std = preset("standard")
    assert spade_lead_bar(std, broken=False, first_trick=True) == Reason.SPADES_NOT_BROKEN
    assert spade_lead_bar(std, broken=True, first_trick=False) is None
    first = preset("standard", no_spade_lead_first_trick=True, spades_broken=False)
    assert spade_lead_bar(first, broken=False, first_trick=True) == Reason.NO_SPADES_FIRST_TRICK
    assert spade_lead_bar(first, broken=False, first_trick=False) is None
    both = preset("standard", no_spade_lead_first_trick=True)
    assert spade_lead_bar(both, broken=True, first_trick=True) == Reason.NO_SPADES_FIRST_TRICK


def test_first_leader() -> None:
    hands = [hand("3C"), hand("AH"), hand("2C"), hand("KS")]
    assert first_leader(preset("standard"), 3, hands) == 0
    assert first_leader(preset("standard", deuce_leads=True), 3, hands) == 2
    three = [hand("4C"), hand("3C"), hand("AS")]
    assert first_leader(preset("cutthroat3", deuce_leads=True), 0, three) == 1
    assert first_leader(preset("cutthroat3"), 2, three) == 0


def test_sides_and_partners() -> None:
    std = preset("standard")
    assert [side_of(std, s) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(std, s) for s in range(4)] == [2, 3, 0, 1]
    cut = preset("cutthroat")
    assert [side_of(cut, s) for s in range(4)] == [0, 1, 2, 3]
    assert partner_of(cut, 1) is None
    assert std.teams == ((0, 2), (1, 3)) and preset("cutthroat3").teams == ((0,), (1,), (2,))


def test_bid_limits() -> None:
    assert (lowest_bid(preset("standard")), highest_bid(preset("standard"))) == (0, 13)
    assert lowest_bid(preset("easy")) == 1
    assert highest_bid(preset("cutthroat3")) == 17
    blind = preset("classic", blind_bids=True, blind_bid_max=5)
    assert highest_bid(blind, blind=True) == 5
