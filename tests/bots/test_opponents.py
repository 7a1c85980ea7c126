"""The hard bot's model of its opponents (:mod:`bots.strategies.opponents`): the prior, what finished hands of
the game change, that it reads only public summaries, and that a bot at a table or in the arena gets them."""

from __future__ import annotations

import random

import pytest

from bots.arena import play_hand
from bots.strategies import opponents, read_view
from games.engine import PRESETS, Game
from games.engine.view import finished_hands

from .states import seat_view

STANDARD = PRESETS["standard"]
TEAMS = STANDARD.teams


def hand(bids: list[int], won: list[int]) -> dict:
    """A finished hand's public summary, as :func:`finished_hands` gives it."""
    return {"number": 1, "dealer": 0, "bids": [{"tricks": b, "blind": False} for b in bids], "tricks_won": won,
            "points": [0, 0]}


def test_without_hands_the_model_is_the_gauntlet_prior() -> None:
    m = opponents.model_of(STANDARD, 0, TEAMS, [])
    assert (m.nil_broken, m.set_rate, m.their_nil_made, m.hands) == pytest.approx((
        opponents.PRIOR_NIL_BROKEN, opponents.PRIOR_SET, opponents.PRIOR_THEIR_NIL_MADE, 0))
    # The gauntlet's styles broke the hard bot's nils and set its contracts more often than the normal bot the
    # bars were tuned against did: the prior prices a nil's rollout failures dearer, and a contract's bar is
    # stricter.
    assert m.nil_cost(0.9, 100) > 0
    assert m.contract_bar(0.9) > 0.9
    assert m.press_attack


def test_nils_broken_at_the_table_raise_the_nil_bar() -> None:
    # Seat 0 (side 0) bid nil and took a trick in each of three hands: the opponents break our nils.
    broken = [hand([0, 3, 4, 3], [1, 4, 5, 3])] * 3
    m = opponents.model_of(STANDARD, 0, TEAMS, broken)
    assert m.nil_broken > opponents.PRIOR_NIL_BROKEN
    assert m.nil_cost(0.8, 100) > opponents.model_of(STANDARD, 0, TEAMS, []).nil_cost(0.8, 100)
    # The same hands seen from the other side: its opponents' (side 0's) nils failed, so it keeps pressing.
    other = opponents.model_of(STANDARD, 1, TEAMS, broken)
    assert other.nil_broken == pytest.approx(opponents.PRIOR_NIL_BROKEN) and other.press_attack


def test_opponents_whose_nils_always_make_are_not_pressed() -> None:
    made = [hand([4, 0, 4, 3], [6, 0, 4, 3])] * 8  # seat 1 (side 1) bid nil and made it, eight times
    m = opponents.model_of(STANDARD, 0, TEAMS, made)
    assert m.their_nil_made > opponents.PRESS_LIMIT and not m.press_attack


def test_our_sets_raise_the_contract_bar() -> None:
    sets = [hand([5, 3, 5, 3], [3, 5, 2, 3])] * 4  # side 0 bid 10, took 5
    assert opponents.model_of(STANDARD, 0, TEAMS, sets).contract_bar(0.85) > \
        opponents.model_of(STANDARD, 0, TEAMS, []).contract_bar(0.85)


def test_opponents_who_neither_break_nor_set_lower_both_bars() -> None:
    calm = [hand([0, 3, 5, 3], [0, 3, 7, 3])] * 6  # our nil made and our contract made, six times
    m = opponents.model_of(STANDARD, 0, TEAMS, calm)
    assert m.nil_cost(0.8, 100) == 0 and m.contract_bar(0.9) < 0.9


def test_the_model_reads_the_history_else_the_last_hand() -> None:
    game = Game.new(STANDARD, seed="model", first_dealer=0)
    seen: list[dict] = []

    def watch(g: Game, seat: int, view: dict, action: dict) -> None:
        seen.append(view)

    got = play_hand("model-2", 1, ("normal",) * 4, 20, {}, hands=2, watch=watch)
    assert got.hands_played == 2
    first = [v for v in seen if v["hands_played"] == 0]
    second = [v for v in seen if v["hands_played"] == 1]
    assert all("history" not in v for v in first)
    assert all(v["history"] == finished_hands(got)[:1] for v in second)
    # Only the public summary: bids, tricks and points, no card of anyone's hand.
    assert set(second[0]["history"][0]) == {"number", "dealer", "bids", "tricks_won", "points"}
    kn = read_view(second[0], STANDARD)
    assert opponents.hands_seen(kn.view) == second[0]["history"]
    view = seat_view(game, game.turn)
    assert opponents.hands_seen(view) == []


def test_a_bot_at_a_table_models_from_the_last_hand_without_a_history() -> None:
    game = Game.new(STANDARD, seed="model-3", first_dealer=0)
    rng = random.Random(0)
    while game.hands_played == 0:
        seat = game.turn if game.turn is not None else game.to_move()[0]
        legal = game.legal_actions(seat)
        game.apply(rng.choice(legal))
    view = seat_view(game, game.turn)
    assert opponents.hands_seen(view) == [view["last_hand"]]


def test_the_prior_spares_our_nils_on_the_gauntlets_share_of_the_deals() -> None:
    """Two of the gauntlet's eight opponents never attack a nil: that is the prior share of the search's deals
    played against opponents who do not, and the nil price is only for the rest (the attack's breaks beyond the
    rollouts'), the spared deals' own breaks taken out of the table's rate."""
    m = opponents.model_of(STANDARD, 0, TEAMS, [])
    assert m.spared == pytest.approx(opponents.PRIOR_SPARED)
    mixture = (1 - opponents.PRIOR_SPARED) * opponents.ATTACK_NIL_BROKEN \
        + opponents.PRIOR_SPARED * opponents.SPARED_NIL_BROKEN
    assert mixture == pytest.approx(opponents.PRIOR_NIL_BROKEN, abs=0.005)
    assert m.attack_broken == pytest.approx(opponents.ATTACK_NIL_BROKEN, abs=0.01)
    extra = m.attack_broken / opponents.REFERENCE_NIL_BROKEN - 1
    assert m.nil_cost(0.8, 100) == pytest.approx((1 - m.spared) * 0.2 * extra * 200)
    assert opponents.TUNED.spared == 0 and opponents.TUNED.nil_cost(0.8, 100) == 0


def test_nils_made_at_the_table_spare_more_deals_and_nils_broken_fewer() -> None:
    made = [hand([0, 3, 5, 3], [0, 3, 7, 3])] * 4  # seat 0 bid nil and made it, four times
    broken = [hand([0, 3, 4, 3], [1, 4, 5, 3])] * 4  # and broke it, four times
    prior = opponents.model_of(STANDARD, 0, TEAMS, []).spared
    assert opponents.model_of(STANDARD, 0, TEAMS, made).spared > prior
    assert opponents.model_of(STANDARD, 0, TEAMS, broken).spared < prior
    # The other side's view of the same hands: nothing of its own nils, so its prior.
    assert opponents.model_of(STANDARD, 1, TEAMS, made).spared == pytest.approx(prior)
