"""The events of a game: one dataclass for each thing that can happen at a table, from a player
taking a seat to the end of the game, and the one function that decides which part of an event a seat
may see.

An event is stored in the action log as :meth:`~_Event.to_json` writes it: its public members, plus a
``private`` member mapping a seat (written as a string, so the event survives JSON unchanged) to what only
that seat may see, such as its own cards. Clients get the seat form (:meth:`~_Event.for_seat`, or
:func:`event_for_seat` on a stored event): the public part with that seat's private part merged in.
Cards are written in notation (``QS``); the ``type`` of each class names the event on the wire.

Events are plain slotted dataclasses, not frozen ones: a game makes one for every card played, and a frozen
dataclass costs about three times as much to build (its ``__init__`` goes through ``object.__setattr__``),
which showed as a few percent of the engine's whole speed. Nothing changes an event once it is made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, get_args

from .jsonable import json_value
from .rules import BotLevel, TimeoutAction
from .scoring import SideScore


def _doc(text: str) -> dict[str, Any]:
    return {"doc": text}


def _private(text: str) -> dict[str, Any]:
    """A member only some seats see: the field maps each such seat to what it sees."""
    return {"doc": text, "private": True}


def is_private(f: dataclasses.Field[Any]) -> bool:
    """Whether an event's field is private (a mapping of seat to what only that seat sees)."""
    return bool(f.metadata.get("private"))


