"""Reachable game states for the bot tests, and small helpers: drive a game a random number of actions
with the engine tests' player, pick the seat that must act, shuffle the hidden cards of a game, build
games from fixed deals, read a seat's view as the bots get it (JSON), and ask a bot for its move with the
hidden cards dealt again.

Not a test module: the test modules import it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from games import engine
from games.engine import BID, EXCHANGE, GAME_OVER, PRESETS, Action, Game, RuleSet, cards_in, parse_card, preset

from ..engine import players

CUSTOM: dict[str, RuleSet] = {**players.CUSTOM_RULES, "suicide_board": preset("suicide", board=4)}
"""Rule sets beyond the presets that switch on the rarer rules (as in the engine's property tests)."""

RULES: dict[str, RuleSet] = {**PRESETS, **CUSTOM}


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """``seat``'s view of ``game`` as the bots read it: the engine's seat view in JSON, as the API sends it."""
    return engine.seat_view(game, seat).to_json()


def reach(rules: RuleSet, seed: str, steps: int, rng_seed: int, *, blind_rate: float = 0.3) -> Game:
    """A game of ``rules`` after ``steps`` actions of the engine tests' player (fewer if it ended)."""
    game = Game.new(rules, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if game.phase == GAME_OVER:
            break
        game.apply(players.next_action(game, rng, blind_rate=blind_rate))
    return game


def seat_to_act(game: Game, rng: random.Random) -> int | None:
    """A seat that must act now: the seat on turn, or in an exchange any seat that still has to pass."""
    if game.phase == GAME_OVER:
        return None
    if game.phase == EXCHANGE:
        return rng.choice(game.to_move())
    return game.turn


def apply_bot_action(game: Game, seat: int, action: dict) -> None:
    """Apply a bot's action (API notation, no seat) through the engine; raises if it is illegal."""
    game.apply(Action.from_json({**action, "seat": seat}))


def shuffle_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which the cards the other seats hold now are dealt among them again at
    random (each keeping its number of cards): everything ``seat`` sees stays the same."""
    g = game.copy()
    others = [s for s in range(g.players) if s != seat]
    pool = [c for s in others for c in cards_in(g.hands[s])]
    rng.shuffle(pool)
    i = 0
    for s in others:
        k = g.hands[s].bit_count()
        mask = 0
        for c in pool[i:i + k]:
            mask |= 1 << c
        g.hands[s] = mask
        i += k
    return g


def cards(text: str) -> list[int]:
    """Cards from a space-separated list of names (``"AS KS 2C"``)."""
    return [parse_card(t) for t in text.split()]


def fixed_game(rules: RuleSet, hands: list[str], *, first_dealer: int) -> Game:
    """A game whose first hand deals ``hands`` (one string of card names per seat)."""
    return Game.new(rules, seed="fixed", first_dealer=first_dealer, deals=[[cards(h) for h in hands]])


@contextmanager
def frozen_clock() -> Iterator[None]:
    """Stop the hard bot's wall-clock safety net, so its work is fixed by its budget alone."""
    from bots.strategies import search

    saved = search.perf_counter
    search.perf_counter = lambda: 0.0
    try:
        yield
    finally:
        search.perf_counter = saved


def decide_unseen(game: Game, rules: RuleSet, *, level: str, shuffle: int, seed: int, budget_ms: int = 60
                  ) -> dict[str, Any]:
    """The action of the seat on turn at ``level``, the other seats' cards dealt again by ``shuffle``
    (:func:`shuffle_hidden`), the bot's own randomness seeded by ``seed`` and its clock stopped
    (:func:`frozen_clock`): a situation test asserts the move over several shuffles."""
    from bots.strategies import decide

    seat = game.turn
    assert seat is not None
    g = shuffle_hidden(game, seat, random.Random(shuffle))
    with frozen_clock():
        return decide(seat_view(g, seat), rules, level=level, rng=random.Random(seed), budget_ms=budget_ms)


__all__ = ["BID", "CUSTOM", "RULES", "apply_bot_action", "cards", "decide_unseen", "fixed_game", "frozen_clock",
           "reach", "seat_to_act", "shuffle_hidden"]
