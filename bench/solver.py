"""The double dummy solver (``games/engine/solver.py``): whole deals and 5-trick endings of the standard preset,
against a plain alpha-beta and against DDS (the bridge solver, through ``endplay``), on the same positions in
the same run.

- ``deal``: a whole 13-trick deal at the first lead (bids and the first leader from the test player's game),
  every legal first lead valued (:meth:`Solver.solve`, the hand's points, a fresh solver per deal): the
  median time.
- ``five``: positions with 5 tricks left (the test player's games, at a trick's start): every legal card
  valued, a fresh solver each: the 95th percentile time.
- ``--seven``: the solver's nodes (untimed) on positions with 7 tricks left, a deeper check of the search.
- nodes: the solver's searched positions against a plain alpha-beta (fail-hard, full window, no table, no
  merging, no ordering, no bounds) for the same values on the ``five`` positions.
- DDS: the same positions as trick counts (spades broken, spades trumps: the mover's side's tricks for
  every legal card, :meth:`Solver.value_of` with the tricks objective against ``endplay.dds.solve_board``):
  ``vs_dds`` is our time over DDS's, on the ``five`` positions (and printed for the deals).

The last line: ``deal_median_ms=... five_left_p95_ms=... vs_dds=...``. Run compiled (``make compiled``
first; ``SPADES_ENGINE=compiled`` checks the build is the one loaded), under the bench lock::

    make compiled && flock /work/bench.lock env SPADES_ENGINE=compiled .venv/bin/python bench/solver.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from games.compiled import apply_env, module_form  # noqa: E402

apply_env()

from games.engine import PLAY, Game, preset  # noqa: E402
from games.engine import solver as solver_module  # noqa: E402
from games.engine.cards import CARD_BITS, SUIT_OF, cards_in  # noqa: E402
from games.engine.rules import side_of  # noqa: E402
from games.engine.solver import TRICKS, Position, Solver, hand_payoff  # noqa: E402
from games.engine.tricks import BREAKS_SPADES, POWER, legal_plays, spade_lead_bar  # noqa: E402
from tests.engine import players  # noqa: E402
from tests.engine.test_solver import dds_moves, play_position  # noqa: E402


def position(seed: int, left: int) -> Game:
    """The test player's game of the standard preset from ``seed``, at the start of the trick with ``left``
    tricks left."""
    rng = random.Random(seed)
    g = Game.new(preset("standard"), seed=f"bench-solver-{seed}")
    while not (g.phase == PLAY and 13 - len(g.tricks) == left and not g.trick):
        g.apply(players.next_action(g, rng))
    return g


class Plain:
    """Alpha-beta and nothing else, on the margin of side 0: the baseline of the node counts."""

    def __init__(self, g: Game) -> None:
        self.rules = g.rules
        self.pay = hand_payoff(g)
        self.nodes = 0

    def value(self, hands: list[int], trick: list[int], leader: int, won: list[int], broken: bool,
              alpha: float, beta: float) -> float:
        self.nodes += 1
        rules = self.rules
        if not any(hands):
            p = self.pay(tuple(won))
            return p[0] - p[1]
        seat = (leader + len(trick)) % 4
        if trick:
            legal = legal_plays(hands[seat], SUIT_OF[trick[0]], False)
        else:
            legal = legal_plays(hands[seat], None, spade_lead_bar(rules, broken=broken, first_trick=False) is not None)
        maxing = side_of(rules, seat) == 0
        for c in cards_in(legal):
            hands[seat] ^= CARD_BITS[c]
            t = trick + [c]
            b = broken or BREAKS_SPADES[c]
            if len(t) == 4:
                led = SUIT_OF[t[0]]
                best = max(range(4), key=lambda i: POWER[led][t[i]])
                winner = (leader + best) % 4
                won[winner] += 1
                v = self.value(hands, [], winner, won, b, alpha, beta)
                won[winner] -= 1
            else:
                v = self.value(hands, t, leader, won, b, alpha, beta)
            hands[seat] ^= CARD_BITS[c]
            if maxing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return alpha if maxing else beta

    def solve(self, g: Game) -> dict[int, float]:
        out = {}
        for c in g.legal_cards(g.turn or 0):
            x = g.copy()
            x.play(g.turn or 0, c, events=False)
            out[c] = self.value(list(x.hands), list(x.trick), x.leader, list(x.tricks_won), x.spades_broken,
                                -float("inf"), float("inf"))
        return out


def ours_tricks(solver: Solver, pos: Position) -> dict[int, int]:
    """The mover's side's tricks from now for every legal card (what DDS's solve_board answers)."""
    side = pos.turn % 2
    already = pos.tricks_won[side] + pos.tricks_won[side + 2]
    legal = legal_plays(pos.hands[pos.turn], SUIT_OF[pos.trick[0]] if pos.trick else None, False)
    return {c: int(solver.value_of(play_position(pos, c), TRICKS, side)) - already for c in cards_in(legal)}


def bridge(g: Game) -> Position:
    """``g``'s position with spades broken, as bridge plays it."""
    return Position(g.rules, tuple(g.hands), tuple(g.trick), g.leader, tuple(g.tricks_won), True, False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=9, help="whole deals (default 9)")
    parser.add_argument("--five", type=int, default=200, help="positions with 5 tricks left (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-dds", action="store_true", help="leave DDS out")
    parser.add_argument("--no-partition", action="store_true",
                        help="the solver's partition search off (Solver(partition=False); on by default)")
    parser.add_argument("--seven", type=int, default=0,
                        help="also the nodes (untimed) on this many positions with 7 tricks left (default 0)")
    args = parser.parse_args()
    part = not args.no_partition
    print(f"solver form: {module_form(solver_module)}")
    if args.seven:
        seven = 0
        for i in range(args.seven):
            s = Solver(partition=part)
            s.solve(position(args.seed * 100_000 + i, 7))
            seven += s.nodes
        print(f"seven left: {args.seven} positions, nodes {seven}")
    dds = not args.no_dds
    if dds:  # DDS's first call sets up its tables (over a second): not part of any position's time
        warm = bridge(position(1, 1))
        dds_moves(warm.hands, warm.trick, warm.leader)

    five_ms, five_nodes, plain_nodes, five_dds_ms, five_tricks_ms = [], [], [], [], []
    for i in range(args.five):
        g = position(args.seed * 100_000 + i, 5)
        s = Solver(partition=part)
        t = time.perf_counter()
        ours = s.solve(g)
        five_ms.append(1000 * (time.perf_counter() - t))
        five_nodes.append(s.nodes)
        plain = Plain(g)
        values = plain.solve(g)
        plain_nodes.append(plain.nodes)
        sign = 1 if side_of(g.rules, g.turn or 0) == 0 else -1
        assert {c: sign * v for c, v in values.items()} == {c: v.margin for c, v in ours.items()}, g.to_json()
        if dds:
            pos = bridge(g)
            s = Solver(partition=part)
            t = time.perf_counter()
            tricks = ours_tricks(s, pos)
            five_tricks_ms.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            want = dds_moves(pos.hands, pos.trick, pos.leader)
            five_dds_ms.append(1000 * (time.perf_counter() - t))
            assert tricks == want, (tricks, want)
    p95 = statistics.quantiles(five_ms, n=20)[18]
    print(f"five left: {args.five} positions, median {statistics.median(five_ms):.2f} ms, p95 {p95:.2f} ms, "
          f"max {max(five_ms):.2f} ms; nodes {sum(five_nodes)} vs plain alpha-beta {sum(plain_nodes)} "
          f"({sum(plain_nodes) / sum(five_nodes):.1f}x fewer)")
    vs = float("nan")
    if dds:
        vs = sum(five_tricks_ms) / sum(five_dds_ms)
        print(f"five left as trick counts: ours {sum(five_tricks_ms):.0f} ms, DDS {sum(five_dds_ms):.0f} ms in all "
              f"(ours/DDS {vs:.1f}), every answer equal")

    deal_ms, deal_nodes, deal_tricks_ms, deal_dds_ms = [], [], [], []
    for i in range(args.deals):
        g = position(args.seed * 100_000 + 50_000 + i, 13)
        s = Solver(partition=part)
        t = time.perf_counter()
        s.solve(g)
        deal_ms.append(1000 * (time.perf_counter() - t))
        deal_nodes.append(s.nodes)
        if dds:
            pos = bridge(g)
            s = Solver(partition=part)
            t = time.perf_counter()
            tricks = ours_tricks(s, pos)
            deal_tricks_ms.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            want = dds_moves(pos.hands, pos.trick, pos.leader)
            deal_dds_ms.append(1000 * (time.perf_counter() - t))
            assert tricks == want
        print(f"  deal {i}: {deal_ms[-1]:.0f} ms, {deal_nodes[-1]} nodes"
              + (f"; as trick counts {deal_tricks_ms[-1]:.0f} ms, DDS {deal_dds_ms[-1]:.1f} ms" if dds else ""),
              flush=True)
    median = statistics.median(deal_ms) if deal_ms else float("nan")
    if deal_ms:
        print(f"whole deals: {args.deals}, median {median:.0f} ms, max {max(deal_ms):.0f} ms, "
              f"median nodes {statistics.median(deal_nodes):.0f}")
    if dds and deal_ms:
        print(f"whole deals as trick counts: ours median {statistics.median(deal_tricks_ms):.0f} ms, "
              f"DDS median {statistics.median(deal_dds_ms):.1f} ms")
    print(f"deal_median_ms={median:.0f} five_left_p95_ms={p95:.2f} vs_dds={vs:.1f}")


if __name__ == "__main__":
    main()
