"""Instructions one request of the play loop costs the server, counted by callgrind: the move (``POST
actions/``), the woken long-poll that answers the next seat (``GET events/?wait=&until=turn``, from its first
read through its wait to its answer) and the floor (``GET /players/me/``).

Instruction counts are the same whatever else the machine does, so two commits compare without a quiet
machine or a lock: a change of 1% shows. They count the server's Python in one process, not PostgreSQL's
work nor the time waited for it.

Requests go through the real ASGI application (``spades_api.asgi.application``) in one process and one event
loop, as a uvicorn worker serves them (httpx's ASGI transport stands in for the socket): the sync views run on
the kept threads, the long-polls on the event loop, woken by PostgreSQL's NOTIFY through the process's
listener. Settings are ``bench/load.py``'s server's (production, a pool of 8, throttles out of the way); a
waiting long-poll's safety re-read (every few seconds of wall time, which valgrind stretches) is put off, so
the counts do not depend on how busy the machine is, and the objects alive after the warm-up are frozen out of
the cyclic collector (``gc.freeze``), whose full collections would otherwise land in or out of the count as a
change's allocations shift them.

One measured run plays ``--hands`` hands after a warm-up hand (first-use imports and caches), at one
standard table of four new accounts, the moves chosen by the engine (a bid of 3, the lowest legal card), and
sends for each move what ``--kinds`` names: ``act``, ``events`` (the next seat's long-poll is opened and
waiting before the move is sent, and its answer awaited after), ``floor``, ``client`` (the same POST sent to
an ASGI app that answers ``{}`` at once: what the in-process client itself costs a request, which the
server-side figures leave out), ``push`` (each of the four seats holds the table's ``events/stream/`` open,
opened before the warm-up hand, and the move is awaited on all four) and ``watchers`` (``--watchers``
spectators, 32 by default, each an account, hold it open likewise). The streams are driven through the same
ASGI application as the requests; all this side does is look for each body's ``id:`` line. Under callgrind
(``valgrind --tool=callgrind --instr-atstart=no``) the count covers only the measured hands, in every thread
of the process (callgrind.h's client requests, through a tiny helper compiled with the system's C compiler),
and the run prints ``moves=<N> instructions=<N>``. The cost of a kind is the difference of two runs' counts
per move (``act`` alone, then ``act`` and the kind); ``act`` itself is its run's count per move less ``client``.

Usage, on a migrated database (``DATABASE_URL``; the server's tables are created in it)::

    python bench/instructions.py                 # every kind, each run under valgrind; prints the table
    python bench/instructions.py --hands 3 --jobs 1
    valgrind --tool=callgrind --instr-atstart=no python bench/instructions.py --run act,events --hands 2

Last line: ``act_minstr=<M> events_minstr=<M> floor_minstr=<M> client_minstr=<M> push_minstr=<M>
watcher_minstr=<M> act_vs_floor=<ratio> push_vs_floor=<ratio> watcher_vs_floor=<ratio>`` (millions of
instructions per request, the client's share taken off each; ``act_vs_floor`` the move, its woken long-poll
included, over the floor; ``push`` a move delivered to one seat's open stream, ``watcher`` to one spectator's,
each over the floor). A full run takes a few minutes on a quiet machine, half an hour on a busy one.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import os
import re
import subprocess
import sys
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EVERYTHING = ["act", "act,events", "act,floor", "act,client", "act,push", "act,watchers"]
_HELPER = r"""
#include <valgrind/callgrind.h>
void cg_start(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS; }
void cg_stop(void) { CALLGRIND_DUMP_STATS_AT("measured"); }
"""
SERVER_ENV = {"DJANGO_SETTINGS_MODULE": "spades_api.settings", "DEBUG": "0", "ALLOWED_HOSTS": "testserver,127.0.0.1",
              "LOG_LEVEL": "WARNING", "DB_POOL_MAX_SIZE": "8",
              # A token's account kept through valgrind's slowness: kept for 5 s of wall time, it was read from the
              # database (and the player's presence written) as often as the machine was busy, which moved the
              # counts by several per cent between runs of one tree.
              "TOKEN_CACHE_SECONDS": "3600",
              **{f"THROTTLE_{scope}_RATE": "1000000/min" for scope in ("USER", "ANON", "REGISTER")}}


def _helper() -> Any:
    """callgrind's client requests as two C functions (no-ops outside valgrind)."""
    folder = Path(tempfile.mkdtemp(prefix="cg-"))
    (folder / "cg.c").write_text(_HELPER)
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(folder / "cg.so"), str(folder / "cg.c")], check=True)
    return ctypes.CDLL(str(folder / "cg.so"))


_FRAME_ID = re.compile(rb"(?:^|\n)id: (\d+)\n")


