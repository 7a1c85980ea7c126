"""Determinization: deal the cards a seat cannot see to the other seats so that the deal agrees with
everything the seat knows (hand sizes, suits shown void, cards it passed to its partner), and have the
engine build a :class:`~games.engine.Game` around that deal (:meth:`~games.engine.Game.from_view`) to
ask it what the seat may legally do.

The legal moves of the seat itself never depend on how the unseen cards were dealt, so the rebuilt game
answers exactly; the hard bot deals many such worlds to search them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from games.engine import Action, Bid, Game, cards_in
from games.engine.cards import SUIT_OF

from .knowledge import ALL_SUITS, Knowledge


class NoConsistentDeal(ValueError):
    """The view contradicts itself: no deal of the unseen cards agrees with it."""


def receivers(kn: Knowledge) -> list[int]:
    """The seats whose cards this seat does not know (itself too while it has not looked)."""
    return [s for s in range(kn.players) if s != kn.seat or kn.hidden]


def deal_unseen(
    kn: Knowledge,
    rng: random.Random,
    *,
    weights: Sequence[Sequence[float]] | None = None,
) -> list[int]:
    """One deal of every seat's current hand (masks), random but consistent with ``kn``.

    ``weights[seat][card]`` (optional) makes a card likelier to land with a seat; the hard bot uses it to
    lean the deal toward the bids. Raises :class:`NoConsistentDeal` only for an impossible view.
    """
    hands = list(kn.held)
    if not kn.hidden:
        hands[kn.seat] = kn.hand
    seats = receivers(kn)
    need = {s: kn.hand_size[s] - hands[s].bit_count() for s in seats}
    if any(v < 0 for v in need.values()):
        raise NoConsistentDeal("a seat holds fewer cards than it is known to hold")
    cards = cards_in(kn.unseen)
    if len(cards) != sum(need.values()):
        raise NoConsistentDeal("the unseen cards do not fill the other hands")
    allowed = {s: ALL_SUITS & ~kn.voids[s] for s in seats}
    if weights is None and all(a == ALL_SUITS for a in allowed.values()):
        rng.shuffle(cards)
        i = 0
        for s in seats:
            k = need[s]
            for c in cards[i:i + k]:
                hands[s] |= 1 << c
            i += k
        return hands
    for _ in range(20):
        got = _greedy(cards, seats, need, allowed, rng, weights)
        if got is not None:
            for s, m in got.items():
                hands[s] |= m
            return hands
    got = _matching(cards, seats, need, allowed, rng)
    for s, m in got.items():
        hands[s] |= m
    return hands


def _greedy(
    cards: list[int],
    seats: list[int],
    need: dict[int, int],
    allowed: dict[int, int],
    rng: random.Random,
    weights: Sequence[Sequence[float]] | None,
) -> dict[int, int] | None:
    """Deal the most constrained cards first, each to an eligible seat chosen in proportion to the room
    left in its hand (times its weight for the card); ``None`` when it paints itself into a corner."""
    order = cards[:]
    rng.shuffle(order)
    options = {c: [s for s in seats if allowed[s] >> SUIT_OF[c] & 1] for c in order}
    order.sort(key=lambda c: len(options[c]))
    room = dict(need)
    out = {s: 0 for s in seats}
    for c in order:
        elig = [s for s in options[c] if room[s] > 0]
        if not elig:
            return None
        if len(elig) == 1:
            s = elig[0]
        else:
            w = [room[s] * (weights[s][c] if weights is not None else 1.0) for s in elig]
            x = rng.random() * sum(w)
            s = elig[-1]
            for seat, wt in zip(elig, w, strict=True):
                x -= wt
                if x < 0:
                    s = seat
                    break
        out[s] |= 1 << c
        room[s] -= 1
    return out


def _matching(
    cards: list[int], seats: list[int], need: dict[int, int], allowed: dict[int, int], rng: random.Random
) -> dict[int, int]:
    """A deal found by augmenting paths (always succeeds when any consistent deal exists)."""
    order = cards[:]
    rng.shuffle(order)
    members: dict[int, list[int]] = {s: [] for s in seats}

    def augment(c: int, visited: set[int]) -> bool:
        for s in seats:
            if s in visited or not allowed[s] >> SUIT_OF[c] & 1:
                continue
            visited.add(s)
            if len(members[s]) < need[s]:
                members[s].append(c)
                return True
            for i, c2 in enumerate(members[s]):
                members[s].pop(i)
                if augment(c2, visited):
                    members[s].append(c)
                    return True
                members[s].insert(i, c2)
        return False

    for c in order:
        if not augment(c, set()):
            raise NoConsistentDeal("no deal of the unseen cards respects the voids shown")
    out = {}
    for s, cs in members.items():
        m = 0
        for c in cs:
            m |= 1 << c
        out[s] = m
    return out


class Options(NamedTuple):
    """What the seat may legally do now, as the engine says."""

    bids: list[Bid]
    """Legal bids (blind ones only while the seat has not looked)."""
    look: bool
    """Whether the seat may (and, to bid a number openly, should) look at its cards."""
    exchange: int
    """How many cards the seat must pass now (0: no exchange due)."""
    cards: list[int]
    """The cards the seat may play now."""

    def is_empty(self) -> bool:
        """Whether the seat has nothing to do."""
        return not (self.bids or self.look or self.exchange or self.cards)


def position(kn: Knowledge, rng: random.Random | None = None) -> Game:
    """The engine's game in the position the seat sees, around one deal of the cards it cannot see (its
    own legal moves are the same whatever that deal)."""
    return Game.from_view(kn.view, deal_unseen(kn, rng or random.Random(0)), kn.rules)


def legal_options(kn: Knowledge, rng: random.Random | None = None, *, game: Game | None = None) -> Options:
    """Everything ``kn.seat`` may do now, computed by the engine on ``game`` (by default a new
    :func:`position`)."""
    if game is None:
        game = position(kn, rng)
    seat = kn.seat
    bids: list[Bid] = []
    look = False
    exchange = 0
    cards: list[int] = []
    for a in game.legal_actions(seat):
        if a.type == "bid":
            bids.append(Bid(a.bid, a.blind))  # type: ignore[arg-type]
        elif a.type == "look":
            look = True
        elif a.type == "exchange":
            exchange = game.exchange_due[seat]
        elif a.type == "play":
            cards.append(a.card)  # type: ignore[arg-type]
    return Options(bids, look, exchange, cards)


def check_action(kn: Knowledge, action: dict, rng: random.Random | None = None, *, game: Game | None = None
                 ) -> bool:
    """Whether the engine accepts ``action`` (API notation, without seat) from this seat now, on ``game``
    (by default a new :func:`position`)."""
    if game is None:
        game = position(kn, rng)
    try:
        parsed = Action.from_json({**action, "seat": kn.seat})
    except ValueError:
        return False
    return game.is_legal(parsed)

