"""Property tests: whole games under every preset (and a few custom rule sets that switch on the rarer
rules), from hypothesis-drawn seeds, played by the test player of ``players.py`` with the invariants
checked after every action: a full and fair deal, correct trick winners, no hidden card in any seat's view
or event, scores that add up, snapshots and replays that rebuild the same game, and illegal actions that
are refused without changing anything.

``derandomize=True`` makes the drawn examples the same on every run, so CI is deterministic.
``ENGINE_GAMES`` (default 2) is how many whole games each rule set plays; ``make test-compiled`` plays one, since
the pure pass has just played both with the same test player and only the engine's form differs.
"""

from __future__ import annotations

import os
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
    Event,
    Game,
    IllegalActionError,
    InvalidCardError,
    Reason,
    RuleSet,
    cards_in,
)

from . import players

RULES: dict[str, RuleSet] = {**{name: PRESETS[name] for name in PRESETS}, **players.CUSTOM_RULES}

GAME_SETTINGS = settings(
    max_examples=int(os.environ.get("ENGINE_GAMES", "2")),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

seeds = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-/", max_size=12)


class Checker:
    """The ``check`` callback of ``players.play_game``: the cheap invariants after every action, the costly
    ones (snapshot, replay, an illegal attempt, legal moves on a copy) at the end of each hand and at
    random points."""

    def __init__(self, rng: random.Random, *, midpoint: int, rate: float = 0.01) -> None:
        self.rng = rng
        self.midpoint = midpoint
        self.rate = rate
        self.actions = 0
        self.hands = 0
        self.illegal = 0
        self.phases: set[str] = set()

    def __call__(self, g: Game, action: Action, events: list[Event]) -> None:
        self.actions += 1
        self.phases.add(g.phase)
        assert g.log[-1] == action
        players.check_legal_cards_are_the_positions(g)  # before anything asks: what the last move left
        players.check_invariants(g, events)
        self.check_legal_moves(g)
        if any(e.type == "hand_over" for e in events):
            self.hands += 1
            rec = g.records[-1]
            assert rec.number == len(g.records)
            players.check_tricks(rec.tricks, g.players)
            assert [sum(t.winner == s for t in rec.tricks) for s in range(g.players)] == rec.tricks_won
            players.check_scores(g)
            if self.hands % 8 == 1:
                players.check_round_trip(g)
        if self.rng.random() < self.rate:
            players.check_round_trip(g)
            players.check_illegal(g, self.rng)
            self.illegal += 1
        if self.actions == self.midpoint:
            players.check_replay(g)

    def check_legal_moves(self, g: Game) -> None:
        """The legal moves the engine lists agree with its reasons, and someone can always move."""
        if g.phase == GAME_OVER:
            assert g.to_move() == []
            return
        movers = g.to_move()
        assert movers
        if g.phase == PLAY:
            seat = g.turn
            assert movers == [seat]
            reasons = g.card_reasons(seat)
            assert {c for c, r in reasons.items() if r is None} == set(g.legal_cards(seat))
            assert g.legal_cards(seat)
            for s in range(g.players):
                if s != seat:
                    assert g.legal_cards(s) == []
        elif g.phase == BID:
            seat = g.turn
            assert seat in movers
            bids = g.legal_bids(seat)
            assert bids and all(g.bid_reason(seat, b.tricks, b.blind) is None for b in bids)
        elif g.phase == EXCHANGE:
            assert g.turn is None
            for s in movers:
                assert g.exchange_due[s] and g.passed[s] is None


@pytest.mark.parametrize("name", list(RULES))
@GAME_SETTINGS
@given(seed=seeds, rng_seed=st.integers(0, 2**32 - 1), dealer=st.one_of(st.none(), st.integers(0, 3)))
def test_games_reach_the_end_with_every_invariant(name: str, seed: str, rng_seed: int, dealer: int | None) -> None:
    rules = RULES[name]
    first_dealer = None if dealer is None else dealer % rules.players
    game = Game.new(rules, seed=seed, first_dealer=first_dealer)
    rng = random.Random(rng_seed)
    checker = Checker(random.Random(rng_seed + 1), midpoint=rng.randrange(1, 250))
    players.check_invariants(game, [game.deal_event()])

    players.play_game(game, rng, check=checker)

    assert game.phase == GAME_OVER
    assert game.result in ("win", "draw", "boston")
    if game.result == "draw":
        assert game.winner is None
    else:
        assert game.winner in range(len(rules.teams))
    if game.result == "win":
        assert game.scores[game.winner] == max(game.scores)
        assert game.scores.count(max(game.scores)) == 1
    assert checker.hands == len(game.records) >= 1
    assert checker.phases >= {BID, PLAY, GAME_OVER}
    players.check_scores(game)
    players.check_round_trip(game)
    players.check_replay(game)
    for action, reason in players.illegal_actions(game):
        before = game.to_json()
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason == reason
        assert game.to_json() == before


@pytest.mark.parametrize("name", ["classic", "yahoo", "double_nil_pass", "board_total_pass", "capped_margin"])
@settings(max_examples=3, deadline=None, derandomize=True, database=None)
@given(seed=seeds, rng_seed=st.integers(0, 2**32 - 1))
def test_blind_games_keep_hidden_cards_hidden(name: str, seed: str, rng_seed: int) -> None:
    """With a high blind-nil rate the blind and exchange paths are taken often; every invariant holds."""
    rules = RULES[name]
    rng = random.Random(rng_seed)
    checker = Checker(random.Random(rng_seed + 1), midpoint=rng.randrange(1, 300), rate=0.05)
    game = Game.new(rules, seed=seed)
    players.play_game(game, rng, blind_rate=0.6, check=checker, max_actions=700)
    players.check_scores(game)
    players.check_replay(game)
    players.check_round_trip(game)


@settings(max_examples=120, deadline=None, derandomize=True, database=None)
@given(name=st.sampled_from(list(RULES)), seed=seeds, rng_seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 400), data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(
    name: str, seed: str, rng_seed: int, steps: int, data: st.DataObject
) -> None:
    """At a random point of a random game every illegal action the helper makes is refused with
    its reason, a card that does not exist is refused as a bad card, and the state does not move."""
    game = Game.new(RULES[name], seed=seed)
    rng = random.Random(rng_seed)
    players.play_game(game, rng, max_actions=steps)
    assert len(game.log) == steps or game.phase == GAME_OVER
    candidates = players.illegal_actions(game)
    assert candidates
    before = game.to_json()
    for action, reason in candidates:
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason == reason, action
        assert game.reason(action) == reason
        assert not game.is_legal(action)
        assert game.to_json() == before
    bad = data.draw(st.sampled_from(["ZZ", "1S", "", "QX", "11H", "JJ"]))
    seat = game.turn if game.turn is not None else 0
    with pytest.raises(InvalidCardError):
        Action.from_json({"type": "play", "seat": seat, "card": bad})
    if game.phase == PLAY:
        with pytest.raises(IllegalActionError) as info:
            game.apply(Action("play", seat, card=54 + rng.randrange(10)))
        assert info.value.reason == Reason.UNKNOWN_CARD
    assert game.to_json() == before
    # The game still plays on from the untouched state.
    players.play_game(game, rng, max_actions=20)


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(name=st.sampled_from(list(RULES)), seed=seeds, rng_seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 1500))
def test_snapshot_and_replay_mid_game_continue_identically(name: str, seed: str, rng_seed: int, steps: int) -> None:
    """A snapshot, a replay or a copy taken at any point continues exactly like the original game, and
    playing on from a copy leaves the original untouched."""
    game = Game.new(RULES[name], seed=seed)
    players.play_game(game, random.Random(rng_seed), max_actions=steps)
    assert len(game.log) == steps or game.phase == GAME_OVER
    before = game.to_json()
    restored = Game.from_json(before)
    replayed = Game.replay(game.rules, game.log, seed=game.seed, first_dealer=game.first_dealer,
                           deals=game.deals)
    copied = game.copy()
    assert restored.to_json() == replayed.to_json() == copied.to_json() == before
    players.play_game(copied, random.Random(rng_seed + 7), max_actions=60)
    assert game.to_json() == before  # the copy shares nothing that moves
    for g in (game, restored, replayed):
        players.play_game(g, random.Random(rng_seed + 7), max_actions=60)
    assert restored.to_json() == replayed.to_json() == copied.to_json() == game.to_json()
    assert [cards_in(h) for h in restored.hands] == [cards_in(h) for h in game.hands]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(name=st.sampled_from(list(RULES)), seed=seeds, rng_seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 600), move=st.sampled_from(["play", "illegal", "resign", "abandon", "copy", "json"]))
