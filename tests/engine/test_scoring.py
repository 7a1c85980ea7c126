"""Scoring of one hand, switch by switch, against hand-computed expectations.

Every expectation is worked out by hand from the seed text named in the test's comment (``000`` is the
encyclopedia article, ``001`` the online site's rules, ``002`` the classic rule book, ``003``/``004`` the
help pages of two web games); ``shared/RULES.md`` is the digest of those texts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from games.engine import Bid, NilResult, RuleSet, SideScore, make_rules, score_hand, score_side

PAIR = (0, 2)
NIL = Bid(0)
BLIND_NIL = Bid(0, blind=True)


def rules(preset: str = "standard", **overrides: object) -> RuleSet:
    """A preset with overrides (validated by the engine)."""
    return make_rules(preset, overrides)


def side(
    r: RuleSet,
    bids: Sequence[Bid | int],
    tricks: Sequence[int],
    *,
    seats: Sequence[int] = PAIR,
    score: int = 0,
    bags: int = 0,
) -> SideScore:
    """Score one side; plain ints in ``bids`` are ordinary number bids."""
    bid_list = [b if isinstance(b, Bid) else Bid(b) for b in bids]
    return score_side(r, seats, bid_list, tricks, score_before=score, bags_before=bags)


def breakdown_sum(s: SideScore) -> int:
    """The sum of a side's breakdown lines, which ``points`` must equal."""
    return s.contract_points + s.overtrick_points + s.bag_penalty + sum(n.points for n in s.nils) + s.boston_points


# Made and set ------------------------------------------------------------------------------------------


def test_exact_contract_scores_ten_a_trick() -> None:
    # 004: "あなたが4、パートナーが3と宣言したら、チームで7回取ればよい" and "宣言7なら70点".
    s = side(rules(), [4, 3], [4, 3])
    assert (s.contract, s.tricks, s.made) == (7, 7, True)
    assert (s.contract_points, s.overtricks, s.overtrick_points, s.bags) == (70, 0, 0, 0)
    assert s.points == 70


def test_partners_tricks_pool_for_the_contract() -> None:
    # 004: "2人のうちどちらが取ってもかまいません" - it does not matter which partner takes the tricks.
    s = side(rules(), [4, 3], [1, 6])
    assert s.made is True
    assert s.points == 70


def test_overtricks_are_one_point_and_one_bag_each() -> None:
    # 002: "ベスとデイヴィッドは5トリックを入札し、7トリックを獲得しました。彼らは52ポイント".
    s = side(rules(), [3, 2], [4, 3])
    assert (s.contract_points, s.overtricks, s.overtrick_points, s.bags) == (50, 2, 2, 2)
    assert s.points == 52
    assert s.bags_after == 2


def test_set_loses_ten_a_bid_trick() -> None:
    # 000: "入札が 6 で、6 未満のトリックを獲得した場合はマイナス 60 ポイント".
    s = side(rules(), [3, 3], [3, 2])
    assert s.made is False
    assert (s.contract_points, s.overtricks, s.bags) == (-60, 0, 0)
    assert s.points == -60


def test_set_costs_the_same_however_short() -> None:
    # 004: "宣言に1回でも届かなければ宣言×10点を引かれます（足りない数は関係ありません）".
    assert side(rules(), [3, 3], [0, 0]).points == -60
    assert side(rules(), [3, 3], [2, 3]).points == -60


def test_score_after_adds_the_hand_to_the_running_score() -> None:
    # 001: "２４９点持っているときに、４ビッドで６トリック獲得した ＝２４９+４２-１００＝１９１点" (bags 9 -> 1).
    s = side(rules("yahoo"), [2, 2], [3, 3], score=249, bags=9)
    assert (s.score_before, s.points, s.score_after) == (249, -58, 191)
    assert (s.bags_before, s.bags, s.bags_after) == (9, 2, 1)


