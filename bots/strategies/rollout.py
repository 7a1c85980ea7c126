"""Playing a hand to its end with a policy, and what the end is worth: the change it makes to the game
(the engine's scoring of every side with the bags priced and the game's end counted), turned into one
number for the side that is deciding (its value minus the others')."""

from __future__ import annotations

from collections.abc import Callable

from .state import PlayState, Setting, legal_mask, play

Policy = Callable[[PlayState, Setting, int, int], int]
"""A card-play policy: ``(state, setting, seat, legal mask) -> card``."""

cards_played = 0
"""Cards every :func:`play_out` of this process has played: how ``bench/engine.py --rollout`` counts the
hard bot's simulated cards (one addition a rollout, in either form of the module)."""


def play_out(st: PlayState, cx: Setting, policy: Policy) -> int:
    """Play ``st`` to the end of the hand with ``policy`` for every seat; returns the number of cards
    played (the search's unit of work)."""
    n = cx.n
    total = cx.tricks
    plays = 0
    while st.done < total:
        seat = (st.leader + len(st.trick)) % n
        legal = legal_mask(st, cx, seat)
        card = legal.bit_length() - 1 if not legal & (legal - 1) else policy(st, cx, seat, legal)
        play(st, cx, seat, card)
        plays += 1
    global cards_played
    cards_played += plays
    return plays


def value(cx: Setting, won: list[int], side: int) -> float:
    """What a finished hand is worth to ``side``: its change to the game minus the average of the other
    sides' (:meth:`.state.Setting.value`)."""
    return cx.value(won, side)
