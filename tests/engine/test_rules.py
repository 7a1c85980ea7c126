"""Rule sets: the twelve presets of ``shared/RULES.md``, overrides, the refusal of contradictory or
ill-typed switches, the derived values and serialisation."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from games.engine import DESCRIPTIONS, PRESETS, SWITCHES, RuleSet, RuleSetError, make_rules, preset, switch_docs
from games.engine.rules import rules_from_dict, validate

PRESET_NAMES = ["standard", "easy", "classic", "yahoo", "suicide", "double_nil_pass", "mirror", "whiz",
                "cutthroat", "cutthroat3", "speed", "short"]
"""The preset column of RULES.md's table, in its order."""


def refusal(preset_name: str, overrides: dict[str, Any]) -> RuleSetError:
    """The error ``make_rules`` raises for ``overrides`` on ``preset_name`` (the test fails if none)."""
    with pytest.raises(RuleSetError) as info:
        make_rules(preset_name, overrides)
    return info.value


# Presets -----------------------------------------------------------------------------------------------


def test_the_presets_are_the_table_of_rules_md() -> None:
    assert list(PRESETS) == PRESET_NAMES


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_builds_and_validates(name: str) -> None:
    r = PRESETS[name]
    assert isinstance(r, RuleSet)
    assert r.name == name
    assert validate(r) is r
    assert make_rules(name) == r
    assert preset(name) == r
    assert r.overrides() == {}
    assert DESCRIPTIONS[name].strip()


# RULES.md: what each preset changes from the core game, and which of those switches must be there.
# (required switches and values, switches that may also differ from core)
PRESET_CHANGES: dict[str, tuple[dict[str, Any], set[str]]] = {
    # core; nil allowed; nil tricks don't count for partner (004, 002)
    "standard": ({}, set()),
    # 004 かんたん: "ニルなし・宣言に届かなくても点を引かない・200点までの短い勝負"
    "easy": ({"nil": False, "set_penalty": False, "target": 200}, set()),
    # 002/000: "+ blind nil when trailing ≥ 100 with a 2-card exchange"
    "classic": ({"blind_nil": True, "blind_nil_trailing": 100, "blind_nil_exchange": 2}, set()),
    # 001 標準: nil tricks count for the team; double nil allowed; tie -> next deal decides
    "yahoo": ({"failed_nil_counts_for_partner": True, "blind_nil": True}, {"blind_nil_trailing"}),
    # 001 スーサイド: "チームの最低一人がニルしなければならない"; "５００点 または、５００点差"
    "suicide": ({"suicide": True, "win_by_margin": 500}, {"failed_nil_counts_for_partner", "board"}),
    # 001 ダブルニルパス: "２００点以上の差" ... "２枚、パートナーと交換"
    "double_nil_pass": ({"blind_nil": True, "blind_nil_trailing": 200, "blind_nil_exchange": 2},
                        {"failed_nil_counts_for_partner"}),
    # 001/000 ミラー: every bid equals the spades held; no blind nil
    "mirror": ({"bid_rule": "mirror"}, {"failed_nil_counts_for_partner"}),
    # 000 ウィズ: the spades held, or nil
    "whiz": ({"bid_rule": "whiz"}, {"failed_nil_counts_for_partner"}),
    # 000: 4 players, no partners
    "cutthroat": ({"partnerships": False}, set()),
    # 000: 3 players, 2♣ removed, 17 cards each
    "cutthroat3": ({"players": 3, "partnerships": False}, set()),
    # 000 speed spades: core + a per-move clock
    "speed": ({}, {"move_seconds", "time_bank_seconds", "timeout_action", "timeout_bot_level",
                   "timeouts_before_replace"}),
    # 000: "250ポイント ... 5つのバッグが蓄積されると50ポイントのペナルティ"
    "short": ({"target": 250, "bag_limit": 5, "bag_penalty": 50}, set()),
}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_changes_from_core(name: str) -> None:
    required, optional = PRESET_CHANGES[name]
    r = PRESETS[name]
    for switch, value in required.items():
        assert getattr(r, switch) == value, switch
    core = RuleSet().to_dict()
    changed = {k for k, v in r.to_dict().items() if k != "name" and core[k] != v}
    assert set(required) <= changed
    assert changed <= set(required) | optional, f"{name} changes switches RULES.md does not mention"