class _Stream:
    """One open ``events/stream/`` through the ASGI application, as uvicorn would serve it: the highest entry
    seq it has been sent. What it costs on this side is a regular expression over each body it is sent."""

    def __init__(self, app: Any, path: str, token: str) -> None:
        self.seen = 0
        self.sent = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._run(app, path, token))

    async def _run(self, app: Any, path: str, token: str) -> None:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
                 "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
                 "query_string": f"token={token}".encode(), "client": ("127.0.0.1", 4000),
                 "server": ("127.0.0.1", 80), "headers": [(b"host", b"127.0.0.1"), (b"accept", b"text/event-stream")]}
        asked = False

        async def receive() -> dict[str, Any]:
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Future()  # the client never leaves: cancelled at the end
            raise AssertionError

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                for found in _FRAME_ID.finditer(message.get("body", b"")):
                    self.seen = max(self.seen, int(found.group(1)))
                self.sent.set()

        await app(scope, receive, send)

    async def until(self, seq: int) -> None:
        while self.seen < seq:
            self.sent.clear()
            await self.sent.wait()


async def _play(kinds: set[str], hands: int, cg: Any, watchers: int) -> int:
    """Play the warm-up hand and ``hands`` more; returns the moves measured."""
    import httpx
    from asgiref.sync import sync_to_async

    from games import engine, wakeup
    from games.api import streams
    from games.models import Table
    from spades_api.asgi import application

    # The long-poll is waiting (its first read done) once it enters Watch.wait: then the move is sent.
    waiting = asyncio.Event()
    original_wait = wakeup.Watch.wait

    async def noted_wait(self: Any, timeout: float) -> int | None:
        waiting.set()
        return await original_wait(self, timeout)

    wakeup.Watch.wait = noted_wait  # type: ignore[method-assign]
    # The safety re-read of a waiting long-poll (every few seconds of wall time) would fire under valgrind,
    # which runs the server some fifty times slower, as often as the machine is busy: counts would vary.
    wakeup.SAFETY_POLL_SECONDS = 3600
    # So would a stream's keep-alive (which also writes the player's presence), a feed's idle read, and the end
    # of a stream after its five minutes of wall time.
    streams.KEEPALIVE_SECONDS = streams.STREAM_SECONDS = 36_000
    try:
        from games.api import hub
    except ImportError:  # a commit before the hub: each stream reads for itself
        pass
    else:
        hub.IDLE_SECONDS = 36_000
    async def answered(scope: dict[str, Any], receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})

    bare = httpx.AsyncClient(transport=httpx.ASGITransport(app=answered), base_url="http://127.0.0.1")
    transport = httpx.ASGITransport(app=application, client=("127.0.0.1", 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1", timeout=60) as http:
        auth = []
        for _ in range(4):
            r = await http.post("/api/v1/players/", json={"name": "i-" + uuid.uuid4().hex[:12]})
            auth.append({"Authorization": f"Bearer {r.json()['token']}"})
        r = await http.post("/api/v1/tables/", json={"preset": "standard", "take_seat": 0}, headers=auth[0])
        table = r.json()["id"]
        for seat in range(1, 4):
            await http.post(f"/api/v1/tables/{table}/join/", json={"seat": seat}, headers=auth[seat])
        url = f"/api/v1/tables/{table}"
        # Open streams: each seat's own (push), and spectators' (watchers), opened before the warm-up hand.
        tokens = []
        if "push" in kinds:
            tokens += [a["Authorization"].split()[1] for a in auth]
        for _ in range(watchers if "watchers" in kinds else 0):
            r = await http.post("/api/v1/players/", json={"name": "w-" + uuid.uuid4().hex[:12]})
            tokens.append(r.json()["token"])
        open_streams = [_Stream(application, f"{url}/events/stream/", token) for token in tokens]
        row = await sync_to_async(Table.objects.get)(pk=table)
        game, seq = engine.Game.from_json(row.state), row.seq
        moves = 0
        measuring = False
        while game.hands_played < 1 + hands:
            if game.hands_played >= 1 and not measuring:
                measuring = True
                # The process's long-lived objects (modules, settings, caches) out of the collector's way: a
                # full collection scans them all, and when one falls inside the count depends on how much
                # every change allocates (a few tenths of a million instructions a move either way).
                gc.collect()
                gc.freeze()
                if cg is not None:
                    cg.cg_start()
            seat = game.to_move()[0]
            action = ({"type": "bid", "bid": 3} if game.phase == engine.BID
                      else {"type": "play", "card": engine.card_name(game.legal_cards(seat)[0])})
            # This side's own game moves on in place (the answer is checked below): a copy through its whole JSON,
            # history included, cost more than the server's own parse of the snapshot and was counted as the move's.
            game.apply(engine.Action.from_json({**action, "seat": seat}))
            following = game.to_move()[0] if game.to_move() else None
            poll = None
            if "events" in kinds and following is not None and following != seat:
                waiting.clear()
                poll = asyncio.create_task(http.get(f"{url}/events/", params={
                    "after": seq, "wait": 25, "until": "turn"}, headers=auth[following]))
                await waiting.wait()
            if "client" in kinds:
                assert (await bare.post(f"{url}/actions/", json=action | {"seq": seq}, headers=auth[seat])).json() == {}
            if "floor" in kinds:
                assert (await http.get("/api/v1/players/me/", headers=auth[seat])).status_code == 200
            r = await http.post(f"{url}/actions/", json=action | {"seq": seq}, headers=auth[seat])
            assert r.status_code == 200, r.text
            if poll is not None:
                answer = await poll
                assert answer.status_code == 200 and answer.json()["seq"] == seq + 1, answer.text
            for stream in open_streams:
                await stream.until(seq + 1)
            seq += 1
            moves += measuring
        if cg is not None:
            cg.cg_stop()
        for stream in open_streams:
            stream.task.cancel()
    await bare.aclose()
    return moves


def run(kinds: set[str], hands: int, root: Path, watchers: int) -> None:
    """One measured run in this process (under valgrind to count) of the server code in ``root``."""
    os.environ.update({k: v for k, v in SERVER_ENV.items() if k not in os.environ})
    os.environ.setdefault("SECRET_KEY", "instructions-" + uuid.uuid4().hex + uuid.uuid4().hex)
    sys.path.insert(0, str(root))
    os.chdir(root)
    import django

    django.setup()
    import games

    assert Path(games.__file__).resolve().is_relative_to(root), f"games comes from {games.__file__}, not {root}"
    cg = _helper() if os.environ.get("CG_OUT") else None
    moves = asyncio.run(_play(kinds, hands, cg, watchers))
    total = 0
    if cg is not None:  # the dump of the measured part: its totals line
        for path in Path(os.environ["CG_OUT"]).parent.glob(Path(os.environ["CG_OUT"]).name + "*"):
            text = path.read_text()
            if "measured" in text:
                total = int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))  # type: ignore[union-attr]
    print(f"moves={moves} instructions={total}")


