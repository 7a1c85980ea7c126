"""The presets as the API lists them: each with its description for players in the request's language. The
engine keeps the English description beside each preset (``engine.DESCRIPTIONS``); the Japanese ones are
here, in the API layer, since the engine keeps no messages."""

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


def preset_list(language: str) -> list[dict[str, Any]]:
    """Every preset with its description in ``language`` and its switches."""
    ja = is_japanese(language)
    return [{"name": name, "description": DESCRIPTIONS_JA[name] if ja else engine.DESCRIPTIONS[name],
             "switches": {k: v for k, v in rules.to_dict().items() if k != "name"}}
            for name, rules in engine.PRESETS.items()]
