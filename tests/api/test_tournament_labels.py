"""Tournament words a person reads follow the request's language: match names in ``rounds/`` and the bracket
picture's words (rounds, headings, where a place comes from) in English or Japanese by Accept-Language, the
picture also by ``?lang=`` (an <img> cannot send the header); every template of the formats library has its
Japanese line in the catalogue, so none stays English by oversight."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.utils import translation

from tests.tournaments.helpers import play_out
from tournaments import services
from tournaments.formats import labels
from tournaments.models import Match

pytestmark = pytest.mark.django_db

JA = {"Accept-Language": "ja"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}


def words(svg: Any) -> str:
    """Every text of the picture, one per line."""
    return "\n".join(ET.fromstring(svg.content).itertext())


def test_every_template_of_the_formats_has_its_japanese() -> None:
    with translation.override("ja"):
        missing = [t for t in labels.TEMPLATES if translation.gettext(t) == t]
        assert missing == []
        for template in labels.TEMPLATES:  # the placeholders survive the translation
            assert sorted(labels._PLACEHOLDER.findall(translation.gettext(template))) == sorted(
                labels._PLACEHOLDER.findall(template)), template


def test_match_names_and_the_bracket_follow_the_language(register: Any, client_for: Any) -> None:
    _, token = register()
    api = client_for(token)
    tid = api.post("/api/v1/tournaments/", {"name": "カップ", "format": "single_elimination",
                                            "hands_per_match": 1}).body["id"]
    base = f"/api/v1/tournaments/{tid}/"
    notice = api.get(base + "bracket.svg", headers=JA, check=False)
    assert "シングルエリミネーション・エントリー受付中" in words(notice) and "エントリー0件" in words(notice)
    for i in range(3):
        api.post(base + "entries/", {"name": f"bots{i}", "members": [{"bot_level": "easy"}] * 2})
    api.post(base + "start/")

    def labels_of(headers: dict[str, str]) -> list[list[str]]:
        return [[m["label"] for m in r["matches"]] for r in api.get(base + "rounds/", headers=headers).body]

    assert labels_of(EN) == [["Bye", "Semi-final 2"]]
    assert labels_of(JA) == [["不戦勝", "準決勝 第2試合"]]
    picture = words(api.get(base + "bracket.svg", headers=JA, check=False))
    assert "準決勝" in picture and "決勝" in picture and "準決勝 第2試合の勝者" in picture
    assert "Final" not in picture and "Winner of" not in picture and "Semi" not in picture
    english = words(api.get(base + "bracket.svg", headers=EN, check=False))
    assert "Winner of Semi-final 2" in english and "Semi-finals" in english and "決勝" not in english

    for match in Match.objects.filter(round__tournament_id=tid).exclude(table=None):
        play_out(match.table_id)
    services.advance(tournament_id=tid)
    assert labels_of(EN) == [["Bye", "Semi-final 2"], ["Final"]]
    assert labels_of(JA) == [["不戦勝", "準決勝 第2試合"], ["決勝"]]
    # The picture's own parameter wins over the header, both ways; a language it does not know is refused.
    assert "決勝" in words(api.get(base + "bracket.svg", {"lang": "ja"}, headers=EN, check=False))
    assert "Final" in words(api.get(base + "bracket.svg", {"lang": "en"}, headers=JA, check=False))
    for bad in ("fr", ""):
        refused = api.get(base + "bracket.svg", {"lang": bad}, headers=JA)
        assert refused.status_code == 400 and refused.body["code"] == "invalid"


def test_swiss_tables_and_grid_in_japanese(register: Any, client_for: Any) -> None:
    _, token = register()
    api = client_for(token)
    tid = api.post("/api/v1/tournaments/", {"name": "sw", "format": "swiss", "rounds": 1,
                                            "hands_per_match": 1}).body["id"]
    for i in range(5):
        api.post(f"/api/v1/tournaments/{tid}/entries/", {"name": f"b{i}", "members": [{"bot_level": "easy"}] * 2})
    api.post(f"/api/v1/tournaments/{tid}/start/")
    shown = [m["label"] for m in api.get(f"/api/v1/tournaments/{tid}/rounds/", headers=JA).body[0]["matches"]]
    assert shown == ["第1ラウンド 第1卓", "第1ラウンド 第2卓", "不戦勝"]
    for match in Match.objects.filter(round__tournament_id=tid).exclude(table=None):
        play_out(match.table_id)
    services.advance(tournament_id=tid)
    grid = words(api.get(f"/api/v1/tournaments/{tid}/bracket.svg", headers=JA, check=False))
    assert "エントリー" in grid and "勝点" in grid and "不戦勝" in grid
    assert "Entry" not in grid and "Pts" not in grid
