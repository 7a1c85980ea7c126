"""Unit tests of the game state machine (``games.engine.game``) on fixed deals, so that every expectation is
exact: turn order, every refusal reason, trick resolution, the first-trick and deuce rules, misdeals, blind
nil and card exchange, the end of the game, and the action notation.

Deals are written seat by seat (seat 0 first) in card notation. Unless a test says otherwise the first
dealer is seat 0, so seat 1 bids first and leads the first trick.
"""

from __future__ import annotations

import json
import random

import pytest

from games.engine import (
    BID,
    EXCHANGE,
    GAME_OVER,
    PLAY,
    Action,
    Bid,
    Event,
    Game,
    GameOverEvent,
    IllegalActionError,
    InvalidCardError,
    Reason,
    ResignEvent,
    build_deck,
    card_name,
    cards_in,
    event_for_seat,
    mask_of,
    parse_card,
    preset,
    seat_view,
)
from games.engine.cards import SPADE_MASK, SUIT_MASKS
from games.engine.rules import RuleSet

from . import players

# Deals -----------------------------------------------------------------------------------------------------


def cards(text: str) -> list[int]:
    """The cards of a space-separated list in notation."""
    return [parse_card(t) for t in text.split()]


def suit_deal(*suits: str) -> list[list[int]]:
    """Seat ``i`` holds every card of ``suits[i]`` (a letter of ``CDHS``)."""
    return [[c for c in range(52) if "CDHS"[c // 13] == s] for s in suits]


SWEEP3 = suit_deal("C", "D", "H", "S")
"""Seat 3 holds all the spades and so wins every trick whoever leads; the other seats take nothing."""

SPADES1 = suit_deal("H", "S", "C", "D")
"""Seat 1 holds all the spades."""

SWEEP0 = suit_deal("S", "C", "D", "H")
"""Seat 0 holds all the spades and wins every trick."""

DEAL_C = [
    cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"),  # void in hearts and diamonds
    cards("2H 3H 4H 5H 6H 7H 2D 3D 4D 5S 6S QC KC"),
    cards("8H 9H TH JH 5D 6D 7D 8D 9D 7S 8S 9S AC"),
    cards("QH KH AH TD JD QD KD AD TS JS QS KS AS"),
]
"""A mixed deal: seat 0 is void in hearts and diamonds, everybody holds spades."""

DEAL_F = [
    cards("2C 3C 4C 5C 6C 7C 8C 9C TC AC 2S 3S 4S"),  # spades, but no jack, queen or king
    cards("2H 3H 4H 5H 6H 7H 2D 3D 4D 5S 6S QC KC"),
    cards("8H 9H TH JH 5D 6D 7D 8D 9D 7S 8S 9S JC"),
    cards("QH KH AH TD JD QD KD AD TS JS QS KS AS"),
]
"""Like DEAL_C, but seat 0 holds no face card."""

JOKER_DEAL = [
    cards("AC 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
    cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
    cards("BJ AS 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
    cards("LJ 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"),
]
"""A deal of the four-player joker deck (no 2♣ or 2♦): seat 1 holds the hearts, seats 0, 2 and 3 none."""


def new_game(rules: RuleSet, *deals: list[list[int]], first_dealer: int = 0, seed: str = "unit") -> Game:
    """A game whose first hands are ``deals``."""
    return Game.new(rules, seed=seed, first_dealer=first_dealer, deals=list(deals))


def refuse(g: Game, action: Action, reason: Reason) -> None:
    """``action`` is refused with ``reason`` and the game is left exactly as it was."""
    before = g.to_json()
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert info.value.reason == reason
    assert info.value.code == reason.value
    assert g.to_json() == before


def bid(g: Game, seat: int, tricks: int, *, blind: bool = False) -> list[dict]:
    """``seat`` bids."""
    return g.apply(Action("bid", seat, bid=tricks, blind=blind))


def bid_round(g: Game, *tricks: int) -> None:
    """The seats bid ``tricks`` in turn order, looking at their cards first where needed."""
    for t in tricks:
        seat = g.turn
        assert seat is not None
        if not g.looked[seat]:
            g.apply(Action("look", seat))
        bid(g, seat, t)


def play(g: Game, *names: str) -> list[Event]:
    """The seats whose turn it is play ``names`` in order; returns the events of the last play."""
    events: list[Event] = []
    for name in names:
        events = g.apply(Action("play", g.turn, card=parse_card(name)))
    return events


def private_text(view: dict) -> str:
    """The JSON text of a seat view without the public record of the previous hand."""
    return json.dumps({k: v for k, v in view.items() if k != "last_hand"})


def play_out_hand(g: Game) -> None:
    """Play the current hand to its end, every seat playing its lowest legal card."""
    hand = len(g.records)
    while len(g.records) == hand:
        assert g.phase == PLAY
        g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))


# Turn order ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_bidding_starts_left_of_the_dealer_and_goes_clockwise(first_dealer: int) -> None:
    g = new_game(preset("standard"), DEAL_C, first_dealer=first_dealer)
    assert g.dealer == first_dealer
    order = []
    for _ in range(4):
        order.append(g.turn)
        bid(g, g.turn, 3)
    assert order == [(first_dealer + k) % 4 for k in range(1, 5)]
    assert g.phase == PLAY
    assert g.turn == g.leader == (first_dealer + 1) % 4


def test_dealer_passes_clockwise_between_hands() -> None:
    g = new_game(preset("standard"), SWEEP3, SWEEP3, SWEEP3, first_dealer=2)
    dealers = []
    for _ in range(3):
        dealers.append(g.dealer)
        assert g.turn == (g.dealer + 1) % 4
        bid_round(g, 3, 3, 3, 3)
        play_out_hand(g)
    assert dealers == [2, 3, 0]
    assert [r.dealer for r in g.records] == [2, 3, 0]
    assert g.dealer == 1 and g.hand_number == 4


def test_first_dealer_is_chosen_by_the_seed_when_not_given() -> None:
    a = Game.new(preset("standard"), seed="dealer-seed")
    b = Game.new(preset("standard"), seed="dealer-seed")
    assert a.first_dealer == b.first_dealer == a.dealer
    assert a.to_json() == b.to_json()
    assert {Game.new(preset("standard"), seed=f"s{i}").first_dealer for i in range(40)} == {0, 1, 2, 3}


def test_a_given_deal_must_split_the_deck() -> None:
    with pytest.raises(ValueError):
        new_game(preset("standard"), [DEAL_C[0], DEAL_C[0], DEAL_C[2], DEAL_C[3]])
    with pytest.raises(ValueError):
        new_game(preset("standard", jokers=True), DEAL_C)


# Generic refusals ------------------------------------------------------------------------------------------


def test_not_your_turn() -> None:
    g = new_game(preset("standard"), DEAL_C)
    refuse(g, Action("bid", 2, bid=3), Reason.NOT_YOUR_TURN)
    refuse(g, Action("bid", 0, bid=3), Reason.NOT_YOUR_TURN)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", 2, card=parse_card("8H")), Reason.NOT_YOUR_TURN)
    play(g, "2H")
    refuse(g, Action("play", 1, card=parse_card("3H")), Reason.NOT_YOUR_TURN)


def test_wrong_phase() -> None:
    g = new_game(preset("standard"), DEAL_C)
    refuse(g, Action("play", 1, card=parse_card("2H")), Reason.WRONG_PHASE)
    refuse(g, Action("exchange", 1, cards=(parse_card("2H"),)), Reason.WRONG_PHASE)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("bid", 1, bid=3), Reason.WRONG_PHASE)
    refuse(g, Action("look", 1), Reason.WRONG_PHASE)


def test_game_over_refuses_everything() -> None:
    g = new_game(preset("standard"), DEAL_C)
    g.apply(Action("resign", 0))
    assert g.phase == GAME_OVER
    refuse(g, Action("bid", 1, bid=3), Reason.GAME_OVER)
    refuse(g, Action("play", 1, card=parse_card("2H")), Reason.GAME_OVER)
    refuse(g, Action("exchange", 1, cards=(parse_card("2H"),)), Reason.GAME_OVER)
    refuse(g, Action("look", 1), Reason.GAME_OVER)
    refuse(g, Action("resign", 1), Reason.GAME_OVER)
    assert g.to_move() == []


@pytest.mark.parametrize("seat", [4, -1, 7, True, 1.0, "1", None])
def test_not_seated(seat: object) -> None:
    g = new_game(preset("standard"), DEAL_C)
    refuse(g, Action("bid", seat, bid=3), Reason.NOT_SEATED)  # type: ignore[arg-type]
    refuse(g, Action("resign", seat), Reason.NOT_SEATED)  # type: ignore[arg-type]
    refuse(g, Action("look", seat), Reason.NOT_SEATED)  # type: ignore[arg-type]
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", seat, card=parse_card("2H")), Reason.NOT_SEATED)  # type: ignore[arg-type]


def test_not_seated_in_a_three_player_game() -> None:
    g = Game.new(preset("cutthroat3"), seed="three", first_dealer=2)
    assert g.turn == 0
    refuse(g, Action("bid", 3, bid=3), Reason.NOT_SEATED)


def test_unknown_action() -> None:
    g = new_game(preset("standard"), DEAL_C)
    refuse(g, Action("dance", 1), Reason.UNKNOWN_ACTION)
    assert g.reason(Action("dance", 1)) == Reason.UNKNOWN_ACTION


# Play refusals ---------------------------------------------------------------------------------------------


def test_card_not_in_hand() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", 1, card=parse_card("AH")), Reason.CARD_NOT_IN_HAND)
    play(g, "2H")
    refuse(g, Action("play", 2, card=parse_card("2H")), Reason.CARD_NOT_IN_HAND)  # already played


def test_unknown_card_number() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", 1, card=54), Reason.UNKNOWN_CARD)
    refuse(g, Action("play", 1, card=-1), Reason.UNKNOWN_CARD)


def test_must_follow_suit() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H")
    refuse(g, Action("play", 2, card=parse_card("5D")), Reason.MUST_FOLLOW_SUIT)
    refuse(g, Action("play", 2, card=parse_card("9S")), Reason.MUST_FOLLOW_SUIT)
    assert g.legal_cards(2) == cards("8H 9H TH JH")
    assert g.card_reasons(2)[parse_card("AC")] == Reason.MUST_FOLLOW_SUIT
    play(g, "8H", "QH")
    # Seat 0 has no heart: any card will do, a club or a spade.
    assert g.legal_cards(0) == cards_in(g.hands[0])


def test_spades_not_broken() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", 1, card=parse_card("5S")), Reason.SPADES_NOT_BROKEN)
    assert g.legal_cards(1) == sorted(cards("2H 3H 4H 5H 6H 7H 2D 3D 4D QC KC"))
    play(g, "6H", "JH", "AH", "2C")  # seat 3 wins with the ace; no spade yet
    assert g.tricks[-1].winner == 3 and not g.spades_broken
    refuse(g, Action("play", 3, card=parse_card("AS")), Reason.SPADES_NOT_BROKEN)


def test_leader_holding_only_spades_may_lead_one() -> None:
    g = new_game(preset("standard"), SPADES1)
    bid_round(g, 3, 3, 3, 3)
    assert g.legal_cards(1) == cards_in(SPADE_MASK & ((1 << 52) - 1))
    play(g, "2S")
    assert g.spades_broken


def test_no_spades_on_the_first_trick() -> None:
    rules = preset("standard", no_spade_lead_first_trick=True, spades_broken=False)
    g = new_game(rules, DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    refuse(g, Action("play", 1, card=parse_card("5S")), Reason.NO_SPADES_FIRST_TRICK)
    play(g, "6H", "JH", "AH", "2C")
    # After the first trick a spade may be led even though none has been played (spades_broken off).
    play(g, "AS")
    assert g.trick == [parse_card("AS")]


def test_no_spades_on_the_first_trick_unless_the_leader_holds_only_spades() -> None:
    g = new_game(preset("standard", no_spade_lead_first_trick=True), SPADES1)
    bid_round(g, 3, 3, 3, 3)
    play(g, "AS")
    assert g.trick == [parse_card("AS")]


# Bid refusals ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [14, -1, 99])
def test_bid_out_of_range(tricks: int) -> None:
    g = new_game(preset("standard"), DEAL_C)
    refuse(g, Action("bid", 1, bid=tricks), Reason.BID_OUT_OF_RANGE)
    assert [b.tricks for b in g.legal_bids(1)] == list(range(14))


def test_bid_out_of_range_in_a_three_player_game() -> None:
    g = Game.new(preset("cutthroat3"), seed="three", first_dealer=2)
    refuse(g, Action("bid", 0, bid=18), Reason.BID_OUT_OF_RANGE)
    assert [b.tricks for b in g.legal_bids(0)] == list(range(18))


def test_blind_number_bid_above_the_maximum_is_out_of_range() -> None:
    rules = preset("standard", blind_bids=True, blind_bid_trailing=0, blind_bid_max=7)
    g = new_game(rules, DEAL_C)
    assert not g.looked[1]
    refuse(g, Action("bid", 1, bid=8, blind=True), Reason.BID_OUT_OF_RANGE)
    bid(g, 1, 7, blind=True)
    assert g.bids[1] == Bid(7, True)


def test_nil_not_allowed_in_easy() -> None:
    g = new_game(preset("easy"), DEAL_C)
    refuse(g, Action("bid", 1, bid=0), Reason.NIL_NOT_ALLOWED)
    assert Bid(0) not in g.legal_bids(1)
    assert [b.tricks for b in g.legal_bids(1)] == list(range(1, 14))


def test_blind_not_allowed_for_a_number_bid_where_only_blind_nil_exists() -> None:
    g = new_game(preset("yahoo"), DEAL_C)
    refuse(g, Action("bid", 1, bid=3, blind=True), Reason.BLIND_NOT_ALLOWED)
    assert g.legal_bids(1)[-1] == Bid(0, True)
    assert [b for b in g.legal_bids(1) if b.blind] == [Bid(0, True)]


def test_blind_not_allowed_in_classic_when_not_trailing() -> None:
    """Classic allows blind nil only to a side trailing by 100 or more; at 0-0 nobody trails, so the
    refusal is that blind bidding is not allowed (the seat never had the choice)."""
    g = new_game(preset("classic"), DEAL_C)
    assert seat_view(g, 1).to_json()["blind_eligible"] == {"nil": False, "number": False}
    assert [b for b in g.legal_bids(1) if b.blind] == []
    refuse(g, Action("bid", 1, bid=0, blind=True), Reason.BLIND_NOT_ALLOWED)


def test_cards_already_seen() -> None:
    g = new_game(preset("yahoo"), DEAL_C)
    assert g.looked == [False] * 4
    g.apply(Action("look", 1))
    refuse(g, Action("look", 1), Reason.CARDS_ALREADY_SEEN)
    refuse(g, Action("bid", 1, bid=0, blind=True), Reason.CARDS_ALREADY_SEEN)
    assert Bid(0, True) not in g.legal_bids(1)
    bid(g, 1, 0)  # a plain nil is still fine
    assert g.bids[1] == Bid(0, False)


def test_mirror_bid_must_equal_spades() -> None:
    g = new_game(preset("mirror"), DEAL_C)
    refuse(g, Action("bid", 1, bid=3), Reason.BID_MUST_EQUAL_SPADES)
    refuse(g, Action("bid", 1, bid=0), Reason.BID_MUST_EQUAL_SPADES)
    assert g.legal_bids(1) == [Bid(2)]
    bid(g, 1, 2)
    assert g.legal_bids(2) == [Bid(3)]


def test_mirror_without_spades_bids_nil() -> None:
    g = new_game(preset("mirror"), SWEEP3)
    assert g.legal_bids(1) == [Bid(0)]
    refuse(g, Action("bid", 1, bid=1), Reason.BID_MUST_EQUAL_SPADES)
    bid_round(g, 0, 0, 13, 0)
    assert g.phase == PLAY


def test_whiz_bid_must_be_spades_or_nil() -> None:
    g = new_game(preset("whiz"), DEAL_C)
    refuse(g, Action("bid", 1, bid=3), Reason.BID_MUST_BE_SPADES_OR_NIL)
    refuse(g, Action("bid", 1, bid=1), Reason.BID_MUST_BE_SPADES_OR_NIL)
    assert g.legal_bids(1) == [Bid(0), Bid(2)]
    bid(g, 1, 0)
    bid(g, 2, 3)
    assert g.bids[:3] == [None, Bid(0), Bid(3)]


def test_suicide_nil_required() -> None:
    g = new_game(preset("suicide"), DEAL_C)
    bid(g, 1, 3)  # first of side 1: free
    bid(g, 2, 3)  # first of side 0: free
    refuse(g, Action("bid", 3, bid=3), Reason.NIL_REQUIRED)
    assert g.legal_bids(3) == [Bid(0)]
    bid(g, 3, 0)
    refuse(g, Action("bid", 0, bid=2), Reason.NIL_REQUIRED)
    bid(g, 0, 0)
    assert g.phase == PLAY


def test_suicide_after_a_nil_the_partner_bids_freely() -> None:
    g = new_game(preset("suicide"), DEAL_C)
    bid(g, 1, 0)
    bid(g, 2, 0)
    bid(g, 3, 5)
    assert len(g.legal_bids(0)) == 14
    bid(g, 0, 0)  # both partners nil is allowed
    assert [b.tricks for b in g.bids] == [0, 0, 0, 5]


def test_below_board() -> None:
    g = new_game(preset("standard", board=4), DEAL_C)
    bid(g, 1, 2)  # a side's first bid may be anything
    bid(g, 2, 2)
    refuse(g, Action("bid", 3, bid=1), Reason.BELOW_BOARD)
    refuse(g, Action("bid", 3, bid=0), Reason.BELOW_BOARD)  # nil with a partner below the board
    assert [b.tricks for b in g.legal_bids(3)] == list(range(2, 14))
    bid(g, 3, 2)
    refuse(g, Action("bid", 0, bid=1), Reason.BELOW_BOARD)
    bid(g, 0, 3)
    assert g.phase == PLAY


def test_below_board_partner_of_a_nil_must_reach_it_alone_and_both_nil_is_allowed() -> None:
    g = new_game(preset("standard", board=4), DEAL_C)
    bid(g, 1, 0)
    bid(g, 2, 0)
    refuse(g, Action("bid", 3, bid=3), Reason.BELOW_BOARD)
    bid(g, 3, 4)
    bid(g, 0, 0)  # both partners nil
    assert [b.tricks for b in g.bids] == [0, 0, 0, 4]


def test_bid_total_may_not_equal_tricks() -> None:
    g = new_game(preset("standard", bid_total_not_tricks=True), DEAL_C)
    bid(g, 1, 3)
    bid(g, 2, 3)
    bid(g, 3, 3)
    refuse(g, Action("bid", 0, bid=4), Reason.BID_TOTAL_EQUALS_TRICKS)
    assert Bid(4) not in g.legal_bids(0) and Bid(5) in g.legal_bids(0)
    bid(g, 0, 5)
    assert g.phase == PLAY


def test_bid_total_only_constrains_the_last_bidder() -> None:
    g = new_game(preset("standard", bid_total_not_tricks=True), DEAL_C)
    bid(g, 1, 4)
    bid(g, 2, 4)
    bid(g, 3, 5)  # the total is already 13 before the last bid
    refuse(g, Action("bid", 0, bid=0), Reason.BID_TOTAL_EQUALS_TRICKS)
    bid(g, 0, 1)
    assert g.phase == PLAY


# Exchanges: nil pass ---------------------------------------------------------------------------------------


def test_nil_pass_one_card_each_way() -> None:
    g = new_game(preset("standard", nil_pass=1), DEAL_C)
    bid_round(g, 0, 3, 4, 3)  # seat 1 bids nil
    assert g.phase == EXCHANGE
    assert g.exchange_due == [0, 1, 0, 1]
    assert g.to_move() == [1, 3]
    assert g.turn is None
    refuse(g, Action("exchange", 0, cards=tuple(cards("2C"))), Reason.NO_EXCHANGE_DUE)
    refuse(g, Action("exchange", 2, cards=tuple(cards("8H"))), Reason.NO_EXCHANGE_DUE)
    refuse(g, Action("exchange", 1, cards=tuple(cards("KC QC"))), Reason.WRONG_EXCHANGE_COUNT)
    refuse(g, Action("exchange", 1, cards=()), Reason.WRONG_EXCHANGE_COUNT)
    refuse(g, Action("exchange", 1, cards=tuple(cards("AS"))), Reason.CARD_NOT_IN_HAND)
    refuse(g, Action("play", 1, card=parse_card("2H")), Reason.WRONG_PHASE)
    refuse(g, Action("bid", 1, bid=1), Reason.WRONG_PHASE)
    g.apply(Action("exchange", 1, cards=tuple(cards("KC"))))
    refuse(g, Action("exchange", 1, cards=tuple(cards("QC"))), Reason.ALREADY_EXCHANGED)
    assert g.to_move() == [3]
    assert g.hands[1] >> parse_card("KC") & 1  # nothing moves until both have passed
    g.apply(Action("exchange", 3, cards=tuple(cards("AS"))))
    assert g.phase == PLAY and g.turn == 1
    assert g.hands[1] == mask_of(DEAL_C[1]) ^ mask_of(cards("KC AS"))
    assert g.hands[3] == mask_of(DEAL_C[3]) ^ mask_of(cards("KC AS"))
    assert g.dealt == [mask_of(h) for h in DEAL_C]
    play_out_hand(g)
    assert g.records[0].passed == [None, cards("KC"), None, cards("AS")]


def test_nil_pass_none_when_both_partners_bid_nil() -> None:
    g = new_game(preset("standard", nil_pass=1), DEAL_C)
    bid_round(g, 0, 3, 0, 3)
    assert g.phase == PLAY
    assert g.exchange_due == [0, 0, 0, 0]


def test_no_exchange_without_nil_pass() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 0, 3, 4, 3)
    assert g.phase == PLAY


# Blind nil (classic): a side trailing by 100 or more -------------------------------------------------------


def classic_trailing() -> Game:
    """Classic after one hand of SWEEP3 that leaves side 0 trailing 178 points; hand 2 is DEAL_C with seat 1
    dealing, so seat 2 bids first."""
    g = new_game(preset("classic"), SWEEP3, DEAL_C)
    assert g.looked == [True] * 4  # at 0-0 nobody trails
    bid_round(g, 0, 1, 5, 1)
    play_out_hand(g)
    assert g.tricks_won == [0] * 4 and g.records[0].tricks_won == [0, 0, 0, 13]
    assert g.scores == [-20, 158]
    assert g.hand_number == 2 and g.dealer == 1 and g.turn == 2
    return g


def test_classic_blind_nil_is_offered_only_to_the_trailing_side() -> None:
    g = classic_trailing()
    assert g.looked == [False, True, False, True]
    assert g.blind_nil_ok == [True, False, True, False]
    assert g.to_move() == [0, 2]
    for s in (0, 2):
        v = seat_view(g, s).to_json()
        assert v["cards_hidden"] is True and v["hand"] is None
        assert v["blind_eligible"]["nil"] is True
        text = private_text(v)
        for c in DEAL_C[s]:
            assert json.dumps(card_name(c)) not in text
    for s in (1, 3):
        v = seat_view(g, s).to_json()
        assert v["cards_hidden"] is False and v["hand"] == [card_name(c) for c in sorted(DEAL_C[s])]
        assert v["blind_eligible"]["nil"] is False
    assert Bid(0, True) in g.legal_bids(2)
    assert Action("look", 2) in g.legal_actions(2)


def test_classic_blind_nil_reveals_cards_and_exchanges_two() -> None:
    g = classic_trailing()
    events = bid(g, 2, 0, blind=True)
    assert g.looked[2] and g.bids[2] == Bid(0, True)
    looks = [e for e in events if e.type == "look"]
    assert looks and looks[0].for_seat(2)["cards"] == [card_name(c) for c in sorted(DEAL_C[2])]
    assert "cards" not in looks[0].for_seat(0) and "cards" not in looks[0].for_seat(None)
    assert seat_view(g, 2).to_json()["hand"] == [card_name(c) for c in sorted(DEAL_C[2])]
    bid(g, 3, 3)
    refuse(g, Action("bid", 0, bid=3, blind=True), Reason.BLIND_NOT_ALLOWED)  # no blind number bids
    g.apply(Action("look", 0))
    refuse(g, Action("bid", 0, bid=0, blind=True), Reason.CARDS_ALREADY_SEEN)
    bid(g, 0, 4)
    bid(g, 1, 3)
    assert g.phase == EXCHANGE
    assert g.exchange_due == [2, 0, 2, 0]
    assert sorted(g.to_move()) == [0, 2]

    refuse(g, Action("exchange", 2, cards=tuple(cards("AC"))), Reason.WRONG_EXCHANGE_COUNT)
    refuse(g, Action("exchange", 2, cards=tuple(cards("AC 9S 8S"))), Reason.WRONG_EXCHANGE_COUNT)
    refuse(g, Action("exchange", 2, cards=tuple(cards("AC AC"))), Reason.DUPLICATE_CARD)
    refuse(g, Action("exchange", 2, cards=tuple(cards("AC 2C"))), Reason.CARD_NOT_IN_HAND)
    refuse(g, Action("exchange", 1, cards=tuple(cards("2H 3H"))), Reason.NO_EXCHANGE_DUE)

    events = g.apply(Action("exchange", 2, cards=tuple(cards("AC 9S"))))
    refuse(g, Action("exchange", 2, cards=tuple(cards("8S 7S"))), Reason.ALREADY_EXCHANGED)
    assert events[0].for_seat(2)["cards"] == ["AC", "9S"]
    for other in (0, 1, 3, None):
        assert "cards" not in events[0].for_seat(other)
    # While the exchange is open each seat sees only what it passed itself.
    assert seat_view(g, 2).to_json()["exchange"]["my_cards"] == ["AC", "9S"]
    v0 = seat_view(g, 0).to_json()
    assert v0["exchange"]["my_cards"] is None and v0["exchange"]["passed"] == [False, False, True, False]
    assert '"AC"' not in private_text(v0) and '"9S"' not in private_text(v0)
    assert seat_view(g, 1).to_json()["exchange"]["my_cards"] is None

    events = g.apply(Action("exchange", 0, cards=tuple(cards("2C 3C"))))
    assert g.phase == PLAY and g.turn == 2
    done = [e for e in events if e.type == "exchange_done"][0]
    assert done.for_seat(0)["received"] == ["AC", "9S"]
    assert done.for_seat(2)["received"] == ["2C", "3C"]
    assert "received" not in done.for_seat(1) and "received" not in done.for_seat(None)
    assert g.hands[0] == mask_of(DEAL_C[0]) ^ mask_of(cards("2C 3C AC 9S"))
    assert g.hands[2] == mask_of(DEAL_C[2]) ^ mask_of(cards("2C 3C AC 9S"))
    assert g.hands[1] == mask_of(DEAL_C[1]) and g.hands[3] == mask_of(DEAL_C[3])
    v0, v2 = seat_view(g, 0).to_json(), seat_view(g, 2).to_json()
    assert v0["exchange"]["my_cards"] == ["2C", "3C"] and v0["exchange"]["received"] == ["AC", "9S"]
    assert v2["exchange"]["my_cards"] == ["AC", "9S"] and v2["exchange"]["received"] == ["2C", "3C"]
    assert "AC" in v0["hand"] and "2C" in v2["hand"]
    assert seat_view(g, 1).to_json()["exchange"] is None and seat_view(g, 3).to_json()["exchange"] is None
    for s in (1, 3):
        text = private_text(seat_view(g, s).to_json())
        assert not any(f'"{n}"' in text for n in ("AC", "9S", "2C", "3C"))


def test_classic_both_partners_blind_nil_exchange_nothing() -> None:
    g = classic_trailing()
    bid(g, 2, 0, blind=True)
    bid(g, 3, 3)
    bid(g, 0, 0, blind=True)
    bid(g, 1, 3)
    assert g.phase == PLAY
    assert g.exchange_due == [0, 0, 0, 0]
    assert g.hands == [mask_of(h) for h in DEAL_C]
    play_out_hand(g)
    side0 = g.records[1].sides[0]
    assert [(n.seat, n.blind) for n in side0.nils] == [(0, True), (2, True)]


def test_yahoo_blind_nil_any_time_without_exchange() -> None:
    g = new_game(preset("yahoo"), DEAL_C)
    assert g.looked == [False] * 4
    for s in range(4):
        assert seat_view(g, s).to_json()["cards_hidden"] and seat_view(g, s).to_json()["hand"] is None
    bid(g, 1, 0, blind=True)
    bid_round(g, 3, 4, 3)
    assert g.phase == PLAY and g.exchange_due == [0] * 4
    assert g.looked == [True] * 4


def test_unlooked_seat_may_look_out_of_turn() -> None:
    g = new_game(preset("yahoo"), DEAL_C)
    events = g.apply(Action("look", 3))
    assert g.turn == 1 and g.looked == [False, False, False, True]
    assert events[0].for_seat(3)["cards"] == [card_name(c) for c in sorted(DEAL_C[3])]
    assert "cards" not in events[0].for_seat(1)
    assert g.to_move() == [0, 1, 2]


def test_deal_event_shows_each_seat_only_its_own_cards() -> None:
    g = new_game(preset("standard"), SWEEP3, DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    for _ in range(51):
        g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))
    events = g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))
    assert [e.type for e in events] == ["play", "trick", "hand_over", "deal"]
    deal = events[-1]
    for s in range(4):
        seen = deal.for_seat(s)
        assert seen["cards"] == [card_name(c) for c in sorted(DEAL_C[s])]
        assert event_for_seat(deal.to_json(), s) == seen  # the stored form, filtered the same way
    assert "cards" not in deal.for_seat(None)


