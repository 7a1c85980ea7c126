"""The public entry points: :func:`decide` turns a seat view into an action at a level, :func:`bid_hint`
and :func:`play_hint` give the normal bot's suggestion for the hint endpoint.

Every action is checked with the engine on a determinized copy of the game before it is returned; if a
strategy ever proposed an illegal move the first legal one would be returned instead, so a bot seat can
never stall a table.
"""

from __future__ import annotations

import random
from typing import Any

from games.engine import BID, EXCHANGE, PLAY, Bid, RuleSet, card_name

from . import bidding, policy, search
from .deal import Options, check_action, deal_unseen, legal_options, position
from .knowledge import Knowledge, read_view
from .passing import choose_pass
from .state import from_knowledge

LEVELS = ("easy", "normal", "hard")
"""The bot levels, weakest first."""

DEFAULT_BUDGET_MS = 200
"""The hard bot's time per decision unless the caller gives one."""


def decide(
    view: dict[str, Any], rules: RuleSet, *, level: str, rng: random.Random,
    budget_ms: int = DEFAULT_BUDGET_MS
) -> dict[str, Any]:
    """The action the bot of ``level`` takes from ``view`` (a :func:`games.engine.seat_view`), in the
    API's notation without ``seq``: ``{"type": "bid", "bid": n, "blind": bool}``, ``{"type": "look"}``,
    ``{"type": "exchange", "cards": [...]}`` or ``{"type": "play", "card": "QS"}``.

    ``rng`` is the only source of chance: the same view, level, seed and budget give the same action (the
    hard level also stops at ``budget_ms`` of wall-clock time, which only binds on a machine much slower
    than the one its work budget was set on). Raises ``ValueError`` when the seat has nothing to do.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    kn = read_view(view, rules)
    game = position(kn)
    options = legal_options(kn, game=game)
    if options.is_empty():
        raise ValueError(f"seat {kn.seat} has nothing to do now")
    action = _choose(kn, options, level, rng, budget_ms)
    if not check_action(kn, action, game=game):
        action = _first_legal(options)
    return action


QUEUE_ALLOWANCE_SECONDS = 2.0
"""How long a bot's turn may wait for a worker before the bot starts to think (a busy queue, a restart)."""


def challenge_answer(rules: RuleSet, level: str, *, budget_ms: int = DEFAULT_BUDGET_MS) -> str | None:
    """How the built-in bot of ``level`` answers a challenge to a game of ``rules``: ``None``, it accepts, or
    the reason code it declines with (``games.player_events.DECLINE_REASONS``).

    It plays every rule set the engine accepts (:func:`decide` answers every phase under every switch), so
    only the clock can make it decline: ``clock`` when a move's time is shorter than what its move can take,
    the wait for a worker (:data:`QUEUE_ALLOWANCE_SECONDS`) plus, at the hard level, its thinking budget.
    The time bank is not counted: it is spent over the whole game, not given to every move.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if rules.move_seconds is None:
        return None
    needed = QUEUE_ALLOWANCE_SECONDS + (budget_ms / 1000 if level == "hard" else 0.0)
    return "clock" if rules.move_seconds < needed else None


def _choose(kn: Knowledge, options: Options, level: str, rng: random.Random, budget_ms: int) -> dict[str, Any]:
    if kn.phase == BID:
        if kn.turn != kn.seat or not options.bids:
            return {"type": "look"}
        if kn.hidden:
            blind = bidding.blind_choice(kn, options.bids, level)
            if blind is not None:
                return _bid(blind)
            return {"type": "look"} if options.look else _bid(options.bids[0])
        if level == "easy":
            return _bid(bidding.easy_bid(kn, options.bids).bid)
        if level == "normal":
            return _bid(bidding.normal_bid(kn, options.bids).bid)
        return _bid(search.hard_bid(kn, options.bids, rng, budget_ms))
    if kn.phase == EXCHANGE:
        return {"type": "exchange", "cards": [card_name(c) for c in choose_pass(kn, options.exchange)]}
    if kn.phase == PLAY:
        if len(options.cards) == 1:
            return {"type": "play", "card": card_name(options.cards[0])}
        if level == "hard":
            card = search.hard_card(kn, options.cards, rng, budget_ms)
        else:
            card = simple_card(kn, options.cards, level)
        return {"type": "play", "card": card_name(card)}
    raise ValueError(f"nothing to decide in phase {kn.phase}")


def simple_card(kn: Knowledge, cards: list[int], level: str) -> int:
    """The easy or normal bot's card (a policy of :mod:`.policy` on the seat's own knowledge)."""
    st, cx = from_knowledge(kn, deal_unseen(kn, random.Random(0)))
    legal = 0
    for c in cards:
        legal |= 1 << c
    chooser = policy.easy_card if level == "easy" else policy.normal_card
    return chooser(st, cx, kn.seat, legal)


def _bid(bid: Bid) -> dict[str, Any]:
    return {"type": "bid", "bid": bid.tricks, "blind": bid.blind}


def _first_legal(options: Options) -> dict[str, Any]:
    if options.cards:
        return {"type": "play", "card": card_name(options.cards[0])}
    if options.bids:
        open_bids = [b for b in options.bids if not b.blind]
        return _bid(open_bids[0] if open_bids else options.bids[0])
    if options.look:
        return {"type": "look"}
    raise ValueError("no legal action")  # an exchange is never refused, so this is unreachable


def bid_hint(view: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    """The normal bot's bid for this seat and the cards it counted: ``{"bid": n, "counted": ["AS", ...]}``
    (every counted card is in the seat's own hand). Raises ``ValueError`` outside the bidding or before
    the seat has looked at its cards."""
    kn = read_view(view, rules)
    if kn.phase != BID or kn.hidden:
        raise ValueError("a bid hint needs the bidding phase and a seat that has seen its cards")
    if kn.turn != kn.seat:  # hint as if it were our turn: the constraints of bidding now
        kn = read_view({**view, "turn": kn.seat, "to_move": sorted(set(kn.to_move) | {kn.seat})}, rules)
    options = legal_options(kn)
    choice = bidding.normal_bid(kn, options.bids, barred=True)
    return {"bid": choice.bid.tricks, "counted": [card_name(c) for c in choice.counted if kn.hand >> c & 1]}


def play_hint(view: dict[str, Any], rules: RuleSet, rng: random.Random) -> dict[str, Any]:
    """The normal bot's action for this seat (in play, the card it would play)."""
    return decide(view, rules, level="normal", rng=rng)
