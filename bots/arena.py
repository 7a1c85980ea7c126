"""Bot matches on duplicate deals: each deal played twice with the same cards and the partnerships
swapped, so the luck of the cards cancels out; and the report of a pairing (points per deal with bags
priced at their penalty, set and nil rates, nils broken, bags, decision times, each with a 95% interval,
and the win rate of games chained from the deals).

A player is named by a level (``easy``, ``normal``, ``hard``); a caller may also pass ``resolve``, a
module-level function that turns other names into deciders (``bench/bots.py`` uses it to seat an earlier
commit's bot). Used by ``manage.py simulate`` and ``bench/bots.py``. Pure Python on the engine and the
strategies.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from bots.strategies import decide
from games.engine import BID, GAME_OVER, Action, Game, RuleSet, preset, seat_view
from games.engine.rules import side_of
from games.engine.view import finished_hands

STANDARD = preset("standard")

GAME_TARGET = 500
CHUNK = 5

Decider = Callable[[dict[str, Any], RuleSet, random.Random, int], dict[str, Any]]
"""``(seat view JSON, rules, rng, budget_ms) -> action`` in the API's notation without ``seq``."""


def level_decider(level: str) -> Decider:
    """The built-in bot of ``level``."""
    def choose(view: dict[str, Any], rules: RuleSet, rng: random.Random, budget_ms: int) -> dict[str, Any]:
        # seeded as an earlier commit's bot is (bench/revbot.py), so that both draw the same numbers
        return decide(view, rules, level=level, rng=random.Random(rng.getrandbits(64)), budget_ms=budget_ms)
    return choose


Watch = Callable[[Game, int, dict[str, Any], dict[str, Any]], None]
"""``(game before the action, seat, the seat's view JSON, its action)``: called by :func:`play_hand` on every
decision."""


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
    opponent_nils: int = 0
    opponent_nils_broken: int = 0

    def priced(self, rules: RuleSet = STANDARD) -> float:
        """The hand's points with each bag priced at its share of the penalty (``penalty / limit``): what a
        bag costs on average over a game, where the hand alone charges nothing until the limit is reached."""
        return self.raw_points - self.bags * rules.bag_penalty / rules.bag_limit


@dataclass
class DealResult:
    """Both plays of one deal: ``plays[k][side]`` with A on side ``k`` (0: seats 0/2, 1: seats 1/3)."""

    index: int
    a_sides: list[SideHand]
    """A's side result in play 0 and play 1 (with ``hands`` > 1 in :func:`play_deals`: every hand of play 0,
    then every hand of play 1, ``b_sides`` in the same order)."""
    b_sides: list[SideHand]
    times: dict[str, list[float]] = field(default_factory=dict)

    def margin(self, value: Callable[[SideHand], float] = SideHand.priced) -> float:
        """A's side minus B's on these cards, averaged over the two seatings (and over the hands of a deal
        of more than one: points a hand); by default with every bag priced."""
        return statistics.fmean(value(a) - value(b) for a, b in zip(self.a_sides, self.b_sides, strict=True))


def play_hand(seed: str, first_dealer: int, levels: tuple[str, str, str, str], budget_ms: int,
              times: dict[str, list[float]], resolve: Callable[[str], Decider] = level_decider, *,
              hands: int = 1, watch: Watch | None = None) -> Game:
    """Play ``hands`` hands (or to the end of the game, whichever is first) with ``levels[seat]`` in each
    seat; decision times (ms) go to ``times[level]``. The engine deals hand ``k`` of a seed the same
    cards whatever happened before it, so two games of one seed are duplicates hand by hand; and each decision
    draws its random numbers from the seed and its place in the game, not from the players, so a bot whose
    decisions do not hit the wall clock plays both seatings of a deal exactly as its twin would. ``watch``,
    when given, sees every decision before it is applied (a benchmark's look at the whole table)."""
    rules = STANDARD
    deciders = {lv: resolve(lv) for lv in set(levels)}
    game = Game.new(rules, seed=seed, first_dealer=first_dealer)
    k = 0
    while game.hands_played < hands and game.phase != GAME_OVER:
        seat = game.turn if game.phase == BID or game.turn is not None else game.to_move()[0]
        level = levels[seat]
        view = seat_view(game, seat).to_json()
        if game.records:  # the public summaries of the hands already played, as a bot at a table gets them
            view["history"] = finished_hands(game)
        # Common random numbers: the k-th decision of a deal gets the same numbers whoever sits there, so two
        # bots that think alike play a duplicate deal alike, and their margin is only where they differ.
        rng = random.Random(f"{seed}/{k}")
        start = time.perf_counter()
        action = deciders[level](view, rules, rng, budget_ms)
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000)
        if watch is not None:
            watch(game, seat, view, action)
        game.apply(Action.from_json({**action, "seat": seat}))
        k += 1
    return game