# Bags and the bag penalty -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "overrides", "bids", "tricks", "bags_before", "penalty", "bags_after", "points"),
    [
        # 004: "10個たまるごとに100点引かれます": 7 + 2 = 9 bags, no penalty yet.
        pytest.param("standard", {}, [2, 2], [3, 3], 7, 0, 9, 42, id="standard-below-limit"),
        # 004/001: reaching exactly 10 bags costs 100 and the count goes back to 0 (8 + 2 = 10).
        pytest.param("standard", {}, [2, 2], [3, 3], 8, -100, 0, -58, id="standard-exactly-ten"),
        # 003: "10点を超えたバッグは次の10点のバッグのサイクルに持ち越されます": 9 + 10 = 19 -> -100, 9 carried.
        pytest.param("standard", {}, [1, 1], [6, 6], 9, -100, 9, -70, id="standard-carry-nine"),
        # 002: "追加のバッグが持ち越されます ... さらに9袋 ... 別のペナルティ": each time the limit is reached.
        # A limit of 5 with the penalty left at 100: 4 + 7 = 11 bags -> two penalties, 1 bag carried.
        pytest.param("standard", {"bag_limit": 5}, [2, 2], [6, 5], 4, -200, 1, -153, id="limit-5-twice"),
        # 000: "5つのバッグが蓄積されると50ポイントのペナルティ" (short game): 4 + 1 = 5 -> -50, 0 left.
        pytest.param("short", {}, [2, 2], [3, 2], 4, -50, 0, -9, id="short-exactly-five"),
        # 000 short game again: 0 + 6 = 6 bags -> -50 once, 1 carried; 20 + 6 - 50 = -24.
        pytest.param("short", {}, [1, 1], [4, 4], 0, -50, 1, -24, id="short-carry-one"),
        # A custom limit 3 / penalty 30 (same rule, other numbers): 2 + 4 = 6 -> two penalties, 0 left.
        pytest.param("standard", {"bag_limit": 3, "bag_penalty": 30}, [2, 2], [4, 4], 2, -60, 0, -16,
                     id="limit-3-penalty-30"),
    ],
)
def test_bag_penalty_and_carry_over(
    preset: str, overrides: dict[str, object], bids: list[int], tricks: list[int], bags_before: int,
    penalty: int, bags_after: int, points: int,
) -> None:
    s = side(make_rules(preset, overrides), bids, tricks, bags=bags_before)
    assert s.bag_penalty == penalty
    assert s.bags_after == bags_after
    assert s.points == points
    assert s.points == breakdown_sum(s)


def test_short_preset_limit_and_penalty() -> None:
    # 000: "250ポイント ... 5つのバッグが蓄積されると50ポイントのペナルティ": conformance case 000-short-game-five-bags.
    s = side(rules("short"), [2, 2], [3, 3], bags=3)
    assert (s.bags, s.bag_penalty, s.bags_after, s.points) == (2, -50, 0, -8)


def test_set_side_earns_no_bags_from_its_own_tricks() -> None:
    # 000/004: bags are tricks over a contract that was made; a set side has no overtricks.
    s = side(rules(), [5, 4], [4, 4], bags=9)
    assert (s.overtricks, s.bags, s.bag_penalty, s.bags_after) == (0, 0, 0, 9)
    assert s.points == -90


# set_penalty -------------------------------------------------------------------------------------------


def test_easy_set_costs_nothing() -> None:
    # 004: "「かんたん」は、ニルなし・宣言に届かなくても点を引かない・200点までの短い勝負".
    s = side(rules("easy"), [3, 3], [2, 2])
    assert s.made is False
    assert (s.contract_points, s.points, s.bags_after) == (0, 0, 0)


def test_easy_made_contract_scores_as_usual() -> None:
    # 004: only the set penalty is switched off; a made contract is still 10 a trick plus bags.
    s = side(rules("easy"), [3, 2], [4, 3])
    assert (s.contract_points, s.bags, s.points) == (50, 2, 52)


def test_set_penalty_off_as_an_override() -> None:
    # 004 かんたん as a single switch on the standard game.
    assert side(rules(set_penalty=False), [4, 4], [3, 3]).points == 0
    assert side(rules(set_penalty=True), [4, 4], [3, 3]).points == -80


# Nil and failed_nil_counts_for_partner ------------------------------------------------------------------