# Tricks ----------------------------------------------------------------------------------------------------


def test_highest_card_of_the_led_suit_wins() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    events = play(g, "6H", "JH", "AH", "TC")  # a higher off-suit card does not win
    assert events[-1].to_json() == {"type": "trick", "number": 1, "leader": 1, "cards": ["6H", "JH", "AH", "TC"],
                          "winner": 3}
    assert g.tricks_won == [0, 0, 0, 1]
    assert g.turn == g.leader == 3


def test_the_second_highest_of_the_led_suit_does_not_win() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "7H", "TH", "QH", "2C")
    assert g.tricks[-1].winner == 3
    play(g, "KH", "3C", "2H", "JH")
    assert g.tricks[-1].winner == 3


def test_a_spade_from_a_void_follower_wins_and_breaks_spades() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H", "JH", "AH", "2C")
    assert not g.spades_broken
    play(g, "KH", "2S")  # seat 0 has no heart and trumps with the lowest spade
    assert g.spades_broken
    play(g, "7H", "TH")
    assert g.tricks[-1].winner == 0 and g.turn == 0
    play(g, "3S")  # spades are broken, so seat 0 may lead one
    play(g, "6S", "9S", "AS")
    assert g.tricks[-1].winner == 3  # highest spade


def test_highest_of_two_spades_wins_a_trick_led_in_another_suit() -> None:
    deal = [
        cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"),
        cards("2D 3D 4D 5D 6D 7D 8D 9D TD 2S 3S 4S 5S"),
        cards("JD QD KD AD 6S 7S 8S 9S TS JS QS KS AS"),
    ]
    g = new_game(preset("standard"), deal)
    bid_round(g, 3, 3, 3, 3)
    play(g, "AH", "5S", "6S", "AC")
    assert g.tricks[-1].winner == 3
    assert g.tricks_won == [0, 0, 0, 1]


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (("2H", "AS", "LJ", "KS"), 3),  # the little joker beats the ace of spades
        (("2H", "BJ", "LJ", "KS"), 2),  # the big joker beats the little one
        (("2H", "AS", "LJ", "AC"), 3),
        (("AH", "3C", "3D", "AC"), 1),  # no spade: the led suit wins
    ],
)
def test_jokers_are_the_highest_spades(plays: tuple[str, ...], winner: int) -> None:
    rules = preset("standard", jokers=True)
    assert sorted(build_deck(players=4, jokers=True)) == sorted(c for h in JOKER_DEAL for c in h)
    g = new_game(rules, JOKER_DEAL)
    bid_round(g, 3, 3, 3, 3)
    play(g, *plays)
    assert g.tricks[-1].winner == winner
    assert g.spades_broken == any(p in ("AS", "LJ", "BJ", "KS") for p in plays)


