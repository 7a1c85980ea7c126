"""Bot matches on duplicate deals: each deal played twice with the same cards and the partnerships
swapped, so the luck of the cards cancels out; and the report of a pairing (points per deal with a 95%
interval, set rate, nils, bags, decision times, and the win rate of games chained from the deals).

Used by ``manage.py simulate`` and ``bench/bots.py``. Pure Python on the engine and the strategies.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from tqdm import tqdm

from bots.strategies import decide
from games.engine import BID, Action, Game, preset, seat_view
from games.engine.rules import side_of

STANDARD = preset("standard")

GAME_TARGET = 500
CHUNK = 5


@dataclass
class SideHand:
    """One side's result in one hand."""

    points: int
    raw_points: int
    """Points before any bag penalty (the hand alone), used when chaining hands into games."""
    bags: int
    set: bool
    nils: int
    nils_made: int


@dataclass
class DealResult:
    """Both plays of one deal: ``plays[k][side]`` with A on side ``k`` (0: seats 0/2, 1: seats 1/3)."""

    index: int
    a_sides: list[SideHand]
    """A's side result in play 0 and play 1."""
    b_sides: list[SideHand]
    times: dict[str, list[float]] = field(default_factory=dict)


def play_hand(seed: str, first_dealer: int, levels: tuple[str, str, str, str], budget_ms: int,
              times: dict[str, list[float]]) -> Game:
    """Play one hand with ``levels[seat]`` in each seat; decision times (ms) go to ``times[level]``."""
    rules = STANDARD
    game = Game.new(rules, seed=seed, first_dealer=first_dealer)
    k = 0
    while game.hands_played == 0:
        seat = game.turn if game.phase == BID or game.turn is not None else game.to_move()[0]
        level = levels[seat]
        view = seat_view(game, seat).to_json()
        rng = random.Random(f"{seed}/{levels}/{k}")
        start = time.perf_counter()
        action = decide(view, rules, level=level, rng=rng, budget_ms=budget_ms)
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000)
        game.apply(Action.from_json({**action, "seat": seat}))
        k += 1
    return game


def side_hand(game: Game, side: int) -> SideHand:
    """The result of ``side`` in the game's first hand."""
    s = game.records[0].sides[side]
    return SideHand(points=s.points, raw_points=s.points - s.bag_penalty, bags=s.bags, set=s.made is False,
                    nils=len(s.nils), nils_made=sum(1 for n in s.nils if n.made))


def play_deals(a: str, b: str, indices: list[int], budget_ms: int) -> list[DealResult]:
    """Play the duplicate deals ``indices`` between levels ``a`` and ``b``."""
    out = []
    for i in indices:
        seed = f"bench-bots-{i}"
        first_dealer = i % 4
        times: dict[str, list[float]] = {}
        a_sides, b_sides = [], []
        for a_side in (0, 1):
            levels = tuple(a if side_of(STANDARD, s) == a_side else b for s in range(4))
            game = play_hand(seed, first_dealer, levels, budget_ms, times)  # type: ignore[arg-type]
            a_sides.append(side_hand(game, a_side))
            b_sides.append(side_hand(game, 1 - a_side))
        out.append(DealResult(i, a_sides, b_sides, times))
    return out


def chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors)."""
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))
    return ys[k]


def games_from(results: list[DealResult], seating: int) -> list[int]:
    """Chain the deals (in order) into 500-point games for one seating; +1 per game A wins, -1 per game
    B wins (an unfinished last game is dropped)."""
    out = []
    score = [0, 0]
    bags = [0, 0]
    for r in results:
        for k, side in enumerate((r.a_sides[seating], r.b_sides[seating])):
            score[k] += side.raw_points
            bags[k] += side.bags
            while bags[k] >= 10:
                score[k] -= 100
                bags[k] -= 10
        if max(score) >= GAME_TARGET and score[0] != score[1]:
            out.append(1 if score[0] > score[1] else -1)
            score = [0, 0]
            bags = [0, 0]
    return out


def report(a: str, b: str, results: list[DealResult]) -> dict[str, float]:
    """Print the figures of one pairing; returns the points per deal and the p95 times."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    ppd = [statistics.fmean(r.a_sides[k].points - r.b_sides[k].points for k in (0, 1)) for r in results]
    mean, half = interval(ppd)
    print(f"\n== {a} (A) vs {b} (B): {n} duplicate deals, {2 * n} hands ==")
    print(f"points per deal, A minus B: {mean:+.1f}  95% interval [{mean - half:+.1f}, {mean + half:+.1f}]")
    times: dict[str, list[float]] = {}
    for r in results:
        for lv, ts in r.times.items():
            times.setdefault(lv, []).extend(ts)
    for name, sides in ((f"A={a}", [s for r in results for s in r.a_sides]),
                        (f"B={b}", [s for r in results for s in r.b_sides])):
        sets = sum(s.set for s in sides)
        nils = sum(s.nils for s in sides)
        made = sum(s.nils_made for s in sides)
        bags = sum(s.bags for s in sides)
        pts = statistics.fmean(s.points for s in sides)
        rate = f"{100 * made / nils:.0f}%" if nils else "n/a"
        print(f"  {name:10s} points/hand {pts:+6.1f}  set rate {100 * sets / len(sides):4.1f}%  "
              f"nil bids {nils} ({nils / n:.2f}/deal), made {rate}  bags/deal {bags / n:.2f}")
    for level in (a, b):
        ts = times.get(level, [])
        print(f"  decision time {level:6s}: p50 {percentile(ts, 0.5):6.2f} ms  p95 {percentile(ts, 0.95):6.2f} ms  "
              f"({len(ts)} decisions)")
    games = games_from(results, 0) + games_from(results, 1)
    if games:
        wins = sum(1 for g in games if g > 0)
        p = wins / len(games)
        half_p = 1.96 * math.sqrt(p * (1 - p) / len(games))
        print(f"  games to {GAME_TARGET} chained from consecutive deals (each seating its own chain): "
              f"A won {wins}/{len(games)} = {100 * p:.0f}% (95% interval {100 * max(0, p - half_p):.0f}-"
              f"{100 * min(1, p + half_p):.0f}%)")
    else:
        print("  too few deals to finish a game")
    return {"ppd": mean, **{f"{lv}_p95": percentile(times.get(lv, []), 0.95) for lv in (a, b)}}


def run(pairing: tuple[str, str], deals: int, budget_ms: int, workers: int, *, progress: bool = True
        ) -> list[DealResult]:
    """Play ``deals`` duplicate deals between the levels of ``pairing`` in ``workers`` processes, with a
    progress bar."""
    a, b = pairing
    jobs: Iterable[list[int]] = list(chunks(deals, CHUNK))
    results: list[DealResult] = []
    with tqdm(total=deals, desc=f"{a} vs {b}", unit="deal", disable=not progress) as bar, \
            ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_deals, a, b, idx, budget_ms) for idx in jobs]
        for f in as_completed(futures):
            got = f.result()
            results.extend(got)
            bar.update(len(got))
    return results
