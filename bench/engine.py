"""Engine speed: random legal full hands (deal, four bids, every play, scoring) in one process, with the
engine's full rule checking on every move. Last line: ``hands_per_second=<N>``.

Usage: ``python bench/engine.py [--hands N] [--preset NAME] [--repeat K]``. The reported figure is the best
of K runs, the usual way to read a micro-benchmark on a shared machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import GAME_OVER, PLAY, Game, preset  # noqa: E402


def play_random_hands(rules_name: str, hands: int, seed: int) -> int:
    """Play ``hands`` random legal hands; returns the number of plays made."""
    rng = random.Random(seed)
    rules = preset(rules_name)
    rand = rng.random
    plays = 0
    done = 0
    game = Game.new(rules, seed=f"bench-{seed}")
    while done < hands:
        if game.phase == GAME_OVER:
            game = Game.new(rules, seed=f"bench-{seed}-{done}")
        seat = game.turn
        if game.phase == PLAY:
            cards = game.legal_cards(seat)
            game.play(seat, cards[int(rand() * len(cards))])
            plays += 1
            if game.phase != PLAY:  # that play ended the hand: it was scored and the next one dealt
                done += 1
        else:
            bids = game.legal_bids(seat)
            bid = bids[int(rand() * len(bids))]
            game.bid(seat, bid.tricks, blind=bid.blind)
    return plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = 0.0
    for k in range(args.repeat):
        start = time.perf_counter()
        plays = play_random_hands(args.preset, args.hands, seed=k)
        elapsed = time.perf_counter() - start
        rate = args.hands / elapsed
        best = max(best, rate)
        print(f"run {k + 1}: {args.hands} hands, {plays} plays in {elapsed:.2f}s = {rate:,.0f} hands/s, "
              f"{plays / elapsed:,.0f} plays/s")
    print(f"preset={args.preset} python={sys.version.split()[0]}")
    print(f"hands_per_second={best:.0f}")


if __name__ == "__main__":
    main()