def test_a_led_joker_is_a_spade_and_must_be_followed_with_spades() -> None:
    g = new_game(preset("standard", jokers=True), JOKER_DEAL)
    bid_round(g, 3, 3, 3, 3)
    play(g, "2H", "AS", "3D", "KS")
    assert g.tricks[-1].winner == 2 and g.spades_broken
    play(g, "BJ")
    refuse(g, Action("play", 3, card=parse_card("4D")), Reason.MUST_FOLLOW_SUIT)
    assert g.legal_cards(3) == [parse_card("LJ")]  # the little joker is seat 3's only spade
    play(g, "LJ")
    refuse(g, Action("play", 0, card=parse_card("AC")), Reason.MUST_FOLLOW_SUIT)
    play(g, "2S", "3H")
    assert g.tricks[-1].cards == tuple(cards("BJ LJ 2S 3H"))
    assert g.tricks[-1].winner == 2


# Deuce leads -----------------------------------------------------------------------------------------------


def test_deuce_leads_the_holder_of_the_two_of_clubs_leads() -> None:
    g = new_game(preset("standard", deuce_leads=True), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    assert g.turn == g.leader == 0  # seat 0 holds the 2♣, not the dealer's left (seat 1)


def test_without_deuce_leads_the_dealers_left_leads() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    assert g.turn == g.leader == 1


def test_deuce_leads_with_jokers_the_lowest_club_leads() -> None:
    g = new_game(preset("standard", deuce_leads=True, jokers=True), JOKER_DEAL, first_dealer=3)
    bid_round(g, 3, 3, 3, 3)
    assert g.turn == 2  # the 3♣ (the 2♣ is out of the deck), not seat 0 (dealer's left)


def test_deuce_leads_in_three_player_the_three_of_clubs_leads() -> None:
    deck = build_deck(players=3, jokers=False)
    assert parse_card("2C") not in deck and len(deck) == 51
    three = parse_card("3C")
    rest = [c for c in deck if c != three]
    hands = [rest[0:17], rest[17:34], rest[34:50] + [three]]
    g = new_game(preset("cutthroat3", deuce_leads=True), hands, first_dealer=0)
    for _ in range(3):
        bid(g, g.turn, 5)
    assert g.phase == PLAY and g.turn == 2


def test_deuce_leads_in_three_player_with_jokers_the_two_of_clubs_leads() -> None:
    deck = build_deck(players=3, jokers=True)
    assert len(deck) == 54
    two = parse_card("2C")
    rest = [c for c in deck if c != two]
    hands = [rest[0:18], rest[18:35] + [two], rest[35:53]]
    g = new_game(preset("cutthroat3", deuce_leads=True, jokers=True), hands, first_dealer=1)
    assert g.rules.cards_per_hand == 18
    for _ in range(3):
        bid(g, g.turn, 5)
    assert g.turn == 1


def test_deuce_leads_after_a_nil_pass_follows_the_card() -> None:
    g = new_game(preset("standard", deuce_leads=True, nil_pass=1), DEAL_C)
    bid_round(g, 3, 0, 3, 3)  # seat 2 bids nil: seats 0 and 2 exchange
    assert g.exchange_due == [1, 0, 1, 0]
    g.apply(Action("exchange", 0, cards=tuple(cards("2C"))))
    g.apply(Action("exchange", 2, cards=tuple(cards("8H"))))
    assert g.turn == 2  # the 2♣ now lies with seat 2


# Misdeal ---------------------------------------------------------------------------------------------------


def assert_full_deal(g: Game) -> None:
    deck = mask_of(build_deck(players=g.players, jokers=g.rules.jokers))
    union = 0
    for h in g.hands:
        assert h & union == 0 and h.bit_count() == g.rules.cards_per_hand
        union |= h
    assert union == deck and g.dealt == g.hands


def test_misdeal_no_spades_redeals_from_the_seed() -> None:
    g = new_game(preset("standard", misdeal="no_spades"), SWEEP3, seed="misdeal")
    assert g.misdeals >= 1
    assert g.hands != [mask_of(h) for h in SWEEP3]
    assert all(h & SPADE_MASK for h in g.hands)
    assert_full_deal(g)
    again = new_game(preset("standard", misdeal="no_spades"), SWEEP3, seed="misdeal")
    assert again.to_json() == g.to_json()
    assert seat_view(g, 0).to_json()["hand"] == [card_name(c) for c in cards_in(g.hands[0])]
    bid_round(g, 3, 3, 3, 3)
    play_out_hand(g)
    assert g.records[0].misdeals == again.misdeals
    assert g.records[0].dealt == [cards_in(h) for h in again.hands]


def test_no_misdeal_when_the_rule_is_off() -> None:
    g = new_game(preset("standard"), SWEEP3)
    assert g.misdeals == 0
    assert g.hands == [mask_of(h) for h in SWEEP3]


def test_misdeal_no_spades_keeps_a_deal_where_everybody_has_spades() -> None:
    g = new_game(preset("standard", misdeal="no_spades"), DEAL_F)
    assert g.misdeals == 0 and g.hands == [mask_of(h) for h in DEAL_F]


def test_misdeal_no_face_cards() -> None:
    g = new_game(preset("standard", misdeal="no_spades_or_faces"), DEAL_F)
    assert g.misdeals >= 1
    assert g.hands != [mask_of(h) for h in DEAL_F]
    face = mask_of(c for c in range(52) if c % 13 in (9, 10, 11))
    assert all(h & SPADE_MASK and h & face for h in g.hands)
    assert_full_deal(g)
    assert new_game(preset("standard", misdeal="no_spades_or_faces"), DEAL_C).misdeals == 0


def test_misdeal_count_resets_next_hand() -> None:
    g = new_game(preset("standard", misdeal="no_spades"), SWEEP3, DEAL_C)
    assert g.misdeals >= 1
    bid_round(g, 3, 3, 3, 3)
    play_out_hand(g)
    assert g.misdeals == 0 and g.hands == [mask_of(h) for h in DEAL_C]


# Game end --------------------------------------------------------------------------------------------------


def sweep_hand(g: Game, *bids: int) -> None:
    """Bid ``bids`` in turn order and play out the hand."""
    bid_round(g, *bids)
    play_out_hand(g)


def test_game_ends_when_a_side_reaches_the_target() -> None:
    g = new_game(preset("standard", target=100), SWEEP3)
    sweep_hand(g, 0, 1, 4, 1)  # seats 1, 2, 3, 0: side 1 = nil 100 + 40 + 9 bags
    assert len(g.records) == 1
    assert g.scores == [-20, 149]
    assert g.phase == GAME_OVER and g.winner == 1 and g.result == "win"
    assert g.turn is None and g.to_move() == []


def test_game_goes_on_below_the_target() -> None:
    g = new_game(preset("standard"), SWEEP3)
    sweep_hand(g, 0, 1, 4, 1)
    assert g.scores == [-20, 149]
    assert g.phase == BID and g.winner is None and g.result is None and g.hand_number == 2


def test_both_sides_over_the_target_the_higher_wins() -> None:
    g = new_game(preset("standard", target=130), SWEEP3)
    sweep_hand(g, 1, 0, 12, 0)  # side 0: two made nils (200); side 1: 13 bid, 13 taken (130)
    assert g.scores == [200, 130]
    assert g.phase == GAME_OVER and g.winner == 0 and g.result == "win"


def test_game_over_event() -> None:
    g = new_game(preset("standard", target=130), SWEEP3)
    bid_round(g, 1, 0, 12, 0)
    for _ in range(51):
        g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))
    events = g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))
    assert [e.type for e in events] == ["play", "trick", "hand_over", "game_over"]
    assert events[-1].to_json() == {"type": "game_over", "winner": 0, "result": "win", "scores": [200, 130]}
    assert events[2].scores == (200, 130)