def side_hand(game: Game, side: int, hand: int = 0) -> SideHand:
    """The result of ``side`` in the game's hand ``hand`` (0: the first)."""
    s = game.records[hand].sides[side]
    theirs = [n for o in game.records[hand].sides if o is not s for n in o.nils]
    return SideHand(points=s.points, raw_points=s.points - s.bag_penalty, bags=s.bags, set=s.made is False,
                    nils=len(s.nils), nils_made=sum(1 for n in s.nils if n.made),
                    opponent_nils=len(theirs), opponent_nils_broken=sum(1 for n in theirs if not n.made))


def deal_seed(index: int) -> tuple[str, int]:
    """The seed and the first dealer of duplicate deal number ``index``."""
    return f"bench-bots-{index}", index % 4


def play_deals(a: str, b: str, indices: list[int], budget_ms: int,
               resolve: Callable[[str], Decider] = level_decider, hands: int = 1) -> list[DealResult]:
    """Play the duplicate deals ``indices`` between players ``a`` and ``b``: each the first ``hands`` hands
    of one game (fewer if it ends), so that with more than one a bot sees the earlier hands' public record
    (``history``) as at a real table."""
    out = []
    for i in indices:
        seed, first_dealer = deal_seed(i)
        times: dict[str, list[float]] = {}
        a_sides, b_sides = [], []
        for a_side in (0, 1):
            levels = tuple(a if side_of(STANDARD, s) == a_side else b for s in range(4))
            game = play_hand(seed, first_dealer, levels, budget_ms, times, resolve,  # type: ignore[arg-type]
                             hands=hands)
            for k in range(len(game.records)):
                a_sides.append(side_hand(game, a_side, k))
                b_sides.append(side_hand(game, 1 - a_side, k))
        out.append(DealResult(i, a_sides, b_sides, times))
    return out


@dataclass
class GameResult:
    """Both plays of one duplicate game to 500: A's outcome in play 0 and play 1 (1 won, 0 lost, 0.5 drawn
    or unfinished at the hand cap), and every hand's side results."""

    index: int
    a_outcomes: list[float]
    hands: list[int]
    a_sides: list[SideHand]
    b_sides: list[SideHand]
    times: dict[str, list[float]] = field(default_factory=dict)


MAX_GAME_HANDS = 40
"""A duplicate game still undecided after this many hands counts as a draw."""


def play_games(a: str, b: str, indices: list[int], budget_ms: int,
               resolve: Callable[[str], Decider] = level_decider) -> list[GameResult]:
    """Play the duplicate games ``indices`` to 500 between ``a`` and ``b``, the bots seeing the real score
    and bags of every hand (so the end of a game is played as it would be)."""
    out = []
    for i in indices:
        seed = f"bench-games-{i}"
        times: dict[str, list[float]] = {}
        result = GameResult(i, [], [], [], [], times)
        for a_side in (0, 1):
            levels = tuple(a if side_of(STANDARD, s) == a_side else b for s in range(4))
            game = play_hand(seed, i % 4, levels, budget_ms, times, resolve,  # type: ignore[arg-type]
                             hands=MAX_GAME_HANDS)
            if game.phase != GAME_OVER or game.winner is None:
                result.a_outcomes.append(0.5)
            else:
                result.a_outcomes.append(1.0 if game.winner == a_side else 0.0)
            result.hands.append(len(game.records))
            for k in range(len(game.records)):
                result.a_sides.append(side_hand(game, a_side, k))
                result.b_sides.append(side_hand(game, 1 - a_side, k))
        out.append(result)
    return out


