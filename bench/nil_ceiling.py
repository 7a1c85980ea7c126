"""How many of the normal bot's nils could be broken at all: the ceiling of the "opponents' nils broken" figure.

For each listed deal (``bench/nil_deals.py``), bid by the normal bot in every seat, and each nil bid on it,
the hand is played from the first lead in two ways, the nil bidder and its partner playing the normal policy
(:func:`bots.strategies.policy.normal_card`, which depends on the position only, so they answer every line
the same way):

- the opponents play the normal policy too: the nils that the policy's attack breaks;
- the opponents see every card and try every line of their distinct cards (:func:`.tricks.distinct_moves`),
  lowest first, until one makes the nil bidder win a trick (a depth-first search with a node limit;
  a nil whose search runs out of nodes counts as unbroken, so the figure is a lower bound).

The hard bot sees its own cards only, so its share lies between the two: the gap to the second is what better
inference and a better attack could still win; it ignores the attackers' own contract.

The policy's play also gives what the attack is worth to the attackers (:func:`bots.strategies.rollout.value`
for their side, the nil side's change subtracted: a broken nil against a set contract), since an attack that
breaks more nils by giving up the attackers' contract is no better. ``--save FILE`` keeps each nil's result
and ``--against FILE`` compares with one kept by another tree (the same deals, paired by deal and seat), so a
change to the policy is shown against the commit before it. ``--nodes 0`` skips the search (seconds for ten
thousand deals).

Usage: ``python bench/nil_ceiling.py --deal-list FILE [--nodes N] [--save FILE] [--against FILE]``. Last line::

    nils=… policy_broken=… attackers_value=… perfect_info_broken=… undecided=…
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.nil_deals import STANDARD, bid_by_normal  # noqa: E402
from bots.strategies.policy import normal_card  # noqa: E402
from bots.strategies.rollout import play_out, value  # noqa: E402
from bots.strategies.state import PlayState, Setting, legal_mask, play  # noqa: E402
from bots.strategies.tricks import distinct_moves  # noqa: E402
from games.engine.cards import RANK_OF  # noqa: E402
from games.engine.rules import partner_of  # noqa: E402


class OutOfNodes(Exception):
    """The search of one nil used its node limit."""


def breakable(st: PlayState, cx: Setting, nil_seat: int, nodes: list[int]) -> bool:
    """Whether the nil bidder's opponents, seeing every card, can make it win a trick from ``st`` (its side
    playing the normal policy). ``nodes[0]`` counts down the positions the search may still visit."""
    nil_side = {nil_seat, partner_of(cx.rules, nil_seat)}
    deck = st.remaining  # the cards in the hands at the start; the others are out of play
    lost: set[tuple[int, ...]] = set()  # positions (the nil unbroken so far) from which no line breaks it

    def search(st: PlayState) -> bool:
        key = (*st.hands, *st.trick, st.leader, st.broken)
        if key in lost:
            return False
        nodes[0] -= 1
        if nodes[0] < 0:
            raise OutOfNodes
        while st.done < cx.tricks:
            if st.won[nil_seat]:
                return True
            seat = st.to_play(cx.n)
            legal = legal_mask(st, cx, seat)
            if seat not in nil_side:
                gone = deck & ~st.remaining
                # Lowest first: the leads that break a nil.
                for card in sorted(distinct_moves(legal, gone), key=RANK_OF.__getitem__):
                    after = st.copy()
                    play(after, cx, seat, card)
                    if search(after):
                        return True
                lost.add(key)
                return False
            only = not legal & (legal - 1)
            play(st, cx, seat, legal.bit_length() - 1 if only else normal_card(st, cx, seat, legal))
        return bool(st.won[nil_seat])

    return search(st.copy())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal-list", type=Path, required=True, help="deal numbers, one a line (bench/nil_deals.py)")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions searched per nil at most (0: no search)")
    parser.add_argument("--save", type=Path, help="write each nil's policy result to this JSON file")
    parser.add_argument("--against", type=Path, help="a file of --save from another tree: print the paired difference")
    args = parser.parse_args()
    nils = by_policy = by_search = undecided = 0
    results: dict[str, tuple[bool, float]] = {}  # "deal/seat" -> (broken by the policy, attackers' value)
    for index in (int(line) for line in args.deal_list.read_text().split()):
        game = bid_by_normal(index)
        if game.turn is None:
            continue
        bids = list(game.bids)
        cx = Setting(STANDARD, bids, [0] * len(game.scores), [0] * len(game.bags), 0)
        n = STANDARD.players
        for seat, bid in enumerate(bids):
            if bid is None or not bid.is_nil:
                continue
            start = PlayState(list(game.hands), [], game.turn, game.turn, -1, False, 0, [0] * n, [0] * n)
            nils += 1
            policy = start.copy()
            play_out(policy, cx, normal_card)
            by_policy += policy.won[seat] > 0
            results[f"{index}/{seat}"] = (policy.won[seat] > 0, value(cx, policy.won, cx.side_of[(seat + 1) % n]))
            if not args.nodes:
                continue
            try:
                by_search += breakable(start, cx, seat, [args.nodes])
            except OutOfNodes:
                undecided += 1
    values = [v for _, v in results.values()]
    print(f"{nils} nils: the normal policy's attack breaks {by_policy} ({by_policy / nils:.1%}), worth "
          f"{statistics.fmean(values):+.2f} points a nil to the attackers")
    if args.nodes:
        print(f"opponents who see every card break at least {by_search} ({by_search / nils:.1%}), {undecided} "
              f"undecided at {args.nodes} positions")
    if args.save:
        args.save.write_text(json.dumps(results))
    if args.against:
        print(paired(json.loads(args.against.read_text()), results))
    searched = f"{by_search / nils:.3f}" if args.nodes else "nan"
    print(f"nils={nils} policy_broken={by_policy / nils:.3f} attackers_value={statistics.fmean(values):.2f} "
          f"perfect_info_broken={searched} undecided={undecided}")


def paired(before: dict[str, list[float]], after: dict[str, tuple[bool, float]]) -> str:
    """This run against an earlier one on the nils both have: the change in nils broken and in the attackers'
    value a nil, with a 95% interval (normal approximation over the paired differences)."""
    common = [k for k in after if k in before]
    if len(common) < 2:
        return f"against: only {len(common)} nils in common"
    lines = []
    for name, i in (("nils broken", 0), ("attackers' value a nil", 1)):
        d = [float(after[k][i]) - float(before[k][i]) for k in common]
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
        mean = statistics.fmean(d)
        lines.append(f"{name} {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]")
    return f"against the saved run, {len(common)} nils in common: " + "; ".join(lines)


if __name__ == "__main__":
    main()