def tie_game(tie: str) -> Game:
    """Cutthroat to 100 after SWEEP3: seats 0, 1 and 2 make nil (100 each), seat 3 takes everything."""
    g = new_game(preset("cutthroat", target=100, tie=tie), SWEEP3, SWEEP0)
    sweep_hand(g, 0, 0, 1, 0)
    assert g.scores[:3] == [100, 100, 100]
    assert g.scores[3] < 100
    return g


def test_exact_tie_draws_when_tie_is_draw() -> None:
    g = tie_game("draw")
    assert g.phase == GAME_OVER and g.winner is None and g.result == "draw"


def test_exact_tie_plays_another_hand() -> None:
    g = tie_game("play_on")
    assert g.phase == BID and g.winner is None and g.hand_number == 2 and g.dealer == 1
    sweep_hand(g, 0, 0, 13, 0)  # seats 2, 3, 0, 1; seat 0 holds every spade and bids 13
    assert g.scores[0] == 230 and g.scores[1] == g.scores[2] == 200
    assert g.phase == GAME_OVER and g.winner == 0 and g.result == "win"


def test_mercy_floor_ends_the_game() -> None:
    g = new_game(preset("standard", mercy_floor=-100), SWEEP3)
    sweep_hand(g, 0, 6, 1, 6)  # side 0 bids 12 and takes nothing
    assert g.scores[0] == -120
    assert g.phase == GAME_OVER and g.winner == 1 and g.result == "win"


