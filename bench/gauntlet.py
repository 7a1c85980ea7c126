"""The gauntlet: the hard and the normal bot against every opponent style, on duplicate deals.

Each style (:mod:`bots.styles`: a counting bidder, a nil-happy player, a nil hunter, an overbidder, a
bag-careless player, a weak player; and the project's own easy and normal) is a side of two. The bot under
test (hard, then normal) plays it on the same duplicate deals as ``bench/bots.py`` (:func:`bots.arena.run`:
each deal twice with the cards the same and the partnerships swapped, standard preset, one hand a deal,
bags priced at their share of the penalty). Per style it prints, with 95% intervals: hard's and normal's
margin against the style (points a deal, bot minus style), the difference (hard's margin minus normal's,
paired deal by deal), and for each bot its set rate, nil bids a deal and their success, the style's nils it
broke, and bags a deal; then hard against normal head to head on the same deals (the normal style's row,
played again only when normal is not among the styles). Last line::

    min_hard_minus_normal_ppd=… hard_vs_normal_ppd=… styles=… deals=… hard_p95_ms=… budget_ms=…

(``min_hard_minus_normal_ppd``: the smallest, over the styles, of hard's margin minus normal's.)

Usage: ``python bench/gauntlet.py [--deals N] [--first-deal K] [--styles a,b,...] [--budget-ms MS]
[--workers K] [--quick] [--no-head-to-head] [--bots A,B] [--hands K]``. A deal against one style takes the
hard bot about as long as one of ``bench/bots.py``'s hard-normal deals.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.revbot import resolve as resolve_level  # noqa: E402
from bots.arena import DealResult, interval, percentile, proportion, run, side_counts  # noqa: E402
from bots.strategies.decide import DEFAULT_BUDGET_MS  # noqa: E402
from bots.styles import STYLES  # noqa: E402
from bots.styles import decide as style_decide  # noqa: E402
from games.engine import RuleSet  # noqa: E402

GAUNTLET = (*STYLES, "easy", "normal")
"""Every opponent of the gauntlet: the styles, then the project's own easy and normal bots."""

BOTS = ("hard", "normal")
"""The bots under test (``--bots`` names two others, for example ``hard@main,hard``: a bot against the
commit before it, on the same deals in the same run)."""


def resolve(name: str) -> Any:
    """The arena's decider for ``name``: a style of :mod:`bots.styles`, else a level (or ``LEVEL@REV``)."""
    if name in STYLES:
        def choose(view: dict[str, Any], rules: RuleSet, rng: random.Random, budget_ms: int) -> dict[str, Any]:
            return style_decide(name, view, rules, rng)
        return choose
    return resolve_level(name)


def margins(results: list[DealResult]) -> dict[int, float]:
    """Each deal's margin, A minus B with bags priced, averaged over the two seatings (and over the hands of
    a deal of ``--hands`` > 1: points a hand)."""
    return {r.index: r.margin() for r in results}


def figures(results: list[DealResult], bot: str) -> dict[str, Any]:
    """The bot's (player A's) figures over its deals against one opponent."""
    m = margins(results)
    mean, half = interval(list(m.values()))
    sides = [s for r in results for s in r.a_sides]
    counts = side_counts(sides)
    nils, trials = counts["nil_success"][1], len(sides) / 2  # a trial: one hand's cards in both seatings
    return {
        "margins": m, "ppd": mean, "half": half,
        "set": proportion(*counts["set_rate"]), "nils": nils / trials, "nil_made": proportion(*counts["nil_success"]),
        "broken": proportion(*counts["nils_broken"]), "bags": sum(s.bags for s in sides) / trials,
        "times": [t for r in results for t in r.times.get(bot, [])],
    }