def report_games(a: str, b: str, results: list[GameResult]) -> dict[str, float]:
    """Print the figures of duplicate games: A's share of the games won, paired by deal sequence, with a
    95% interval; hands per game; and per player the rates of :func:`side_figures` over every hand."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)
    won, half = interval([statistics.fmean(r.a_outcomes) for r in results])
    hands = [h for r in results for h in r.hands]
    print(f"\n== {a} (A) vs {b} (B): {n} duplicate games to {STANDARD.target}, {len(hands)} hands ==")
    print(f"games won by A: {100 * won:.1f}%  95% interval [{100 * (won - half):.1f}, {100 * (won + half):.1f}]"
          f"  (both seatings of a deal sequence paired; hands per game {statistics.fmean(hands):.1f})")
    figures: dict[str, float] = {"games": won, "games_half": half}
    for name, sides in ((a, [s for r in results for s in r.a_sides]), (b, [s for r in results for s in r.b_sides])):
        f = side_figures(sides, len(sides))
        print(f"  {name}: set {100 * f['set_rate']:.1f}%  nil made {100 * f['nil_success']:.0f}%  set when the side "
              f"bid nil {100 * f['nil_side_set_rate']:.0f}%  opponents' nils broken {100 * f['nils_broken']:.0f}%  "
              f"bags/hand {f['bags_per_deal']:.2f}")
        figures.update({f"{name}_{k}": v for k, v in f.items()})
    return figures


def chunks(n: int, size: int, first: int = 0) -> Iterator[list[int]]:
    """The indices ``first`` .. ``first + n - 1`` in runs of ``size``."""
    end = first + n
    for start in range(first, end, size):
        yield list(range(start, min(end, start + size)))


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors)."""
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def proportion(hits: int, n: int) -> tuple[float, float, float]:
    """A rate and its 95% Wilson interval (sound near 0% and 100%, where a normal interval is not)."""
    if n == 0:
        return math.nan, math.nan, math.nan
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    k = min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))
    return ys[k]