def test_nil_scored_apart_from_the_partners_contract() -> None:
    # 004: "ニルの点は、パートナーの宣言の点とは別に数えます": partner bid 4 took 4 and nil made -> 40 + 100.
    s = side(rules(), [4, NIL], [4, 0])
    assert s.nils == (NilResult(seat=2, blind=False, tricks=0, made=True, points=100),)
    assert (s.contract, s.contract_points, s.points) == (4, 40, 140)


def test_nil_made_partner_set_nets_plus_fifty() -> None:
    # 000: "ゼロ入札に成功したが、パートナーが 5 トリック入札して 4 トリックしか取らなかった ... -50 + 100 = 50".
    s = side(rules(), [5, NIL], [4, 0])
    assert (s.contract_points, s.points) == (-50, 50)


def test_nil_failed_partner_made_nets_minus_fifty() -> None:
    # 000: "ゼロ入札に失敗し、パートナーが入札して 5 トリック取った場合、正味のスコアは -50".
    # 000 leaves the nil's trick out; 002 (standard) makes it a bag worth 1: 50 - 100 + 1 = -49.
    s = side(rules("standard"), [5, NIL], [5, 1])
    assert s.contract_points + sum(n.points for n in s.nils) == -50
    assert (s.bags, s.points) == (1, -49)


def test_failed_nil_tricks_are_only_bags_when_switch_off() -> None:
    # 002: "Nilに入札したプレーヤーが失敗すると、そのプレイヤーが獲得したトリックはパートナーの入札単価に
    # カウントされませんが、パートナーシップのバッグとしてカウントされます".
    # Partner bid 5 took 4, nil took 1: set (-50), the nil's trick is a bag (+1), nil -100 -> -149.
    s = side(rules("standard"), [5, NIL], [4, 1])
    assert s.made is False
    assert s.tricks == 4
    assert (s.contract_points, s.overtricks, s.bags, s.points, s.bags_after) == (-50, 1, 1, -149, 1)


def test_failed_nil_tricks_help_the_partner_when_switch_on() -> None:
    # 003: "ニルのビッドが失敗した場合、ビッドしたプレイヤーが獲得したトリックはパートナーのビッドを行うために数える".
    # Same hand as above: 4 + 1 = 5 makes the bid of 5: 50 - 100 = -50, no bags.
    s = side(rules("standard", failed_nil_counts_for_partner=True), [5, NIL], [4, 1])
    assert s.made is True
    assert s.tricks == 5
    assert (s.contract_points, s.bags, s.points) == (50, 0, -50)


def test_failed_nil_tricks_over_the_contract_are_bags_either_way() -> None:
    # 001: "４ビッドとニルで６トリック獲得、ニル失敗 ＝５８点減点と２バッグ" (on); 002 (off): the nil's tricks
    # are bags. Partner bid 3 took 3, nil took 2: both ways 30 + 2 - 100 = -68 with 2 bags.
    on = side(rules("yahoo"), [3, NIL], [3, 2])
    off = side(rules("standard"), [3, NIL], [3, 2])
    assert (on.points, on.bags) == (off.points, off.bags) == (-68, 2)


@pytest.mark.parametrize("counts", [False, True], ids=["tricks-are-bags", "tricks-count"])
@pytest.mark.parametrize(
    ("tricks", "nil_points", "bags", "points"),
    [
        # 002: "両方とも成功すれば、パートナーシップは200ポイントのボーナス".
        pytest.param([0, 0], 200, 0, 200, id="both-made"),
        # 002: "両方のパートナーが失敗した場合、パートナーシップは200ポイントのペナルティ"; the 3 tricks the
        # nil bidders took are the partnership's bags (002), 1 point each: -200 + 3 = -197.
        pytest.param([1, 2], -200, 3, -197, id="both-failed"),
        # 002: "1つのパートナーが成功し、もう1つのパートナーが失敗した場合 ... 正味効果は0ポイント"; 2 bags.
        pytest.param([0, 2], 0, 2, 2, id="one-of-each"),
    ],
)
def test_side_of_two_nils(counts: bool, tricks: list[int], nil_points: int, bags: int, points: int) -> None:
    s = side(rules(failed_nil_counts_for_partner=counts), [NIL, NIL], tricks)
    assert s.contract == 0
    assert s.made is None
    assert s.contract_points == 0
    assert len(s.nils) == 2
    assert sum(n.points for n in s.nils) == nil_points
    assert (s.bags, s.points) == (bags, points)