def pct(p: tuple[float, float, float]) -> str:
    return "  n/a" if math.isnan(p[0]) else f"{100 * p[0]:4.0f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals per style")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--styles", help=f"comma-separated subset of: {','.join(GAUNTLET)}")
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS,
                        help="the hard bot's budget per decision (default: decide's)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="10 deals a style: a smoke run")
    parser.add_argument("--no-head-to-head", action="store_true", help="skip hard against normal")
    parser.add_argument("--bots", default=",".join(BOTS),
                        help="the two bots under test, the first in the 'hard' columns (LEVEL or LEVEL@REV)")
    parser.add_argument("--hands", type=int, default=1,
                        help="hands of one game a duplicate deal (more than one: the bots see the earlier "
                             "hands' public record, as at a real table); figures are then per hand")
    args = parser.parse_args()
    deals = 10 if args.quick else args.deals
    styles = args.styles.split(",") if args.styles else list(GAUNTLET)
    bots = tuple(args.bots.split(","))
    if len(bots) != 2:
        parser.error("--bots names two bots")
    first, second = bots
    unknown = [s for s in styles if s not in GAUNTLET]
    if unknown:
        parser.error(f"unknown styles {unknown}; styles: {', '.join(GAUNTLET)}")
    print(f"bench/gauntlet.py: {deals} duplicate deals per style from deal {args.first_deal}, preset standard, "
          f"{args.hands} hand(s) a deal, bags priced, bots {first} vs {second}, hard budget {args.budget_ms} ms "
          f"per decision, {args.workers} worker "
          f"processes (cpu count {os.cpu_count()})")
    started = time.perf_counter()
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    hard_times: list[float] = []
    for style in styles:
        rows[style] = {}
        for bot in bots:
            got = run((bot, style), deals, args.budget_ms, args.workers, resolve=resolve, first=args.first_deal,
                      progress=False, hands=args.hands)
            rows[style][bot] = figures(got, bot)
        hard_times += rows[style][first]["times"]
        print(f"  {style}: done at {time.perf_counter() - started:.0f} s", flush=True)
    if bots != BOTS:
        print(f"\n(columns 'hard' are {first}, 'normal' are {second})")
    print(f"\n{'style':>13} | {'hard margin [95%]':>20} | {'normal margin [95%]':>20} | {'hard - normal [95%]':>20} | "
          "set h/n     | nils/deal (made) h; n      | style nils broken h/n | bags/deal h/n")
    diffs: dict[str, float] = {}
    for style, row in rows.items():
        h, n = row[first], row[second]
        d = [h["margins"][i] - n["margins"][i] for i in h["margins"]]
        dm, dh = interval(d)
        diffs[style] = dm
        print(f"{style:>13} | {h['ppd']:+6.1f} [{h['ppd'] - h['half']:+6.1f}, {h['ppd'] + h['half']:+6.1f}] | "
              f"{n['ppd']:+6.1f} [{n['ppd'] - n['half']:+6.1f}, {n['ppd'] + n['half']:+6.1f}] | "
              f"{dm:+6.1f} [{dm - dh:+6.1f}, {dm + dh:+6.1f}] | {pct(h['set'])} {pct(n['set'])} | "
              f"{h['nils']:.2f} ({pct(h['nil_made'])}); {n['nils']:.2f} ({pct(n['nil_made'])}) | "
              f"{pct(h['broken'])} {pct(n['broken'])}           | {h['bags']:.2f} {n['bags']:.2f}")
    hn = math.nan
    if not args.no_head_to_head and bots == BOTS:
        if "normal" in rows:  # the normal style is the normal bot: hard against it is the head to head
            f = rows["normal"]["hard"]
        else:
            got = run(("hard", "normal"), deals, args.budget_ms, args.workers, resolve=resolve,
                      first=args.first_deal, progress=False)
            f = figures(got, "hard")
            hard_times += f["times"]
        hn = f["ppd"]
        print(f"\nhard vs normal head to head: {hn:+.1f} [{hn - f['half']:+.1f}, {hn + f['half']:+.1f}] points a deal, "
              f"hard set {pct(f['set'])}, hard nils {f['nils']:.2f}/deal ({pct(f['nil_made'])} made)")
    p95 = percentile(hard_times, 0.95)
    print(f"\nhard decision time p95 {p95:.1f} ms over {len(hard_times)} decisions; wall time "
          f"{time.perf_counter() - started:.0f} s")
    print(f"min_hard_minus_normal_ppd={min(diffs.values()):.1f} hard_vs_normal_ppd={hn:.1f} styles={len(styles)} "
          f"deals={deals} hard_p95_ms={p95:.1f} budget_ms={args.budget_ms}")


if __name__ == "__main__":
    main()
