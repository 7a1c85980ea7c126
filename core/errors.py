"""The error registry: every code the API returns, with its HTTP status, its message in English and
Japanese, and a description of when it is sent. One table, from which the problem bodies, ``GET
/api/v1/errors/`` and the OpenAPI error descriptions are all generated.

The API's own codes are :class:`ErrorCode`; the rules engine's refusals keep their :class:`Reason` codes
(``must_follow_suit``…) and are registered here beside them, so a client meets both the same way. A code
is a contract with clients: it is never renamed; new ones may be added. Plain data, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.engine import Reason


class ErrorCode(StrEnum):
    """Stable machine codes of the API's own errors (rule violations use the engine's reason codes)."""

    INVALID = "invalid"
    PARSE_ERROR = "parse_error"
    JSON_TOO_DEEP = "json_too_deep"
    PAYLOAD_TOO_LARGE = "payload_too_large"
    NOT_AUTHENTICATED = "not_authenticated"
    AUTHENTICATION_FAILED = "authentication_failed"
    PERMISSION_DENIED = "permission_denied"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_ACCEPTABLE = "not_acceptable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    THROTTLED = "throttled"
    NAME_TAKEN = "name_taken"
    INVALID_RULES = "invalid_rules"
    STALE_SEQ = "stale_seq"
    TABLE_NOT_OPEN = "table_not_open"
    TABLE_FULL = "table_full"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    NOT_A_PLAYER_HERE = "not_a_player_here"
    GAME_NOT_STARTED = "game_not_started"
    HAND_NOT_FINISHED = "hand_not_finished"
    BOARD_IN_PLAY = "board_in_play"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    REGISTRATION_CLOSED = "registration_closed"
    REGISTRATION_NOT_OPEN = "registration_not_open"
    ALREADY_REGISTERED = "already_registered"
    TOURNAMENT_FULL = "tournament_full"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_OVER = "tournament_over"
    TOO_FEW_ENTRIES = "too_few_entries"
    ENTRY_SIZE = "entry_size"
    UNKNOWN_PLAYER = "unknown_player"
    NOT_A_BOT_ACCOUNT = "not_a_bot_account"
    ALREADY_ON_LADDER = "already_on_ladder"
    CHALLENGE_NOT_PENDING = "challenge_not_pending"
    CHALLENGE_EXPIRED = "challenge_expired"
    SEEK_EXISTS = "seek_exists"
    SEEK_NOT_WAITING = "seek_not_waiting"
    TOO_MANY_OPEN_TABLES = "too_many_open_tables"
    TOO_MANY_TOURNAMENTS = "too_many_tournaments"
    TOO_MANY_LADDERS = "too_many_ladders"
    TOO_MANY_CHALLENGES = "too_many_challenges"
    TOO_MANY_CHALLENGES_TO_OPPONENT = "too_many_challenges_to_opponent"
    CHALLENGE_REFUSED = "challenge_refused"
    SERVICE_UNAVAILABLE = "service_unavailable"
    SERVER_ERROR = "server_error"


def is_japanese(language: str) -> bool:
    """Whether ``language`` (``ja``, ``ja-JP``…) asks for Japanese; every other language gets English."""
    return language.lower().startswith("ja")


@dataclass(frozen=True, slots=True)
class ErrorEntry:
    """One registered code: the HTTP status it is sent with, its message in each language (the problem's
    ``detail`` when the refusal has no particulars), when it is sent, and its title in each language: the
    short, stable name of the kind of error (the problem's ``title``)."""

    code: str
    status: int
    en: str
    ja: str
    description: str
    title_en: str
    title_ja: str

    def message(self, language: str) -> str:
        """The message in ``language`` (``ja``…, anything else gives English)."""
        return self.ja if is_japanese(language) else self.en

    def title(self, language: str) -> str:
        """The short title in ``language``."""
        return self.title_ja if is_japanese(language) else self.title_en


E, R = ErrorCode, Reason

TITLES: dict[str, tuple[str, str]] = {
    E.INVALID: ("Invalid request", "リクエストが不正です"),
    E.PARSE_ERROR: ("Malformed JSON", "JSONの形式エラー"),
    E.JSON_TOO_DEEP: ("JSON nested too deep", "JSONの入れ子が深すぎます"),
    E.PAYLOAD_TOO_LARGE: ("Body too large", "本文が大きすぎます"),
    E.NOT_AUTHENTICATED: ("Token missing", "トークンがありません"),
    E.AUTHENTICATION_FAILED: ("Invalid token", "トークンが無効です"),
    E.PERMISSION_DENIED: ("Not allowed", "許可されていません"),
    E.NOT_FOUND: ("Not found", "見つかりません"),
    E.METHOD_NOT_ALLOWED: ("Method not allowed", "メソッドが使えません"),
    E.NOT_ACCEPTABLE: ("Not acceptable", "応答形式が合いません"),
    E.UNSUPPORTED_MEDIA_TYPE: ("Unsupported media type", "未対応のメディアタイプ"),
    E.THROTTLED: ("Too many requests", "リクエストが多すぎます"),
    E.NAME_TAKEN: ("Name taken", "名前が使用済みです"),
    E.INVALID_RULES: ("Unplayable rule set", "遊べないルール設定"),
    E.STALE_SEQ: ("Stale seq", "seq が古くなっています"),
    E.TABLE_NOT_OPEN: ("Table not open", "テーブルは参加受付を終了しています"),
    E.TABLE_FULL: ("Table full", "満席です"),
    E.SEAT_TAKEN: ("Seat taken", "席が埋まっています"),
    E.ALREADY_SEATED: ("Already seated", "すでに着席しています"),
    E.NOT_A_PLAYER_HERE: ("Not seated here", "このテーブルの席がありません"),
    E.GAME_NOT_STARTED: ("Game not started", "ゲーム開始前です"),
    E.HAND_NOT_FINISHED: ("Hand not finished", "回が終わっていません"),
    E.BOARD_IN_PLAY: ("Board still in play", "ボードはまだ他のテーブルでプレイ中です"),
    E.IDEMPOTENCY_KEY_REUSED: ("Idempotency-Key reused", "Idempotency-Key の再利用"),
    E.REGISTRATION_CLOSED: ("Registration closed", "参加登録の受付終了"),
    E.REGISTRATION_NOT_OPEN: ("Registration not open yet", "参加登録の受付前"),
    E.ALREADY_REGISTERED: ("Already registered", "登録済みです"),
    E.TOURNAMENT_FULL: ("Tournament full", "大会は定員に達しています"),
    E.TOURNAMENT_STARTED: ("Tournament started", "大会は開始済みです"),
    E.TOURNAMENT_OVER: ("Tournament over", "大会は終了しています"),
    E.TOO_FEW_ENTRIES: ("Too few entries", "エントリーが足りません"),
    E.ENTRY_SIZE: ("Wrong entry size", "エントリーの人数が違います"),
    E.UNKNOWN_PLAYER: ("Unknown player", "不明なプレイヤー"),
    E.NOT_A_BOT_ACCOUNT: ("Not a bot account", "ボットのアカウントではありません"),
    E.ALREADY_ON_LADDER: ("Already on the ladder", "ラダーに参加済みです"),
    E.CHALLENGE_NOT_PENDING: ("Challenge already answered", "挑戦は回答済みです"),
    E.CHALLENGE_EXPIRED: ("Challenge expired", "挑戦の期限切れ"),
    E.SEEK_EXISTS: ("Already seeking", "すでに対戦相手を募集中です"),
    E.SEEK_NOT_WAITING: ("Seek no longer waiting", "募集は終了しています"),
    E.TOO_MANY_OPEN_TABLES: ("Too many open tables", "未終了のテーブルが多すぎます"),
    E.TOO_MANY_TOURNAMENTS: ("Too many tournaments", "開催中の大会が多すぎます"),
    E.TOO_MANY_LADDERS: ("Too many ladders", "ラダーが多すぎます"),
    E.TOO_MANY_CHALLENGES: ("Too many pending challenges", "回答待ちの挑戦が多すぎます"),
    E.TOO_MANY_CHALLENGES_TO_OPPONENT: ("Too many challenges to this player", "この相手への挑戦が多すぎます"),
    E.CHALLENGE_REFUSED: ("Challenge refused", "挑戦は受け付けられません"),
    E.SERVICE_UNAVAILABLE: ("Service unavailable", "一時的に利用できません"),
    E.SERVER_ERROR: ("Server error", "サーバーエラー"),
    R.NOT_YOUR_TURN: ("Not your turn", "あなたの番ではありません"),
    R.WRONG_PHASE: ("Wrong phase", "今の段階ではできません"),
    R.GAME_OVER: ("Game over", "ゲーム終了"),
    R.NOT_SEATED: ("No such seat", "その席はありません"),
    R.UNKNOWN_ACTION: ("Unknown action", "不明な操作"),
    R.UNKNOWN_CARD: ("Unknown card", "不明なカード"),
    R.CARD_NOT_IN_HAND: ("Card not in hand", "手札にないカード"),
    R.MUST_FOLLOW_SUIT: ("Must follow suit", "マークに従う必要があります"),
    R.SPADES_NOT_BROKEN: ("Spades not broken", "スペードは未ブレイクです"),
    R.NO_SPADES_FIRST_TRICK: ("No spade lead on the first trick", "最初のトリックはスペード不可"),
    R.BID_OUT_OF_RANGE: ("Bid out of range", "宣言が範囲外です"),
    R.NIL_NOT_ALLOWED: ("Nil not allowed", "ニルは宣言できません"),
    R.BLIND_NOT_ALLOWED: ("Blind bid not allowed", "ブラインド宣言はできません"),
    R.CARDS_ALREADY_SEEN: ("Cards already seen", "手札を見た後です"),
    R.BID_MUST_EQUAL_SPADES: ("Bid must equal spades", "スペードの枚数を宣言してください"),
    R.BID_MUST_BE_SPADES_OR_NIL: ("Bid spades or nil", "スペードの枚数かニルを宣言してください"),
    R.NIL_REQUIRED: ("Nil required", "ニルが必要です"),
    R.BELOW_BOARD: ("Below the board", "最低宣言数に届きません"),
    R.BID_TOTAL_EQUALS_TRICKS: ("Bid total equals tricks", "宣言の合計がトリック数と同じです"),
    R.NO_EXCHANGE_DUE: ("No exchange due", "カード交換はありません"),
    R.ALREADY_EXCHANGED: ("Already exchanged", "交換済みです"),
    R.WRONG_EXCHANGE_COUNT: ("Wrong number of cards", "渡す枚数が違います"),
    R.DUPLICATE_CARD: ("Duplicate card", "カードが重複しています"),
}
"""The title of every code: the short kind of error, the same for every request that meets it."""

ENTRIES: tuple[ErrorEntry, ...] = tuple(ErrorEntry(str(code), *rest, *TITLES[code]) for code, *rest in (
    # The API's own codes -------------------------------------------------------------------------------
    (E.INVALID, 400, "The request has invalid fields.", "リクエストの項目が正しくありません。",
     "A field, query parameter or header is missing or malformed; 'errors' maps each to its messages."),
    (E.PARSE_ERROR, 400, "The request body is not valid JSON.", "リクエスト本文が正しいJSONではありません。",
     "The body could not be parsed as JSON."),
    (E.JSON_TOO_DEEP, 400, "The JSON body nests arrays and objects too deep.",
     "JSON本文の配列やオブジェクトの入れ子が深すぎます。",
     "The body nests arrays and objects deeper than the API reads ('max_depth' levels, far more than any "
     "request of the API needs). Nothing changed."),
    (E.PAYLOAD_TOO_LARGE, 413, "The request body is too large.", "リクエスト本文が大きすぎます。",
     "The body is larger than the service takes ('max_bytes' bytes, REQUEST_BODY_MAX_BYTES), whatever the "
     "endpoint: it is refused before it is read, and nothing changed."),
    (E.NOT_AUTHENTICATED, 401, "Send your API token: 'Authorization: Bearer YOUR_TOKEN'.",
     "APIトークンを送ってください（Authorization: Bearer YOUR_TOKEN）。",
     "The endpoint needs a token and none was sent."),
    (E.AUTHENTICATION_FAILED, 401, "That API token is not valid.", "APIトークンが正しくありません。",
     "The token sent is unknown, revoked or replaced; an endpoint that needs no token still refuses a bad one."),
    (E.PERMISSION_DENIED, 403, "You may not do that.", "その操作は許可されていません。",
     "The account may not do this (only an organiser or a ladder's creator may, for example)."),
    (E.NOT_FOUND, 404, "Not found.", "見つかりません。",
     "No such resource (table, tournament, entry, ladder), or no such path."),
    (E.METHOD_NOT_ALLOWED, 405, "That method is not allowed here.", "このメソッドは使えません。",
     "The path exists but does not take this HTTP method."),
    (E.NOT_ACCEPTABLE, 406, "This endpoint answers in JSON only.", "JSONでのみ応答します。",
     "The Accept header asks for a media type the endpoint cannot send."),
    (E.UNSUPPORTED_MEDIA_TYPE, 415, "Send the body as application/json.",
     "本文は application/json で送ってください。",
     "The body's Content-Type is not application/json."),
    (E.THROTTLED, 429, "Too many requests; wait and try again.",
     "リクエストが多すぎます。少し待ってから再試行してください。",
     "Too many requests from this token or address: wait the Retry-After seconds ('retry_after')."),
    (E.NAME_TAKEN, 409, "That name is taken.", "その名前はすでに使われています。",
     "A player, ladder or entry already has that name."),
    (E.INVALID_RULES, 400, "The rule set cannot be played.", "そのルールの組み合わせでは遊べません。",
     "The preset and overrides make a rule set that cannot be played; 'errors' names the switches at fault."),
    (E.STALE_SEQ, 409, "The table has moved on since the seq you sent; fetch it and try again.",
     "送られた seq より後に状況が進みました。取得し直してから再試行してください。",
     "The action's seq is not the table's: something happened since. Nothing changed; 'seq' is the current one."),
    (E.TABLE_NOT_OPEN, 409, "This table is no longer taking players.",
     "このテーブルはもう参加を受け付けていません。",
     "A join to a table whose game has started or ended."),
    (E.TABLE_FULL, 409, "Every seat at this table is taken.", "このテーブルは満席です。",
     "A join without a seat number to a table with no open seat."),
    (E.SEAT_TAKEN, 409, "That seat is taken.", "その席はすでに埋まっています。",
     "A join to a seat that a player or a bot holds."),
    (E.ALREADY_SEATED, 409, "You already have a seat at this table.", "このテーブルにはすでに座っています。",
     "A join by a player who already sits at the table."),
    (E.NOT_A_PLAYER_HERE, 403, "You have no seat at this table.", "あなたはこのテーブルの席についていません。",
     "Legal moves, hints, actions and take-backs need a seat at the table."),
    (E.GAME_NOT_STARTED, 409, "The game has not started: seats are still open.",
     "まだ空席があるため、ゲームは始まっていません。",
     "Play needs every seat taken first."),
    (E.HAND_NOT_FINISHED, 404, "That hand has not been played to its end.", "その回はまだ終わっていません。",
     "A hand's record is public only once the hand is over."),
    (E.BOARD_IN_PLAY, 403, "Another table of this duplicate round is still playing these cards.",
     "このデュプリケートのラウンドでは、同じカードを他のテーブルがまだプレイしています。",
     "Every table of a duplicate round is dealt the same boards. A board's hand record is shown once every "
     "table of the round has played it, and a spectator (anyone without a seat at the table) sees the table's "
     "events only once the whole round is over."),
    (E.IDEMPOTENCY_KEY_REUSED, 422, "That Idempotency-Key was used with a different request.",
     "その Idempotency-Key は別のリクエストで使われています。",
     "The key was first sent with another method, path or body; use a new key for a new request."),
    (E.REGISTRATION_CLOSED, 409, "This tournament is no longer taking entries.",
     "この大会はもう参加登録を受け付けていません。",
     "An entry for a tournament that has started, finished or been cancelled, or after its "
     "registration_closes_at."),
    (E.REGISTRATION_NOT_OPEN, 409, "This tournament does not take entries yet.",
     "この大会はまだ参加登録を受け付けていません。",
     "An entry before the tournament's registration_opens_at."),
    (E.ALREADY_REGISTERED, 409, "A member of this entry is already entered in this tournament.",
     "このエントリーのメンバーはすでにこの大会に登録されています。",
     "An account may be in one entry of a tournament only."),
    (E.TOURNAMENT_FULL, 409, "This tournament has all the entries it takes.", "この大会は定員に達しています。",
     "The tournament has max_entries entries already."),
    (E.TOURNAMENT_STARTED, 409, "This tournament has already started.", "この大会はすでに始まっています。",
     "A start of a tournament that is no longer registering."),
    (E.TOURNAMENT_OVER, 409, "This tournament is over.", "この大会は終了しています。",
     "A change to a tournament that has finished or been cancelled."),
    (E.TOO_FEW_ENTRIES, 409, "This tournament cannot start with the entries it has.",
     "今の参加エントリーではこの大会を始められません。",
     "The format cannot be played with this many entries (the detail says why)."),
    (E.ENTRY_SIZE, 422, "An entry of this tournament has as many members as a side has seats (two, or one for "
                        "cutthroat).",
     "この大会のエントリーの人数は1チームの席数（2人、カットスロートは1人）です。",
     "An entry with the wrong number of members for the tournament's rule set."),
    (E.UNKNOWN_PLAYER, 422, "No player has that name.", "その名前のプレイヤーはいません。",
     "An entry names a player who does not exist."),
    (E.NOT_A_BOT_ACCOUNT, 403, "Only bot accounts (kind 'bot') play on ladders.",
     "ラダーに参加できるのはボットのアカウント（kind が bot）だけです。",
     "A ladder opt-in from a human account."),
    (E.ALREADY_ON_LADDER, 409, "That bot is already on this ladder.",
     "そのボットはすでにこのラダーに参加しています。",
     "A ladder opt-in from a bot that is on the ladder already."),
    (E.CHALLENGE_NOT_PENDING, 409, "This challenge is no longer waiting for an answer.",
     "この挑戦はもう回答を待っていません。",
     "An accept, decline or cancel of a challenge that was accepted, declined, cancelled or expired already "
     "('state' says which); the first of two accepts sent at once gets the table, the other this."),
    (E.CHALLENGE_EXPIRED, 409, "This challenge ran out before it was answered.",
     "この挑戦は回答期限を過ぎています。",
     "An accept or decline after the challenge's expires_at."),
    (E.SEEK_EXISTS, 409, "You already have a seek waiting: cancel it first.",
     "すでに待機中の募集があります。先に取り消してください。",
     "A seek from a player whose earlier seek is still waiting ('seek' names it)."),
    (E.SEEK_NOT_WAITING, 409, "This seek is no longer waiting: it was paired or cancelled.",
     "この募集はもう待機していません（成立済みか取り消し済みです）。",
     "A cancel of a seek that was paired (its table is open) or cancelled already."),
    (E.TOO_MANY_OPEN_TABLES, 409, "You have as many unfinished tables of your own as an account may: finish one "
                                  "first.",
     "自分で開いた未終了のテーブルが上限に達しています。先にどれかを終えてください。",
     "A table opened while the account has MAX_OPEN_TABLES tables it opened itself (POST tables/) that are not "
     "finished ('params': 'limit'). Tables of tournaments, ladders, seeks and challenges do not count; an open "
     "table nobody fills closes after OPEN_TABLE_TTL_SECONDS."),
    (E.TOO_MANY_TOURNAMENTS, 409, "You organise as many tournaments as an account may: let one finish or cancel "
                                  "it first.",
     "主催できる大会の数が上限に達しています。どれかが終わるか取り消してからにしてください。",
     "A tournament created while the account organises MAX_TOURNAMENTS tournaments that are registering or "
     "running ('params': 'limit')."),
    (E.TOO_MANY_LADDERS, 409, "You have created as many ladders as an account may.",
     "作成できるラダーの数が上限に達しています。",
     "A ladder created by an account that has created MAX_LADDERS ladders ('params': 'limit'); a ladder never "
     "ends, and a paused one still counts."),
    (E.TOO_MANY_CHALLENGES, 409, "You have as many challenges waiting for an answer as an account may: wait for "
                                 "answers or cancel one.",
     "回答待ちの挑戦が上限に達しています。回答を待つか、どれかを取り消してください。",
     "A challenge sent while MAX_PENDING_CHALLENGES of the account's challenges wait for an answer "
     "('params': 'limit'). Challenges to built-in bots are answered at once and do not count."),
    (E.TOO_MANY_CHALLENGES_TO_OPPONENT, 409, "You have as many challenges waiting for this player's answer as an "
                                             "account may: wait for an answer or cancel one.",
     "この相手への回答待ちの挑戦が上限に達しています。回答を待つか、どれかを取り消してください。",
     "A challenge sent to an account that has MAX_PENDING_CHALLENGES_PER_OPPONENT of the sender's challenges "
     "waiting for its answer ('params': 'limit')."),
    (E.CHALLENGE_REFUSED, 403, "That player does not take challenges from you.",
     "その相手はあなたからの挑戦を受け付けていません。",
     "The account challenged refuses this challenge (it blocks the sender, or takes no challenges at all: the "
     "answer does not say which). Nothing was sent: the challenge does not exist and the account hears nothing."),
    (E.SERVICE_UNAVAILABLE, 503, "The service is briefly unavailable; retry shortly.",
     "一時的に利用できません。少し待ってから再試行してください。",
     "The database or broker is briefly unreachable: retry after the Retry-After seconds, with the same "
     "Idempotency-Key for a POST."),
    (E.SERVER_ERROR, 500, "Something went wrong on our side.", "サーバー側で問題が起きました。",
     "An unexpected error; quote the request_id when reporting it."),
    # The engine's reasons: about the moment (409, refresh and retry) or about the move (422) -------------
    (R.NOT_YOUR_TURN, 409, "It is not your turn.", "あなたの番ではありません。",
     "Another seat is to act; follow the events feed and act when yours is in waiting_for."),
    (R.WRONG_PHASE, 409, "That action does not belong to this phase of the hand.",
     "今の段階ではその操作はできません。",
     "A bid during play, a play during the bidding, an exchange when none is due, and so on."),
    (R.GAME_OVER, 409, "The game is over.", "ゲームは終了しています。",
     "The game has a winner (or was drawn or resigned); nothing more can be played."),
    (R.NOT_SEATED, 422, "That seat is not at this table.", "その席はこのテーブルにありません。",
     "The action names a seat that is not a seat number of the table."),
    (R.UNKNOWN_ACTION, 422, "Unknown action type.", "不明な操作です。",
     "The action type is none of bid, look, exchange, play, resign."),
    (R.UNKNOWN_CARD, 422, "That is not a card; write rank then suit, like QS, TH, 2C.",
     "カードの書き方が正しくありません（例: QS, TH, 2C）。",
     "A card is written rank then suit (QS, TH, 2C; jokers BJ and LJ)."),
    (R.CARD_NOT_IN_HAND, 422, "You do not hold that card.", "そのカードは手札にありません。",
     "The card played or passed is not in the seat's hand."),
    (R.MUST_FOLLOW_SUIT, 422, "You must follow the suit that was led.",
     "最初に出されたマークを持っているので、そのマークを出さなければなりません。",
     "The seat holds a card of the suit led and must play one."),
    (R.SPADES_NOT_BROKEN, 422, "Spades are not broken: you may not lead a spade yet.",
     "スペードがまだブレイクしていないので、スペードから出せません。",
     "No spade has been played yet and the leader holds another suit."),
    (R.NO_SPADES_FIRST_TRICK, 422, "No spade may be led to the first trick.",
     "最初のトリックではスペードから出せません。",
     "The rule set forbids leading a spade to the first trick."),
    (R.BID_OUT_OF_RANGE, 422, "That bid is out of range.", "その宣言は範囲外です。",
     "The bid is not a whole number from 0 to the tricks in a hand (a blind bid: to blind_bid_max)."),
    (R.NIL_NOT_ALLOWED, 422, "Nil is not allowed at this table.", "このテーブルではニルは宣言できません。",
     "The rule set's nil switch is off."),
    (R.BLIND_NOT_ALLOWED, 422, "You may not bid blind now.", "今はブラインドの宣言はできません。",
     "The rule set allows no blind bid now (blind_nil, blind_bids and their trailing thresholds)."),
    (R.CARDS_ALREADY_SEEN, 422, "You have already seen your cards, so you can no longer bid blind.",
     "手札を見たので、ブラインドの宣言はできません。",
     "A blind bid after looking at the cards."),
    (R.BID_MUST_EQUAL_SPADES, 422, "Your bid must equal the number of spades you hold.",
     "手札のスペードの枚数と同じ数を宣言しなければなりません。",
     "bid_rule mirror: the bid is the number of spades held."),
    (R.BID_MUST_BE_SPADES_OR_NIL, 422, "Bid the number of spades you hold, or nil.",
     "手札のスペードの枚数かニルを宣言してください。",
     "bid_rule whiz: the bid is the number of spades held, or nil."),
    (R.NIL_REQUIRED, 422, "Your partner did not bid nil, so you must.",
     "パートナーがニルではないので、あなたがニルを宣言しなければなりません。",
     "suicide: at least one partner of each side bids nil."),
    (R.BELOW_BOARD, 422, "Your side's bid is below the minimum (the board).",
     "チームの宣言が最低数（ボード）に届いていません。",
     "The side's bid is below the rule set's board (with suicide: a number bid below the board)."),
    (R.BID_TOTAL_EQUALS_TRICKS, 422, "The bids may not add up to the number of tricks.",
     "宣言の合計がトリック数と同じになってはいけません。",
     "bid_total_not_tricks: the last bidder may not make the bids total the tricks in the hand."),
    (R.NO_EXCHANGE_DUE, 422, "You have no cards to pass.", "あなたはカードを渡す必要がありません。",
     "The seat owes no cards in this hand's exchange."),
    (R.ALREADY_EXCHANGED, 422, "You have already passed your cards.", "カードはもう渡しました。",
     "The seat has passed its cards in this exchange already."),
    (R.WRONG_EXCHANGE_COUNT, 422, "Pass exactly the number of cards the rules ask for.",
     "決められた枚数のカードを渡してください。",
     "The exchange names more or fewer cards than are due."),
    (R.DUPLICATE_CARD, 422, "The same card is named twice.", "同じカードが2回指定されています。",
     "An exchange names one card twice."),
))

REGISTRY: dict[str, ErrorEntry] = {entry.code: entry for entry in ENTRIES}
"""Every code the API returns, by code: the API's own first, then the engine's reasons."""

CODES: tuple[str, ...] = tuple(REGISTRY)
"""Every registered code, in registry order (the OpenAPI enum of ``code``)."""

STATUS_SUMMARIES: dict[int, str] = {
    400: "Malformed JSON, invalid fields or parameters, or an unplayable rule set.",
    401: "No token or a bad one; an endpoint that needs no token still refuses a bad one that is sent.",
    403: "The account may not do this here.",
    404: "No such resource, or not yet readable.",
    405: "The path does not take this method.",
    406: "The endpoint cannot answer in the media type asked for.",
    409: "The table or the tournament has moved on, or the moment is wrong: fetch it again and decide.",
    413: "The body is larger than the service takes.",
    415: "The body is not application/json.",
    422: "Understood but refused: the rules refuse the move, or the request names what cannot be.",
    429: "Throttled: wait the Retry-After seconds.",
    500: "Something went wrong on the server's side.",
    503: "The database is briefly unreachable: retry after the Retry-After seconds, with the same "
         "Idempotency-Key for a POST.",
}
"""What each HTTP status means for this API, before the codes it is sent with."""


def entry(code: str) -> ErrorEntry:
    """The registry entry of ``code``; ``KeyError`` for an unregistered one."""
    return REGISTRY[code]


def message(code: str, language: str = "en") -> str:
    """The message of ``code`` in ``language`` (``en`` or ``ja``; anything else gives English)."""
    return REGISTRY[code].message(language)


def codes_with_status(status: int) -> list[str]:
    """Every registered code sent with HTTP ``status``, in registry order."""
    return [e.code for e in ENTRIES if e.status == status]


def status_description(status: int, codes: list[str] | None = None) -> str:
    """The OpenAPI description of a ``status`` error response: what it means and the codes it carries
    (``codes``, or every code registered with that status)."""
    codes = codes_with_status(status) if codes is None else codes
    listed = f" Codes: {', '.join(codes)} (see GET /api/v1/errors/)." if codes else ""
    return STATUS_SUMMARIES[status] + listed


DETAILS: dict[str, tuple[str, str]] = {
    E.INVALID: ("Check these fields: {fields}.", "次の項目を確認してください: {fields}。"),
    E.JSON_TOO_DEEP: ("The body nests arrays and objects more than {max_depth} levels deep.",
                      "本文の配列やオブジェクトの入れ子が{max_depth}段を超えています。"),
    E.PAYLOAD_TOO_LARGE: ("The body may be at most {max_bytes} bytes.", "本文は{max_bytes}バイトまでです。"),
    E.METHOD_NOT_ALLOWED: ("{method} is not allowed here.", "ここでは {method} は使えません。"),
    E.THROTTLED: ("Too many requests: retry in {retry_after} s.",
                  "リクエストが多すぎます。{retry_after}秒後に再試行してください。"),
    E.STALE_SEQ: ("You sent seq {sent}, but the table is at seq {seq}: fetch it and decide again.",
                  "送られた seq は {sent} ですが、テーブルは seq {seq} まで進んでいます。"
                  "取得し直してから判断してください。"),
    E.SEAT_TAKEN: ("Seat {seat} is taken.", "席{seat}はすでに埋まっています。"),
    E.TOO_MANY_OPEN_TABLES: ("You have {limit} unfinished tables of your own, the most an account may have: finish "
                             "or resign one first.",
                             "自分で開いた未終了のテーブルが{limit}卓あり、上限です。先にどれかを終えるか投了してください。"),
    E.TOO_MANY_TOURNAMENTS: ("You organise {limit} tournaments that are not over, the most an account may: let one "
                             "finish or cancel it first.",
                             "終了していない大会を{limit}件主催していて、上限です。どれかが終わるか取り消してからにしてください。"),
    E.TOO_MANY_LADDERS: ("You have created {limit} ladders, the most an account may.",
                         "ラダーを{limit}件作成していて、上限です。"),
    E.TOO_MANY_CHALLENGES: ("{limit} of your challenges wait for an answer, the most an account may have: wait for "
                            "answers or cancel one.",
                            "回答待ちの挑戦が{limit}件あり、上限です。回答を待つか、どれかを取り消してください。"),
    E.TOO_MANY_CHALLENGES_TO_OPPONENT: ("{limit} of your challenges wait for this player's answer, the most one "
                                        "account may send another: wait for an answer or cancel one.",
                                        "この相手への回答待ちの挑戦が{limit}件あり、上限です。"
                                        "回答を待つか、どれかを取り消してください。"),
    R.NOT_YOUR_TURN: ("It is seat {turn}'s turn, not yours.", "今は席{turn}の番です。"),
    R.WRONG_PHASE: ("The hand is in its {phase} phase.", "今は{phase}の段階です。"),
    R.NOT_SEATED: ("Seats are 0 to {seats}.", "席は0から{seats}までです。"),
    R.UNKNOWN_ACTION: ("'{type}' is not an action type: send bid, look, exchange, play or resign.",
                       "「{type}」という操作はありません。"
                       "bid, look, exchange, play, resign のどれかを送ってください。"),
    R.UNKNOWN_CARD: ("'{card}' is not a card; write rank then suit, like QS, TH, 2C.",
                     "「{card}」はカードではありません（例: QS, TH, 2C）。"),
    R.CARD_NOT_IN_HAND: ("You do not hold {card}.", "{card}は手札にありません。"),
    R.MUST_FOLLOW_SUIT: ("{suit_cap} were led and you hold {suit}: play one of them.",
                         "{suit}が出されていて、あなたは{suit}を持っているので、{suit}を出してください。"),
    R.BID_OUT_OF_RANGE: ("Bid from {low} to {high}.", "{low}から{high}までの数を宣言してください。"),
    R.BID_MUST_EQUAL_SPADES: ("You hold {spades} spades, so bid {spades}.",
                              "スペードを{spades}枚持っているので、{spades}を宣言してください。"),
    R.BID_MUST_BE_SPADES_OR_NIL: ("You hold {spades} spades, so bid {spades} or nil.",
                                  "スペードを{spades}枚持っているので、{spades}かニルを宣言してください。"),
    R.BELOW_BOARD: ("Your side must bid at least {board} together; your partner bid {partner_bid}.",
                    "チームで{board}以上を宣言しなければなりません（パートナーの宣言は{partner_bid}）。"),
    R.BID_TOTAL_EQUALS_TRICKS: ("The bids may not add up to {tricks}: bid anything but {forbidden}.",
                                "宣言の合計を{tricks}にはできません。{forbidden}以外を宣言してください。"),
    R.WRONG_EXCHANGE_COUNT: ("Pass exactly {count} cards.", "ちょうど{count}枚渡してください。"),
    R.DUPLICATE_CARD: ("{card} is named twice.", "{card}が2回指定されています。"),
}
"""The problem ``detail`` of a refusal with particulars, by code: a template filled with the refusal's
parameters (the engine's :attr:`~games.engine.IllegalActionError.params`, a service's ``params`` and extra
members). A refusal without the parameters its template names gets the code's plain message."""

SAMPLE_PARAMS: dict[str, dict[str, object]] = {
    E.INVALID: {"fields": "name"}, E.JSON_TOO_DEEP: {"max_depth": 32}, E.PAYLOAD_TOO_LARGE: {"max_bytes": 65536},
    E.METHOD_NOT_ALLOWED: {"method": "PUT"}, E.THROTTLED: {"retry_after": 3},
    E.STALE_SEQ: {"sent": 17, "seq": 18}, E.SEAT_TAKEN: {"seat": 2}, E.TOO_MANY_OPEN_TABLES: {"limit": 5},
    E.TOO_MANY_TOURNAMENTS: {"limit": 3}, E.TOO_MANY_LADDERS: {"limit": 3}, E.TOO_MANY_CHALLENGES: {"limit": 20},
    E.TOO_MANY_CHALLENGES_TO_OPPONENT: {"limit": 3}, R.NOT_YOUR_TURN: {"turn": 3},
    R.WRONG_PHASE: {"phase": "play"}, R.NOT_SEATED: {"seats": 3}, R.UNKNOWN_ACTION: {"type": "pass"},
    R.UNKNOWN_CARD: {"card": "1S"}, R.CARD_NOT_IN_HAND: {"card": "AS"}, R.MUST_FOLLOW_SUIT: {"suit": "hearts"},
    R.BID_OUT_OF_RANGE: {"low": 0, "high": 13}, R.BID_MUST_EQUAL_SPADES: {"spades": 3},
    R.BID_MUST_BE_SPADES_OR_NIL: {"spades": 3}, R.BELOW_BOARD: {"board": 4, "partner_bid": 1},
    R.BID_TOTAL_EQUALS_TRICKS: {"tricks": 13, "forbidden": 2}, R.WRONG_EXCHANGE_COUNT: {"count": 2},
    R.DUPLICATE_CARD: {"card": "2C"},
}
"""Parameters of a typical refusal for every templated code: the OpenAPI examples are made with them."""

_WORDS_JA = {"clubs": "クラブ", "diamonds": "ダイヤ", "hearts": "ハート", "spades": "スペード",
             "bid": "宣言", "exchange": "カード交換", "play": "プレイ", "game_over": "ゲーム終了"}


def detail(code: str, language: str, params: dict[str, object]) -> str | None:
    """The detail of a ``code`` refusal with ``params`` in ``language``, or ``None`` when the code has no
    template or ``params`` lack what it names. Suit and phase names are translated."""
    templates = DETAILS.get(code)
    if templates is None:
        return None
    ja = is_japanese(language)
    values = {k: _WORDS_JA.get(v, v) if ja and isinstance(v, str) else v for k, v in params.items()}
    if isinstance(values.get("suit"), str):
        values["suit_cap"] = str(values["suit"]).capitalize()
    try:
        return templates[1 if ja else 0].format(**values)
    except (KeyError, IndexError, ValueError):
        return None


class ServiceError(Exception):
    """A refusal from the service layer: a registered code, optional field errors, ``params`` for the
    detail's template (:data:`DETAILS`) and extra members for the problem body (``seq`` with ``stale_seq``,
    for example)."""

    def __init__(self, code: ErrorCode, detail: str | None = None, *, errors: dict[str, object] | None = None,
                 params: dict[str, object] | None = None, **extra: object) -> None:
        self.code = code
        self.detail = detail
        self.errors = errors
        self.params = params or {}
        self.extra = extra
        super().__init__(detail or REGISTRY[code].en)