def test_core_game_defaults() -> None:
    # RULES.md core game: 52 cards, 4 players in partnerships, nil ±100, 10 bags cost 100, 500 wins,
    # spades must be broken, a failed nil's tricks do not count for the partner (004/002).
    r = RuleSet()
    assert (r.players, r.partnerships, r.jokers, r.cards_per_hand) == (4, True, False, 13)
    assert (r.nil, r.nil_value, r.failed_nil_counts_for_partner) == (True, 100, False)
    assert (r.blind_nil, r.blind_bids, r.bid_rule, r.suicide, r.board) == (False, False, "free", False, 0)
    assert (r.set_penalty, r.overtricks, r.bag_limit, r.bag_penalty) == (True, "bags", 10, 100)
    assert (r.target, r.tie, r.spades_broken, r.move_seconds) == (500, "play_on", True, None)
    assert (r.blind_nil_value, r.blind_bid_trailing, r.blind_bid_max, r.blind_bid_value) == (200, 100, 7, 20)


def test_easy_preset() -> None:
    r = PRESETS["easy"]
    assert (r.nil, r.set_penalty, r.target) == (False, False, 200)


def test_classic_preset() -> None:
    r = PRESETS["classic"]
    assert (r.blind_nil, r.blind_nil_trailing, r.blind_nil_exchange, r.blind_nil_value) == (True, 100, 2, 200)


def test_yahoo_preset() -> None:
    r = PRESETS["yahoo"]
    assert (r.failed_nil_counts_for_partner, r.blind_nil) == (True, True)
    # 001: "同点で超えた場合次のディールで得点が多いほうが勝ち" - a tie plays on.
    assert (r.target, r.tie) == (500, "play_on")


def test_suicide_preset() -> None:
    r = PRESETS["suicide"]
    assert (r.suicide, r.nil, r.partnerships) == (True, True, True)
    assert (r.target, r.win_by_margin) == (500, 500)


def test_double_nil_pass_preset() -> None:
    r = PRESETS["double_nil_pass"]
    assert (r.blind_nil, r.blind_nil_trailing, r.blind_nil_exchange) == (True, 200, 2)


@pytest.mark.parametrize("name", ["mirror", "whiz"])
def test_spade_count_bid_presets(name: str) -> None:
    r = PRESETS[name]
    assert r.bid_rule == name
    # 001 ミラー: "ＤＮは使わない"; 000 ウィズ: "ブラインド入札は許可されていません", "最低額はありません".
    assert (r.blind_nil, r.blind_bids, r.board, r.nil) == (False, False, 0, True)


def test_cutthroat_preset() -> None:
    r = PRESETS["cutthroat"]
    assert (r.players, r.partnerships, r.cards_per_hand) == (4, False, 13)
    assert r.teams == ((0,), (1,), (2,), (3,))


def test_cutthroat3_preset() -> None:
    r = PRESETS["cutthroat3"]
    assert (r.players, r.partnerships, r.jokers, r.cards_per_hand) == (3, False, False, 17)
    assert r.teams == ((0,), (1,), (2,))


def test_speed_preset() -> None:
    r = PRESETS["speed"]
    assert r.has_clock
    assert r.move_seconds is not None and r.move_seconds > 0
    assert r.timeout_action == "auto_play"
    assert not PRESETS["standard"].has_clock


def test_short_preset() -> None:
    r = PRESETS["short"]
    assert (r.target, r.bag_limit, r.bag_penalty) == (250, 5, 50)


# Overrides ---------------------------------------------------------------------------------------------


def test_make_rules_applies_overrides() -> None:
    r = make_rules("classic", {"target": 300, "nil_pass": 1, "mercy_floor": -200})
    assert (r.name, r.target, r.nil_pass, r.mercy_floor) == ("classic", 300, 1, -200)
    assert r.blind_nil_trailing == 100  # the rest of the preset stays
    assert r.overrides() == {"target": 300, "nil_pass": 1, "mercy_floor": -200}


def test_preset_helper_takes_keyword_overrides() -> None:
    r = preset("short", target=300, boston="bonus")
    assert r.overrides() == {"target": 300, "boston": "bonus"}
    assert (r.bag_limit, r.bag_penalty) == (5, 50)


def test_overrides_equal_to_the_preset_are_not_reported() -> None:
    r = make_rules("easy", {"target": 200, "nil": False, "jokers": True})
    assert r.overrides() == {"jokers": True}


def test_overrides_are_relative_to_the_preset_not_core() -> None:
    r = make_rules("speed", {"move_seconds": 5, "time_bank_seconds": 30})
    assert r.overrides() == {"move_seconds": 5, "time_bank_seconds": 30}
    assert make_rules("speed", {"move_seconds": None}).overrides() == {"move_seconds": None}