def test_above_the_mercy_floor_the_game_goes_on() -> None:
    g = new_game(preset("standard", mercy_floor=-200), SWEEP3)
    sweep_hand(g, 0, 6, 1, 6)
    assert g.scores[0] == -120 and g.phase == BID


def test_win_by_margin() -> None:
    g = new_game(preset("standard", win_by_margin=150), SWEEP3)
    sweep_hand(g, 0, 1, 4, 1)
    assert g.scores == [-20, 149]
    assert g.phase == GAME_OVER and g.winner == 1 and g.result == "win"


def test_a_smaller_margin_does_not_win() -> None:
    g = new_game(preset("standard", win_by_margin=170), SWEEP3)
    sweep_hand(g, 0, 1, 4, 1)
    assert g.phase == BID


def test_hand_cap() -> None:
    g = new_game(preset("standard", hand_cap=2), SWEEP3, SWEEP3)
    sweep_hand(g, 0, 1, 4, 1)
    assert g.phase == BID
    sweep_hand(g, 1, 1, 1, 1)  # seats 2, 3, 0, 1 (dealer 1)
    assert len(g.records) == 2
    assert g.phase == GAME_OVER and g.winner == 1 and g.result == "win"


def test_boston_win_takes_the_game_whatever_the_score() -> None:
    g = new_game(preset("standard", boston="win"), SWEEP3)
    sweep_hand(g, 1, 0, 1, 0)
    assert g.scores[0] == 200 and g.scores[1] < 200  # side 0's two nils score more ...
    assert g.records[0].sides[1].boston
    assert g.phase == GAME_OVER and g.winner == 1 and g.result == "boston"  # ... but side 1 took all 13


