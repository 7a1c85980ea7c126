"""Cards and their notation, the decks each table deals, hand masks, and the reason codes (their messages
are the error registry's: tests/core/test_errors.py)."""

from __future__ import annotations

import random
import re

import pytest

from games.engine import (
    CARD_NAMES,
    IllegalActionError,
    InvalidCardError,
    Reason,
    build_deck,
    card_name,
    cards_in,
    mask_of,
    names,
    parse_card,
)
from games.engine.cards import (
    BIG_JOKER,
    CLUBS,
    DIAMONDS,
    HEARTS,
    LITTLE_JOKER,
    RANK_OF,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_OF,
)

ACE_OF_SPADES = SPADES * 13 + 12
TWO_OF_CLUBS = CLUBS * 13 + 0
TWO_OF_DIAMONDS = DIAMONDS * 13 + 0

# Notation ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("QS", SPADES * 13 + 10),
        ("th", HEARTS * 13 + 8),
        ("TH", HEARTS * 13 + 8),
        ("10H", HEARTS * 13 + 8),
        ("10c", CLUBS * 13 + 8),
        ("2C", TWO_OF_CLUBS),
        ("AS", ACE_OF_SPADES),
        ("ad", DIAMONDS * 13 + 12),
        ("BJ", BIG_JOKER),
        ("LJ", LITTLE_JOKER),
        ("bj", BIG_JOKER),
        (" QS ", SPADES * 13 + 10),
    ],
)
def test_parse_card_accepts(text: str, card: int) -> None:
    assert parse_card(text) == card


def test_joker_numbers() -> None:
    assert (LITTLE_JOKER, BIG_JOKER) == (52, 53)
    assert card_name(52) == "LJ" and card_name(53) == "BJ"


def test_every_card_name_round_trips() -> None:
    assert len(CARD_NAMES) == 54
    assert len(set(CARD_NAMES)) == 54
    for card, name in enumerate(CARD_NAMES):
        assert len(name) == 2
        assert card_name(card) == name
        assert parse_card(name) == card
        assert parse_card(name.lower()) == card


@pytest.mark.parametrize("text", ["", "1S", "QX", None, 5, "Q", "QSS", "11H", "JJ", "S", "0S", [], "Q S"])
def test_parse_card_rejects(text: object) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)  # type: ignore[arg-type]
    assert info.value.code == "unknown_card"
    assert isinstance(info.value, ValueError)


def test_invalid_card_code_is_the_reason_code() -> None:
    assert InvalidCardError.code == Reason.UNKNOWN_CARD.value


# Decks -------------------------------------------------------------------------------------------------


def test_four_player_deck() -> None:
    # RULES.md core game: 52 cards, 13 each.
    deck = build_deck(players=4, jokers=False)
    assert sorted(deck) == list(range(52))


def test_four_player_deck_with_jokers() -> None:
    # 000 'ジョーカーハイ': with 4 players the two jokers come in and 2♣ and 2♦ go out (RULES.md).
    deck = build_deck(players=4, jokers=True)
    assert len(deck) == len(set(deck)) == 52
    assert TWO_OF_CLUBS not in deck and TWO_OF_DIAMONDS not in deck
    assert LITTLE_JOKER in deck and BIG_JOKER in deck
    assert set(deck) == set(range(52)) - {TWO_OF_CLUBS, TWO_OF_DIAMONDS} | {LITTLE_JOKER, BIG_JOKER}


def test_three_player_deck() -> None:
    # 000: "各プレイヤーには 17 枚のカードが配られ、あらかじめ決められたカード (通常は2♣ ) ... が捨てられます".
    deck = build_deck(players=3, jokers=False)
    assert len(deck) == len(set(deck)) == 51
    assert set(deck) == set(range(52)) - {TWO_OF_CLUBS}


def test_three_player_deck_with_jokers() -> None:
    # 000: "プレーヤーが 3 人の場合、ジョーカーが追加され、カードは削除されません" - 54 cards, 18 each.
    deck = build_deck(players=3, jokers=True)
    assert sorted(deck) == list(range(54))


@pytest.mark.parametrize(("players", "jokers"), [(4, False), (4, True), (3, False), (3, True)])
def test_deck_splits_evenly(players: int, jokers: bool) -> None:
    assert len(build_deck(players=players, jokers=jokers)) % players == 0


