"""Hand reviews under the embedded set-up: how long after a hand ends its double dummy review is served.

It starts what ``make run`` runs, ``manage.py serve`` (uvicorn, a Celery worker of two processes and beat on
the SQLite broker; since 738bb20 a second worker, the analyst, for the reviews), on a fresh database in a
temporary folder (``bench/soak.py``'s ``EmbeddedService``), and
keeps ``--tables`` all-bot tables playing through the public API. A client thread per table follows its
events feed (long-polls, no pause) and notes the moment each ``hand_over`` entry arrives; one poller asks
``GET tables/{id}/hands/{n}/analysis/`` for every hand seen until it answers 200 (every ``--poll`` seconds,
202 meanwhile). For each of the first ``--hands`` hands it reports the time from the hand's end, as the
client saw it, to its review being served, the cards analysed within the node budget and whether the par
was solved. And what the reviews cost the bots: for each table, the gaps between two arrivals of new entries on
its feed (a bot's move as the client sees it), so a worker process held by a solve shows as a long gap.

Usage: ``python bench/review.py [--tables 2] [--hands 12] [--level easy] [--budget N|none]`` (``--budget``
sets ``ANALYSIS_NODE_BUDGET`` for the service; default: the service's own, 1 000 000). Timed runs go under
``nice -n 5 flock /work/bench.lock``. Last line: ``ready_median_s=… ready_max_s=… analysed=… par_solved=…
hands=… move_gap_p99_s=… move_gap_max_s=…`` (``analysed``: the fraction of cards played that were analysed;
the gaps: between two batches of a table's moves reaching its client, over every table).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.soak import EmbeddedService  # noqa: E402


@dataclass
class Seen:
    """The hands whose end the clients saw, and the reviews the poller got, under one lock."""

    ended: dict[tuple[str, int], float] = field(default_factory=dict)
    ready: dict[tuple[str, int], tuple[float, int, int, bool]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    gaps: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def register(http: httpx.Client, name: str) -> None:
    r = http.post("/api/v1/players/", json={"name": f"{name}-{uuid.uuid4().hex[:8]}"})
    r.raise_for_status()
    http.headers["Authorization"] = f"Bearer {r.json()['token']}"


def play(base: str, index: int, level: str, seen: Seen, stop: threading.Event) -> None:
    """One client: an all-bot table followed to its end, then the next, noting every hand's end."""
    with httpx.Client(base_url=base, timeout=60) as http:
        register(http, f"review-{index}")
        while not stop.is_set():
            r = http.post("/api/v1/tables/", json={"preset": "standard", "overrides": {"target": 300},
                                                  "seats": [{"type": "bot", "level": level}] * 4})
            r.raise_for_status()
            table, after, last = r.json()["id"], 0, None
            while not stop.is_set():
                r = http.get(f"/api/v1/tables/{table}/events/", params={"after": after, "wait": 10})
                r.raise_for_status()
                entries = r.json()["events"]
                now = time.monotonic()
                if entries:
                    after = entries[-1]["seq"]
                events = [e for entry in entries for e in entry["events"]]
                with seen.lock:
                    if entries and last is not None:
                        seen.gaps.append(now - last)
                    for e in events:
                        if e["type"] == "hand_over":
                            seen.ended[(table, e["hand"])] = now
                if entries:
                    last = now
                if any(e["type"] == "game_over" for e in events):
                    break


def poll(base: str, seen: Seen, stop: threading.Event, every: float) -> None:
    """Ask for the review of every hand seen to end until it is served."""
    with httpx.Client(base_url=base, timeout=60) as http:
        register(http, "review-reader")
        while not stop.is_set():
            with seen.lock:
                waiting = [key for key in seen.ended if key not in seen.ready]
            for table, number in waiting:
                r = http.get(f"/api/v1/tables/{table}/hands/{number}/analysis/")
                now = time.monotonic()
                if r.status_code == 202:
                    continue
                if r.status_code != 200:
                    with seen.lock:
                        seen.errors.append(f"{r.status_code} {r.text[:120]}")
                    continue
                body = r.json()
                with seen.lock:
                    seen.ready[(table, number)] = (now - seen.ended[(table, number)], body["analysed"],
                                                   len(body["plays"]), not body["par_missing"])
            stop.wait(every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--hands", type=int, default=12, help="reviews to measure")
    parser.add_argument("--level", default="easy", help="the bots' level")
    parser.add_argument("--budget", default=None, help="ANALYSIS_NODE_BUDGET for the service")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between two asks of a review")
    parser.add_argument("--minutes", type=float, default=12, help="give up after this long")
    args = parser.parse_args()

    env = {} if args.budget is None else {"ANALYSIS_NODE_BUDGET": args.budget}
    with tempfile.TemporaryDirectory(prefix="bench-review-") as folder, \
            EmbeddedService(Path(folder), env=env) as service:
        seen, stop = Seen(), threading.Event()
        threads = [threading.Thread(target=play, args=(service.base, i, args.level, seen, stop), daemon=True)
                   for i in range(args.tables)]
        threads.append(threading.Thread(target=poll, args=(service.base, seen, stop, args.poll), daemon=True))
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + args.minutes * 60
        while time.monotonic() < deadline:
            with seen.lock:
                if len(seen.ready) >= args.hands:
                    break
            time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        with seen.lock:
            ready = [seen.ready[k] for k in sorted(seen.ready, key=lambda k: seen.ended[k])][:args.hands]
            errors = list(seen.errors)
            gaps = sorted(seen.gaps)
    if not ready:
        print(f"no review was served (errors: {errors[:5]})")
        sys.exit(1)
    waits = [r[0] for r in ready]
    analysed = sum(r[1] for r in ready) / sum(r[2] for r in ready)
    par = sum(r[3] for r in ready) / len(ready)
    print(f"{len(ready)} hands, {args.tables} tables of {args.level} bots, budget "
          f"{args.budget or 'the default'}; errors {len(errors)}")
    for wait, done, cards, par_ok in ready:
        print(f"  ready {wait:6.1f} s after the hand's end, {done:2d}/{cards} cards analysed, "
              f"par {'solved' if par_ok else 'missing'}")
    gap_p99 = gaps[min(len(gaps) - 1, int(0.99 * len(gaps)))] if gaps else float("nan")
    print(f"moves seen: {len(gaps)} gaps, median {statistics.median(gaps) if gaps else float('nan'):.3f} s")
    print(f"ready_median_s={statistics.median(waits):.1f} ready_max_s={max(waits):.1f} analysed={analysed:.2f} "
          f"par_solved={par:.2f} hands={len(ready)} move_gap_p99_s={gap_p99:.2f} "
          f"move_gap_max_s={max(gaps) if gaps else float('nan'):.2f}")


if __name__ == "__main__":
    main()
