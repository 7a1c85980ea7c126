"""bench/nil_losses.py: the letters it gives each of A's decisions against a live nil must tell a story the
cards allow: a nil broken in the end was breakable at every decision of A's side, and a nil kept was let go
(``L``) or was out of reach (``U``) by A's last decision."""

from __future__ import annotations

from typing import Any

import pytest

from bench.nil_losses import NilWatch
from bots.arena import deal_seed, play_hand
from games.engine import Game
from games.engine.rules import side_of

from .test_nil_ceiling import RULES


def watched(index: int, a_side: int) -> tuple[Game, NilWatch, int]:
    """Deal ``index`` played by the normal bot in every seat, watched for side ``a_side``'s attack; also the
    number of decisions the watch was shown."""
    seed, first_dealer = deal_seed(index)
    watch = NilWatch(a_side, nodes=3000)
    decisions = 0

    def count(game: Game, seat: int, view: dict[str, Any], action: dict[str, Any]) -> None:
        nonlocal decisions
        decisions += 1
        watch(game, seat, view, action)

    game = play_hand(seed, first_dealer, ("normal",) * 4, 10, {}, watch=count)
    return game, watch, decisions


@pytest.mark.parametrize("index", [1, 4])
def test_the_letters_agree_with_how_the_nil_ended(index: int) -> None:
    seen = 0
    for a_side in (0, 1):
        game, watch, decisions = watched(index, a_side)
        assert decisions == 4 + 52  # four bids, then every card
        made = {n.seat: n.made for side in game.records[0].sides for n in side.nils}
        for nil_seat, line in watch.lines.items():
            letters = "".join(line)
            seen += 1
            assert side_of(RULES, nil_seat) != a_side
            assert set(letters) <= set("BUL?")
            gone = min((letters.find(x) for x in "UL" if x in letters), default=len(letters))
            assert "B" not in letters[gone:] and "L" not in letters[gone + 1:]  # out of reach stays out of reach
            if not made[nil_seat]:
                assert "U" not in letters and "L" not in letters
            else:
                assert letters[-1] in "UL?"
    assert seen  # the normal bot bids nil on these deals (bench/nil_deals.py)