# Blind nil ---------------------------------------------------------------------------------------------


def test_blind_nil_made_is_plus_two_hundred() -> None:
    # 001: "ダブルニル成功ポイントが２００点加点 ... ４ビッドとダブルニルで６トリック獲得、ダブルニル成功 ＝２４２点".
    s = side(rules("classic"), [4, BLIND_NIL], [4, 0])
    assert s.nils == (NilResult(seat=2, blind=True, tricks=0, made=True, points=200),)
    assert s.points == 240


def test_blind_nil_failed_is_minus_two_hundred() -> None:
    # 002: "彼が失敗した場合、彼のパートナーシップは200ポイントのペナルティ"; classic keeps 002's rule that the
    # failed nil's trick is only a bag: 40 + 1 - 200 = -159.
    s = side(rules("classic"), [4, BLIND_NIL], [4, 1])
    assert s.nils == (NilResult(seat=2, blind=True, tricks=1, made=False, points=-200),)
    assert (s.bags, s.points) == (1, -159)


@pytest.mark.parametrize(
    ("tricks", "nil_points"),
    [
        # 002: "どちらも成功すれば、パートナーシップは400ポイントのボーナス".
        pytest.param([0, 0], 400, id="both-made"),
        # 002: "両方のパートナーが失敗すると、パートナーシップは400ポイントのペナルティ".
        pytest.param([1, 1], -400, id="both-failed"),
        # 002: "1つのパートナーが成功し、もう1つのパートナーが失敗した場合 ... 正味効果は0ポイント".
        pytest.param([0, 3], 0, id="one-of-each"),
    ],
)
def test_both_partners_blind_nil(tricks: list[int], nil_points: int) -> None:
    s = side(rules("classic"), [BLIND_NIL, BLIND_NIL], tricks)
    assert all(n.blind for n in s.nils)
    assert sum(n.points for n in s.nils) == nil_points
    # 002: a failed nil's tricks are the partnership's bags.
    assert s.bags == sum(tricks)
    assert s.points == nil_points + sum(tricks)


def test_blind_nil_and_plain_nil_on_one_side() -> None:
    # 001/002: each nil is scored on its own value: blind 200 plus plain 100.
    s = side(rules("classic"), [BLIND_NIL, NIL], [0, 0])
    assert sorted(n.points for n in s.nils) == [100, 200]
    assert s.points == 300


def test_blind_nil_value_switch() -> None:
    # 000: "成功した場合、チームは 150 ポイントを獲得します" - some tables value blind nil at 150.
    r = rules("classic", blind_nil_value=150)
    assert side(r, [3, BLIND_NIL], [3, 0]).points == 180
    assert side(r, [3, BLIND_NIL], [3, 1]).points == 30 + 1 - 150


def test_nil_value_switch() -> None:
    # 000 (two-deck variant): "成功したゼロ入札は50点" - the nil value is a number, not always 100.
    r = rules(nil_value=50)
    assert side(r, [3, NIL], [3, 0]).points == 80
    assert side(r, [3, NIL], [3, 1]).points == 30 + 1 - 50


# Blind number bids -------------------------------------------------------------------------------------


def test_blind_number_bid_made_scores_twenty_a_trick() -> None:
    # 000 'trailing blind': "ブラインド ビッドは 1 トリックあたり 20 ポイントで得点され、
    # オーバートリックは得点されません". Blind 4 + blind 3 made exactly -> 7 x 20 = 140.
    s = side(rules(blind_bids=True), [Bid(4, blind=True), Bid(3, blind=True)], [4, 3])
    assert (s.made, s.contract_points, s.points) == (True, 140, 140)


