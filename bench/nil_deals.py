"""Screening for the opponents'-nils figure: the duplicate deals of ``bench/bots.py`` on which a normal bot
bids nil, found by bidding each deal with the normal bot in every seat (no card is played, so a thousand
deals take seconds).

Only a deal where a seat of the B side bids nil can move "opponents' nils broken" of player A, so a change to
how A attacks nils can be compared with the bot before it on these deals alone (``bench/bots.py --deal-list``),
several times faster than on every deal. The screen is a proxy: in the real play A's own bids come before or
after the nil bidder's, and the normal bot's nil depends on the bids before it only through its partner's
(:func:`bots.strategies.bidding.wants_nil`), so a few listed deals have no nil in the real play and a few
unlisted ones have one. Both bots of a comparison play the same listed deals, so the comparison stays paired;
the figures describe those deals, not the whole bench.

Usage: ``python bench/nil_deals.py [--deals N] [--first-deal K] > deals.txt`` (one deal number a line).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.arena import STANDARD, deal_seed  # noqa: E402
from bots.strategies import decide  # noqa: E402
from games.engine import BID, Action, Game, seat_view  # noqa: E402


def bid_by_normal(index: int) -> Game:
    """Deal ``index`` of the bench, bid by the normal bot in every seat (the game stands at the first lead)."""
    seed, first_dealer = deal_seed(index)
    game = Game.new(STANDARD, seed=seed, first_dealer=first_dealer)
    while game.phase == BID:
        seat = game.turn
        assert seat is not None
        view = seat_view(game, seat).to_json()
        action = decide(view, STANDARD, level="normal", rng=random.Random(index))
        game.apply(Action.from_json({**action, "seat": seat}))
    return game


def nil_seats(index: int) -> list[int]:
    """The seats that bid nil on deal ``index`` when the normal bot bids for every seat."""
    bids = bid_by_normal(index).bids
    return [s for s, b in enumerate(bids) if b is not None and b.is_nil]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-deal", type=int, default=0)
    args = parser.parse_args()
    found = 0
    for i in range(args.first_deal, args.first_deal + args.deals):
        if nil_seats(i):
            print(i)
            found += 1
    print(f"{found} of {args.deals} deals have a normal bot's nil", file=sys.stderr)


if __name__ == "__main__":
    main()