def test_make_rules_without_overrides_is_the_preset() -> None:
    assert make_rules() == PRESETS["standard"]
    assert make_rules("whiz", None) == PRESETS["whiz"]
    assert make_rules("whiz", {}) == PRESETS["whiz"]


def test_make_rules_does_not_change_the_caller_dict() -> None:
    overrides = {"target": 300}
    make_rules("standard", overrides)
    assert overrides == {"target": 300}


def test_rule_sets_are_immutable() -> None:
    r = PRESETS["standard"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 100  # type: ignore[misc]
    assert make_rules("standard", {"target": 100}) is not r
    assert PRESETS["standard"].target == 500


@pytest.mark.parametrize(
    ("preset_name", "overrides"),
    [
        ("speed", {"move_seconds": 2.5}),  # a float clock
        ("speed", {"move_seconds": 10, "time_bank_seconds": 60}),
        ("standard", {"mercy_floor": -200, "hand_cap": 8}),  # 000: "-200 ポイント", "8 つのハンド"
        ("standard", {"jokers": True, "no_spade_lead_first_trick": True, "deuce_leads": True}),
        ("standard", {"misdeal": "no_spades_or_faces", "overtricks": "3b", "ten_for_two_hundred": True}),
        ("standard", {"board": 4, "bid_total_not_tricks": True}),  # 000 board and "合計 ≠ 13"
        ("standard", {"blind_bids": True, "blind_bid_max": 13}),
        ("standard", {"nil_pass": 1}),  # 000 nil passing: 1 card
        ("suicide", {"board": 4}),  # 000 suicide: nil or at least 4
        ("cutthroat3", {"board": 8, "jokers": True}),
        ("cutthroat3", {"blind_bids": True, "blind_bid_max": 17}),
        ("classic", {"blind_nil_trailing": None, "blind_nil_exchange": 3}),
        ("classic", {"blind_nil_trailing": 0}),
        ("standard", {"tie": "draw", "boston": "win", "win_by_margin": 300}),
        ("speed", {"timeout_action": "bot", "timeout_bot_level": "hard", "timeouts_before_replace": 1}),
        ("standard", {"move_seconds": 1}),
        ("standard", {"move_seconds": 3600}),
    ],
)
def test_accepted_custom_rule_sets(preset_name: str, overrides: dict[str, Any]) -> None:
    r = make_rules(preset_name, overrides)
    for switch, value in overrides.items():
        assert getattr(r, switch) == value
    assert rules_from_dict(r.to_dict()) == r


# Refusals ----------------------------------------------------------------------------------------------


def test_unknown_preset() -> None:
    e = refusal("hearts", {})
    assert e.switches == ("preset",)
    assert "hearts" in str(e)


def test_unknown_switches_are_named() -> None:
    e = refusal("standard", {"target": 300, "colour": "red", "alpha": 1})
    assert e.switches == ("alpha", "colour")


def test_name_is_not_a_switch() -> None:
    assert refusal("standard", {"name": "easy"}).switches == ("name",)


def test_rule_set_error_shape() -> None:
    e = refusal("standard", {"target": 0})
    assert isinstance(e, ValueError)
    assert e.code == "invalid_rules"
    assert e.detail and str(e) == e.detail


@pytest.mark.parametrize(
    ("switch", "value"),
    [
        ("target", True),  # a bool is not a number
        ("players", False),
        ("target", 300.0),  # an int switch takes no float
        ("target", "500"),
        ("target", None),  # not nullable
        ("bag_limit", None),
        ("blind_nil_trailing", "100"),
        ("blind_nil_trailing", True),
        ("mercy_floor", -200.5),
        ("move_seconds", "10"),
        ("move_seconds", True),
        ("time_bank_seconds", None),
        ("nil", "yes"),  # a string is not a bool
        ("nil", 1),
        ("partnerships", None),
        ("jokers", "false"),
        ("bid_rule", "crazy"),  # a value outside the choices
        ("overtricks", "bag"),
        ("boston", True),
        ("misdeal", "no_faces"),
        ("tie", None),
        ("timeout_action", "kick"),
        ("timeout_bot_level", "expert"),
    ],
)
def test_wrong_types_are_refused(switch: str, value: Any) -> None:
    assert refusal("standard", {switch: value}).switches == (switch,)


# (preset, overrides, the switches at fault), one row per refusal branch of rules.validate.
REFUSALS: list[Any] = [
    pytest.param("standard", {"players": 5}, {"players"}, id="players-5"),
    pytest.param("cutthroat", {"players": 2}, {"players"}, id="players-2"),
    pytest.param("standard", {"players": 3}, {"partnerships", "players"}, id="partnerships-need-4"),
    pytest.param("standard", {"board": 7}, {"board"}, id="board-above-half"),
    pytest.param("standard", {"board": -1}, {"board"}, id="board-negative"),
    pytest.param("cutthroat3", {"board": 9}, {"board"}, id="board-above-half-of-17"),
    pytest.param("standard", {"nil_pass": 4}, {"nil_pass"}, id="nil-pass-4"),
    pytest.param("standard", {"nil_pass": -1}, {"nil_pass"}, id="nil-pass-negative"),
    pytest.param("classic", {"blind_nil_exchange": 4}, {"blind_nil_exchange"}, id="exchange-4"),
    pytest.param("classic", {"blind_nil_exchange": -1}, {"blind_nil_exchange"}, id="exchange-negative"),
    pytest.param("cutthroat", {"nil_pass": 1}, {"nil_pass", "partnerships"}, id="nil-pass-cutthroat"),
    pytest.param("cutthroat", {"blind_nil": True, "blind_nil_exchange": 2},
                 {"blind_nil_exchange", "partnerships"}, id="exchange-cutthroat"),
    pytest.param("easy", {"nil_pass": 1}, {"nil_pass", "nil"}, id="nil-pass-without-nil"),
    pytest.param("standard", {"blind_nil_exchange": 2}, {"blind_nil_exchange", "blind_nil"},
                 id="exchange-without-blind-nil"),
    pytest.param("standard", {"blind_bid_max": 0}, {"blind_bid_max"}, id="blind-max-0"),
    pytest.param("standard", {"blind_bid_max": 14}, {"blind_bid_max"}, id="blind-max-14"),
    pytest.param("classic", {"blind_nil_trailing": -1}, {"blind_nil_trailing"}, id="blind-nil-trailing-negative"),
    pytest.param("standard", {"blind_bid_trailing": -1}, {"blind_bid_trailing"}, id="blind-bid-trailing-negative"),
    pytest.param("standard", {"nil_value": -100}, {"nil_value"}, id="nil-value-negative"),
    pytest.param("standard", {"blind_nil_value": -1}, {"blind_nil_value"}, id="blind-nil-value-negative"),
    pytest.param("standard", {"blind_bid_value": -20}, {"blind_bid_value"}, id="blind-bid-value-negative"),
    pytest.param("standard", {"bag_penalty": -100}, {"bag_penalty"}, id="bag-penalty-negative"),
    pytest.param("standard", {"boston_bonus": -1}, {"boston_bonus"}, id="boston-bonus-negative"),
    pytest.param("mirror", {"blind_nil": True}, {"bid_rule", "blind_nil"}, id="mirror-blind-nil"),
    pytest.param("whiz", {"blind_nil": True}, {"bid_rule", "blind_nil"}, id="whiz-blind-nil"),
    pytest.param("whiz", {"blind_bids": True}, {"bid_rule", "blind_bids"}, id="whiz-blind-bids"),
    pytest.param("classic", {"bid_rule": "mirror"}, {"bid_rule", "blind_nil"}, id="classic-made-mirror"),
    pytest.param("whiz", {"board": 4}, {"bid_rule", "board"}, id="whiz-board"),
    pytest.param("mirror", {"suicide": True}, {"bid_rule", "suicide"}, id="mirror-suicide"),
    pytest.param("whiz", {"bid_total_not_tricks": True}, {"bid_rule", "bid_total_not_tricks"},
                 id="whiz-bid-total"),
    pytest.param("mirror", {"nil": False}, {"bid_rule", "nil"}, id="mirror-without-nil"),
    pytest.param("cutthroat", {"suicide": True}, {"suicide", "partnerships"}, id="suicide-cutthroat"),
    pytest.param("suicide", {"nil": False}, {"suicide", "nil"}, id="suicide-without-nil"),
    pytest.param("suicide", {"bid_total_not_tricks": True}, {"suicide", "bid_total_not_tricks"},
                 id="suicide-bid-total"),
    pytest.param("standard", {"bag_limit": 0}, {"bag_limit"}, id="bag-limit-0"),
    pytest.param("standard", {"target": 0}, {"target"}, id="target-0"),
    pytest.param("standard", {"target": -500}, {"target"}, id="target-negative"),
    pytest.param("standard", {"mercy_floor": 0}, {"mercy_floor"}, id="mercy-floor-0"),
    pytest.param("standard", {"mercy_floor": 100}, {"mercy_floor"}, id="mercy-floor-positive"),
    pytest.param("suicide", {"win_by_margin": 0}, {"win_by_margin"}, id="margin-0"),
    pytest.param("standard", {"hand_cap": 0}, {"hand_cap"}, id="hand-cap-0"),
    pytest.param("speed", {"move_seconds": 0}, {"move_seconds"}, id="move-seconds-0"),
    pytest.param("speed", {"move_seconds": 3601}, {"move_seconds"}, id="move-seconds-3601"),
    pytest.param("speed", {"move_seconds": -5.0}, {"move_seconds"}, id="move-seconds-negative"),
    pytest.param("speed", {"time_bank_seconds": -1}, {"time_bank_seconds"}, id="time-bank-negative"),
    # NaN is no number of seconds (and not valid JSON); move_seconds already refuses it.
    pytest.param("speed", {"time_bank_seconds": float("nan")}, {"time_bank_seconds"}, id="time-bank-nan"),
    pytest.param("speed", {"move_seconds": float("nan")}, {"move_seconds"}, id="move-seconds-nan"),
    pytest.param("standard", {"time_bank_seconds": 30}, {"time_bank_seconds", "move_seconds"},
                 id="time-bank-without-clock"),
    pytest.param("speed", {"timeouts_before_replace": 0}, {"timeouts_before_replace"}, id="timeouts-0"),
]


@pytest.mark.parametrize(("preset_name", "overrides", "at_fault"), REFUSALS)
def test_contradictions_are_refused(preset_name: str, overrides: dict[str, Any], at_fault: set[str]) -> None:
    e = refusal(preset_name, overrides)
    assert set(e.switches) == at_fault
    assert len(e.switches) == len(at_fault)
    assert e.detail


def test_validate_refuses_a_rule_set_built_directly() -> None:
    with pytest.raises(RuleSetError) as info:
        validate(RuleSet(players=3))
    assert set(info.value.switches) == {"partnerships", "players"}
    r = RuleSet(players=3, partnerships=False)
    assert validate(r) is r


# Derived values ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset_name", "jokers", "cards"),
    [
        ("standard", False, 13),  # RULES.md: "Dealer deals 13 each"
        ("standard", True, 13),  # 000: jokers in, 2♣ and 2♦ out: still 52 cards
        ("cutthroat", True, 13),
        ("cutthroat3", False, 17),  # 000: "各プレイヤーには 17 枚のカード"
        ("cutthroat3", True, 18),  # 000: "その場合、各プレイヤーは 18 枚のカード"
    ],
)
def test_cards_per_hand(preset_name: str, jokers: bool, cards: int) -> None:
    assert make_rules(preset_name, {"jokers": jokers}).cards_per_hand == cards


