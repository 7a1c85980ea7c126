"""Duplicate deals: both plays of a deal hold the same cards with the partnerships swapped, and the
report of a pairing adds up."""

from __future__ import annotations

from bots.arena import play_deals, play_hand, report


def test_both_plays_of_a_deal_hold_the_same_cards() -> None:
    first = play_hand("arena-test", 1, ("normal", "easy", "normal", "easy"), 10, {})
    swapped = play_hand("arena-test", 1, ("easy", "normal", "easy", "normal"), 10, {})
    assert first.records[0].dealt == swapped.records[0].dealt


def test_a_pairing_report(capsys) -> None:  # type: ignore[no-untyped-def]
    results = play_deals("normal", "easy", [0, 1, 2], 10)
    assert [r.index for r in results] == [0, 1, 2]
    for r in results:
        assert len(r.a_sides) == len(r.b_sides) == 2
        assert set(r.times) == {"normal", "easy"}
    figures = report("normal", "easy", results)
    out = capsys.readouterr().out
    assert "points per deal, A minus B" in out and "decision time normal" in out
    expected = sum((r.a_sides[k].points - r.b_sides[k].points) / 2 for r in results for k in (0, 1)) / 3
    assert abs(figures["ppd"] - expected) < 1e-9
