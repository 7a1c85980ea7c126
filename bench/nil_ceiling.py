"""How many of the normal bot's nils could be broken at all: the ceiling of the "opponents' nils broken" figure.

For each listed deal (``bench/nil_deals.py``), bid by the normal bot in every seat, and each nil bid on it,
the hand is played from the first lead in two ways, the nil bidder and its partner playing the normal policy
(:func:`bots.strategies.policy.normal_card`, which depends on the position only, so they answer every line
the same way):

- the opponents play the normal policy too: the nils that the policy's attack breaks;
- the opponents see every card and try every line of their distinct cards, lowest first, until one makes the
  nil bidder win a trick (:func:`bots.strategies.rollout.find_break`, with a node limit; a nil whose search
  runs out of nodes counts as unbroken, so the figure is a lower bound).

The hard bot sees its own cards only, so its share lies between the two: the gap to the second is what better
inference and a better attack could still win; it ignores the attackers' own contract.

Usage: ``python bench/nil_ceiling.py --deal-list FILE [--nodes N]``. Last line::

    nils=… policy_broken=… perfect_info_broken=… undecided=…
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.nil_deals import STANDARD, bid_by_normal  # noqa: E402
from bots.strategies.policy import normal_card  # noqa: E402
from bots.strategies.rollout import OutOfNodes, find_break, play_out  # noqa: E402
from bots.strategies.state import PlayState, Setting  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal-list", type=Path, required=True, help="deal numbers, one a line (bench/nil_deals.py)")
    parser.add_argument("--nodes", type=int, default=50_000, help="positions searched per nil at most")
    args = parser.parse_args()
    nils = by_policy = by_search = undecided = 0
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
            try:
                by_search += find_break(start, cx, [seat], normal_card, [args.nodes]) is not None
            except OutOfNodes:
                undecided += 1
    print(f"{nils} nils: the normal policy's attack breaks {by_policy} ({by_policy / nils:.1%}); opponents who see "
          f"every card break at least {by_search} ({by_search / nils:.1%}), {undecided} undecided at "
          f"{args.nodes} positions")
    print(f"nils={nils} policy_broken={by_policy / nils:.3f} perfect_info_broken={by_search / nils:.3f} "
          f"undecided={undecided}")


if __name__ == "__main__":
    main()
