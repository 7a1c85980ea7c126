"""What one seat may see: the seat view, and (re-exported from :mod:`.events`) the filtering of events.

This module and :func:`.events.event_for_seat` are the one place that decides what is hidden. A seat sees
its own cards (once it has looked), its own passed cards, every bid, the trick on the table, tricks won,
scores and whose turn it is; it never sees another seat's cards, the cards another seat passed, or the
seed, until the hand is over and its record becomes public.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import CARD_NAMES, hand_names
from .events import event_for_seat
from .game import EXCHANGE, PLAY, Game, HandRecord, Trick
from .jsonable import JsonData
from .scoring import Bid

__all__ = ["BlindEligibility", "ExchangeState", "LastHand", "SeatView", "TrickCard", "event_for_seat", "finished_hands",
           "seat_view"]

Phase = Literal["bid", "exchange", "play", "game_over"]

_NOTATION = "Rank then suit: ranks 23456789TJQKA, suits CDHS (QS, TH, 2C); jokers BJ, LJ."


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@dataclass(frozen=True, slots=True)
class TrickCard(JsonData):
    """A card on the table and the seat that played it."""

    seat: int
    card: str = field(metadata=_doc(_NOTATION))


@dataclass(frozen=True, slots=True)
class BlindEligibility(JsonData):
    """The blind bids the seat may still make."""

    nil: bool = field(metadata=_doc("You may bid blind nil now (you have not looked)."))
    number: bool = field(metadata=_doc("You may make a blind number bid now."))


@dataclass(frozen=True, slots=True)
class ExchangeState(JsonData):
    """The hand's card exchange as the seat knows it."""

    due: tuple[int, ...] = field(metadata=_doc("Cards each seat must pass."))
    passed: tuple[bool, ...] = field(metadata=_doc("Who has passed already."))
    my_cards: tuple[str, ...] | None = field(metadata=_doc("The cards you passed; null until you pass."))
    received: tuple[str, ...] | None = field(default=None, metadata=_doc(
        "The cards your partner passed you; only once play has begun."))

    def to_json(self) -> dict[str, Any]:
        """The exchange; ``received`` is left out while the exchange is going on."""
        out = JsonData.to_json(self)
        if self.received is None:
            del out["received"]
        return out


@dataclass(frozen=True, slots=True)
class LastHand(JsonData):
    """The hand last finished, in short. Its whole record (every seat's cards as dealt, every trick, the
    score line by line) is public at ``hands/{number}/``; the view does not repeat it at every move."""

    number: int
    dealer: int
    bids: tuple[Bid, ...]
    tricks_won: tuple[int, ...]
    points: tuple[int, ...] = field(metadata=_doc("What each side scored on the hand."))

    @classmethod
    def of(cls, record: HandRecord) -> LastHand:
        """The summary of ``record``."""
        return cls(record.number, record.dealer, tuple(record.bids), tuple(record.tricks_won),
                   tuple(side.points for side in record.sides))


@dataclass(frozen=True, slots=True)
class SeatView(JsonData):
    """What one seat may see. Spectators get the same shape with no cards."""

    seat: int | None
    partner: int | None
    phase: Phase
    hand_number: int
    dealer: int
    turn: int | None = field(metadata=_doc("The seat to bid or play; null in an exchange."))
    to_move: tuple[int, ...] = field(metadata=_doc(
        "Every seat that may act now (the turn, seats that may still look at their cards, seats whose exchange "
        "is due)."))
    waiting_for: tuple[int, ...] = field(metadata=_doc(
        "The seats the game cannot go on without: the turn, or every seat whose exchange is due. Act when yours "
        "is here."))
    cards_hidden: bool = field(metadata=_doc("Your cards are face down: you may still bid blind."))
    hand: tuple[str, ...] | None = field(metadata=_doc(
        f"Your cards; null while face down, and for a spectator. {_NOTATION}"))
    hand_size: tuple[int, ...]
    blind_eligible: BlindEligibility
    bids: tuple[Bid | None, ...] = field(metadata=_doc("Per seat; null: not bid yet."))
    exchange: ExchangeState | None
    leader: int | None
    trick: tuple[TrickCard, ...]
    last_trick: Trick | None
    tricks: tuple[Trick, ...] = field(metadata=_doc("Every finished trick of this hand, in order (public)."))
    tricks_won: tuple[int, ...]
    trick_number: int
    spades_broken: bool
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    hands_played: int
    last_hand: LastHand | None
    winner: int | None = field(metadata=_doc("Index into sides."))
    result: str | None


def seat_view(game: Game, seat: int | None) -> SeatView:
    """Everything ``seat`` may know about ``game`` now; ``None`` is a spectator, who sees what every seat
    sees and no cards in anyone's hand."""
    looked = seat is not None and game.looked[seat]
    partner = None if seat is None else game.partner_of(seat)
    exchange = None
    if seat is not None and game.phase == EXCHANGE:
        mine = game.passed[seat]
        exchange = ExchangeState(
            due=tuple(game.exchange_due),
            passed=tuple(p is not None for p in game.passed),
            my_cards=None if mine is None else tuple(CARD_NAMES[c] for c in mine),
        )
    elif seat is not None and game.phase == PLAY and partner is not None and (gave := game.passed[seat]) is not None:
        # After the exchange a seat still knows what it gave and what it got.
        given = game.passed[partner]
        exchange = ExchangeState(
            due=tuple(game.exchange_due),
            passed=tuple(p is not None for p in game.passed),
            my_cards=tuple(CARD_NAMES[c] for c in gave),
            received=None if given is None else tuple(CARD_NAMES[c] for c in given),
        )
    return SeatView(
        seat=seat,
        partner=partner,
        phase=game.phase,
        hand_number=game.hand_number,
        dealer=game.dealer,
        turn=game.turn,
        to_move=tuple(game.to_move()),
        waiting_for=tuple(game.waiting_for()),
        cards_hidden=not looked,
        hand=hand_names(game.hands[seat]) if looked and seat is not None else None,
        hand_size=tuple(h.bit_count() for h in game.hands),
        blind_eligible=BlindEligibility(nil=seat is not None and game.blind_nil_ok[seat] and not looked,
                                        number=seat is not None and game.blind_bid_ok[seat] and not looked),
        bids=tuple(game.bids),
        exchange=exchange,
        leader=game.leader if game.phase == PLAY else None,
        trick=tuple(TrickCard((game.leader + i) % game.players, CARD_NAMES[c]) for i, c in enumerate(game.trick)),
        last_trick=game.tricks[-1] if game.tricks else None,
        tricks=tuple(game.tricks),
        tricks_won=tuple(game.tricks_won),
        trick_number=game.trick_number,
        spades_broken=game.spades_broken,
        sides=tuple(tuple(team) for team in game.rules.teams),
        scores=tuple(game.scores),
        bags=tuple(game.bags),
        hands_played=game.hands_played,
        last_hand=LastHand.of(game.records[-1]) if game.records else None,
        winner=game.winner,
        result=game.result,
    )


def finished_hands(game: Game) -> list[dict[str, Any]]:
    """The summary (:class:`LastHand`, JSON) of every finished hand of ``game``, oldest first: what every seat
    saw played, and public once each hand is over. A bot's view may carry it as ``history`` (the hard bot's
    model of its opponents reads it: :mod:`bots.strategies.opponents`)."""
    return [LastHand.of(record).to_json() for record in game.records]
