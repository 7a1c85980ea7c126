"""The hand review (``games/engine/review.py``) of finished hands rebuilt from a game's log: every card played
is judged by the solver's values at that point, the par is the solver's, and the review survives JSON.

A whole hand is 13 tricks of double dummy solving, minutes in the pure form for a random deal, so the deals
here are ones the solver settles fast: each seat holds whole suits (every card of a hand is equivalent to the
next one, nothing between them in play). A random deal's review is measured by hand (bench/README.md)."""

from __future__ import annotations

import json
import random

from games.engine import Game, preset
from games.engine.review import HandReview, review_hand
from games.engine.solver import Solver

from . import players


def suits_deal() -> list[list[int]]:
    """Seat 0 every spade, seat 1 every heart, seat 2 every diamond, seat 3 every club."""
    return [list(range(39, 52)), list(range(26, 39)), list(range(13, 26)), list(range(0, 13))]


def finished(rules_name: str, deal: list[list[int]], seed: int) -> Game:
    rng = random.Random(seed)
    g = Game.new(preset(rules_name), seed=f"review-{seed}", first_dealer=0, deals=[deal])
    while not g.records:
        g.apply(players.next_action(g, rng))
    return g


def test_review_of_a_hand_of_whole_suits() -> None:
    g = finished("standard", suits_deal(), 1)
    review = review_hand(g, 1, solver=Solver())
    record = g.records[0]
    assert review.number == 1
    assert len(review.plays) == 52
    assert [p.card for p in review.plays] == [c for t in record.tricks for c in t.cards]
    assert review.tricks_won == tuple(record.tricks_won)
    assert review.scores == tuple(s.points for s in record.sides)
    # seat 0's spades take every trick whoever leads: the par says so, and no card could do better
    assert review.par[0].makeable_tricks == 13 and review.par[1].makeable_tricks == 0
    assert review.par[0].nil_seats == (2,) and review.par[1].nil_seats == (1, 3)
    for p in review.plays:
        assert p.cost == p.best - p.value == 0
        assert p.card in p.best_cards
    assert review.best_tricks == (13, 0, 0, 0)
    again = HandReview.from_json(json.loads(json.dumps(review.to_json())))
    assert again == review


def mixed_deal() -> list[list[int]]:
    """:func:`suits_deal` with the five lowest cards of each suit passed one seat on: a deal the solver must
    search (every seat can follow or ruff early), still settled in a fraction of a second."""
    deal = suits_deal()
    for i in range(5):
        low = [h[i] for h in deal]
        for seat in range(4):
            deal[seat][i] = low[(seat + 1) % 4]
    return deal


def test_a_budget_that_cuts_leaves_the_early_cards_unanalysed_and_the_late_ones_exact() -> None:
    g = finished("standard", mixed_deal(), 2)
    solver = Solver()
    full = review_hand(g, 1, solver=solver)
    assert full.analysed == 52 and not full.par_missing and full.complete
    budget = solver.nodes // 3
    cut = review_hand(g, 1, solver=Solver(), node_budget=budget)
    assert 0 < cut.analysed < 52
    assert cut.par_missing and cut.par is None and cut.best_scores is None and cut.best_tricks is None
    late = 52 - cut.analysed
    # judged backwards: the cards not analysed are the first ones, and each analysed card is judged exactly
    for p in cut.plays[:late]:
        assert (p.value, p.best, p.best_cards, p.cost) == (None, None, None, None) and not p.analysed
    assert cut.plays[late:] == full.plays[late:]
    assert [p.card for p in cut.plays] == [p.card for p in full.plays]
    assert (cut.scores, cut.tricks_won, cut.hands) == (full.scores, full.tricks_won, full.hands)
    data = json.loads(json.dumps(cut.to_json()))
    assert data["analysed"] == cut.analysed and data["par_missing"] is True and data["par"] is None
    assert data["plays"][0]["cost"] is None
    assert HandReview.from_json(data) == cut


def test_the_par_in_a_budget_of_its_own_is_solved_whatever_the_cards_used() -> None:
    """A cards' budget that cuts leaves the par missing; the same with a par budget of its own solves it, as
    the full review does, and changes no card's judgement."""
    g = finished("standard", mixed_deal(), 2)
    solver = Solver()
    full = review_hand(g, 1, solver=solver)
    par_alone = Solver()
    review_hand(g, 1, solver=par_alone, node_budget=0, par_budget=10**9)
    par_nodes = par_alone.nodes
    budget = (solver.nodes - par_nodes) // 3
    cut = review_hand(g, 1, solver=Solver(), node_budget=budget)
    own = review_hand(g, 1, solver=Solver(), node_budget=budget, par_budget=2 * par_nodes)
    assert cut.par_missing and not own.par_missing and own.par == full.par
    assert own.plays == cut.plays and 0 < own.analysed < 52
    assert review_hand(g, 1, solver=Solver(), node_budget=budget, par_budget=par_nodes // 10).par_missing


def test_a_budget_the_hand_fits_in_gives_the_full_review() -> None:
    g = finished("standard", mixed_deal(), 3)
    solver = Solver()
    full = review_hand(g, 1, solver=solver)
    assert review_hand(g, 1, solver=Solver(), node_budget=solver.nodes + 1000) == full
    # a solver's own node limit survives the review
    own = Solver(node_limit=10**9)
    review_hand(g, 1, solver=own, node_budget=10)
    assert own.node_limit == 10**9
