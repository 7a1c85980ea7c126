"""Unit tests of the bidding rules (``games.engine.bidding``) on positions built from plain facts, without a
game: the bid rule, nil, blind bids, suicide, the board (with partners and in cutthroat), the forbidden total,
the order the refusals are checked in and the bidding order.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.engine import Bid, Reason, preset
from games.engine.bidding import bidding_order, bidding_position

NONE4: list[Bid | None] = [None] * 4


def bids(text: str) -> list[Bid | None]:
    """The table's bids written one a seat, ``-`` for a seat yet to bid: ``"- 3 3 -"``."""
    return [None if t == "-" else Bid(int(t)) for t in text.split()]


def test_free_bidding_allows_nil_to_every_trick() -> None:
    position = bidding_position(preset("standard"), 1, NONE4, spades=3)
    assert position.legal_bids() == [Bid(n) for n in range(14)]
    assert position.reason(14) == Reason.BID_OUT_OF_RANGE
    assert position.reason(-1) == Reason.BID_OUT_OF_RANGE


def test_no_nil_in_easy() -> None:
    position = bidding_position(preset("easy"), 1, NONE4, spades=3)
    assert position.reason(0) == Reason.NIL_NOT_ALLOWED
    assert position.legal_bids() == [Bid(n) for n in range(1, 14)]


def test_mirror_and_whiz_follow_the_spades_held() -> None:
    mirror = bidding_position(preset("mirror"), 1, NONE4, spades=4)
    assert mirror.legal_bids() == [Bid(4)]
    assert mirror.reason(0) == Reason.BID_MUST_EQUAL_SPADES
    assert bidding_position(preset("mirror"), 1, NONE4, spades=0).legal_bids() == [Bid(0)]
    whiz = bidding_position(preset("whiz"), 1, NONE4, spades=4)
    assert whiz.legal_bids() == [Bid(0), Bid(4)]
    assert whiz.reason(3) == Reason.BID_MUST_BE_SPADES_OR_NIL


def test_blind_bids_only_before_looking_and_when_the_side_may() -> None:
    rules = preset("yahoo")
    unseen = bidding_position(rules, 1, NONE4, spades=0, looked=False, blind_nil_ok=True)
    assert unseen.legal_bids()[-1] == Bid(0, True)
    assert [b for b in unseen.legal_bids() if b.blind] == [Bid(0, True)]
    assert unseen.reason(3, True) == Reason.BLIND_NOT_ALLOWED
    # Not allowed is checked before already seen: a seat that never had the choice is told so.
    seen = bidding_position(rules, 1, NONE4, spades=0, looked=True)
    assert seen.reason(0, True) == Reason.BLIND_NOT_ALLOWED
    seen_ok = bidding_position(rules, 1, NONE4, spades=0, looked=True, blind_nil_ok=True)
    assert seen_ok.reason(0, True) == Reason.CARDS_ALREADY_SEEN


def test_blind_number_bids_stop_at_the_blind_maximum() -> None:
    rules = preset("standard", blind_bids=True, blind_bid_trailing=0, blind_bid_max=5)
    position = bidding_position(rules, 1, NONE4, spades=0, looked=False, blind_bid_ok=True)
    assert [b.tricks for b in position.legal_bids() if b.blind] == [1, 2, 3, 4, 5]
    assert position.reason(6, True) == Reason.BID_OUT_OF_RANGE


def test_suicide_forces_a_nil_on_the_second_partner() -> None:
    rules = preset("suicide")
    assert len(bidding_position(rules, 3, bids("- - 3 -"), spades=2).legal_bids()) == 14
    forced = bidding_position(rules, 3, bids("- 3 3 -"), spades=2)
    assert forced.legal_bids() == [Bid(0)]
    assert forced.reason(2) == Reason.NIL_REQUIRED
    free = bidding_position(rules, 3, bids("- 0 3 -"), spades=2)
    assert len(free.legal_bids()) == 14


def test_suicide_with_a_board_bids_nil_or_at_least_the_board() -> None:
    position = bidding_position(preset("suicide", board=4), 1, NONE4, spades=2)
    assert position.legal_bids() == [Bid(0)] + [Bid(n) for n in range(4, 14)]
    assert position.reason(3) == Reason.BELOW_BOARD


def test_the_board_binds_the_side_once_the_partner_has_bid() -> None:
    rules = preset("standard", board=4)
    assert len(bidding_position(rules, 1, NONE4, spades=2).legal_bids()) == 14
    after_two = bidding_position(rules, 3, bids("- 2 - -"), spades=2)
    assert after_two.reason(1) == Reason.BELOW_BOARD
    assert after_two.reason(0) == Reason.BELOW_BOARD  # nil leaves the partner below the board
    assert [b.tricks for b in after_two.legal_bids()] == list(range(2, 14))
    after_nil = bidding_position(rules, 3, bids("- 0 - -"), spades=2)
    assert [b.tricks for b in after_nil.legal_bids()] == [0] + list(range(4, 14))  # both nil, or reach it alone


def test_the_board_in_cutthroat_binds_each_seat_alone() -> None:
    position = bidding_position(preset("cutthroat", board=3), 2, bids("- 5 - -"), spades=2)
    assert [b.tricks for b in position.legal_bids()] == [0] + list(range(3, 14))


def test_the_last_bidder_may_not_make_the_total_the_tricks() -> None:
    rules = preset("standard", bid_total_not_tricks=True)
    last = bidding_position(rules, 0, bids("- 3 3 3"), spades=2)
    assert last.reason(4) == Reason.BID_TOTAL_EQUALS_TRICKS
    assert Bid(4) not in last.legal_bids() and len(last.legal_bids()) == 13
    assert bidding_position(rules, 3, bids("- 3 3 -"), spades=2).reason(7) is None


def test_bidding_starts_left_of_the_dealer() -> None:
    assert bidding_order(3, 4) == [0, 1, 2, 3]
    assert bidding_order(0, 4) == [1, 2, 3, 0]
    assert bidding_order(1, 3) == [2, 0, 1]


RULE_SETS = [preset(name) for name in ("standard", "easy", "classic", "yahoo", "suicide", "double_nil_pass", "mirror",
                                        "whiz", "cutthroat", "cutthroat3")] + [
    preset("standard", board=4), preset("standard", bid_total_not_tricks=True),
    preset("suicide", board=4), preset("classic", blind_bids=True, blind_bid_trailing=0),
]


@given(
    rules=st.sampled_from(RULE_SETS),
    seat=st.integers(0, 3),
    table=st.lists(st.one_of(st.none(), st.integers(0, 7)), min_size=4, max_size=4),
    spades=st.integers(0, 13),
    looked=st.booleans(),
    blind_nil_ok=st.booleans(),
    blind_bid_ok=st.booleans(),
)
def test_legal_bids_are_the_bids_with_no_reason(rules, seat, table, spades, looked, blind_nil_ok, blind_bid_ok) -> None:
    """legal_bids lists the bids as sets of numbers; reason refuses one bid at a time: the same rules."""
    n = rules.players
    seat %= n
    table = table[:n]
    table[seat] = None
    position = bidding_position(rules, seat, [None if b is None else Bid(b) for b in table], spades=spades,
                                looked=looked, blind_nil_ok=blind_nil_ok, blind_bid_ok=blind_bid_ok)
    every = [Bid(k) for k in range(position.highest + 1)]
    if not looked:
        every += [Bid(k, True) for k in range(position.highest + 1)]
    assert position.legal_bids() == [b for b in every if position.reason(b.tricks, b.blind) is None]
