"""Engine speed: random legal full hands (deal, four bids, every play, scoring) with the engine's full rule
checking on every move, in each form of the engine (pure Python, and mypyc-compiled when ``make compiled``
has built it), against OpenSpiel's C++ Spades driven from Python for the same random play (a random deal,
four random legal bids, 13 tricks of random legal cards) when ``open_spiel`` is installed (the ``bench``
extra). Last line: ``hands_per_second=<N> openspiel_hands_per_second=<N> ratio=<R>``, the best form built.

Like for like: OpenSpiel's loop asks each state for its legal actions (52 chance moves for the deal, 4 bids,
52 plays) and applies one; applying a play checks only that the seat holds the card (its C++ trusts the
caller to have picked a legal one), the state keeps its history of actions and scores the hand at the end,
and nothing is told about a move. Our engine checks every rule again on every move it applies, and its
moves by default also return their events (the names of the cards played, the trick, the score breakdown,
the next deal's hands), which the service sends to the tables and OpenSpiel has no counterpart of. So each
form is measured both ways in the same process: with events (the service's way; the only way an older tree
has, for ``--base``) and with ``events=False`` (every rule checked just the same, the log, tricks, hand
records, scoring and next deal all kept), and the last line's rate is the latter. Our engine also plays
whole games (a new game when one ends: the seeded deal, the game-end check, and a history that random play
makes thousands of hands long) where OpenSpiel's game is one hand; that extra work stays in our figure.

Then the hard bot's rollouts (``--rollout D`` decisions, 0 to skip), in each form of the engine and bots: the
hard bot decides ``D`` card plays of random positions (the same positions in every form) with its default
budget, and the figures are the cards its rollouts simulated (every card :func:`bots.strategies.rollout.play_out`
played) per second of decision time and per decision: the work a default-budget decision really does on this
machine, whether the search's work count or its wall-clock stop ends it.

Usage: ``python bench/engine.py [--hands N] [--preset NAME] [--repeat K] [--forms pure,compiled,openspiel]
[--base DIR] [--rollout D]``. Each measurement runs in a child process of its own, the forms taking turns K
times (the machine is shared and noisy, so alternating keeps the comparison fair); each form's figure is the
best of its K runs, the usual way to read a micro-benchmark. A hand count's time is the processor time of
its process (``time.process_time``), not the wall clock: on a machine shared with other work, a process
waiting for a core is not charged for the wait. The rollout figures are wall-clock, as the hard bot's budget
is. ``--base DIR`` adds the pure engine and bots of another checkout (a ``git worktree`` of an earlier
commit) as the form ``base``, for before/after ratios.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import inspect
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def play_random_hands(rules_name: str, hands: int, seed: int,
                      before_play: Callable[[Any, int, list[int]], bool] | None = None, *, told: bool = True) -> int:
    """Play ``hands`` random legal hands with the engine imported in this process; returns the plays made.
    ``before_play(game, seat, legal cards)``, if given, sees every position before its card is played, and
    stops the play by returning true. ``told``: every move returns its events, as the service needs them;
    else the moves are made with ``events=False`` (every rule checked, the log, tricks, hand records,
    scoring and next deal all kept, nothing named for a table), which is the work OpenSpiel's loop does."""
    from games.engine import GAME_OVER, PLAY, Game, preset

    rng = random.Random(seed)
    rules = preset(rules_name)
    rand = rng.random
    plays = 0
    done = 0
    game = Game.new(rules, seed=f"bench-{seed}")
    # `while True` and a test at the top, not `while done < hands`: CPython 3.11 specializes a function's
    # bytecode (the fast paths for attribute reads and calls) once it has been called or has jumped back
    # often enough, and the bottom-tested loop `while done < hands` compiles to a jump back that it does not
    # count, so this loop, in a function called once, would run unspecialized to the end (8.6% more
    # instructions a hand, pure). OpenSpiel's driver below loops with `for`, whose jump back counts: so both
    # drivers run specialized, and the comparison is of the engines.
    while True:
        if done >= hands:
            break
        if game.phase == GAME_OVER:
            game = Game.new(rules, seed=f"bench-{seed}-{done}")
        seat = game.turn
        if game.phase == PLAY:
            cards = game.legal_cards(seat)
            if before_play is not None and before_play(game, seat, cards):
                break
            if told:
                game.play(seat, cards[int(rand() * len(cards))])
            else:
                game.play(seat, cards[int(rand() * len(cards))], events=False)
            plays += 1
            if game.phase != PLAY:  # that play ended the hand: it was scored and the next one dealt
                done += 1
        else:
            bids = game.legal_bids(seat)
            bid = bids[int(rand() * len(bids))]
            if told:
                game.bid(seat, bid.tricks, blind=bid.blind)
            else:
                game.bid(seat, bid.tricks, blind=bid.blind, events=False)
    return plays