def percentile_interval(xs: list[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile and a 95% distribution-free interval for it: the order statistics whose ranks are
    ``n q ± 1.96 sqrt(n q (1 - q))``."""
    if not xs:
        return 0.0, 0.0, 0.0
    ys = sorted(xs)
    n = len(ys)
    spread = 1.96 * math.sqrt(n * q * (1 - q))
    lo = min(n - 1, max(0, math.floor(n * q - spread) - 1))
    hi = min(n - 1, max(0, math.ceil(n * q + spread) - 1))
    return percentile(ys, q), ys[lo], ys[hi]


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
            while bags[k] >= STANDARD.bag_limit:
                score[k] -= STANDARD.bag_penalty
                bags[k] -= STANDARD.bag_limit
        if max(score) >= GAME_TARGET and score[0] != score[1]:
            out.append(1 if score[0] > score[1] else -1)
            score = [0, 0]
            bags = [0, 0]
    return out


def _rate(label: str, hits: int, n: int) -> str:
    p, lo, hi = proportion(hits, n)
    if n == 0:
        return f"{label} n/a"
    return f"{label} {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] ({hits}/{n})"


RATES = {"set_rate": "set", "nil_success": "nil made", "nil_side_set_rate": "set when the side bid nil",
         "nils_broken": "opponents' nils broken"}
"""The rates of a player's side-hands: figure key -> printed label."""


def side_counts(sides: list[SideHand]) -> dict[str, tuple[int, int]]:
    """The hits and the trials of each rate of :data:`RATES` over one player's side-hands."""
    nil_sides = [s for s in sides if s.nils]
    return {
        "set_rate": (sum(s.set for s in sides), len(sides)),
        "nil_success": (sum(s.nils_made for s in sides), sum(s.nils for s in sides)),
        "nil_side_set_rate": (sum(s.set for s in nil_sides), len(nil_sides)),
        "nils_broken": (sum(s.opponent_nils_broken for s in sides), sum(s.opponent_nils for s in sides)),
    }


def side_figures(sides: list[SideHand], deals: int) -> dict[str, float]:
    """One player's rates over its side-hands (:func:`side_counts`) and its bags per deal."""
    figures = {key: proportion(*counts)[0] for key, counts in side_counts(sides).items()}
    figures["bags_per_deal"] = sum(s.bags for s in sides) / deals
    return figures


def report(a: str, b: str, results: list[DealResult]) -> dict[str, float]:
    """Print the figures of one pairing; returns the headline figures (``ppd`` with bags priced,
    ``ppd_hand`` with the hand's own score, ``games``, and per player ``{name}_p95``, ``{name}_set_rate``,
    ``{name}_nil_success``, ...)."""
    results = sorted(results, key=lambda r: r.index)
    n = len(results)

    hands = max(len(r.a_sides) for r in results) // 2 if results else 1
    per = "deal" if hands == 1 else "hand"
    mean, half = interval([r.margin() for r in results])
    hand_mean, hand_half = interval([r.margin(lambda s: s.points) for r in results])
    print(f"\n== {a} (A) vs {b} (B): {n} duplicate deals of {hands} hand(s), {2 * n * hands} hands ==")
    print(f"points per {per}, A minus B, bags priced at {STANDARD.bag_penalty}/{STANDARD.bag_limit} each: "
          f"{mean:+.1f}  95% interval [{mean - half:+.1f}, {mean + half:+.1f}]")
    print(f"points per {per}, A minus B, the hand's own score (a bag +1 until the limit): {hand_mean:+.1f}  "
          f"95% interval [{hand_mean - hand_half:+.1f}, {hand_mean + hand_half:+.1f}]")
    figures: dict[str, float] = {"ppd": mean, "ppd_hand": hand_mean}
    times: dict[str, list[float]] = {}
    for r in results:
        for lv, ts in r.times.items():
            times.setdefault(lv, []).extend(ts)
    for name, sides in ((a, [s for r in results for s in r.a_sides]),
                        (b, [s for r in results for s in r.b_sides])):
        nils = sum(s.nils for s in sides)
        bags_mean, bags_half = interval([float(s.bags) for s in sides])
        print(f"  {'A' if name == a else 'B'}={name}: points/hand {statistics.fmean(s.points for s in sides):+.1f}"
              f"  bags/{per} {2 * bags_mean:.2f} [{2 * (bags_mean - bags_half):.2f}, {2 * (bags_mean + bags_half):.2f}]"
              f"  nil bids {nils} ({nils / (n * hands):.2f}/{per})")
        counts = side_counts(sides)
        for keys in (("set_rate", "nil_success"), ("nil_side_set_rate", "nils_broken")):
            print("    " + "  ".join(_rate(RATES[k], *counts[k]) for k in keys))
        figures.update({f"{name}_{k}": v for k, v in side_figures(sides, n * hands).items()})
    for level in dict.fromkeys((a, b)):
        ts = times.get(level, [])
        p50 = percentile_interval(ts, 0.5)
        p95 = percentile_interval(ts, 0.95)
        print(f"  decision time {level}: p50 {p50[0]:.2f} ms [{p50[1]:.2f}, {p50[2]:.2f}]  "
              f"p95 {p95[0]:.2f} ms [{p95[1]:.2f}, {p95[2]:.2f}]  max {max(ts, default=0.0):.2f} ms  "
              f"({len(ts)} decisions)")
        figures[f"{level}_p95"] = p95[0]
    # A deal of several hands is already a game's start: chaining them would mix hands of both seatings.
    games = games_from(results, 0) + games_from(results, 1) if hands == 1 else []
    if games:
        wins = sum(1 for g in games if g > 0)
        print("  games to " f"{GAME_TARGET} chained from consecutive deals (each seating its own chain, bags "
              "carried): " + _rate("A won", wins, len(games)))
        figures["games"] = wins / len(games)
    else:
        print("  too few deals to finish a game" if hands == 1 else "  games: not chained from deals of several hands")
        figures["games"] = math.nan
    return figures


def run(pairing: tuple[str, str], deals: int, budget_ms: int, workers: int, *, progress: bool = True,
        resolve: Callable[[str], Decider] = level_decider, games: bool = False, first: int = 0,
        indices: list[int] | None = None, hands: int = 1) -> list[Any]:
    """Play ``deals`` duplicate deals (or, with ``games``, duplicate games) between the players of
    ``pairing`` in ``workers`` processes, with a progress bar, starting at deal (game) number ``first`` (so
    a long run can be split into shards of different deals), or the deals numbered ``indices`` when given.
    ``resolve`` must be a module-level function (it is sent to the worker processes). ``hands``: the hands of
    each duplicate deal (:func:`play_deals`; not with ``games``)."""
    a, b = pairing
    size = 1 if games else CHUNK
    if indices is not None:
        deals = len(indices)
        jobs: Iterable[list[int]] = [indices[k:k + size] for k in range(0, deals, size)]
    else:
        jobs = list(chunks(deals, size, first))
    results: list[Any] = []
    play = play_games if games else play_deals
    with tqdm(total=deals, desc=f"{a} vs {b}", unit="game" if games else "deal", disable=not progress) as bar, \
            ProcessPoolExecutor(max_workers=workers) as pool:
        extra = {} if games else {"hands": hands}
        futures = [pool.submit(play, a, b, idx, budget_ms, resolve, **extra) for idx in jobs]
        for f in as_completed(futures):
            got = f.result()
            results.extend(got)
            bar.update(len(got))
    return results
