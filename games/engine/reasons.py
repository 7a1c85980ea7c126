"""Why an action is refused: the stable reason codes and the exception that carries them.

The codes are the contract with clients (the API returns them as its error ``code``), so a code is never
renamed; new ones may be added. Their messages in English and Japanese are the API's, in its error
registry (``core.errors``), beside the API's own codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Reason(StrEnum):
    """A stable machine code for one way an action can break the rules."""

    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    GAME_OVER = "game_over"
    NOT_SEATED = "not_seated"
    UNKNOWN_ACTION = "unknown_action"
    UNKNOWN_CARD = "unknown_card"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    SPADES_NOT_BROKEN = "spades_not_broken"
    NO_SPADES_FIRST_TRICK = "no_spades_first_trick"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    NIL_NOT_ALLOWED = "nil_not_allowed"
    BLIND_NOT_ALLOWED = "blind_not_allowed"
    CARDS_ALREADY_SEEN = "cards_already_seen"
    BID_MUST_EQUAL_SPADES = "bid_must_equal_spades"
    BID_MUST_BE_SPADES_OR_NIL = "bid_must_be_spades_or_nil"
    NIL_REQUIRED = "nil_required"
    BELOW_BOARD = "below_board"
    BID_TOTAL_EQUALS_TRICKS = "bid_total_equals_tricks"
    NO_EXCHANGE_DUE = "no_exchange_due"
    ALREADY_EXCHANGED = "already_exchanged"
    WRONG_EXCHANGE_COUNT = "wrong_exchange_count"
    DUPLICATE_CARD = "duplicate_card"


SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
"""The suits by number, as the ``suit`` parameter of a refusal names them."""


class IllegalActionError(ValueError):
    """An action the rules refuse; ``reason`` says which rule, ``detail`` (if any) how in English, and
    ``params`` the facts of this refusal that a message may quote (the bids allowed, the suit to follow,
    the seat to move). Parameters never hold what the refused seat may not see. The game is left
    unchanged."""

    def __init__(self, reason: Reason, detail: str | None = None, *, params: Mapping[str, object] | None = None
                 ) -> None:
        self.reason = reason
        self.detail = detail
        self.params: dict[str, object] = dict(params or {})
        super().__init__(detail or reason.value)

    @property
    def code(self) -> str:
        """The stable machine code of the refusal."""
        return self.reason.value