def play_openspiel_hands(hands: int, seed: int) -> int:
    """Play ``hands`` random hands of OpenSpiel's Spades (one game is one hand: 52 dealing chance moves, four
    bids, 52 plays); returns the plays made."""
    import pyspiel

    rng = random.Random(seed)
    rand = rng.random
    game = pyspiel.load_game("spades")
    plays = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()  # at a chance node: the cards still to deal, all equally likely
            if not state.is_chance_node() and len(actions) and actions[0] < 52:
                plays += 1
            state.apply_action(actions[int(rand() * len(actions))])
        state.returns()
    return plays


def hard_decisions(rules_name: str, decisions: int, seed: int) -> dict[str, float]:
    """The hard bot's play decisions at its default budget on ``decisions`` positions of random legal play
    (every seventh play with a choice, from the engine imported in this process): the cards its rollouts
    simulated and the seconds the decisions took."""
    import bots.strategies.rollout
    import bots.strategies.search
    from bots.strategies import decide
    from bots.strategies.decide import DEFAULT_BUDGET_MS
    from games.engine import preset, seat_view

    counted = [0]
    if not hasattr(bots.strategies.rollout, "cards_played"):  # an older tree: count around the search's play_out
        play_out = bots.strategies.search.play_out

        def counting(*args: Any) -> int:
            plays: int = play_out(*args)
            counted[0] += plays
            return plays

        bots.strategies.search.play_out = counting  # type: ignore[assignment]

    def cards() -> int:
        return int(getattr(bots.strategies.rollout, "cards_played", counted[0]))

    rules = preset(rules_name)
    choices = done = 0
    seconds = 0.0
    start_cards = cards()

    def decide_some(game: Any, seat: int, legal: list[int]) -> bool:
        nonlocal choices, done, seconds
        if len(legal) > 1:
            choices += 1
            if choices % 7 == 0:
                view = seat_view(game, seat).to_json()
                start = time.perf_counter()
                decide(view, rules, level="hard", rng=random.Random(done), budget_ms=DEFAULT_BUDGET_MS)
                seconds += time.perf_counter() - start
                done += 1
        return done >= decisions

    play_random_hands(rules_name, 10**9, seed, decide_some)
    return {"decisions": decisions, "cards": cards() - start_cards, "seconds": seconds,
            "budget_ms": DEFAULT_BUDGET_MS}


def child(form: str, tree: str, rules_name: str, hands: int, seed: int, rollout: int) -> None:
    """Measure one form in this (fresh) process and print the figures as one JSON line."""
    if form == "openspiel":
        start = time.process_time()
        plays = play_openspiel_hands(hands, seed)
        loaded = "openspiel"
    else:
        sys.path.insert(0, tree)
        if form == "pure" and (Path(tree) / "games" / "compiled.py").exists():
            from games.compiled import force_pure

            force_pure()
        import games.engine.game

        path = str(games.engine.game.__file__)
        loaded = "compiled" if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"
        if rollout:
            print(json.dumps({"form": form, "loaded": loaded, **hard_decisions(rules_name, rollout, seed)}))
            return
        start = time.process_time()
        plays = play_random_hands(rules_name, hands, seed)
        elapsed = time.process_time() - start
        quiet: float | None = None
        if "events" in inspect.signature(games.engine.game.Game.play).parameters:  # not in an older tree
            start = time.process_time()
            play_random_hands(rules_name, hands, seed, told=False)
            quiet = time.process_time() - start
        print(json.dumps({"form": form, "loaded": loaded, "hands": hands, "plays": plays, "seconds": elapsed,
                          "quiet_seconds": quiet}))
        return
    elapsed = time.process_time() - start
    print(json.dumps({"form": form, "loaded": loaded, "hands": hands, "plays": plays, "seconds": elapsed,
                      "quiet_seconds": elapsed}))  # OpenSpiel's moves tell nothing either way


def run_child(form: str, tree: Path, args: argparse.Namespace, seed: int, rollout: int = 0
              ) -> dict[str, float | str]:
    env = {k: v for k, v in os.environ.items() if k != "SPADES_ENGINE"}
    out = subprocess.run(
        [sys.executable, __file__, "--child", form, "--tree", str(tree), "--preset", args.preset,
         "--hands", str(args.hands), "--seed", str(seed), "--child-rollout", str(rollout)],
        check=True, capture_output=True, text=True, env=env,
    ).stdout
    result: dict[str, float | str] = json.loads(out.strip().splitlines()[-1])
    return result