def test_boston_off_is_just_a_hand() -> None:
    g = new_game(preset("standard"), SWEEP3)
    sweep_hand(g, 1, 0, 1, 0)
    assert g.records[0].sides[1].boston and g.phase == BID


@pytest.mark.parametrize(("seat", "winner"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_resign(seat: int, winner: int) -> None:
    g = new_game(preset("standard"), DEAL_C)
    events = g.apply(Action("resign", seat))
    assert g.phase == GAME_OVER and g.winner == winner and g.result == "resign"
    assert events == [ResignEvent(seat), GameOverEvent(winner, "resign", (0, 0))]
    assert [e.to_json() for e in events] == [
        {"type": "resign", "seat": seat}, {"type": "game_over", "winner": winner, "result": "resign", "scores": [0, 0]}]
    assert g.log[-1] == Action("resign", seat)
    again = Game.replay(g.rules, g.log, seed=g.seed, first_dealer=g.first_dealer, deals=g.deals)
    assert again.to_json() == g.to_json()


def test_abandon_ends_the_game_undecided_and_leaves_the_log_alone() -> None:
    g = new_game(preset("standard"), DEAL_C)
    g.apply(Action("bid", g.turn, bid=3))  # type: ignore[arg-type]
    log = list(g.log)
    events = g.abandon("tournament_cancelled")
    assert g.phase == GAME_OVER and g.winner is None and g.result == "abandoned" and g.turn is None
    assert [e.to_json() for e in events] == [
        {"type": "abandoned", "reason": "tournament_cancelled"},
        {"type": "game_over", "winner": None, "result": "abandoned", "scores": [0, 0]}]
    assert g.log == log and not g.records  # not a seat's move; the hand in progress is not scored
    refuse(g, Action("bid", 1, bid=3), Reason.GAME_OVER)
    with pytest.raises(IllegalActionError):
        g.abandon("again")


def test_resign_mid_hand_in_cutthroat_the_best_other_seat_wins() -> None:
    g = new_game(preset("cutthroat"), SWEEP3, SWEEP3)
    sweep_hand(g, 0, 0, 1, 0)  # seats 1, 2, 3, 0
    assert g.scores[:3] == [100, 100, 100]
    bid_round(g, 5, 5)
    g.apply(Action("resign", 1))
    assert g.phase == GAME_OVER and g.result == "resign" and g.winner in (0, 2)
    assert g.scores[g.winner] == max(s for i, s in enumerate(g.scores) if i != 1)


# Whole games -----------------------------------------------------------------------------------------------


def test_scores_are_the_sums_of_the_hand_points() -> None:
    g = players.play_game(Game.new(preset("standard"), seed="totals", first_dealer=1), random.Random(5))
    assert g.phase == GAME_OVER and len(g.records) > 1
    for i in range(2):
        assert g.scores[i] == sum(r.sides[i].points for r in g.records)
        assert g.bags[i] == g.records[-1].sides[i].bags_after
    assert max(g.scores) >= 500 and g.winner == g.scores.index(max(g.scores))
    assert [r.number for r in g.records] == list(range(1, len(g.records) + 1))


def play_one_hand(g: Game, rng: random.Random) -> None:
    while not g.records:
        g.apply(players.next_action(g, rng))


def test_cutthroat_plays_full_hands() -> None:
    g = Game.new(preset("cutthroat"), seed="cut", first_dealer=0)
    assert g.rules.teams == ((0,), (1,), (2,), (3,))
    assert g.partner_of(0) is None and seat_view(g, 0).to_json()["partner"] is None
    play_one_hand(g, random.Random(3))
    rec = g.records[0]
    assert [len(h) for h in rec.dealt] == [13] * 4
    assert len(rec.tricks) == 13 and sum(rec.tricks_won) == 13
    assert [s.seats for s in rec.sides] == [(0,), (1,), (2,), (3,)]
    assert g.scores == [s.points for s in rec.sides]
    for s in rec.sides:
        seat = s.seats[0]
        assert s.tricks == (0 if rec.bids[seat].is_nil else rec.tricks_won[seat])


def test_cutthroat3_plays_full_hands() -> None:
    g = Game.new(preset("cutthroat3"), seed="cut3", first_dealer=2)
    assert g.players == 3 and g.rules.cards_per_hand == 17
    assert [h.bit_count() for h in g.hands] == [17] * 3
    assert parse_card("2C") not in [c for h in g.hands for c in cards_in(h)]
    assert g.turn == 0
    play_one_hand(g, random.Random(4))
    rec = g.records[0]
    assert [len(h) for h in rec.dealt] == [17] * 3 and len(rec.bids) == 3
    assert len(rec.tricks) == 17 and all(len(t.cards) == 3 for t in rec.tricks)
    assert sum(rec.tricks_won) == 17 and len(rec.sides) == 3
    assert g.scores == [s.points for s in rec.sides]
    assert g.dealer == 0 and g.turn == 1  # the deal passes clockwise round three seats


# Action notation -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Action("bid", 1, bid=4),
        Action("bid", 2, bid=0, blind=True),
        Action("play", 3, card=parse_card("QS")),
        Action("play", 0, card=parse_card("BJ")),
        Action("exchange", 0, cards=tuple(cards("2C TH"))),
        Action("look", 2),
        Action("resign", 1),
    ],
)
def test_action_json_round_trip(action: Action) -> None:
    data = action.to_json()
    assert data["type"] == action.type and data["seat"] == action.seat
    assert Action.from_json(json.loads(json.dumps(data))) == action


