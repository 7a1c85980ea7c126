"""The hard bot's exact endings (:func:`bots.strategies.search.hard_card`): with few tricks left each sampled deal
is solved double dummy and the candidates race on the solved values; a deal whose solve passes its share of the
work sends the decision back to rollouts. Asserted on what each path did, by the module counters
(:data:`bots.strategies.search.exact_deals`, :data:`~bots.strategies.search.exact_fallbacks`,
:data:`bots.strategies.rollout.cards_played`), which read alike in either form of the modules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bots.strategies import decide, rollout, search
from bots.strategies.tricks import distinct_moves
from games.engine import PLAY, Game, mask_of, preset
from games.engine.cards import CARD_NAMES
from tests.engine import players

from .states import frozen_clock, seat_view

RULES = preset("standard")


def ending(seed: int, left: int) -> Game:
    """A game of the test player with ``left`` tricks left and ``seed % 4`` cards of the trick down."""
    rng = random.Random(seed)
    g = Game.new(RULES, seed=f"exact-{seed}")
    while not (g.phase == PLAY and RULES.cards_per_hand - len(g.tricks) == left and len(g.trick) == seed % 4):
        g.apply(players.next_action(g, rng))
    return g


def searched(game: Game, seed: int) -> tuple[dict[str, Any], int, int, int]:
    """The hard bot's action for the seat on turn (clock stopped), with the deals its exact endings solved, the
    decisions they handed back to rollouts and the cards the rollouts played meanwhile."""
    deals, fallbacks, cards = search.exact_deals, search.exact_fallbacks, rollout.cards_played
    with frozen_clock():
        action = decide(seat_view(game, game.turn), RULES, level="hard", rng=random.Random(seed), budget_ms=60)
    return (action, search.exact_deals - deals, search.exact_fallbacks - fallbacks,
            rollout.cards_played - cards)


def choices(game: Game) -> int:
    """The distinct moves of the seat on turn, as the hard bot counts them (one when it does not search)."""
    seat = game.turn
    assert seat is not None
    in_play = 0
    for h in game.hands:
        in_play |= h
    for c in game.trick:
        in_play |= 1 << c
    return len(distinct_moves(mask_of(game.legal_cards(seat)), ((1 << 54) - 1) & ~in_play))


def nil_live(game: Game) -> bool:
    """Whether some seat bid nil and has taken no trick yet."""
    return any(b is not None and b.tricks == 0 and game.tricks_won[s] == 0 for s, b in enumerate(game.bids))


@pytest.mark.parametrize("seed", range(10))
def test_few_tricks_left_are_solved_not_rolled_out(seed: int) -> None:
    game = ending(seed, 4)
    seat = game.turn
    assert seat is not None
    action, deals, fallbacks, cards = searched(game, seed)
    assert action["type"] == "play" and action["card"] in {CARD_NAMES[c] for c in game.legal_cards(seat)}
    assert fallbacks == 0 and cards == 0  # solved, never played out
    assert (deals >= 1) == (choices(game) > 1)
    assert searched(game, seed) == (action, deals, 0, 0)  # work counted in nodes, not time: a seed gives one card


def test_many_tricks_left_are_rolled_out() -> None:
    _, deals, fallbacks, cards = searched(ending(4, search.EXACT_TRICKS + 1), 4)
    assert deals == 0 and fallbacks == 0 and cards > 0


def test_a_solve_over_its_share_falls_back_to_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each deal's share of the work cut to a node: every first solve is abandoned, the decision goes back to
    rollouts, which choose the card."""
    monkeypatch.setattr(search, "EXACT_MIN_DEALS", 10**9)
    tried = 0
    for k in range(8):
        game = ending(k, 5)
        action, deals, fallbacks, cards = searched(game, k)
        assert action["type"] == "play" and deals == 0
        assert fallbacks == (choices(game) > 1)
        if fallbacks:
            tried += 1
            assert cards > 0
    assert tried >= 3


def nil_ending(seed: int) -> Game:
    """As :func:`ending` with 4 tricks left, seat 1 having bid nil (the test player never does)."""
    rng = random.Random(seed)
    g = Game.new(RULES, seed=f"nil-{seed}")
    while g.phase != PLAY:
        if g.turn == 1 and g.phase == "bid":
            g.bid(1, 0)
        else:
            g.apply(players.next_action(g, rng))
    while not (RULES.cards_per_hand - len(g.tricks) <= 4 and len(g.trick) == seed % 4):
        g.apply(players.next_action(g, rng))
    return g


@pytest.mark.parametrize("seed", [2, 4, 24])
def test_a_live_nil_is_solved_too(seed: int) -> None:
    """The nil bidder's side covering and the other side attacking are what a solved deal plays exactly."""
    game = nil_ending(seed)
    assert game.phase == PLAY and nil_live(game) and choices(game) > 1
    _, deals, fallbacks, cards = searched(game, seed)
    assert deals >= 1 and fallbacks == 0 and cards == 0
