"""The double dummy review of a finished hand: for every card played, what it was worth and what the best
card was worth at that point (its cost), and the par of the deal as dealt.

Values are the solver's (:mod:`.solver`): the hand's points under the table's rules with best play by every
seat from there on, seen by the seat that played, as its *margin*: its side's points minus the other side's
(cutthroat: its points minus the best other seat's, the others playing against it). A card's cost is the
best margin at that point less the margin of the card played, never negative: the points the play gave
away against perfect play from then on.

The par is for the deal as it was played (after any exchange, the actual first leader on lead): the most
tricks each side could take against any defence, and which seats could have made nil.

A whole hand takes the pure solver minutes, so a service gives the review a budget of solver nodes for the
hand. The cards are then judged backwards from the last one: a late position is cheap and what its search
proves stays in the solver's table for the earlier ones, so each card costs less than it would alone. A
card whose search would pass what is left of the budget is not analysed (its value, best, best cards and
cost are ``None``), nor is any card before it. The par is solved last, in a budget of its own when the caller
gives one (its searches, for tricks and for nils, share nothing with the cards', and a hand's cards use up any
budget long before the first lead), else in what the cards left.

Everything here is a named tuple with ``to_json``/``from_json`` (cards in the engine's notation), so a
service stores a review and serves it as is.
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from .cards import CARD_NAMES, Card, cards_in, cards_named
from .game import PLAY, Game, HandRecord
from .scoring import Bid
from .solver import MARGIN, PARANOID, MoveValue, Position, SearchBudgetExceeded, Solver, hand_payoff


def _number(x: float) -> float | int:
    """Points as JSON writes them: an int when whole."""
    return int(x) if x == int(x) else x


def _maybe(x: float | None) -> float | int | None:
    """:func:`_number`, ``None`` (not analysed) kept."""
    return None if x is None else _number(x)


class PlayReview(NamedTuple):
    """One card of the hand, as the review judges it."""

    trick: int
    """The trick's index in the hand, from 0."""
    seat: int
    card: Card
    value: float | None
    """The margin of the card played for the side of ``seat`` (see the module docstring); ``None``, like the
    three below, when the card was not analysed within the budget."""
    best: float | None
    """The best margin any legal card had at that point."""
    best_cards: tuple[Card, ...] | None
    """Every legal card whose margin is ``best``."""
    cost: float | None
    """``best - value``: 0 for a best card."""

    @property
    def analysed(self) -> bool:
        """Whether the solver judged this card within the budget."""
        return self.value is not None

    def to_json(self) -> dict[str, Any]:
        """The play with cards in notation."""
        return {"trick": self.trick, "seat": self.seat, "card": CARD_NAMES[self.card], "value": _maybe(self.value),
                "best": _maybe(self.best),
                "best_cards": None if self.best_cards is None else [CARD_NAMES[c] for c in self.best_cards],
                "cost": _maybe(self.cost)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayReview:
        """The play written by :meth:`to_json`."""
        best_cards = data["best_cards"]
        return cls(int(data["trick"]), int(data["seat"]), cards_named([data["card"]])[0], data["value"],
                   data["best"], None if best_cards is None else tuple(cards_named(best_cards)), data["cost"])

    @classmethod
    def judged(cls, trick: int, seat: int, card: Card, values: dict[Card, MoveValue] | None) -> PlayReview:
        """The play of ``card`` among the solver's ``values`` of every legal card (``None``: not analysed)."""
        if values is None:
            return cls(trick, seat, card, None, None, None, None)
        best = max(v.margin for v in values.values())
        played = values[card].margin
        return cls(trick, seat, card, played, best, tuple(c for c, v in values.items() if v.margin == best),
                   best - played)


class SidePar(NamedTuple):
    """What one side could make on the deal as dealt, double dummy."""

    side: int
    seats: tuple[int, ...]
    makeable_tricks: int
    """The most tricks the side takes against any defence."""
    nil_seats: tuple[int, ...]
    """The seats of the side that could have made nil (helped by the partner, against defenders who attack
    it)."""

    def to_json(self) -> dict[str, Any]:
        """The par as JSON-ready data."""
        return {"side": self.side, "seats": list(self.seats), "makeable_tricks": self.makeable_tricks,
                "nil_seats": list(self.nil_seats)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SidePar:
        """The par written by :meth:`to_json`."""
        return cls(int(data["side"]), tuple(data["seats"]), int(data["makeable_tricks"]), tuple(data["nil_seats"]))


class HandReview(NamedTuple):
    """The review of hand ``number``: the deal as played, the par, the value of best play from the first lead,
    and every card played."""

    number: int
    objective: str
    """``margin`` (two sides) or ``paranoid`` (cutthroat): what the values measure (module docstring)."""
    leader: int
    """The seat that led the first trick."""
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's cards when play began (after any exchange)."""
    bids: tuple[Bid, ...]
    par: tuple[SidePar, ...] | None
    """``None`` when the par could not be solved within the budget."""
    best_scores: tuple[float, ...] | None
    """The points per side at the end of one line of best play from the first lead (``None`` when the first
    card was not analysed)."""
    best_tricks: tuple[int, ...] | None
    """The tricks per seat at the end of that line."""
    scores: tuple[int, ...]
    """The points per side the hand actually scored."""
    tricks_won: tuple[int, ...]
    """The tricks per seat actually taken."""
    plays: tuple[PlayReview, ...]

    @property
    def analysed(self) -> int:
        """How many of the cards played were analysed (the last ones: the review runs backwards)."""
        return sum(p.analysed for p in self.plays)

    @property
    def par_missing(self) -> bool:
        """Whether the par could not be solved within the budget."""
        return self.par is None

    @property
    def complete(self) -> bool:
        """Whether every card and the par were solved."""
        return not self.par_missing and self.analysed == len(self.plays)

    def to_json(self) -> dict[str, Any]:
        """The review as JSON-ready data, cards in notation."""
        return {
            "number": self.number,
            "objective": self.objective,
            "leader": self.leader,
            "hands": [[CARD_NAMES[c] for c in h] for h in self.hands],
            "bids": [b.to_json() for b in self.bids],
            "par": None if self.par is None else [p.to_json() for p in self.par],
            "par_missing": self.par_missing,
            "analysed": self.analysed,
            "best_scores": None if self.best_scores is None else [_number(s) for s in self.best_scores],
            "best_tricks": None if self.best_tricks is None else list(self.best_tricks),
            "scores": list(self.scores),
            "tricks_won": list(self.tricks_won),
            "plays": [p.to_json() for p in self.plays],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandReview:
        """The review written by :meth:`to_json` (``par_missing`` and ``analysed`` follow from the rest)."""
        par, best_scores, best_tricks = data["par"], data["best_scores"], data["best_tricks"]
        return cls(
            number=int(data["number"]), objective=str(data["objective"]), leader=int(data["leader"]),
            hands=tuple(tuple(cards_named(h)) for h in data["hands"]),
            bids=tuple(Bid.from_json(b) for b in data["bids"]),
            par=None if par is None else tuple(SidePar.from_json(p) for p in par),
            best_scores=None if best_scores is None else tuple(best_scores),
            best_tricks=None if best_tricks is None else tuple(best_tricks),
            scores=tuple(data["scores"]), tricks_won=tuple(data["tricks_won"]),
            plays=tuple(PlayReview.from_json(p) for p in data["plays"]),
        )


def play_start(game: Game, number: int) -> tuple[Game, HandRecord]:
    """The game rebuilt from its seed and log at the start of the play of hand ``number`` (after the bidding
    and any exchange), with that hand's record; raises ``ValueError`` when ``game`` has no record of it."""
    records = [r for r in game.records if r.number == number]
    if not records:
        raise ValueError(f"the game has no record of hand {number}")
    start = Game.new(game.rules, seed=game.seed, first_dealer=game.first_dealer, deals=game.deals)
    for action in game.log:
        if start.hand_number == number and start.phase == PLAY:
            break
        start.apply(action, events=False)
    if start.hand_number != number or start.phase != PLAY:
        raise ValueError(f"the game's log does not reach the play of hand {number}")
    return start, records[0]


def review_hand(game: Game, number: int, *, solver: Solver | None = None,
                node_budget: int | None = None, par_budget: int | None = None) -> HandReview:
    """The review of hand ``number`` of ``game`` (any game whose records include it and whose log reaches it,
    e.g. a finished table's game rebuilt with :meth:`Game.replay`). ``node_budget`` caps the solver nodes the
    whole review may search (``None``: no cap beyond the solver's own ``node_limit``); the cards it cannot
    reach are left unanalysed (module docstring). ``par_budget``, when given, is the par's own, apart from
    the cards' ``node_budget``; a par that does not fit is ``None``."""
    solver = solver or Solver()
    g, record = play_start(game, number)
    rules = g.rules
    n = rules.players
    payoff = hand_payoff(g)
    hands = tuple(tuple(cards_in(h)) for h in g.hands)
    leader = g.leader
    bids = tuple(b for b in g.bids if b is not None)
    played: list[tuple[int, int, Card, Position]] = []
    for t, trick in enumerate(record.tricks):
        for i, card in enumerate(trick.cards):
            seat = (trick.leader + i) % n
            played.append((t, seat, card, Position.from_game(g)))
            g.play(seat, card, events=False)
    start, _ = play_start(game, number)

    own_limit = solver.node_limit
    left = node_budget  # what remains of the hand's budget, None: no cap

    def within(search: Any) -> Any:
        """``search()`` within what is left of the budget; ``None`` once it would pass it."""
        nonlocal left
        if left is None:
            return search()
        if left <= 0:
            return None
        before = solver.nodes
        solver.node_limit = min(own_limit, before + left)
        try:
            return search()
        except SearchBudgetExceeded:
            return None
        finally:
            left -= solver.nodes - before
            solver.node_limit = own_limit

    plays: list[PlayReview] = []
    first: dict[Card, MoveValue] | None = None
    for t, seat, card, pos in reversed(played):
        values = within(partial(solver.solve_position, pos, payoff))
        plays.append(PlayReview.judged(t, seat, card, values))
        first = values
    plays.reverse()
    top = None if first is None else max(first.values(), key=lambda v: v.margin)

    def side_par(i: int, team: tuple[int, ...]) -> SidePar:
        guess = None if top is None else sum(top.tricks[s] for s in team)
        return SidePar(i, tuple(team), solver.makeable_tricks(start, i, guess=guess),
                       tuple(s for s in team if solver.nil_makeable(start, s)))

    if par_budget is not None:
        left = par_budget
    par = within(lambda: tuple(side_par(i, tuple(team)) for i, team in enumerate(rules.teams)))
    return HandReview(
        number=number, objective=MARGIN if len(rules.teams) == 2 else PARANOID, leader=leader, hands=hands,
        bids=bids, par=par, best_scores=None if top is None else top.scores,
        best_tricks=None if top is None else top.tricks,
        scores=tuple(s.points for s in record.sides), tricks_won=tuple(record.tricks_won), plays=tuple(plays),
    )


__all__ = ["HandReview", "PlayReview", "SidePar", "play_start", "review_hand"]