def test_action_json_notation() -> None:
    assert Action("play", 3, card=parse_card("TH")).to_json() == {"type": "play", "seat": 3, "card": "TH"}
    assert Action("bid", 1, bid=0, blind=True).to_json() == {"type": "bid", "seat": 1, "bid": 0, "blind": True}
    assert Action.from_json({"type": "play", "seat": 0, "card": "10h"}) == Action("play", 0, card=parse_card("TH"))
    assert Action.from_json({"type": "bid", "seat": 0, "bid": 3}) == Action("bid", 0, bid=3, blind=False)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"type": "dance", "seat": 0}, Reason.UNKNOWN_ACTION),
        ({"seat": 0}, Reason.UNKNOWN_ACTION),
        ({"type": "bid", "seat": 0, "bid": "3"}, Reason.BID_OUT_OF_RANGE),
        ({"type": "bid", "seat": 0, "bid": 3.0}, Reason.BID_OUT_OF_RANGE),
        ({"type": "bid", "seat": 0, "bid": True}, Reason.BID_OUT_OF_RANGE),
        ({"type": "bid", "seat": 0}, Reason.BID_OUT_OF_RANGE),
        ({"type": "bid", "seat": "0", "bid": 3}, Reason.NOT_SEATED),
        ({"type": "exchange", "seat": 0, "cards": "2C"}, Reason.WRONG_EXCHANGE_COUNT),
    ],
)
def test_action_from_json_refusals(data: dict, reason: Reason) -> None:
    with pytest.raises(IllegalActionError) as info:
        Action.from_json(data)
    assert info.value.reason == reason


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "seat": 0, "card": "ZZ"},
        {"type": "play", "seat": 0, "card": "1S"},
        {"type": "play", "seat": 0},
        {"type": "play", "seat": 0, "card": 12},
        {"type": "exchange", "seat": 0, "cards": ["2C", "XX"]},
    ],
)
def test_action_from_json_bad_card(data: dict) -> None:
    with pytest.raises(InvalidCardError) as info:
        Action.from_json(data)
    assert info.value.code == Reason.UNKNOWN_CARD.value