def test_blind_number_bid_scores_no_overtricks_and_no_bags() -> None:
    # 000: "オーバートリックは得点されません": bid blind 7, took 9 -> still 140, no bag.
    s = side(rules(blind_bids=True), [Bid(4, blind=True), Bid(3, blind=True)], [5, 4], bags=9)
    assert (s.overtricks, s.overtrick_points, s.bags, s.bag_penalty, s.bags_after) == (0, 0, 0, 0, 9)
    assert s.points == 140


def test_blind_number_bid_set_loses_ten_a_trick() -> None:
    # 000: "ブラインド コントラクトに失敗すると、通常の 1 トリックあたり 10 ポイントのペナルティ": blind 7 set -> -70.
    s = side(rules(blind_bids=True), [Bid(4, blind=True), Bid(3, blind=True)], [3, 3])
    assert (s.made, s.contract_points, s.points) == (False, -70, -70)


def test_blind_number_bid_cutthroat_seat() -> None:
    # 000 trailing blind applies to "プレイヤーまたはパートナーシップ": a solo seat bids blind 6.
    r = rules("cutthroat", blind_bids=True)
    assert side(r, [Bid(6, blind=True)], [8], seats=(1,)).points == 120
    assert side(r, [Bid(6, blind=True)], [5], seats=(1,)).points == -60


def test_blind_bid_and_plain_bid_on_one_side() -> None:
    # 000: the blind tricks score 20 each, an ordinary bid keeps 10 a trick: blind 5 + 3 made exactly = 130.
    s = side(rules(blind_bids=True), [Bid(5, blind=True), Bid(3)], [5, 3])
    assert s.points == 5 * 20 + 3 * 10


def test_blind_bid_value_switch() -> None:
    # The per-trick value of 000's trailing blind is a switch: 30 a trick, blind 5 made -> 150.
    r = rules(blind_bids=True, blind_bid_value=30)
    assert side(r, [Bid(3, blind=True), Bid(2, blind=True)], [3, 2]).points == 150


# Overtrick modes ---------------------------------------------------------------------------------------


def test_3b_each_overtrick_costs_ten() -> None:
    # 000 '3Bスペード': "ビッドしたトリックごとに10ポイント、追加トリックごとにマイナス10ポイント": bid 7 took 9 -> 50.
    s = side(rules(overtricks="3b"), [4, 3], [5, 4])
    assert (s.contract_points, s.overtricks, s.overtrick_points, s.bags) == (70, 2, -20, 0)
    assert s.points == 50


def test_3b_has_no_bag_penalty() -> None:
    # 000 3B: the overtrick is punished at once ("即座にバッグペナルティ"), so no bag count and no bag-out:
    # bid 2 took 12 -> 20 - 100 = -80, with no further penalty and no bags.
    s = side(rules(overtricks="3b"), [1, 1], [6, 6])
    assert (s.overtrick_points, s.bag_penalty, s.bags, s.bags_after) == (-100, 0, 0, 0)
    assert s.points == -80


def test_3b_failed_nil_tricks_cost_ten() -> None:
    # 000 3B: "ゼロ/ゼロのプレーヤーも「追加」トリックごとにマイナス10": partner bid 3 took 3, nil took 2 ->
    # 30 - 20 - 100 = -90.
    s = side(rules(overtricks="3b"), [3, NIL], [3, 2])
    assert (s.overtrick_points, s.bags, s.points) == (-20, 0, -90)


def test_no_overs_overtricks_worth_nothing() -> None:
    # 000 'オーバーなし': "入札したトリックごとに 10 ポイントのみ ... 「バギング アウト」のペナルティはない".
    s = side(rules(overtricks="none"), [4, 3], [5, 4], bags=9)
    assert (s.contract_points, s.overtrick_points, s.bags, s.bag_penalty, s.bags_after) == (70, 0, 0, 0, 9)
    assert s.points == 70


def test_no_overs_set_still_costs() -> None:
    # 000 'オーバーなし': "入札で「セット」された場合のみポイントを失う".
    assert side(rules(overtricks="none"), [4, 3], [3, 3]).points == -70


