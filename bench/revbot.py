"""Seat an earlier commit's bot in the arena: a player named ``LEVEL@REV`` (for example ``hard@db7d618``)
is that commit's bot of ``LEVEL``, so a change to a bot can be shown to beat the bot before it on the same
duplicate deals.

The commit's tree is exported once with ``git archive`` into ``bench/.revs/<sha>/`` (ignored by git) and run
in a child process with only that tree on its import path, so its rules engine and strategies are the ones
of that commit; the game itself is played by today's engine, which hands the child each seat view as JSON
(the bots' only input) and applies the action it sends back. Decision times include the pipe's round
trip (a fraction of a millisecond).

``LEVEL@REV`` runs that commit pure; ``LEVEL@REV:compiled`` compiles its engine and strategies with mypyc
first (into ``bench/.revs/<sha>-compiled/``, about a minute), as the service's image runs them: the form
decides how much search the same 200 ms buys (``bots.strategies.search.PLAYS_PER_MS``), so two bots compared
in one form may not compare alike in the other.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REVS = Path(__file__).resolve().parent / ".revs"

# Runs inside the child, with the commit's tree first on sys.path: one JSON request per line in, one
# action per line out.
CHILD = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
from bots.strategies import decide
from games.engine import preset
rules = {}
sys.stdout.write("ready\\n")
sys.stdout.flush()
for line in sys.stdin:
    req = json.loads(line)
    r = rules.setdefault(req["rules"], preset(req["rules"]))
    action = decide(req["view"], r, level=req["level"], rng=random.Random(req["seed"]), budget_ms=req["budget_ms"])
    sys.stdout.write(json.dumps(action) + "\\n")
    sys.stdout.flush()
"""


COMPILED = ":compiled"
"""The suffix of a player ``LEVEL@REV:compiled``: that commit's bot with its engine and strategies compiled by
mypyc, as the image runs them (``make compiled``'s sources, read from that commit's ``games.compiled``)."""


def export(rev: str, *, compiled: bool = False) -> Path:
    """The tree of ``rev`` under ``bench/.revs/<full sha>/`` (``<full sha>-compiled/`` with its modules
    compiled), exported on first use."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    target = REVS / (f"{sha}-compiled" if compiled else sha)
    if not (target / "games" / "engine").is_dir():
        # Each process extracts into its own directory: the arena's worker processes export at the same time,
        # and a shared one could be renamed away under another's tar.
        partial = REVS / f"{target.name}.{os.getpid()}.partial"
        partial.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", sha, "games", "bots"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(partial)], input=archive, check=True)
        if compiled:
            sources = subprocess.run(
                [sys.executable, "-c", "from games.compiled import COMPILED_SOURCES; print(*COMPILED_SOURCES)"],
                cwd=partial, check=True, capture_output=True, text=True).stdout.split()
            mypyc = Path(sys.executable).with_name("mypyc")
            subprocess.run([str(mypyc), *sources], cwd=partial, check=True, capture_output=True)
        try:
            partial.rename(target)
        except OSError:  # another worker process exported it first
            shutil.rmtree(partial)
    return target


class RevBot:
    """One child process playing ``level`` as the commit ``rev`` did."""

    def __init__(self, level: str, rev: str, *, compiled: bool = False) -> None:
        self.level = level
        self.child = subprocess.Popen([sys.executable, "-c", CHILD, str(export(rev, compiled=compiled))],
                                      stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, bufsize=1)
        assert self.child.stdout is not None
        if self.child.stdout.readline() != "ready\n":  # imports done: they do not count as thinking time
            raise RuntimeError(f"the bot of {rev} did not start (see its stderr above)")

    def __call__(self, view: dict[str, Any], rules: Any, rng: random.Random, budget_ms: int) -> dict[str, Any]:
        assert self.child.stdin is not None and self.child.stdout is not None
        request = {"view": view, "rules": rules.name, "level": self.level, "seed": rng.getrandbits(64),
                   "budget_ms": budget_ms}
        self.child.stdin.write(json.dumps(request) + "\n")
        line = self.child.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.level} bot of an earlier commit stopped (see its stderr above)")
        action: dict[str, Any] = json.loads(line)
        return action


_bots: dict[str, RevBot] = {}


def resolve(name: str) -> Any:
    """The arena's decider for ``name``: ``LEVEL@REV`` is an earlier commit's bot, kept alive for the worker
    process's lifetime; any other name is today's bot of that level."""
    from bots.arena import level_decider

    if "@" not in name:
        return level_decider(name)
    if name not in _bots:
        level, rev = name.split("@", 1)
        _bots[name] = RevBot(level, rev.removesuffix(COMPILED), compiled=rev.endswith(COMPILED))
    return _bots[name]
