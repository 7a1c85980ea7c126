"""The presets and the switches as the API lists them: each preset with its description for players and each
switch with what it means, in the request's language. The engine keeps the English texts beside the presets
(``engine.DESCRIPTIONS``) and the switches (``engine.switch_docs()``); the Japanese ones are here, in the API
layer, since the engine keeps no messages."""

from __future__ import annotations

from typing import Any

from core.errors import is_japanese
from games import engine

DESCRIPTIONS_JA: dict[str, str] = {
    "standard": "定番のペア戦です。向かい合う2人がパートナーで、スペードが切り札。ニルも宣言でき、先に500点に"
                "届いたチームの勝ち。失敗したニルのトリックはバッグになるだけです。",
    "easy": "はじめての人向けのやさしいルールです。ニルはなく、宣言に届かなくても減点なし、200点で勝ち。",
    "classic": "定番のルールにブラインドニルを加えたものです。100点以上負けているチームは、手札を見る前にニルを"
               "宣言でき、そのあとパートナー同士で2枚ずつカードを渡し合います。",
    "yahoo": "オンライン対戦のルールです。失敗したニルのトリックもパートナーの宣言に数えられ、ブラインド（ダブル）"
             "ニルも宣言でき、目標点を越えての同点は次の回で決着します。",
    "suicide": "スーサイド: 各チームのどちらか1人は必ずニルを宣言します。500点、または500点差で勝ち。",
    "double_nil_pass": "ブラインド（ダブル）ニルは200点以上負けているチームだけが宣言でき、そのあとパートナー"
                       "同士で2枚ずつカードを渡し合います。",
    "mirror": "ミラー: 全員が手札のスペードの枚数を宣言します（1枚もなければニル）。ブラインドニルはありません。",
    "whiz": "ウィズ: 手札のスペードの枚数か、ニルを宣言します。",
    "cutthroat": "カットスロート: 4人でパートナーなし。それぞれが1人で点を競います。",
    "cutthroat3": "3人でパートナーなし。クラブの2を抜き、1人17枚ずつ配ります。",
    "speed": "スピードスペード: 定番のルールで1手10秒。時間切れになるとカードが自動で出されます。",
    "short": "短いゲーム: 250点で勝ち、バッグは5つごとに50点の減点です。",
}
"""The description of every preset in Japanese."""


