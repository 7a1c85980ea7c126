"""Bot strength: duplicate deals between bot levels, hand by hand, in several processes.

Each deal is played twice with the same cards (same seed, same first dealer, so the engine deals the same
hands): level A in seats 0/2 against level B in seats 1/3, then the partnerships swapped. One hand per
deal under the ``standard`` preset, scores starting at 0. For each pairing (hard vs normal, normal vs
easy) it prints points per deal (A's side points minus B's, averaged over the two plays) with a 95%
interval, set rate, nil bids and nil success rate, bags per deal, decision time p50/p95 per level, and the
win rate of 500-point games made by chaining consecutive deals (one game chain per seating, bags carried
and the bag penalty applied between hands). Last line::

    hard_vs_normal_ppd=<points per deal> normal_vs_easy_ppd=<points per deal> hard_p95_ms=<ms> budget_ms=<ms>

Usage: ``python bench/bots.py [--deals N] [--budget-ms MS] [--workers K] [--quick]``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.arena import report, run  # noqa: E402

PAIRINGS = (("hard", "normal"), ("normal", "easy"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget-ms", type=int, default=200, help="the hard bot's budget per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="60 deals: a smoke run")
    parser.add_argument("--only", choices=["hard-normal", "normal-easy"], help="run one pairing (for tuning)")
    args = parser.parse_args()
    deals = 60 if args.quick else args.deals
    print(f"bench/bots.py: {deals} duplicate deals per pairing, preset standard, one hand per deal, "
          f"hard budget {args.budget_ms} ms per decision, {args.workers} worker processes "
          f"(cpu count {os.cpu_count()})")
    figures = {}
    started = time.perf_counter()
    for pairing in PAIRINGS:
        if args.only and args.only != "-".join(pairing):
            figures[pairing] = {"ppd": math.nan, "hard_p95": math.nan}
            continue
        figures[pairing] = report(*pairing, run(pairing, deals, args.budget_ms, args.workers))
    print(f"\nwall time {time.perf_counter() - started:.0f} s")
    hn = figures[("hard", "normal")]
    ne = figures[("normal", "easy")]
    print(f"hard_vs_normal_ppd={hn['ppd']:.1f} normal_vs_easy_ppd={ne['ppd']:.1f} "
          f"hard_p95_ms={hn['hard_p95']:.1f} budget_ms={args.budget_ms}")


if __name__ == "__main__":
    main()