def available_forms() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from games.compiled import built_extensions

    forms = ["pure"]
    if built_extensions():
        forms.append("compiled")
    if importlib.util.find_spec("pyspiel") is not None:
        forms.append("openspiel")
    return forms


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--forms", help="comma-separated, from pure, compiled, openspiel (default: what is there)")
    parser.add_argument("--base", type=Path, help="another checkout whose pure engine runs as the form 'base'")
    parser.add_argument("--rollout", type=int, default=21, help="hard bot decisions per run (0: no rollout figures)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--child-rollout", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--tree", default=str(ROOT), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.tree, args.preset, args.hands, args.seed, args.child_rollout)
        return

    forms = args.forms.split(",") if args.forms else available_forms()
    if args.base:
        forms.append("base")
    if "openspiel" not in forms:
        print("open_spiel is not installed (pip install -e '.[bench]'): no OpenSpiel figure")
    best: dict[str, float] = {}  # the moves told (events made), as the service plays
    quiet: dict[str, float] = {}  # events=False: the work OpenSpiel's loop does, every rule still checked
    for k in range(args.repeat):
        for form in forms:
            tree = args.base if form == "base" else ROOT
            r = run_child("pure" if form == "base" else form, tree, args, seed=k)
            if form == "compiled" and r["loaded"] != "compiled":
                raise SystemExit("the compiled form is not the one loaded: run `make compiled` first")
            seconds = float(r["seconds"])
            rate = args.hands / seconds
            best[form] = max(best.get(form, 0.0), rate)
            line = (f"run {k + 1} {form:>9}: {args.hands} hands, {r['plays']} plays in {seconds:.2f}s = "
                    f"{rate:,.0f} hands/s, {float(r['plays']) / seconds:,.0f} plays/s")
            if r.get("quiet_seconds") is not None:
                quiet_rate = args.hands / float(r["quiet_seconds"])
                quiet[form] = max(quiet.get(form, 0.0), quiet_rate)
                if form != "openspiel":
                    line += f"; events=False {quiet_rate:,.0f} hands/s"
            print(line, flush=True)
    rollouts = rollout_figures(forms, args) if args.rollout else {}
    print(f"preset={args.preset} python={sys.version.split()[0]} best of {args.repeat} runs each:")
    spiel = best.get("openspiel")
    for form, rate in best.items():
        vs = f"  {rate / spiel:.2f}x OpenSpiel" if spiel and form != "openspiel" else ""
        vs_base = f"  {rate / best['base']:.2f}x base" if "base" in best and form in ("pure", "compiled") else ""
        print(f"  {form:>9}: {rate:,.0f} hands/s with events{vs}{vs_base}" if form != "openspiel"
              else f"  {form:>9}: {rate:,.0f} hands/s")
        if form in quiet and form != "openspiel":
            q = quiet[form]
            vs = f"  {q / spiel:.2f}x OpenSpiel" if spiel else ""
            vs_base = f"  {q / best['base']:.2f}x base (with events)" if "base" in best else ""
            print(f"  {form:>9}: {q:,.0f} hands/s events=False{vs}{vs_base}")
    for form, (rate, per_decision) in rollouts.items():
        vs_base = ""
        if "base" in rollouts and form != "base":
            vs_base = (f"  {rate / rollouts['base'][0]:.2f}x base per second,"
                       f" {per_decision / rollouts['base'][1]:.2f}x base per decision")
        print(f"  {form:>9} hard rollouts: {rate:,.0f} simulated cards/s, {per_decision:,.0f} per default-budget "
              f"decision{vs_base}")
    engine_forms = [f for f in ("compiled", "pure") if f in best]
    if not engine_forms:
        return
    form = engine_forms[0]
    rate = quiet.get(form, best[form])
    print(f"hands_per_second is the {form} form" + (", events=False (OpenSpiel's work)" if form in quiet else ""))
    ratio = f"{rate / spiel:.2f}" if spiel else "none"
    spiel_text = f"{spiel:.0f}" if spiel else "none"
    print(f"hands_per_second={rate:.0f} openspiel_hands_per_second={spiel_text} ratio={ratio}")


def rollout_figures(forms: list[str], args: argparse.Namespace) -> dict[str, tuple[float, float]]:
    """The hard bot's simulated cards per second and per decision in each engine form (best of the repeats,
    the forms taking turns), printing each run."""
    best: dict[str, tuple[float, float]] = {}
    for k in range(args.repeat):
        for form in [f for f in forms if f != "openspiel"]:
            tree = args.base if form == "base" else ROOT
            r = run_child("pure" if form == "base" else form, tree, args, seed=k, rollout=args.rollout)
            seconds, cards, decisions = float(r["seconds"]), float(r["cards"]), float(r["decisions"])
            rate, per_decision = cards / seconds, cards / decisions
            old = best.get(form, (0.0, 0.0))
            best[form] = (max(old[0], rate), max(old[1], per_decision))
            print(f"run {k + 1} {form:>9}: {decisions:.0f} hard decisions ({r['budget_ms']} ms budget) in "
                  f"{seconds:.2f}s, {cards:,.0f} simulated cards = {rate:,.0f}/s, {per_decision:,.0f} per decision, "
                  f"{seconds / decisions * 1000:.0f} ms per decision", flush=True)
    return best


if __name__ == "__main__":
    main()