# 10 for 200 --------------------------------------------------------------------------------------------


def test_ten_for_two_hundred_made() -> None:
    # 000 '10-for-200': "少なくとも 10 トリックを獲得することを約束します。成功した場合、チームは 200 ポイント".
    s = side(rules(ten_for_two_hundred=True), [6, 4], [6, 4])
    assert (s.ten_for_two_hundred, s.contract_points, s.points) == (True, 200, 200)


def test_ten_for_two_hundred_extra_tricks_are_bags() -> None:
    # 000: "チームが 10 を超えるトリックを獲得した場合、余分なトリックは依然としてバッグ": bid 10 took 11 -> 201.
    s = side(rules(ten_for_two_hundred=True), [6, 4], [6, 5])
    assert (s.contract_points, s.bags, s.points) == (200, 1, 201)


def test_ten_for_two_hundred_set() -> None:
    # 000: "チームが 10 トリック未満を獲得した場合、200 ポイントを失います".
    s = side(rules(ten_for_two_hundred=True), [6, 4], [5, 4])
    assert (s.made, s.contract_points, s.points) == (False, -200, -200)


def test_ten_for_two_hundred_covers_contracts_above_ten() -> None:
    # RULES.md: "a team contract of 10+ scores ±200": bid 11 took 12 -> 200 + 1 bag.
    s = side(rules(ten_for_two_hundred=True), [6, 5], [6, 6])
    assert (s.ten_for_two_hundred, s.points) == (True, 201)


def test_ten_for_two_hundred_needs_ten() -> None:
    # 000: a contract of 9 is an ordinary bid.
    s = side(rules(ten_for_two_hundred=True), [5, 4], [5, 4])
    assert (s.ten_for_two_hundred, s.points) == (False, 90)


def test_ten_without_the_switch_is_a_hundred() -> None:
    # 004/001: 10 a bid trick when 10-for-200 is not played.
    s = side(rules(), [6, 4], [6, 4])
    assert (s.ten_for_two_hundred, s.points) == (False, 100)


# Boston ------------------------------------------------------------------------------------------------


def test_boston_bonus() -> None:
    # 003: "1ラウンドの13トリックをすべて獲得した場合、「ボストン」"; RULES.md: Boston "option of a bonus".
    # Bid 9 took 13: 90 + 4 bags + 200 = 294.
    s = side(rules(boston="bonus"), [5, 4], [7, 6])
    assert (s.boston, s.boston_points) == (True, 200)
    assert s.points == 294


def test_boston_bonus_value_switch() -> None:
    # The bonus is a number: 300 instead of 200.
    s = side(rules(boston="bonus", boston_bonus=300), [5, 4], [7, 6])
    assert (s.boston_points, s.points) == (300, 394)


@pytest.mark.parametrize("mode", ["off", "win"])
def test_boston_without_bonus_is_flagged_but_scores_nothing_extra(mode: str) -> None:
    # 000 'ボストン': with "win" the game ends (the game decides that); the hand itself scores as usual.
    s = side(rules(boston=mode), [5, 4], [7, 6])
    assert (s.boston, s.boston_points, s.points) == (True, 0, 94)


def test_twelve_tricks_are_not_a_boston() -> None:
    # 000 'レキシントン' (12 tricks) is a different thing: a Boston is all 13.
    s = side(rules(boston="bonus"), [5, 4], [6, 6])
    assert (s.boston, s.boston_points, s.points) == (False, 0, 93)


def test_boston_counts_both_partners_tricks_including_a_nil() -> None:
    # 000: "ボストン– 通常はチームの 1 人のプレーヤーまたは両方のプレーヤーが、1 回のハンドで 13 冊すべて".
    # yahoo counts the failed nil's trick for the side: bid 9 took 13 -> 90 + 4 - 100 + 200 = 194.
    s = side(rules("yahoo", boston="bonus"), [9, NIL], [12, 1])
    assert s.boston is True
    assert s.points == 194