def test_teams() -> None:
    # RULES.md: "partner of s is (s+2)%4".
    assert PRESETS["standard"].teams == ((0, 2), (1, 3))
    assert PRESETS["suicide"].teams == ((0, 2), (1, 3))
    assert PRESETS["cutthroat"].teams == ((0,), (1,), (2,), (3,))
    assert PRESETS["cutthroat3"].teams == ((0,), (1,), (2,))


# Serialisation and documentation -----------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rules_from_dict_round_trip(name: str) -> None:
    r = PRESETS[name]
    assert rules_from_dict(r.to_dict()) == r
    assert rules_from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_rules_from_dict_round_trip_with_overrides() -> None:
    r = make_rules("speed", {"move_seconds": 2.5, "target": 300, "overtricks": "none", "mercy_floor": -200})
    back = rules_from_dict(json.loads(json.dumps(r.to_dict())))
    assert back == r
    assert back.overrides() == r.overrides()


def test_rules_from_dict_validates() -> None:
    data = PRESETS["standard"].to_dict()
    data["players"] = 3
    with pytest.raises(RuleSetError):
        rules_from_dict(data)


def test_to_dict_names_every_switch() -> None:
    data = PRESETS["classic"].to_dict()
    assert set(data) == set(SWITCHES) | {"name"}
    assert data["name"] == "classic"


def test_switch_docs_cover_every_switch() -> None:
    docs = switch_docs()
    assert set(docs) == set(SWITCHES)
    assert "name" not in docs
    for switch, doc in docs.items():
        assert isinstance(doc, str) and doc.strip(), switch
