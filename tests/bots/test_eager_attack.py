"""The eager attack on an opponent's nil: the normal play of a seat of ``Setting.eager_side``, which the hard
bot's search sets to its own side (:func:`bots.strategies.search.hard_card`), in the two situations where it
differs from the normal bot's play, asserted on the card (004 tip 6 and 002: attack a nil while the contract allows
it, and keep the low cards that break it). Each is played with the unseen cards dealt again among the other
seats, so the card follows from what the seat may know."""

from __future__ import annotations

import random

import pytest

from bots.strategies.policy import normal_card
from bots.strategies.state import PlayState, Setting, legal_mask
from games.engine import Bid, mask_of, preset
from games.engine.cards import SUIT_OF, cards_named, parse_card
from games.engine.tricks import card_power

RULES = preset("standard")
BIDS = [Bid(0), Bid(4), Bid(5), Bid(4)]  # seat 0 bid nil; seats 1 and 3 (side 1) attack it and need 8
SHUFFLES = (0, 1, 2, 3)


def late_hand(hands: dict[int, str], trick: list[str], leader: int, won: list[int], us: int,
              shuffle: int) -> tuple[PlayState, Setting]:
    """Three tricks left (ten done, ``won`` by seat); ``hands`` holds each seat's cards still in hand, ``trick``
    the cards played to this trick from ``leader``. The cards of the seats other than ``us`` are dealt again
    among them (same counts) by ``shuffle`` (0: as given)."""
    cx = Setting(RULES, BIDS, [0, 0], [0, 0])
    others = [s for s in range(4) if s != us]
    unseen = [c for s in others for c in cards_named(hands[s].split())]
    if shuffle:
        random.Random(shuffle).shuffle(unseen)
    masks = [0] * 4
    masks[us] = mask_of(cards_named(hands[us].split()))
    for s in others:
        k = len(hands[s].split())
        masks[s], unseen = mask_of(unseen[:k]), unseen[k:]
    played = cards_named(trick)
    best, power = leader, -1
    for i, c in enumerate(played):
        p = card_power(c, SUIT_OF[played[0]])
        if p > power:
            best, power = (leader + i) % 4, p
    return PlayState(masks, played, leader, best, power, True, 10, won, [0] * 4), cx


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_eager_attacks_the_nil_with_one_trick_to_spare(shuffle: int) -> None:
    """Side 1 has 6 of its 8 and three tricks are left: one to spare. The normal play cashes the A♥ for the
    contract; the eager attack leads the 2♣, which the nil bidder may have to win."""
    hands = {0: "5C 3D 4H", 1: "AH 2C KS", 2: "QC 9D 7H", 3: "8C TD 6H"}
    st, cx = late_hand(hands, [], leader=1, won=[0, 3, 4, 3], us=1, shuffle=shuffle)
    legal = legal_mask(st, cx, 1)
    assert normal_card(st, cx, 1, legal) == parse_card("AH")
    cx.eager_side = 0  # the other side pressed: not us
    assert normal_card(st, cx, 1, legal) == parse_card("AH")
    cx.eager_side = 1
    assert normal_card(st, cx, 1, legal) == parse_card("2C")


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_eager_keeps_its_low_cards_when_it_cannot_attack_this_trick(shuffle: int) -> None:
    """The partner's A♦ wins, the nil bidder has ducked and we are void in diamonds: nothing breaks the nil
    this trick. The normal play throws its lowest card; the eager attack throws the Q♣ (the K♣ is out, so it
    wins nothing of its own) and keeps the 2♣ and 2♥ to lead into the nil."""
    hands = {0: "4C 7H", 1: "2C QC 2H", 2: "KC 9D 8H", 3: "5S 6C"}
    st, cx = late_hand(hands, ["AD", "3D"], leader=3, won=[0, 3, 4, 3], us=1, shuffle=shuffle)
    legal = legal_mask(st, cx, 1)
    assert normal_card(st, cx, 1, legal) in cards_named(["2C", "2H"])
    cx.eager_side = 1
    assert normal_card(st, cx, 1, legal) == parse_card("QC")


@pytest.mark.parametrize("shuffle", SHUFFLES)
def test_a_spared_nil_is_played_against_as_if_there_were_none(shuffle: int) -> None:
    """The eager attack's position, with side 0's nil spared (:meth:`Setting.spare`: the hard bot's search imagines
    opponents who never attack a nil): side 1 plays on for its contract and cashes the A♥, as it would with no nil
    bid at all, and the nil bidder's own side still counts nothing of its own to attack."""
    hands = {0: "5C 3D 4H", 1: "AH 2C KS", 2: "QC 9D 7H", 3: "8C TD 6H"}
    st, cx = late_hand(hands, [], leader=1, won=[0, 3, 4, 3], us=1, shuffle=shuffle)
    legal = legal_mask(st, cx, 1)
    cx.eager_side = 1
    cx.spare(0)
    assert cx.spared_side == 0 and cx.nil_opponents[1] == () and cx.nil_opponents[3] == ()
    assert cx.nil_opponents[0] == cx.nil_opponents[2] == ()  # side 1 bid no nil
    assert normal_card(st, cx, 1, legal) == parse_card("AH")
    cx.spare(1)  # sparing the other side changes nothing for side 0's nil: already gone from side 1's list
    assert normal_card(st, cx, 1, legal) == parse_card("AH")
