"""The Spades rule book as a pure Python library: cards, rule sets and presets, bidding (which bids a seat
may make and why not: :mod:`.bidding`), trick play (what may be led or followed, which card takes the
trick, who leads first: :mod:`.tricks`), the game state machine, legal moves with reasons, scoring and the
seat view. It imports nothing from Django.

Typical use::

    from games.engine import Game, preset
    game = Game.new(preset("standard"), seed="table-1")
    seat = game.turn
    game.bid(seat, 3)
"""

from .cards import (
    CARD_NAMES,
    Card,
    InvalidCardError,
    build_deck,
    card_name,
    cards_in,
    mask_of,
    names,
    parse_card,
)
from .game import BID, EXCHANGE, GAME_OVER, PLAY, Action, Game, HandRecord, Trick, deal_from_deck, shuffled
from .reasons import IllegalActionError, Reason
from .rules import DESCRIPTIONS, PRESETS, SWITCHES, RuleSet, RuleSetError, make_rules, rules_from_dict, switch_docs
from .scoring import Bid, NilResult, SideScore, score_hand, score_side
from .view import event_for_seat, seat_view


def preset(name: str = "standard", **overrides: object) -> RuleSet:
    """The preset ``name`` with ``overrides``; raises :class:`RuleSetError`."""
    return make_rules(name, overrides)


__all__ = [
    "BID", "CARD_NAMES", "DESCRIPTIONS", "EXCHANGE", "GAME_OVER", "PLAY", "PRESETS", "SWITCHES",
    "Action", "Bid", "Card", "Game", "HandRecord", "IllegalActionError", "InvalidCardError", "NilResult",
    "Reason", "RuleSet", "RuleSetError", "SideScore", "Trick", "build_deck", "card_name", "cards_in",
    "deal_from_deck", "event_for_seat", "make_rules", "mask_of", "names", "parse_card",
    "preset", "rules_from_dict", "score_hand", "score_side", "seat_view", "shuffled", "switch_docs",
]
