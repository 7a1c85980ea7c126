"""Partners: the hard bot and the normal bot each partnered with a weaker player against two normal bots, on
duplicate deals.

For each partner (the easy bot, the normal bot, and gauntlet styles, :mod:`bots.styles`) and each deal of
``bench/bots.py``'s duplicate deals (:func:`bots.arena.deal_seed`), the bot under test sits with the partner
on one side and two normal bots on the other, both seatings (the side 0/2, then the side 1/3); then the normal
bot takes the same seat with the same partner on the same cards. It prints, per partner, each side's margin
(points a deal, bags priced, the side minus the two normal bots, averaged over the seatings) and hard's minus
normal's, paired deal by deal, with 95% intervals; the side's set rate and nils. Last line::

    min_hard_minus_normal_partnered_ppd=… partners=… deals=… budget_ms=…

Usage: ``python bench/partners.py [--deals N] [--first-deal K] [--partners a,b] [--budget-ms MS] [--workers K]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gauntlet import resolve  # noqa: E402
from bots.arena import SideHand, chunks, deal_seed, interval, play_hand, proportion, side_hand  # noqa: E402
from bots.strategies.decide import DEFAULT_BUDGET_MS  # noqa: E402

PARTNERS = ("easy", "normal", "counting", "weak")


Played = tuple[int, list[SideHand], list[SideHand]]
"""A deal's index, the tested side's results in its two seatings, the normal pair's."""


def play(bot: str, partner: str, indices: list[int], budget_ms: int) -> list[Played]:
    """The deals ``indices``: ``bot`` in seat ``side`` with ``partner`` opposite it, two normal bots beside,
    for side 0 and side 1; each deal's (index, the side's two results, the normal pair's two results)."""
    out = []
    for i in indices:
        seed, first_dealer = deal_seed(i)
        ours, theirs = [], []
        for side in (0, 1):
            levels = ["normal"] * 4
            levels[side], levels[side + 2] = bot, partner
            game = play_hand(seed, first_dealer, tuple(levels), budget_ms, {}, resolve)  # type: ignore[arg-type]
            ours.append(side_hand(game, side))
            theirs.append(side_hand(game, 1 - side))
        out.append((i, ours, theirs))
    return out


def run(bot: str, partner: str, deals: int, first: int, budget_ms: int, workers: int
        ) -> dict[int, tuple[list[SideHand], list[SideHand]]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, bot, partner, idx, budget_ms) for idx in chunks(deals, 5, first)]
        return {i: (o, t) for f in futures for i, o, t in f.result()}


def margin(ours: list[SideHand], theirs: list[SideHand]) -> float:
    return statistics.fmean(ours[k].priced() - theirs[k].priced() for k in (0, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--partners", help=f"comma-separated (default {','.join(PARTNERS)})")
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    partners = args.partners.split(",") if args.partners else list(PARTNERS)
    print(f"bench/partners.py: {args.deals} duplicate deals per partner from deal {args.first_deal}, preset standard, "
          f"bags priced, against two normal bots, hard budget {args.budget_ms} ms, {args.workers} workers "
          f"(cpu count {os.cpu_count()})")
    started = time.perf_counter()
    diffs = {}
    for partner in partners:
        got = {bot: run(bot, partner, args.deals, args.first_deal, args.budget_ms, args.workers)
               for bot in ("hard", "normal")}
        line = [f"{partner:>9} |"]
        for bot in ("hard", "normal"):
            m, h = interval([margin(*got[bot][i]) for i in sorted(got[bot])])
            sides = [s for i in got[bot] for s in got[bot][i][0]]
            sets = proportion(sum(s.set for s in sides), len(sides))[0]
            nils = sum(s.nils for s in sides)
            made = proportion(sum(s.nils_made for s in sides), nils)[0]
            line.append(f"{bot} {m:+6.1f} [{m - h:+6.1f}, {m + h:+6.1f}] set {100 * sets:3.0f}% "
                        f"nils {nils / len(got[bot]):.2f}/deal ({100 * made:3.0f}% made) |")
        d, dh = interval([margin(*got["hard"][i]) - margin(*got["normal"][i]) for i in sorted(got["hard"])])
        diffs[partner] = d
        line.append(f"hard - normal {d:+6.1f} [{d - dh:+6.1f}, {d + dh:+6.1f}]")
        print(" ".join(line), flush=True)
    print(f"wall time {time.perf_counter() - started:.0f} s")
    print(f"min_hard_minus_normal_partnered_ppd={min(diffs.values()):.1f} partners={len(partners)} "
          f"deals={args.deals} budget_ms={args.budget_ms}")


if __name__ == "__main__":
    main()