def test_boston_in_cutthroat3_is_all_seventeen() -> None:
    # 000 (3 players, 17 cards each): a seat taking every trick of the hand.
    r = rules("cutthroat3", boston="bonus")
    assert side(r, [10], [17], seats=(0,)).boston is True
    assert side(r, [10], [13], seats=(0,)).boston is False


# Cutthroat ---------------------------------------------------------------------------------------------


def test_cutthroat_seat_made_and_set() -> None:
    # 000 'ソロ スペード': "パートナーシップがない通常のスペード" - one seat scores like a side.
    r = rules("cutthroat")
    made = side(r, [4], [6], seats=(3,))
    assert (made.seats, made.contract, made.points, made.bags) == ((3,), 4, 42, 2)
    assert side(r, [4], [3], seats=(3,)).points == -40


def test_cutthroat_solo_nil_made() -> None:
    # 000: "ゼロのビッドするプレイヤーがトリックを取らなかった場合、そのプレイヤーはゼロのボーナス".
    s = side(rules("cutthroat"), [NIL], [0], seats=(1,))
    assert s.nils == (NilResult(seat=1, blind=False, tricks=0, made=True, points=100),)
    assert (s.made, s.contract, s.contract_points, s.points, s.bags) == (None, 0, 0, 100, 0)


def test_cutthroat_solo_nil_failed() -> None:
    # 000: "失敗した場合、プレイヤーまたはチームはそのボーナスを差し引きます"; the tricks are bags (002): -100 + 2.
    s = side(rules("cutthroat"), [NIL], [2], seats=(1,))
    assert s.nils == (NilResult(seat=1, blind=False, tricks=2, made=False, points=-100),)
    assert (s.bags, s.points) == (2, -98)


def test_cutthroat3_seat() -> None:
    # 000 three players: "各プレイヤーには 17 枚のカード": a seat bids 6 and takes 8 -> 62, 2 bags.
    s = side(rules("cutthroat3"), [6], [8], seats=(2,))
    assert (s.seats, s.points, s.bags) == ((2,), 62, 2)


# points is the sum of the lines --------------------------------------------------------------------------

BREAKDOWN_CASES = [
    ("standard", {}, [4, 3], [5, 4], 9),
    ("standard", {}, [5, NIL], [4, 1], 0),
    ("yahoo", {}, [5, NIL], [4, 1], 8),
    ("yahoo", {"boston": "bonus"}, [9, NIL], [12, 1], 3),
    ("classic", {}, [BLIND_NIL, BLIND_NIL], [0, 3], 0),
    ("classic", {}, [4, BLIND_NIL], [6, 0], 9),
    ("easy", {}, [3, 3], [2, 2], 0),
    ("short", {}, [2, 2], [6, 5], 4),
    ("standard", {"overtricks": "3b"}, [4, 3], [5, 4], 0),
    ("standard", {"overtricks": "none"}, [4, 3], [5, 4], 0),
    ("standard", {"ten_for_two_hundred": True}, [6, 5], [7, 6], 7),
    ("standard", {"boston": "bonus"}, [5, 4], [7, 6], 0),
    ("standard", {"blind_bids": True}, [Bid(5, blind=True), Bid(3)], [4, 3], 0),
    ("standard", {"bag_limit": 3, "bag_penalty": 30}, [1, 1], [6, 5], 2),
]


@pytest.mark.parametrize(("preset", "overrides", "bids", "tricks", "bags"), BREAKDOWN_CASES)
def test_points_is_the_sum_of_the_lines(
    preset: str, overrides: dict[str, object], bids: list[Bid | int], tricks: list[int], bags: int
) -> None:
    s = side(make_rules(preset, overrides), bids, tricks, bags=bags, score=100)
    assert s.points == breakdown_sum(s)
    assert s.score_after == 100 + s.points


def test_points_is_the_sum_of_the_lines_over_every_hand_of_a_partnership() -> None:
    # Every split of 13 tricks between two sides for several bid pairs, under several switch sets.
    rule_sets = [rules(), rules("yahoo"), rules("classic"), rules(overtricks="3b"),
                 rules(ten_for_two_hundred=True, boston="bonus"), rules("short")]
    checked = 0
    for r in rule_sets:
        for bids in ([4, 3], [5, NIL], [NIL, NIL], [6, 5], [2, BLIND_NIL]):
            for a in range(14):
                for b in range(14 - a):
                    s = side(r, bids, [a, b], bags=(a + b) % r.bag_limit)
                    assert s.points == breakdown_sum(s), (r.name, bids, a, b)
                    checked += 1
    assert checked == len(rule_sets) * 5 * 105


