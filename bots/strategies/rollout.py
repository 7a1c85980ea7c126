"""Playing a hand to its end with a policy, and what the end is worth: the change it makes to the game
(the engine's scoring of every side with the bags priced and the game's end counted), turned into one
number for the side that is deciding (its value minus the others'); and the line, in one known deal, by
which a nil's opponents make it take a trick (:func:`find_break`)."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.cards import RANK_OF

from .state import PlayState, Setting, legal_mask, play
from .tricks import distinct_moves

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


class OutOfNodes(Exception):
    """:func:`find_break` used up the positions it was allowed to visit."""


def find_break(st: PlayState, cx: Setting, nils: list[int], policy: Policy, nodes: list[int]) -> PlayState | None:
    """The position, in the deal ``st`` (every hand known), where one of the nil bidders ``nils`` (all of one side)
    has taken a trick, reached by its opponents playing every line of their distinct cards, lowest first, while
    the nil side plays ``policy``; ``None`` when no line breaks a nil. Each position visited costs one of
    ``nodes[0]`` (:class:`OutOfNodes` when none is left); positions from which no line breaks are remembered,
    so a position is searched once. ``st`` itself is not changed."""
    n = cx.n
    nil_side = cx.side_of[nils[0]]
    deck = st.remaining  # the cards still in the hands; the others are out of play
    lost: set[tuple[int, ...]] = set()

    def broken(st: PlayState) -> bool:
        return any(st.won[s] for s in nils)

    def search(st: PlayState) -> PlayState | None:
        key = (*st.hands, *st.trick, st.leader, st.broken)
        if key in lost:
            return None
        nodes[0] -= 1
        if nodes[0] < 0:
            raise OutOfNodes
        while st.done < cx.tricks and not broken(st):
            seat = (st.leader + len(st.trick)) % n
            legal = legal_mask(st, cx, seat)
            if cx.side_of[seat] != nil_side and legal & (legal - 1):
                for card in sorted(distinct_moves(legal, deck & ~st.remaining), key=RANK_OF.__getitem__):
                    after = st.copy()
                    play(after, cx, seat, card)
                    found = search(after)
                    if found is not None:
                        return found
                lost.add(key)
                return None
            play(st, cx, seat, legal.bit_length() - 1 if not legal & (legal - 1) else policy(st, cx, seat, legal))
        return st if broken(st) else None

    return search(st.copy())