def counted(kinds: str, hands: int, root: Path, watchers: int) -> tuple[int, int]:
    """``run`` of ``kinds`` under callgrind in a child process: (moves, instructions measured)."""
    folder = tempfile.mkdtemp(prefix="cg-out-")
    out = f"{folder}/callgrind.out"
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
         sys.executable, __file__, "--run", kinds, "--hands", str(hands), "--root", str(root),
         "--watchers", str(watchers)],
        capture_output=True, text=True, env=os.environ | {"CG_OUT": out, "PYTHONHASHSEED": "0"}, cwd=ROOT)
    found = re.search(r"moves=(\d+) instructions=(\d+)", done.stdout)
    if done.returncode or found is None or not int(found.group(2)):
        raise SystemExit(f"{kinds}: failed\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return int(found.group(1)), int(found.group(2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2, help="hands measured (after a warm-up hand)")
    parser.add_argument("--jobs", type=int, default=2, help="valgrind runs at once")
    parser.add_argument("--run", help="measure these kinds in this process (act,events,floor)")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="serve the project in this folder (an earlier commit's worktree, with this venv)")
    parser.add_argument("--watchers", type=int, default=32, help="spectators' streams of the watchers kind")
    parser.add_argument("--sets", nargs="+", default=EVERYTHING,
                        help="the runs to count (each a set of kinds); the last line needs them all")
    args = parser.parse_args()
    if args.run:
        run(set(args.run.split(",")), args.hands, args.root.resolve(), args.watchers)
        return
    sets = args.sets
    with ThreadPoolExecutor(args.jobs) as pool:
        found = list(pool.map(lambda kinds: counted(kinds, args.hands, args.root.resolve(), args.watchers), sets))
    per_move = {kinds: instructions / moves / 1e6 for kinds, (moves, instructions) in zip(sets, found, strict=True)}
    for kinds, (moves, instructions) in zip(sets, found, strict=True):
        print(f"{kinds:12} moves={moves} instructions={instructions} per move {instructions / moves / 1e6:.2f}M")
    if sorted(sets) != sorted(EVERYTHING):
        return
    client = per_move["act,client"] - per_move["act"]
    act = per_move["act"] - client
    events = per_move["act,events"] - per_move["act"] - client
    floor = per_move["act,floor"] - per_move["act"] - client
    push = (per_move["act,push"] - per_move["act"]) / 4
    watcher = (per_move["act,watchers"] - per_move["act"]) / args.watchers
    print(f"act_minstr={act:.2f} events_minstr={events:.2f} floor_minstr={floor:.2f} client_minstr={client:.2f} "
          f"push_minstr={push:.3f} watcher_minstr={watcher:.4f} act_vs_floor={(act + events) / floor:.2f} "
          f"push_vs_floor={push / floor:.3f} watcher_vs_floor={watcher / floor:.4f}")

if __name__ == "__main__":
    main()
