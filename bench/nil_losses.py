"""Where a bot lets an opponent's nil go: the move after which no attack could break it any more.

Player A (``--level``, hard by default) plays the listed duplicate deals (``bench/nil_deals.py``) against
player B (``--against``, normal by default), both ways round, as ``bench/bots.py`` does. At each of A's card
plays while a nil of B's side is still unbroken, the whole table is looked at: could A's side, seeing every
card, still break the nil from here (:func:`bench.nil_ceiling.breakable`, the nil side playing the normal
policy, which is what B plays when B is the normal bot), and after the card A chose? Each of B's nils
gets a line of one letter per decision of A's side (``B`` breakable, ``U`` not, ``?`` undecided at the node
limit, ``L`` breakable before A's card and not after it: the card that let the nil go), and the lost ones
say whether the normal bot's card would have kept it breakable and whether any card would have.

So the nils that A fails to break are split into those no attack could break from A's first decision on,
and those A let go, and the moves that let them go can be read (``--show``) and replayed as tests.

Usage: ``python bench/nil_losses.py --deal-list FILE [--level hard] [--against normal] [--nodes N] [--show]``.
Last line::

    nils=… broken=… kept_lost_by_a=… kept_unbreakable=… kept_undecided=… normal_card_would_keep=… some_card_would_keep=…
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.nil_ceiling import OutOfNodes, breakable  # noqa: E402
from bots.arena import STANDARD, deal_seed, play_hand  # noqa: E402
from bots.strategies import decide  # noqa: E402
from bots.strategies.decide import DEFAULT_BUDGET_MS  # noqa: E402
from bots.strategies.knowledge import read_view  # noqa: E402
from bots.strategies.state import PlayState, Setting, from_knowledge, legal_mask, play  # noqa: E402
from games.engine import PLAY, Game, card_name, parse_card  # noqa: E402
from games.engine.rules import side_of  # noqa: E402


class NilWatch:
    """Watches one hand: for each live nil of B's side, A's decisions as letters, and the lost positions."""

    def __init__(self, a_side: int, nodes: int) -> None:
        self.a_side = a_side
        self.nodes = nodes
        self.lines: dict[int, list[str]] = {}  # nil seat -> one letter per decision of A's side
        self.losses: list[dict[str, Any]] = []

    def _breakable(self, st: PlayState, cx: Setting, nil_seat: int) -> bool | None:
        try:
            return breakable(st, cx, nil_seat, [self.nodes])
        except OutOfNodes:
            return None

    def __call__(self, game: Game, seat: int, view: dict[str, Any], action: dict[str, Any]) -> None:
        if game.phase != PLAY or side_of(STANDARD, seat) != self.a_side:
            return
        kn = read_view(view, STANDARD)
        st, cx = from_knowledge(kn, list(game.hands))
        legal = legal_mask(st, cx, seat)
        for nil_seat in cx.nil_opponents[seat]:
            if st.won[nil_seat]:
                continue
            line = self.lines.setdefault(nil_seat, [])
            before = self._breakable(st, cx, nil_seat)
            if not before:
                line.append("?" if before is None else "U")
                continue

            def keeps(card: int, nil_seat: int = nil_seat) -> bool:
                after = st.copy()
                play(after, cx, seat, card)
                return self._breakable(after, cx, nil_seat) is not False

            chosen = parse_card(action["card"])
            if keeps(chosen):
                line.append("B")
                continue
            line.append("L")
            normal = parse_card(decide(view, STANDARD, level="normal", rng=random.Random(0))["card"])
            self.losses.append({
                "seat": seat, "nil": nil_seat, "trick": [card_name(c) for c in kn.trick],
                "hand": [card_name(c) for c in range(52) if kn.hand >> c & 1], "chose": action["card"],
                "normal": card_name(normal), "normal_keeps": keeps(normal),
                "keeping": [card_name(c) for c in range(52) if legal >> c & 1 and keeps(c)],
                "tricks_done": len(kn.tricks),
            })


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal-list", type=Path, required=True, help="deal numbers, one a line (bench/nil_deals.py)")
    parser.add_argument("--level", default="hard", help="player A, whose attack is looked at")
    parser.add_argument("--against", default="normal", help="player B, whose nils A attacks")
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--nodes", type=int, default=20_000, help="positions searched per question at most")
    parser.add_argument("--show", action="store_true", help="print each move that let a nil go")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    for index in (int(line) for line in args.deal_list.read_text().split()):
        seed, first_dealer = deal_seed(index)
        for a_side in (0, 1):
            levels = tuple(args.level if side_of(STANDARD, s) == a_side else args.against for s in range(4))
            watch = NilWatch(a_side, args.nodes)
            game = play_hand(seed, first_dealer, levels, args.budget_ms, {}, watch=watch)  # type: ignore[arg-type]
            made = {n.seat: n.made for side in game.records[0].sides for n in side.nils}
            for nil_seat, line in watch.lines.items():
                letters = "".join(line)
                counts["nils"] += 1
                if not made[nil_seat]:
                    kind = "broken"
                elif "L" in letters:
                    kind = "kept_lost_by_a"
                elif letters.startswith("U"):
                    kind = "kept_unbreakable"
                else:
                    kind = "kept_undecided"
                counts[kind] += 1
                print(f"deal {index} A on side {a_side}: nil of seat {nil_seat} {kind:<17} {letters}", flush=True)
            for loss in watch.losses:
                counts["normal_card_would_keep"] += loss["normal_keeps"]
                counts["some_card_would_keep"] += bool(loss["keeping"])
                if args.show:
                    print(f"  lost: {loss}")
    nils = counts["nils"] or 1
    print(f"{counts['nils']} nils of {args.against} against {args.level}: {counts['broken']} broken "
          f"({counts['broken'] / nils:.1%}); of those kept, {counts['kept_lost_by_a']} let go by a card of "
          f"{args.level} (the normal bot's card would have kept {counts['normal_card_would_keep']} of them "
          f"breakable), {counts['kept_unbreakable']} unbreakable from {args.level}'s first card, "
          f"{counts['kept_undecided']} undecided at {args.nodes} positions")
    print(" ".join(f"{k}={counts[k]}" for k in ("nils", "broken", "kept_lost_by_a", "kept_unbreakable",
                                                  "kept_undecided", "normal_card_would_keep",
                                                  "some_card_would_keep")))


if __name__ == "__main__":
    main()
