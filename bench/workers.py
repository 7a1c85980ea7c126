"""Bot games through the real stack against the same games in one process.

Plays N four-bot games through PostgreSQL, a Redis broker and 1, then 2, Celery worker processes (each
move a task, as in production), and the same games (same seeds, levels and budget) in one process with
only the engine and the bots. Prints the wall time of each and, last,
``stack_vs_inprocess=<ratio> games_per_minute=<N>`` (the ratio for one worker; games per minute with two).

Usage: ``python bench/workers.py [--games N] [--levels hard,hard,hard,hard] [--budget-ms 200] [--target 200]``. Uses
``BENCH_DATABASE_URL`` (default: a ``spades_bench`` database on the local PostgreSQL) and
``BENCH_BROKER_URL`` (default: Redis database 9 on localhost).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import celery_workers, prepare_stack  # noqa: E402


def in_process(seeds: list[str], levels: list[str], target: int, budget_ms: int) -> float:
    """Play the games with the engine and the bots only; returns the wall time."""
    from bots.strategies import decide
    from games import engine

    rules = engine.preset("standard", target=target)
    start = time.perf_counter()
    for seed in seeds:
        game = engine.Game.new(rules, seed=seed)
        while game.phase != engine.GAME_OVER:
            seat = game.waiting_for()[0]
            choice = decide(engine.seat_view(game, seat).to_json(), rules, level=levels[seat],
                            rng=random.Random(f"{seed}/{len(game.log)}"), budget_ms=budget_ms)
            game.apply(engine.Action.from_json({**choice, "seat": seat}))
    return time.perf_counter() - start


def through_stack(seeds: list[str], levels: list[str], target: int, workers: int, env: dict[str, str]) -> float:
    """Open the games as tables of built-in bots and wait for the workers to finish them; the wall time."""
    from games import services
    from games.models import Table

    with celery_workers(env, workers):
        owner = services.player_register(name="bench-" + uuid.uuid4().hex[:10], kind="human")[0]
        start = time.perf_counter()
        ids = [services.table_create(creator=owner, preset="standard", overrides={"target": target},
                                     seats=[services.SeatSpec(level) for level in levels], seed=seed).pk
               for seed in seeds]
        while Table.objects.filter(pk__in=ids).exclude(status=Table.Status.FINISHED).exists():
            time.sleep(0.2)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--levels", default="hard,hard,hard,hard")
    parser.add_argument("--target", type=int, default=200)
    parser.add_argument("--budget-ms", type=int, default=200)
    args = parser.parse_args()
    levels = args.levels.split(",")

    env = prepare_stack(BOT_BUDGET_MS=str(args.budget_ms))
    run = uuid.uuid4().hex[:8]
    seeds = [f"workers-bench-{run}-{i}" for i in range(args.games)]
    alone = in_process(seeds, levels, args.target, args.budget_ms)
    print(f"in process: {args.games} games in {alone:.1f}s")
    stack = {}
    for workers in (1, 2):
        seeds = [f"workers-bench-{run}-{workers}-{i}" for i in range(args.games)]
        stack[workers] = through_stack(seeds, levels, args.target, workers, env)
        print(f"stack, {workers} worker(s): {args.games} games in {stack[workers]:.1f}s "
              f"({args.games / stack[workers] * 60:.1f} games/min)")
    print(f"levels={args.levels} target={args.target} budget_ms={args.budget_ms}")
    print(f"stack_vs_inprocess={stack[1] / alone:.2f} games_per_minute={args.games / stack[2] * 60:.1f}")


if __name__ == "__main__":
    main()