# score_hand --------------------------------------------------------------------------------------------


def test_score_hand_four_seats() -> None:
    # Seats 0 and 2 against 1 and 3 (RULES.md: partner of s is (s+2)%4).
    # Side 0: bid 3 + 2 = 5, took 4 + 3 = 7 -> 52, 2 bags; 9 + 2 = 11 -> -100, 1 carried (004).
    # Side 1: seat 1 bid 4 took 5, seat 3 nil took 1 (standard, 002: the nil's trick is a bag):
    #         40 + 1 overtrick + 1 bag from the nil - 100 = -58, 2 bags.
    r = rules()
    sides = score_hand(r, [Bid(3), Bid(4), Bid(2), NIL], [4, 5, 3, 1], [100, 200], [9, 0])
    assert [s.seats for s in sides] == [(0, 2), (1, 3)]
    first, second = sides
    assert (first.contract, first.tricks, first.points, first.score_after, first.bags_after) == (5, 7, -48, 52, 1)
    assert (second.contract, second.tricks, second.points, second.score_after, second.bags_after) == (
        4, 5, -58, 142, 2)
    assert second.nils == (NilResult(seat=3, blind=False, tricks=1, made=False, points=-100),)


def test_score_hand_three_seats() -> None:
    # cutthroat3 (000): every seat is its own side, 17 tricks in all.
    # Seat 0: bid 5 took 7 -> 52, 2 bags. Seat 1: bid 6 took 6 -> 60. Seat 2: nil took 4 -> -100 + 4 bags.
    r = rules("cutthroat3")
    sides = score_hand(r, [Bid(5), Bid(6), NIL], [7, 6, 4], [10, 20, 30], [0, 0, 7])
    assert [s.seats for s in sides] == [(0,), (1,), (2,)]
    assert [s.points for s in sides] == [52, 60, -96 - 100]
    assert [s.score_after for s in sides] == [62, 80, -166]
    assert [s.bags_after for s in sides] == [2, 0, 1]


def test_score_hand_cutthroat_four_seats() -> None:
    # cutthroat (000): four single-seat sides.
    r = rules("cutthroat")
    sides = score_hand(r, [Bid(3), Bid(3), Bid(3), Bid(3)], [4, 3, 3, 3], [0, 0, 0, 0], [0, 0, 0, 0])
    assert [s.points for s in sides] == [31, 30, 30, 30]


# Serialisation -----------------------------------------------------------------------------------------


def test_side_score_json_round_trip() -> None:
    s = side(rules("classic", boston="bonus"), [BLIND_NIL, 9], [1, 12], score=120, bags=8)
    data = json.loads(json.dumps(s.to_json()))
    assert data["seats"] == [0, 2]
    assert data["nils"][0]["blind"] is True
    back = SideScore.from_json(data)
    assert back == s
    assert back.to_json() == s.to_json()


def test_side_score_json_round_trip_without_nils() -> None:
    s = side(rules(), [4, 3], [5, 4])
    assert SideScore.from_json(json.loads(json.dumps(s.to_json()))) == s


@pytest.mark.parametrize("bid", [Bid(0), Bid(0, blind=True), Bid(5), Bid(6, blind=True)])
def test_bid_json_round_trip(bid: Bid) -> None:
    assert Bid.from_json(json.loads(json.dumps(bid.to_json()))) == bid


def test_bid_str_and_is_nil() -> None:
    assert [str(b) for b in (Bid(0), Bid(0, blind=True), Bid(4), Bid(4, blind=True))] == [
        "nil", "blind nil", "4", "blind 4"]
    assert Bid(0).is_nil and Bid(0, blind=True).is_nil and not Bid(1).is_nil
