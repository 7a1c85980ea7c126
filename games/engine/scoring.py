"""Bids and the scoring of one hand: contract, overtricks and bags, the bag penalty, nil and blind nil,
blind number bids, 10-for-200 and Boston, each side with a full breakdown.

Scoring follows the seeds' arithmetic (see ``shared/conformance/scoring.json``): a side's nil results are
scored apart from its contract; a failed nil bidder's tricks either help the partner's contract
(``failed_nil_counts_for_partner``, 001/003) or only count as bags (002/004).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from .rules import RuleSet

make_record: Final = tuple.__new__
"""``make_record(cls, fields)`` builds the named tuple ``cls`` (a bid, a side's score, a trick…) from a tuple of
its fields in order, without the class's ``__new__``: ``collections.namedtuple`` writes that in Python, so even
from compiled code each call is an interpreted one with keyword handling. For the hot paths."""


class Bid(NamedTuple):
    """One seat's bid: a number of tricks (0 is nil), made blind or after looking at the cards."""

    tricks: int
    blind: bool = False

    @property
    def is_nil(self) -> bool:
        """Nil or blind nil: the bidder promises to take no trick."""
        return self.tricks == 0

    def to_json(self) -> dict[str, Any]:
        """``{"tricks": n, "blind": bool}``."""
        return {"tricks": self.tricks, "blind": self.blind}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Bid:
        """The bid written by :meth:`to_json`."""
        return cls(int(data["tricks"]), bool(data.get("blind", False)))

    def __str__(self) -> str:
        if self.is_nil:
            return "blind nil" if self.blind else "nil"
        return f"blind {self.tricks}" if self.blind else str(self.tricks)


class NilResult(NamedTuple):
    """How one nil or blind nil bid went."""

    seat: int
    blind: bool
    tricks: int
    made: bool
    points: int


class SideScore(NamedTuple):
    """One side's score for one hand, line by line; ``points`` is their sum.

    A named tuple like a bid and a trick, not a frozen dataclass: every hand makes one a side, and a frozen
    dataclass's ``__init__`` sets each of its 18 fields through ``object.__setattr__`` in interpreted code,
    which cost about a tenth of the compiled engine's time over random full hands."""

    seats: tuple[int, ...]
    contract: int
    tricks: int
    made: bool | None
    contract_points: int
    overtricks: int
    overtrick_points: int
    bags: int
    bag_penalty: int
    nils: tuple[NilResult, ...] = ()
    ten_for_two_hundred: bool = False
    boston: bool = False
    boston_points: int = 0
    points: int = 0
    score_before: int = 0
    score_after: int = 0
    bags_before: int = 0
    bags_after: int = 0

    def to_json(self) -> dict[str, Any]:
        """The breakdown as JSON-ready data."""
        out = self._asdict()
        out["seats"] = list(self.seats)
        out["nils"] = [n._asdict() for n in self.nils]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SideScore:
        """The breakdown written by :meth:`to_json`."""
        data = dict(data)
        data["seats"] = tuple(data["seats"])
        data["nils"] = tuple(NilResult(**n) for n in data["nils"])
        return cls(**data)


def score_side(
    rules: RuleSet,
    seats: Sequence[int],
    bids: Sequence[Bid],
    tricks: Sequence[int],
    *,
    score_before: int = 0,
    bags_before: int = 0,
) -> SideScore:
    """Score one side for one hand: ``bids[i]`` and ``tricks[i]`` belong to ``seats[i]``."""
    counts_nil = rules.failed_nil_counts_for_partner
    contract = 0
    blind_part = 0
    bidders = 0
    counted = 0
    loose = 0  # a failed nil's tricks that only count as bags
    taken = 0
    nils = []
    for i, b in enumerate(bids):  # one pass over the side's seats: this runs once a side every hand
        took = tricks[i]
        taken += took
        if b.tricks:
            contract += b.tricks
            if b.blind:
                blind_part += b.tricks
            bidders += 1
            counted += took
            continue
        value = rules.blind_nil_value if b.blind else rules.nil_value
        kept = took == 0
        nils.append(make_record(NilResult, (seats[i], b.blind, took, kept, value if kept else -value)))
        if counts_nil:
            counted += took
        else:
            loose += took

    made: bool | None = None
    contract_points = 0
    over = loose
    ten_for_200 = rules.ten_for_two_hundred and contract >= 10
    if bidders:
        made = counted >= contract
        if made:
            contract_points = 200 if ten_for_200 else 10 * (contract - blind_part) + rules.blind_bid_value * blind_part
            over += counted - contract
        elif rules.set_penalty:
            contract_points = -200 if ten_for_200 else -10 * contract
    else:
        over += counted  # a side of nil bidders only: every trick it counts is over its contract of 0

    if blind_part:
        over = 0  # 000 'trailing blind': a blind contract scores no overtricks
    bags = 0
    overtrick_points = 0
    if rules.overtricks == "bags":
        overtrick_points = bags = over
    elif rules.overtricks == "3b":
        overtrick_points = -10 * over

    bags_after = bags_before + bags
    penalty = 0
    while bags_after >= rules.bag_limit and rules.overtricks == "bags":
        penalty -= rules.bag_penalty
        bags_after -= rules.bag_limit

    boston = taken == rules.cards_per_hand
    boston_points = rules.boston_bonus if boston and rules.boston == "bonus" else 0
    points = contract_points + overtrick_points + penalty + boston_points
    for n in nils:
        points += n.points
    return make_record(SideScore, (  # the fields in order
        tuple(seats), contract, counted, made, contract_points, over, overtrick_points, bags, penalty, tuple(nils),
        ten_for_200, boston, boston_points, points, score_before, score_before + points, bags_before, bags_after,
    ))


def score_hand(
    rules: RuleSet,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    scores: Sequence[int],
    bags: Sequence[int],
) -> tuple[SideScore, ...]:
    """Score every side of a finished hand from the seats' bids and tricks and the sides' running
    scores and bags."""
    out = []
    for i, team in enumerate(rules.teams):  # a loop, not a generator: compiled, a generator is an object a call
        out.append(score_side(rules, team, [bids[s] for s in team], [tricks[s] for s in team],
                              score_before=scores[i], bags_before=bags[i]))
    return tuple(out)


class GameDecision(NamedTuple):
    """How a game ended: the winning side (``None`` for a draw) and why (``win``, ``boston`` or ``draw``)."""

    winner: int | None
    result: str


def game_decision(
    rules: RuleSet, scores: Sequence[int], *, hand_number: int, bostons: Sequence[bool] = ()
) -> GameDecision | None:
    """Whether the game is over after hand ``hand_number`` left the sides at ``scores`` (``bostons[i]``: side
    ``i`` took every trick of that hand), and who won; ``None`` while it goes on.

    A Boston wins outright where the rules say so; otherwise the game ends when a side reaches the target,
    leads by the winning margin, a side falls to the mercy floor, or the hand cap is reached; the best
    score wins, and tied best scores either draw or play another hand (002, 004)."""
    if rules.boston == "win":
        for i, boston in enumerate(bostons):
            if boston:
                return GameDecision(i, "boston")
    ranked = sorted(scores, reverse=True)
    top = ranked[0]
    ended = (
        top >= rules.target
        or (rules.win_by_margin is not None and top - ranked[1] >= rules.win_by_margin)
        or (rules.mercy_floor is not None and ranked[-1] <= rules.mercy_floor)
        or (rules.hand_cap is not None and hand_number >= rules.hand_cap)
    )
    if not ended:
        return None
    if ranked[1] != top:
        return GameDecision(list(scores).index(top), "win")
    if rules.tie == "draw":
        return GameDecision(None, "draw")
    return None
