"""Why an action is refused: the stable reason codes, their messages in English and Japanese, and the
exception that carries them.

The codes are the contract with clients (the API returns them as its error ``code``), so a code is never
renamed; new ones may be added.
"""

from __future__ import annotations

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


MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.NOT_YOUR_TURN: ("It is not your turn.", "あなたの番ではありません。"),
    Reason.WRONG_PHASE: ("That action does not belong to this phase of the hand.",
                         "今の段階ではその操作はできません。"),
    Reason.GAME_OVER: ("The game is over.", "ゲームは終了しています。"),
    Reason.NOT_SEATED: ("That seat is not at this table.", "その席はこのテーブルにありません。"),
    Reason.UNKNOWN_ACTION: ("Unknown action type.", "不明な操作です。"),
    Reason.UNKNOWN_CARD: ("That is not a card; write rank then suit, like QS, TH, 2C.",
                          "カードの書き方が正しくありません（例: QS, TH, 2C）。"),
    Reason.CARD_NOT_IN_HAND: ("You do not hold that card.", "そのカードは手札にありません。"),
    Reason.MUST_FOLLOW_SUIT: ("You must follow the suit that was led.",
                              "最初に出されたマークを持っているので、そのマークを出さなければなりません。"),
    Reason.SPADES_NOT_BROKEN: ("Spades are not broken: you may not lead a spade yet.",
                               "スペードがまだブレイクしていないので、スペードから出せません。"),
    Reason.NO_SPADES_FIRST_TRICK: ("No spade may be led to the first trick.",
                                   "最初のトリックではスペードから出せません。"),
    Reason.BID_OUT_OF_RANGE: ("That bid is out of range.", "その宣言は範囲外です。"),
    Reason.NIL_NOT_ALLOWED: ("Nil is not allowed at this table.", "このテーブルではニルは宣言できません。"),
    Reason.BLIND_NOT_ALLOWED: ("You may not bid blind now.", "今はブラインドの宣言はできません。"),
    Reason.CARDS_ALREADY_SEEN: ("You have already seen your cards, so you can no longer bid blind.",
                                "手札を見たので、ブラインドの宣言はできません。"),
    Reason.BID_MUST_EQUAL_SPADES: ("Your bid must equal the number of spades you hold.",
                                   "手札のスペードの枚数と同じ数を宣言しなければなりません。"),
    Reason.BID_MUST_BE_SPADES_OR_NIL: ("Bid the number of spades you hold, or nil.",
                                       "手札のスペードの枚数かニルを宣言してください。"),
    Reason.NIL_REQUIRED: ("Your partner did not bid nil, so you must.",
                          "パートナーがニルではないので、あなたがニルを宣言しなければなりません。"),
    Reason.BELOW_BOARD: ("Your side's bid is below the minimum (the board).",
                         "チームの宣言が最低数（ボード）に届いていません。"),
    Reason.BID_TOTAL_EQUALS_TRICKS: ("The bids may not add up to the number of tricks.",
                                     "宣言の合計がトリック数と同じになってはいけません。"),
    Reason.NO_EXCHANGE_DUE: ("You have no cards to pass.", "あなたはカードを渡す必要がありません。"),
    Reason.ALREADY_EXCHANGED: ("You have already passed your cards.", "カードはもう渡しました。"),
    Reason.WRONG_EXCHANGE_COUNT: ("Pass exactly the number of cards the rules ask for.",
                                  "決められた枚数のカードを渡してください。"),
    Reason.DUPLICATE_CARD: ("The same card is named twice.", "同じカードが2回指定されています。"),
}


def message(reason: Reason, language: str = "en") -> str:
    """The human message for ``reason`` in ``language`` (``en`` or ``ja``; anything else gives English)."""
    en, ja = MESSAGES[reason]
    return ja if language.lower().startswith("ja") else en


class IllegalActionError(ValueError):
    """An action the rules refuse; ``reason`` says which rule. The game is left unchanged."""

    def __init__(self, reason: Reason, detail: str | None = None) -> None:
        self.reason = reason
        self.detail = detail or message(reason)
        super().__init__(self.detail)

    @property
    def code(self) -> str:
        """The stable machine code of the refusal."""
        return self.reason.value
