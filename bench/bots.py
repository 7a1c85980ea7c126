"""Bot strength: duplicate deals between bot levels, hand by hand, in several processes.

Each deal is played twice with the same cards (same seed, same first dealer, so the engine deals the same
hands): player A in seats 0/2 against player B in seats 1/3, then the partnerships swapped. One hand per
deal under the ``standard`` preset, scores starting at 0 (``--hands K``: the first K hands of one game, so a
bot sees the earlier hands' public record as at a real table, as a model of the opponents needs; the figures
are then per hand, the ``ppd`` of the last line included). For each pairing (hard vs normal, normal vs
easy) it prints, each with a 95% interval: points per deal (A's side minus B's, averaged over the two
plays) with every bag priced at its share of the penalty (100/10: -10 a bag) and with the hand's own
score; the win rate of 500-point games chained from consecutive deals (bags carried, the penalty applied);
per player the set rate, nil bids and success, the set rate of a side that bid nil, the opponents' nils
broken, bags per deal, and decision time p50/p95/max. Last line::

    hard_vs_normal_ppd=… normal_vs_easy_ppd=… hard_set_rate=… hard_nil_success=… hard_p95_ms=… budget_ms=…

``--games N`` also plays N duplicate games to 500 per pairing (each twice, partnerships swapped, the same
cards hand by hand), the bots seeing the real score and bags, and prints the share of games won with a 95%
interval: the end of a game, where the score decides what a hand is worth, is only played there.

``--level-a X --level-b Y`` plays one pairing of any two players instead; a player is a level or
``LEVEL@REV``, the bot of that level at an earlier commit (``bench/revbot.py``), so
``--level-a hard --level-b hard@<commit before a change>`` shows whether a change made the bot stronger.
The last line is then ``a_vs_b_ppd=… a_set_rate=… a_nil_success=… a_p95_ms=… budget_ms=…``.

``--first-deal K`` plays deals K .. K+N-1 instead of 0 .. N-1: a long run split into shards run at different
times covers different deals, and the shards' points per deal pool as a weighted mean.

``--deal-list FILE`` plays only the deal numbers listed in FILE (one a line), for example the deals on which a
normal bot bids nil (``bench/nil_deals.py``), to compare two bots' nil attack on the deals where it matters:
its figures describe the chosen deals, not the bench's, and are never the issue's targets.

Usage: ``python bench/bots.py [--deals N] [--first-deal K] [--budget-ms MS] [--workers K] [--quick]
[--only hard-normal|normal-easy] [--level-a X --level-b Y] [--deal-list FILE] [--hands K] [--games N]``.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.revbot import resolve  # noqa: E402
from bots.arena import report, report_games, run  # noqa: E402
from bots.strategies.decide import DEFAULT_BUDGET_MS  # noqa: E402

PAIRINGS = (("hard", "normal"), ("normal", "easy"))


def key(name: str) -> str:
    """A player's name as a key of the last line (``hard@db7d618`` -> ``hard_db7d618``)."""
    return re.sub(r"\W", "_", name)


def figures_of(pairing: tuple[str, str], deals: int, args: argparse.Namespace) -> dict[str, float]:
    """Play and report one pairing's duplicate deals, and its duplicate games when asked; the games' share
    won by A is ``game_share`` (NaN without games); the p95 decision time is NaN without deals."""
    figures: dict[str, float] = {"ppd": math.nan, "game_share": math.nan}
    if deals:
        started = time.perf_counter()
        results = run(pairing, deals, args.budget_ms, args.workers, resolve=resolve, first=args.first_deal,
                      indices=args.indices, hands=args.hands)
        took = time.perf_counter() - started
        figures.update(report(*pairing, results))
        print(f"  wall time {took:.0f} s, {took / deals:.2f} s a deal: a 1,000-deal run of this pairing takes about "
              f"{took / deals * 1000 / 60:.0f} min at {args.workers} worker processes")
    if args.games:
        games = report_games(*pairing, run(pairing, args.games, args.budget_ms, args.workers, resolve=resolve,
                                           games=True))
        figures["game_share"] = games["games"]
        for name, v in games.items():  # without deals, the rates come from the games' hands
            figures.setdefault(name, v)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS,
                        help="the hard bot's budget per decision (default: decide's)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="60 deals: a smoke run")
    parser.add_argument("--first-deal", type=int, default=0,
                        help="the number of the first deal (a later shard of a long run plays other deals)")
    parser.add_argument("--only", choices=["hard-normal", "normal-easy"], help="run one pairing (for tuning)")
    parser.add_argument("--level-a", help="player A of a single pairing: a level or LEVEL@REV")
    parser.add_argument("--level-b", help="player B of a single pairing")
    parser.add_argument("--deal-list", type=Path,
                        help="play only the deal numbers listed in this file (one a line; see bench/nil_deals.py)")
    parser.add_argument("--hands", type=int, default=1,
                        help="hands of one game a duplicate deal (more than one: the bots see the earlier hands' "
                             "public record, as at a real table); the figures are then per hand")
    parser.add_argument("--games", type=int, default=0,
                        help="also play this many duplicate games to 500 per pairing, the bots seeing the score")
    args = parser.parse_args()
    if (args.level_a is None) != (args.level_b is None):
        parser.error("--level-a and --level-b go together")
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    deals = 60 if args.quick else args.deals
    args.indices = None
    if args.deal_list:
        args.indices = [int(line) for line in args.deal_list.read_text().split()]
        deals = len(args.indices)
    where = f"listed in {args.deal_list}" if args.deal_list else f"from deal {args.first_deal}"
    print(f"bench/bots.py: {deals} duplicate deals per pairing ({where}), preset standard, "
          f"{args.hands} hand(s) of one game per deal, "
          f"hard budget {args.budget_ms} ms per decision, {args.workers} worker processes "
          f"(cpu count {os.cpu_count()})")
    started = time.perf_counter()
    if args.level_a:
        a, b = args.level_a, args.level_b
        f = figures_of((a, b), deals, args)
        print(f"\nwall time {time.perf_counter() - started:.0f} s")
        print(f"{key(a)}_vs_{key(b)}_ppd={f['ppd']:.1f} {key(a)}_set_rate={f[f'{a}_set_rate']:.3f} "
              f"{key(a)}_nil_success={f[f'{a}_nil_success']:.3f} {key(a)}_p95_ms={f.get(f'{a}_p95', math.nan):.1f} "
              f"{key(a)}_vs_{key(b)}_games={f['game_share']:.3f} budget_ms={args.budget_ms}")
        return
    figures: dict[tuple[str, str], dict[str, float]] = {}
    for pairing in PAIRINGS:
        if args.only and args.only != "-".join(pairing):
            figures[pairing] = {"ppd": math.nan}
            continue
        figures[pairing] = figures_of(pairing, deals, args)
    print(f"\nwall time {time.perf_counter() - started:.0f} s")
    hn = figures[("hard", "normal")]
    ne = figures[("normal", "easy")]
    print(f"hard_vs_normal_ppd={hn['ppd']:.1f} normal_vs_easy_ppd={ne['ppd']:.1f} "
          f"hard_set_rate={hn.get('hard_set_rate', math.nan):.3f} "
          f"hard_nil_success={hn.get('hard_nil_success', math.nan):.3f} "
          f"hard_p95_ms={hn.get('hard_p95', math.nan):.1f} budget_ms={args.budget_ms}")


if __name__ == "__main__":
    main()