def test_a_legal_card_question_never_answers_for_a_later_position(
    name: str, seed: str, rng_seed: int, steps: int, move: str
) -> None:
    """The game keeps the legal cards it last found for the seat on turn, so that the play that follows is
    checked against them without working them out again: after every kind of move, and in every copy, the
    legal cards and what a play is refused for are those of the position as it is."""
    game = Game.new(RULES[name], seed=seed)
    rng = random.Random(rng_seed)
    players.play_game(game, rng, max_actions=steps)
    for _ in range(12):
        if game.phase == GAME_OVER:
            break
        for s in range(game.players):
            game.legal_cards(s)
        seat = game.turn if game.turn is not None else rng.choice(game.to_move())
        if move == "play" or game.phase != PLAY:
            game.apply(players.next_action(game, rng))
        elif move == "illegal":
            players.check_illegal(game, rng)
            game.apply(players.next_action(game, rng))
        elif move == "resign":
            game.apply(Action("resign", seat))
        elif move == "abandon":
            game.abandon("test")
        else:
            other = game.copy() if move == "copy" else Game.from_json(game.to_json())
            assert other == game
            assert other.legal_cards(seat) == game.legal_cards(seat)
            other.apply(players.next_action(other, rng))
            players.check_legal_cards_are_the_positions(other)
            game = other
        players.check_legal_cards_are_the_positions(game)
        if game.phase == GAME_OVER:
            for action, reason in players.illegal_actions(game):
                with pytest.raises(IllegalActionError) as info:
                    game.apply(action)
                assert info.value.reason == reason
