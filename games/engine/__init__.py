"""The Spades rule book as a pure Python library: cards, rule sets and presets, bidding (which bids a seat
may make and why not: :mod:`.bidding`), trick play (what may be led or followed, which card takes the
trick, who leads first: :mod:`.tricks`), the game state machine, legal moves with reasons, scoring, the
events a game announces (:mod:`.events`) and the seat view. It imports nothing from Django.

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
from .events import (
    EVENT_CLASSES,
    EVENT_TYPES,
    AbandonEvent,
    BidEvent,
    DealEvent,
    Event,
    ExchangeDoneEvent,
    ExchangeDueEvent,
    ExchangeEvent,
    GameOverEvent,
    HandOverEvent,
    JoinEvent,
    LookEvent,
    PlayEvent,
    PlayStartsEvent,
    ResignEvent,
    SeatReplacedEvent,
    StartEvent,
    TimeoutEvent,
    TrickEvent,
    event_for_seat,
)
from .game import (
    BID,
    EXCHANGE,
    GAME_OVER,
    PLAY,
    Action,
    Game,
    HandRecord,
    Trick,
    deal_from_deck,
    exchanges_due,
    shuffled,
)
from .reasons import IllegalActionError, Reason
from .rules import DESCRIPTIONS, PRESETS, SWITCHES, RuleSet, RuleSetError, make_rules, rules_from_dict, switch_docs
from .scoring import Bid, GameDecision, NilResult, SideScore, game_decision, score_hand, score_side
from .view import BlindEligibility, ExchangeState, LastHand, SeatView, TrickCard, seat_view


def preset(name: str = "standard", **overrides: object) -> RuleSet:
    """The preset ``name`` with ``overrides``; raises :class:`RuleSetError`."""
    return make_rules(name, overrides)


__all__ = [
    "AbandonEvent", "Action", "BID", "Bid", "BidEvent", "BlindEligibility", "CARD_NAMES", "Card", "DESCRIPTIONS",
    "DealEvent", "EVENT_CLASSES", "EVENT_TYPES", "EXCHANGE", "Event", "ExchangeDoneEvent", "ExchangeDueEvent",
    "ExchangeEvent", "ExchangeState", "GAME_OVER", "Game", "GameDecision", "GameOverEvent", "HandOverEvent",
    "HandRecord", "IllegalActionError", "InvalidCardError", "JoinEvent", "LastHand", "LookEvent", "NilResult",
    "PLAY", "PRESETS", "PlayEvent", "PlayStartsEvent", "Reason", "ResignEvent", "RuleSet", "RuleSetError",
    "SWITCHES", "SeatReplacedEvent", "SeatView", "SideScore", "StartEvent", "TimeoutEvent", "Trick", "TrickCard",
    "TrickEvent", "build_deck", "card_name", "cards_in", "deal_from_deck", "event_for_seat", "exchanges_due",
    "game_decision", "make_rules", "mask_of", "names", "parse_card", "preset", "rules_from_dict", "score_hand",
    "score_side", "seat_view", "shuffled", "switch_docs",
]