_SPLIT: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _split(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of an event class's public and private fields, in order (worked out once per class)."""
    if cls not in _SPLIT:
        fs = dataclasses.fields(cls)
        _SPLIT[cls] = tuple(f.name for f in fs if not is_private(f)), tuple(f.name for f in fs if is_private(f))
    return _SPLIT[cls]


class _Event:
    """What every event can do: be written for the log, and be shown to one seat."""

    __slots__ = ()
    type: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """The event as it is stored in the log: ``type``, the public members, then (for an event with
        private parts) ``private``, seat (as a string) to that seat's members."""
        public, private = _split(type(self))
        out: dict[str, Any] = {"type": self.type}
        for name in public:
            out[name] = json_value(getattr(self, name))
        if private:
            secret: dict[str, dict[str, Any]] = {}
            for name in private:
                for seat, value in getattr(self, name).items():
                    secret.setdefault(str(seat), {})[name] = json_value(value)
            out["private"] = secret
        return out

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` sees it (``None``: a spectator); see :func:`event_for_seat`."""
        return event_for_seat(self.to_json(), seat)


def event_for_seat(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The part of a stored ``event`` that ``seat`` may see (``None``: a spectator, who sees only the
    public part): the public members, with that seat's private members merged in."""
    if "private" not in event:
        return event
    public = {k: v for k, v in event.items() if k != "private"}
    mine = event["private"].get(str(seat)) if seat is not None else None
    if mine:
        public.update(mine)
    return public


# The table ------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class JoinEvent(_Event):
    """A player takes a seat."""

    type: ClassVar[Literal["join"]] = "join"
    seat: int
    player: str = field(metadata=_doc("The player's name."))
    kind: str = field(metadata=_doc(
        "human or bot: the kind of account (a built-in bot takes its seat without joining)."))


@dataclass(slots=True)
class StartEvent(_Event):
    """Every seat is taken and the game begins."""

    type: ClassVar[Literal["start"]] = "start"
    first_dealer: int = field(metadata=_doc("The seat that deals the first hand."))


# A hand ---------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class DealEvent(_Event):
    """A hand is dealt; each seat that has looked sees its own cards."""

    type: ClassVar[Literal["deal"]] = "deal"
    hand: int = field(metadata=_doc("The hand's number, from 1."))
    dealer: int
    misdeals: int = field(metadata=_doc("Redeals before this deal (misdeal rule)."))
    blind_eligible: tuple[bool, ...] = field(metadata=_doc(
        "Per seat: its cards are face down, so it may still bid blind."))
    cards: Mapping[int, tuple[str, ...]] = field(metadata=_private(
        "Your cards, if you may see them (you have looked)."))


@dataclass(slots=True)
class LookEvent(_Event):
    """A seat picks up its cards, giving up any blind bid."""

    type: ClassVar[Literal["look"]] = "look"
    seat: int
    cards: Mapping[int, tuple[str, ...]] = field(metadata=_private("Your cards, when you are the seat that looked."))


@dataclass(slots=True)
class BidEvent(_Event):
    """A seat bids a number of tricks (0 is nil), blind or not."""

    type: ClassVar[Literal["bid"]] = "bid"
    seat: int
    bid: int = field(metadata=_doc("Tricks; 0 is nil."))
    blind: bool = field(metadata=_doc("Bid before looking at the cards."))


@dataclass(slots=True)
class ExchangeDueEvent(_Event):
    """The bidding is over and a nil side must exchange cards before play."""

    type: ClassVar[Literal["exchange_due"]] = "exchange_due"
    counts: tuple[int, ...] = field(metadata=_doc("Per seat, how many cards it must pass to its partner (0: none)."))


@dataclass(slots=True)
class ExchangeEvent(_Event):
    """A seat passes cards face down to its partner."""

    type: ClassVar[Literal["exchange"]] = "exchange"
    seat: int
    count: int = field(metadata=_doc("How many cards it passed."))
    cards: Mapping[int, tuple[str, ...]] = field(metadata=_private(
        "The cards you passed, when you are the seat passing."))


@dataclass(slots=True)
class ExchangeDoneEvent(_Event):
    """Every due seat has passed, and the passed cards change hands."""

    type: ClassVar[Literal["exchange_done"]] = "exchange_done"
    received: Mapping[int, tuple[str, ...]] = field(metadata=_private(
        "The cards your partner passed you, if you received any."))


@dataclass(slots=True)
class PlayStartsEvent(_Event):
    """The exchange (if any) is over and the first trick is led."""

    type: ClassVar[Literal["play_starts"]] = "play_starts"
    leader: int = field(metadata=_doc("The seat that leads the first trick."))


@dataclass(slots=True)
class PlayEvent(_Event):
    """A seat leads or follows with a card."""

    type: ClassVar[Literal["play"]] = "play"
    seat: int
    card: str


@dataclass(slots=True)
class TrickEvent(_Event):
    """The trick is complete and its winner takes it (and leads the next)."""

    type: ClassVar[Literal["trick"]] = "trick"
    number: int = field(metadata=_doc("The trick's number in the hand, from 1."))
    leader: int
    cards: tuple[str, ...] = field(metadata=_doc("In the order played, from the leader."))
    winner: int


@dataclass(slots=True)
class HandOverEvent(_Event):
    """The last trick of a hand is taken and the hand is scored."""

    type: ClassVar[Literal["hand_over"]] = "hand_over"
    hand: int = field(metadata=_doc("The hand's number, from 1."))
    sides: tuple[SideScore, ...] = field(metadata=_doc("Each side's score for the hand, line by line."))
    scores: tuple[int, ...] = field(metadata=_doc("Each side's total after the hand."))
    bags: tuple[int, ...] = field(metadata=_doc("Each side's bags after the hand."))


# The end --------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class ResignEvent(_Event):
    """A seat's side gives up the game."""

    type: ClassVar[Literal["resign"]] = "resign"
    seat: int


@dataclass(slots=True)
class GameOverEvent(_Event):
    """The game is decided."""

    type: ClassVar[Literal["game_over"]] = "game_over"
    winner: int | None = field(metadata=_doc("The winning side (an index into the sides); null for a draw."))
    result: str = field(metadata=_doc("win, draw, boston, resign or abandoned."))
    scores: tuple[int, ...] = field(metadata=_doc("Each side's final score."))


@dataclass(slots=True)
class AbandonEvent(_Event):
    """The game is stopped from outside before it is decided (tournament cancelled, unfilled, idle): nobody wins."""

    type: ClassVar[Literal["abandoned"]] = "abandoned"
    reason: str = field(metadata=_doc("Why: tournament_cancelled; unfilled (an open table whose seats were not "
                                      "all taken within the time the service keeps one open); or idle (a game "
                                      "without a move clock where nobody moved for that long)."))


# The clock ------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class TimeoutEvent(_Event):
    """A seat's move clock ran out, and the rule set's timeout action moves for it."""

    type: ClassVar[Literal["timeout"]] = "timeout"
    seat: int
    action: TimeoutAction = field(metadata=_doc("What happens in its place: auto_play, bot or forfeit."))
    timeouts: int = field(metadata=_doc("The seat's timeouts in a row, this one included."))


@dataclass(slots=True)
class SeatReplacedEvent(_Event):
    """After too many timeouts in a row a built-in bot plays the seat, until its player acts again."""

    type: ClassVar[Literal["seat_replaced"]] = "seat_replaced"
    seat: int
    bot_level: BotLevel = field(metadata=_doc("The strength of the bot that plays the seat."))


Event = (
    JoinEvent | StartEvent | DealEvent | LookEvent | BidEvent | ExchangeDueEvent | ExchangeEvent | ExchangeDoneEvent
    | PlayStartsEvent | PlayEvent | TrickEvent | HandOverEvent | ResignEvent | AbandonEvent | GameOverEvent
    | TimeoutEvent | SeatReplacedEvent
)
"""Any event."""

EVENT_CLASSES: tuple[type[_Event], ...] = get_args(Event)
"""Every event class, in the order of :data:`Event`."""

EVENT_TYPES: dict[str, type[_Event]] = {cls.type: cls for cls in EVENT_CLASSES}
"""Each event's ``type`` to its class."""
