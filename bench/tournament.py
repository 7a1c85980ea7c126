"""A Swiss of built-in bots run through the real stack: PostgreSQL, a Redis broker, Celery workers and beat.

Registers N entries (two bots each), starts the tournament and waits for it to finish, every bot move a
task and every round paired when the last game of the one before ends. Prints
per round the slowest game and the pause before the next round, then the time outside the games:
``overhead = wall - sum over rounds of the slowest game`` (scheduling, pairing, opening tables, task
latency). Last line: ``games=<N> wall_s=<s> overhead_per_game_ms=<ms>``.

Usage: ``python bench/tournament.py [--entries 64] [--rounds 6] [--hands 1] [--workers 2] [--level easy]``.
Uses ``BENCH_DATABASE_URL`` (default: ``spades_bench`` on the local PostgreSQL) and ``BENCH_BROKER_URL``
(default: Redis database 9 on localhost).
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import celery_workers, prepare_stack  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--hands", type=int, default=1, help="deals per match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", default="easy")
    parser.add_argument("--budget-ms", type=int, default=20)
    args = parser.parse_args()

    env = prepare_stack(BOT_BUDGET_MS=str(args.budget_ms), TOURNAMENT_TICK_SECONDS="1", SWEEP_SECONDS="5")
    from tqdm import tqdm

    from games import services as games
    from tournaments import services
    from tournaments.models import Match, Round, Tournament

    organiser = games.player_register(name="bench-" + uuid.uuid4().hex[:10], kind="human")[0]
    with celery_workers(env, args.workers, beat=True):
        tournament = services.tournament_create(
            creator=organiser, name=f"bench {uuid.uuid4().hex[:6]}", format="swiss", preset="standard",
            rounds=args.rounds, hands_per_match=args.hands)
        size = services.members_per_entry(tournament.rules)
        for i in range(args.entries):
            services.entry_register(tournament_id=tournament.pk, by=organiser, name=f"bots {i + 1}",
                                    members=[services.MemberSpec(bot_level=args.level)] * size)
        start = time.perf_counter()
        services.tournament_start(tournament_id=tournament.pk, by=organiser)
        with tqdm(total=args.rounds, desc="rounds", unit="round") as bar:
            while True:
                tournament.refresh_from_db()
                done = Round.objects.filter(tournament=tournament, finished_at__isnull=False).count()
                bar.update(done - bar.n)
                if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
                    break
                time.sleep(0.2)
        wall = time.perf_counter() - start

    games_played = 0
    slowest_total = 0.0
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    for rnd, following in zip(rounds, rounds[1:] + [None], strict=True):
        tables = [m.table for m in Match.objects.filter(round=rnd).select_related("table") if m.table]
        durations = [(t.finished_at - t.started_at).total_seconds() for t in tables]
        slowest = max(durations, default=0.0)
        last_end = max((t.finished_at for t in tables), default=rnd.started_at)
        pause = (following.started_at - last_end).total_seconds() if following else 0.0
        games_played += len(tables)
        slowest_total += slowest
        print(f"round {rnd.number}: {len(tables)} games, slowest {slowest:.2f}s, next round after {pause * 1000:.0f}ms")
    overhead = max(0.0, wall - slowest_total)
    print(f"entries={args.entries} rounds={args.rounds} hands={args.hands} workers={args.workers} "
          f"level={args.level} budget_ms={args.budget_ms} status={tournament.status}")
    print(f"games={games_played} wall_s={wall:.1f} overhead_per_game_ms={overhead / max(games_played, 1) * 1000:.0f}")


if __name__ == "__main__":
    main()