SWITCH_DOCS_JA: dict[str, str] = {
    "players": "3人または4人。",
    "partnerships": "向かい合う2人がパートナーで、点を合わせて競います。"
                    "オフにするとカットスロート（各席が1人で点を競う）。",
    "jokers": "ビッグジョーカーとリトルジョーカーが最も強い2枚のスペードになります。"
              "4人ではクラブの2とダイヤの2を抜きます。",
    "nil": "ニル（0）の宣言ができます。",
    "nil_value": "ニルに成功したときにもらえる点、失敗したときに失う点。",
    "failed_nil_counts_for_partner": "失敗したニルの人が取ったトリックを、パートナーの宣言に数えます（001, 003）。"
                                     "オフでは"
                                     "バッグになるだけです（002, 004）。",
    "nil_pass": "ビッドのあと、ニルの人とパートナーが交換するカードの枚数（000 のパス）。0 で交換なし。",
    "blind_nil": "ブラインドニル（001/002 のダブルニル）: 手札を見る前にニルを宣言します。",
    "blind_nil_value": "ブラインドニルで得る点・失う点。",
    "blind_nil_trailing": "トップにこの点数以上負けているチームだけがブラインドニルを宣言できます。null ならいつでも。",
    "blind_nil_exchange": "ビッドのあと、ブラインドニルの人とパートナーが交換するカードの枚数。"
                          "2人ともブラインドニルなら交換しません。",
    "blind_bids": "ブラインドの数の宣言（000 のトレイリングブラインド）: 成功で1トリック20点、失敗で1トリック-10点、"
                  "オーバートリックなし。",
    "blind_bid_trailing": "ブラインドの数の宣言には、トップにこの点数以上負けていることが必要です。",
    "blind_bid_max": "ブラインドで宣言できる最大の数。",
    "blind_bid_value": "ブラインドの数の宣言に成功したときの1トリックあたりの点。",
    "bid_rule": "free: 自由に宣言。mirror: 持っているスペードの枚数をそのまま宣言。whiz: スペードの枚数かニルを宣言。",
    "suicide": "各チームのどちらか1人は必ずニルを宣言します（001）。ボードがあるときは、"
               "各宣言がニルかボード以上（000）。",
    "board": "チームの最低宣言数（000 のボード、ふつうは4）。ニルの人のパートナーは1人でそれに届かなければなりません。",
    "bid_total_not_tricks": "宣言の合計がトリック数と同じになってはいけません。最後に宣言する人が制限されます。",
    "set_penalty": "宣言に届かなかったチームは宣言1つにつき10点を失います。オフなら0点（かんたん）。",
    "overtricks": "bags: 1つにつき+1点でバッグ1つ。3b: 1つにつき-10点、バッグの減点なし。none: 0点、バッグの減点なし。",
    "bag_limit": "バッグの減点が起きるバッグの数。",
    "bag_penalty": "バッグがその数に届くたびに失う点。",
    "ten_for_two_hundred": "チームの宣言が10以上なら、成功で+200点、失敗で-200点（000）。",
    "boston": "1チームが全トリックを取ったとき: off（なし）、bonus（ボーナス）、win（その場で勝ち）。",
    "boston_bonus": "boston が bonus のときのボストンのボーナス点。",
    "spades_broken": "スペードが一度出されるまでは、スペードでリードできません（手札がスペードだけのときを除く）。",
    "no_spade_lead_first_trick": "最初のトリックにはスペードでリードできません（手札がスペードだけのときを除く）。",
    "deuce_leads": "一番低いクラブ（配られていればクラブの2）を持つ人が最初のトリックを"
                   "リードします（ディーラーの左ではなく）。",
    "misdeal": "スペードのない手札（no_spades）、またはスペードか絵札のない手札（no_spades_or_faces）なら配り直します。"
               "",
    "target": "勝ちになる点数。",
    "mercy_floor": "この点数以下になったチームが出たらゲーム終了（例: -200）。null なら下限なし。",
    "win_by_margin": "この点差でリードしても勝ち（スーサイド: 500）。null ならなし。",
    "hand_cap": "この回数の手を終えたらゲーム終了。null なら上限なし。",
    "tie": "トップが同点でゲームが終わりそうなとき: もう1手遊ぶ（play_on）か、引き分け（draw）。",
    "move_seconds": "1手あたりの秒数。null なら時計なし。",
    "time_bank_seconds": "1手の時間を使い切ったあと、ゲーム全体を通して使える追加の秒数。",
    "timeout_action": "時間切れのとき: 安全な合法手を自動で出す、ボットが席を代わる、またはゲームを放棄する。",
    "timeout_bot_level": "時間切れの席を代わりに打つボットの強さ。",
    "timeouts_before_replace": "この回数続けて時間切れになると、持ち主が戻るまでボットが席を代わります。",
}
"""What every switch means, in Japanese."""


def switch_list(language: str) -> dict[str, str]:
    """What every switch means, by name, in ``language``."""
    docs = engine.switch_docs()
    return {name: SWITCH_DOCS_JA[name] for name in docs} if is_japanese(language) else docs


def preset_list(language: str) -> list[dict[str, Any]]:
    """Every preset with its description in ``language`` and its switches."""
    ja = is_japanese(language)
    return [{"name": name, "description": DESCRIPTIONS_JA[name] if ja else engine.DESCRIPTIONS[name],
             "switches": {k: v for k, v in rules.to_dict().items() if k != "name"}}
            for name, rules in engine.PRESETS.items()]