@pytest.mark.parametrize("players", [2, 5, 0])
def test_deck_needs_three_or_four_players(players: int) -> None:
    with pytest.raises(ValueError):
        build_deck(players=players, jokers=False)


# Masks -------------------------------------------------------------------------------------------------


def test_mask_of_and_cards_in() -> None:
    assert mask_of([]) == 0
    assert cards_in(0) == []
    assert mask_of([0]) == 1
    assert mask_of([53, 0]) == (1 << 53) | 1
    assert cards_in(mask_of([53, ACE_OF_SPADES, 0, 20])) == [0, 20, ACE_OF_SPADES, 53]


def test_cards_in_lists_cards_lowest_first() -> None:
    # Clubs, diamonds, hearts, spades, each from the two up, then the jokers.
    assert cards_in(mask_of(range(54))) == list(range(54))
    assert names(mask_of([parse_card(c) for c in ("BJ", "AS", "2S", "KH", "3D", "2C", "LJ")])) == [
        "2C", "3D", "KH", "2S", "AS", "LJ", "BJ"]


def test_mask_round_trip_on_random_hands() -> None:
    rng = random.Random(20240601)
    for _ in range(500):
        hand = sorted(rng.sample(range(54), rng.randint(0, 18)))
        mask = mask_of(hand)
        assert mask.bit_count() == len(hand)
        assert cards_in(mask) == hand
        assert mask_of(cards_in(mask)) == mask


def test_names_of_cards_and_masks() -> None:
    assert names([parse_card("QS"), parse_card("2C")]) == ["QS", "2C"]  # a sequence keeps its order
    assert names(mask_of([parse_card("QS"), parse_card("2C")])) == ["2C", "QS"]


# Suits and ranks ---------------------------------------------------------------------------------------


def test_suits_and_ranks_of_ordinary_cards() -> None:
    assert SUIT_OF[parse_card("2C")] == CLUBS and RANK_OF[parse_card("2C")] == 0
    assert SUIT_OF[parse_card("TD")] == DIAMONDS and RANK_OF[parse_card("TD")] == 8
    assert SUIT_OF[parse_card("KH")] == HEARTS and RANK_OF[parse_card("KH")] == 11
    assert SUIT_OF[parse_card("AS")] == SPADES and RANK_OF[parse_card("AS")] == 12


def test_jokers_are_spades_above_the_ace() -> None:
    # 000 'ジョーカーハイ': "ジョーカーは両方とも、最高のスペードとして配置" and the big joker beats the little one.
    assert SUIT_OF[LITTLE_JOKER] == SUIT_OF[BIG_JOKER] == SPADES
    assert RANK_OF[BIG_JOKER] > RANK_OF[LITTLE_JOKER] > RANK_OF[ACE_OF_SPADES]
    assert RANK_OF[LITTLE_JOKER] > max(RANK_OF[:52])


def test_suit_masks() -> None:
    assert [m.bit_count() for m in SUIT_MASKS] == [13, 13, 13, 15]
    assert SUIT_MASKS[SPADES] == SPADE_MASK
    assert SPADE_MASK >> LITTLE_JOKER & 1 and SPADE_MASK >> BIG_JOKER & 1
    assert sum(SUIT_MASKS) == mask_of(range(54))  # the suits partition the cards


# Reasons -----------------------------------------------------------------------------------------------

def test_reason_codes_are_stable_snake_case() -> None:
    codes = [r.value for r in Reason]
    assert len(codes) == len(set(codes))
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", c) for c in codes)
    # A few codes clients already switch on (004: "must follow suit", "spades not broken").
    assert Reason.MUST_FOLLOW_SUIT == "must_follow_suit"
    assert Reason.SPADES_NOT_BROKEN == "spades_not_broken"
    assert Reason.UNKNOWN_CARD == "unknown_card"


def test_illegal_action_error_carries_the_code() -> None:
    e = IllegalActionError(Reason.MUST_FOLLOW_SUIT)
    assert isinstance(e, ValueError)
    assert e.reason is Reason.MUST_FOLLOW_SUIT
    assert e.code == "must_follow_suit"
    assert e.detail is None
    assert str(e) == "must_follow_suit"


def test_illegal_action_error_with_detail() -> None:
    e = IllegalActionError(Reason.BID_OUT_OF_RANGE, "bid 14 is more than 13 tricks")
    assert e.code == "bid_out_of_range"
    assert str(e) == e.detail == "bid 14 is more than 13 tricks"
