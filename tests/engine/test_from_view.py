"""``Game.from_view``: the game a seat's view shows, rebuilt around a full assignment of the hands. The
rebuilt game shows the seat the same view, offers it the same moves, answers its moves with the same
events, deals fairly, and refuses hands that contradict the view.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    BID,
    EXCHANGE,
    GAME_OVER,
    PLAY,
    PRESETS,
    Action,
    Game,
    mask_of,
    preset,
    seat_view,
)

from . import players
from .test_game import DEAL_C, bid_round, cards, new_game, play

RULES = {**PRESETS, **players.CUSTOM_RULES}


def rebuilt(g: Game, seat: int | None) -> Game:
    """The game rebuilt from ``seat``'s view with the true hands."""
    return Game.from_view(seat_view(g, seat).to_json(), g.hands, g.rules)


def same_for(seat: int | None, a: Game, b: Game) -> None:
    """``a`` and ``b`` look the same to ``seat`` and offer it the same moves (the rebuilt game keeps no
    record of earlier hands)."""
    va, vb = seat_view(a, seat).to_json(), seat_view(b, seat).to_json()
    va.pop("last_hand")
    vb.pop("last_hand")
    assert va == vb
    if seat is not None:
        assert a.legal_actions(seat) == b.legal_actions(seat)


@settings(max_examples=120, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6), steps=st.integers(0, 300),
       rng_seed=st.integers(0, 2**32 - 1))
def test_a_rebuilt_game_is_the_same_game_to_the_seat(name: str, seed: int, steps: int, rng_seed: int) -> None:
    rules = RULES[name]
    g = Game.new(rules, seed=f"view-{seed}")
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if g.phase == GAME_OVER:
            break
        g.apply(players.next_action(g, rng, blind_rate=0.4))
    for seat in [*range(rules.players), None]:
        r = rebuilt(g, seat)
        same_for(seat, g, r)
        if g.phase == GAME_OVER:
            continue
        players.check_deal(r)
        # The same next move gives the seat the same events. Not compared: a move of a seat on turn that
        # has not looked (no view tells), the move that ends the exchange (the cards the partner passed
        # are a stand-in) and the end of the hand (the rebuilt game deals from a seed of its own).
        action = players.next_action(g.copy(), random.Random(rng_seed))
        if g.phase == BID and action.seat == g.turn != seat and not g.looked[action.seat]:
            continue
        mine, theirs = g.copy().apply(action), r.apply(action)
        if g.phase == r.phase and r.hand_number == g.hand_number:
            assert [e.for_seat(seat) for e in mine] == [e.for_seat(seat) for e in theirs]


def test_mid_trick_the_rebuilt_game_knows_who_leads_the_trick() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H", "JH")  # seat 1 led, seat 2 leads the trick so far
    r = rebuilt(g, 3)
    assert (r.best_seat, r.best_power) == (g.best_seat, g.best_power) == (2, 9)
    assert play(r, "AH", "TC")[-1].winner == 3
    assert r.tricks_won == [0, 0, 0, 1] and r.turn == 3


def test_spades_broken_is_read_off_the_cards_played() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H", "JH", "AH", "TC", "AD", "2S")  # seat 0 trumps the diamond: spades are broken
    r = rebuilt(g, 1)
    assert r.spades_broken and r.trick == cards("AD 2S") and r.best_seat == 0


def test_during_the_exchange_passes_the_seat_did_not_see_are_stood_in_for() -> None:
    rules = preset("standard", nil_pass=1)
    g = new_game(rules, DEAL_C)
    bid_round(g, 3, 4, 3, 0)  # seat 1 bids first; seat 0 bids nil
    assert g.phase == EXCHANGE and g.exchange_due == [1, 0, 1, 0]
    g.apply(Action("exchange", 0, cards=tuple(cards("TC"))))
    r = rebuilt(g, 2)
    assert r.passed[0] is not None and len(r.passed[0]) == 1 and r.hands[0] >> r.passed[0][0] & 1
    same_for(2, g, r)
    r.apply(Action("exchange", 2, cards=tuple(cards("AC"))))
    assert r.phase == PLAY and r.hands[0] >> cards("AC")[0] & 1
    players.check_deal(r)


def test_after_the_exchange_the_dealt_hands_undo_it() -> None:
    g = new_game(preset("standard", nil_pass=1), DEAL_C)
    bid_round(g, 3, 4, 3, 0)
    g.apply(Action("exchange", 0, cards=tuple(cards("TC"))))
    g.apply(Action("exchange", 2, cards=tuple(cards("AC"))))
    play(g, "2H", "8H")
    for seat in (0, 1):
        r = rebuilt(g, seat)
        same_for(seat, g, r)
        players.check_deal(r)
    assert rebuilt(g, 0).dealt == [mask_of(h) for h in DEAL_C]  # seat 0 saw both passes


def test_hands_that_contradict_the_view_are_refused() -> None:
    g = new_game(preset("standard"), DEAL_C)
    bid_round(g, 3, 3, 3, 3)
    play(g, "6H")
    view = seat_view(g, 0).to_json()
    h = list(g.hands)
    with pytest.raises(ValueError, match="sizes"):
        Game.from_view(view, [h[0], h[1] | h[2], 0, h[3]], g.rules)
    swapped = [h[1], h[0], h[2], h[3]]
    with pytest.raises(ValueError):
        Game.from_view(view, swapped, g.rules)
    c2, c3 = cards("8H")[0], cards("QH")[0]
    traded = [h[0], h[1], h[2] ^ (1 << c2) | (1 << c3), h[3] ^ (1 << c3) | (1 << c2)]
    with pytest.raises(ValueError, match="own hand"):
        Game.from_view(seat_view(g, 2).to_json(), traded, g.rules)
    with pytest.raises(ValueError, match="deck"):
        Game.from_view(view, [h[0], h[1], h[2], h[3] ^ (1 << cards("AS")[0]) | 1 << cards("6H")[0]], g.rules)