# Snapshots -------------------------------------------------------------------------------------------------


def test_snapshot_round_trip_mid_exchange() -> None:
    g = classic_trailing()
    bid(g, 2, 0, blind=True)
    bid_round(g, 3, 4, 3)
    g.apply(Action("exchange", 2, cards=tuple(cards("AC 9S"))))
    data = g.to_json()
    copy = Game.from_json(json.loads(json.dumps(data)))
    assert copy.to_json() == data
    copy.apply(Action("exchange", 0, cards=tuple(cards("2C 3C"))))
    g.apply(Action("exchange", 0, cards=tuple(cards("2C 3C"))))
    assert copy.to_json() == g.to_json()
    again = Game.replay(g.rules, g.log, seed=g.seed, first_dealer=g.first_dealer, deals=g.deals)
    assert again.to_json() == g.to_json()


def test_legal_cards_match_play_reasons() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H")
    for seat in range(4):
        reasons = g.card_reasons(seat)
        legal = set(g.legal_cards(seat))
        assert {c for c, r in reasons.items() if r is None} == legal
    assert set(g.legal_cards(2)) == {c for c in DEAL_C[2] if mask_of([c]) & SUIT_MASKS[2]}


# The legal cards a game keeps ------------------------------------------------------------------------------


def test_a_play_after_a_resignation_or_abandonment_mid_trick_is_refused() -> None:
    for end in ("resign", "abandon"):
        g = new_game(preset("standard"), DEAL_C)
        bid_round(g, 3, 3, 3, 3)
        play(g, "6H")
        assert g.legal_cards(2) == cards("8H 9H TH JH")  # asked, as a caller does before it plays
        if end == "resign":
            g.apply(Action("resign", 0))
        else:
            g.abandon("tournament_cancelled")
        assert g.legal_cards(2) == []
        refuse(g, Action("play", 2, card=parse_card("8H")), Reason.GAME_OVER)


def test_each_play_is_checked_against_its_own_position() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    assert parse_card("2H") in g.legal_cards(1)
    play(g, "2H")
    refuse(g, Action("play", 1, card=parse_card("3H")), Reason.NOT_YOUR_TURN)
    assert g.legal_cards(2) == cards("8H 9H TH JH")
    refuse(g, Action("play", 2, card=parse_card("5D")), Reason.MUST_FOLLOW_SUIT)
    refuse(g, Action("play", 2, card=parse_card("2H")), Reason.CARD_NOT_IN_HAND)
    play(g, "8H", "QH")
    assert g.legal_cards(0) == cards_in(g.hands[0])  # void in hearts
    play(g, "2S")  # seat 0 trumps: spades are broken, and it leads the next trick
    assert g.tricks[-1].winner == 0 and g.turn == 0
    assert g.legal_cards(0) == cards_in(g.hands[0])
    refuse(g, Action("play", 0, card=parse_card("2S")), Reason.CARD_NOT_IN_HAND)


def test_the_last_play_of_a_hand_leaves_no_legal_card_behind() -> None:
    g = new_game(preset("standard"), DEAL_C, DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    while len(g.tricks) < 12 or len(g.trick) < 3:
        g.apply(Action("play", g.turn, card=g.legal_cards(g.turn)[0]))
    last = g.turn
    (card,) = g.legal_cards(last)
    g.apply(Action("play", last, card=card))
    assert g.phase == BID and g.hand_number == 2
    assert [g.legal_cards(s) for s in range(4)] == [[], [], [], []]
    refuse(g, Action("play", g.turn, card=cards_in(g.hands[g.turn])[0]), Reason.WRONG_PHASE)


def test_copies_snapshots_and_replays_of_an_asked_game_answer_for_their_own_cards() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H")
    asked = g.legal_cards(2)
    copy = g.copy()
    restored = Game.from_json(json.loads(json.dumps(g.to_json())))
    replayed = Game.replay(g.rules, g.log, seed=g.seed, first_dealer=g.first_dealer, deals=g.deals)
    for other in (copy, restored, replayed):
        assert other == g and repr(other) == repr(g) and other.to_json() == g.to_json()
        assert other.legal_cards(2) == asked
    # A copy whose unseen cards are dealt again (as a bot's sampling does) answers for the cards it holds.
    copy.hands[2], copy.hands[3] = copy.hands[3], copy.hands[2]
    assert copy.legal_cards(2) == cards("QH KH AH")
    refuse(copy, Action("play", 2, card=parse_card("8H")), Reason.CARD_NOT_IN_HAND)
    copy.apply(Action("play", 2, card=parse_card("QH")))
    assert g.legal_cards(2) == asked and g.hands[2] == mask_of(DEAL_C[2])
    g.apply(Action("play", 2, card=parse_card("8H")))


@pytest.mark.parametrize("switch, value", [("nil_pass", False), ("target", 500.0), ("jokers", 0)])
def test_a_snapshot_rule_set_is_checked_even_after_an_equal_looking_one_was_read(switch: str, value: object) -> None:
    """A snapshot's rule set is validated once per process and then found again (``Game.from_json``), but a
    value of the wrong kind (``False == 0``, ``500.0 == 500``) is not the accepted one: it is refused."""
    from games.engine import RuleSetError

    data = Game.new(preset("standard"), seed="rules-cache").to_json()
    assert Game.from_json(data).rules == preset("standard")  # the accepted rule set is now kept
    bad = {**data, "rules": {**data["rules"], switch: value}}
    assert bad["rules"] == data["rules"]  # equal as Python values
    with pytest.raises(RuleSetError):
        Game.from_json(bad)
