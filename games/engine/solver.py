"""Double dummy: the exact value of a Spades position in which every hand is known, with best play by every
seat to the end of the hand.

A hand's outcome depends only on the tricks each seat takes, so the value of a finished hand is a *payoff*
of the tricks won per seat: by default :func:`hand_payoff`, the points each side scores for the hand under
the table's rules (the engine's own :func:`~games.engine.scoring.score_hand` with the game's bids, running
scores and bags: contracts and sets, overtricks and bags with the bag penalty, nil and blind nil, 10-for-200
and Boston, whatever the rule set switches on). A bot passes its own value function instead.

What each seat plays for (the search's objective), from the payoff's points per side:

- two sides: the margin, one side's points minus the other's, which one side maximises and the other
  minimises (a zero-sum game, so alpha-beta applies; the search always keeps it as side 0's margin so that
  both sides' positions of one hand share a table, and :meth:`Solver.solve` turns it to the mover's side);
- three or four sides (cutthroat): *paranoid*. The seat on turn at the root of :meth:`Solver.solve`
  maximises its points minus the best of the others', and every other seat plays to minimise that: the
  value is what the mover can guarantee whatever the others do, even all together against it (the others'
  real interests differ, so no single equilibrium exists; paranoid search is the sound lower bound, the
  standard choice of multi-player search, and it keeps alpha-beta).

The value of a move is that objective for its mover; :class:`MoveValue` also gives the payoff's points and
the tricks per seat at the end of one line of best play after it.

The search (:class:`Solver`) is alpha-beta over single card plays, fail-soft, with:

- a transposition table at every trick boundary, kept across calls: the key is the cards each seat holds,
  the leader, spades broken and the first trick (only where the rules' spade lead bars make them matter),
  and the tricks taken so far only as far as the payoff tells them apart: two vectors of tricks so far
  belong to one class when every way of sharing the remaining tricks gives both the same objective up to
  one constant, and the table stores values less that constant (so with no nil bid, the tricks of each side
  are all that counts, and a hand where a side's result no longer depends on who takes what shares entries);
- bounds from the objective alone: the least and greatest objective over every sharing of the remaining
  tricks (a hand already decided is not searched);
- equivalent cards merged: cards of one suit in one hand with no card still in play (in a hand or on the
  table) between them are the same move, tried once;
- move ordering: the table's best move first, then at a lead the cards no other card of their suit in play
  beats, and in a trick an ally already wins the lowest card, else the cheapest card that takes the lead;
- the last trick played out, each seat having one card.

The rules are the engine's: :func:`~games.engine.tricks.legal_plays` for the cards a seat may play (the
spade lead bars from :func:`~games.engine.tricks.spade_lead_bar`, exactly as :class:`~games.engine.Game`
asks them), :data:`~games.engine.tricks.POWER` for who takes a trick, :data:`~games.engine.tricks.BREAKS_SPADES`
for breaking spades.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

from .cards import CARD_BITS, CARD_NAMES, RANK_OF, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF, Card, cards_in
from .game import PLAY, Game
from .rules import RuleSet, side_of
from .scoring import Bid, score_hand
from .tricks import BREAKS_SPADES, HIGHER, LOWER, NON_SPADE_MASK, POWER, legal_plays, spade_lead_bar

Payoff = Callable[[tuple[int, ...]], tuple[float, ...]]
"""The points each side scores for a hand that ended with the given tricks won per seat."""

INF: Final = float("inf")
_SHIFT: Final = 5
"""Bits per seat in a vector of tricks packed into one int (a seat takes at most 18 tricks)."""
_NO_LIMIT: Final = 1 << 62
"""``Solver.node_limit`` when none is set (an int, so the compiled search compares two native ints)."""
_EPS: Final = 1e-7
"""Half the width of the window that tests whether a move's value equals a known one (values are points,
whole numbers, or a bot's fractions far coarser than this)."""


class MoveValue(NamedTuple):
    """The value of one card for the seat that plays it, with best play by every seat after it.

    ``margin`` is the mover's objective (see the module docstring: its side's points minus the other side's,
    or in cutthroat its points minus the best other seat's under paranoid play); ``scores`` the payoff's
    points per side and ``tricks`` the tricks per seat at the end of one line of best play after the card
    (there may be others, with the same margin)."""

    card: Card
    margin: float
    scores: tuple[float, ...]
    tricks: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The value with the card in the engine's notation."""
        return {"card": CARD_NAMES[self.card], "margin": _number(self.margin), "scores": [_number(s) for s in
                self.scores], "tricks": list(self.tricks)}


def _number(x: float) -> float | int:
    """``x`` as an int when it is whole (points are), for JSON."""
    return int(x) if x == int(x) else x


class Position(NamedTuple):
    """A position of the play of a hand, every hand known: what the solver reads (a :class:`Game` in the play
    phase gives one with :meth:`from_game`; a bot builds one from a sampled deal)."""

    rules: RuleSet
    hands: tuple[int, ...]
    """The cards each seat holds (masks)."""
    trick: tuple[Card, ...]
    """The cards played to the trick in progress, in order."""
    leader: int
    """The seat that led (or, the trick empty, leads) the trick in progress."""
    tricks_won: tuple[int, ...]
    """Tricks each seat has taken this hand."""
    spades_broken: bool
    first_trick: bool
    """Whether the trick in progress (or about to be led) is the hand's first."""

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of ``game``, which must be in the play phase."""
        if game.phase != PLAY or game.turn is None:
            raise ValueError("the game is not in the play phase")
        return cls(game.rules, tuple(game.hands), tuple(game.trick), game.leader, tuple(game.tricks_won),
                   game.spades_broken, not game.tricks)

    @property
    def turn(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % self.rules.players


def _hand_points(rules: RuleSet, bids: tuple[Bid, ...], scores: tuple[int, ...], bags: tuple[int, ...],
                 tricks: tuple[int, ...]) -> tuple[float, ...]:
    return tuple([float(s.points) for s in score_hand(rules, bids, tricks, scores, bags)])


class HandPayoff:
    """The default payoff (:func:`hand_payoff`): the hand's points per side by the engine's scoring. Equal
    payoffs (same rules, bids, running scores and bags) share a solver's tables."""

    def __init__(self, rules: RuleSet, bids: Sequence[Bid], scores: Sequence[int], bags: Sequence[int]) -> None:
        self.rules = rules
        self.bids = tuple(bids)
        self.scores = tuple(scores)
        self.bags = tuple(bags)
        self.key: tuple[object, ...] = ("hand", rules, self.bids, self.scores, self.bags)

    def __call__(self, tricks: tuple[int, ...]) -> tuple[float, ...]:
        return _hand_points(self.rules, self.bids, self.scores, self.bags, tricks)


def hand_payoff(game: Game) -> HandPayoff:
    """The points each side scores for the hand ``game`` is playing, from the tricks won per seat (the
    engine's :func:`~games.engine.scoring.score_hand` with the game's bids, running scores and bags)."""
    bids = [b for b in game.bids if b is not None]
    if len(bids) != game.players:
        raise ValueError("the bidding is not over")
    return HandPayoff(game.rules, bids, game.scores, game.bags)


_SPREADS: dict[tuple[int, int], list[int]] = {}


def _spreads(n: int, total: int) -> list[int]:
    """Every way of sharing ``total`` tricks among ``n`` seats, each packed into one int."""
    key = (n, total)
    got = _SPREADS.get(key)
    if got is None:
        got = [0] if n == 0 and total == 0 else []
        if n > 0:
            for first in range(total + 1):
                for rest in _spreads(n - 1, total - first):
                    got.append(first + (rest << _SHIFT))
        _SPREADS[key] = got
    return got


def _unpack(code: int, n: int) -> tuple[int, ...]:
    return tuple([code >> (_SHIFT * s) & 31 for s in range(n)])


def _pack(tricks: Sequence[int]) -> int:
    code = 0
    for s, t in enumerate(tricks):
        code += t << (_SHIFT * s)
    return code


MARGIN, PARANOID, TRICKS, NIL = "margin", "paranoid", "tricks", "nil"
"""The objectives: side 0's margin, a seat's paranoid margin, a side's tricks, a seat's nil (1 kept, 0 not)."""


class _Objective:
    """What the search maximises, for one payoff and one point of view, with its transposition table."""

    def __init__(self, kind: str, who: int, rules: RuleSet, payoff: Payoff | None, tricks: int) -> None:
        n = rules.players
        self.kind = kind
        self.who = who
        self.n = n
        self.tricks = tricks
        self.payoff = payoff
        self.teams = rules.teams
        if kind == MARGIN:
            self.maxing = [side_of(rules, s) == 0 for s in range(n)]
        elif kind == PARANOID or kind == NIL and not rules.partnerships:
            self.maxing = [s == who for s in range(n)]
        elif kind == NIL:
            self.maxing = [side_of(rules, s) == side_of(rules, who) for s in range(n)]
        else:
            self.maxing = [side_of(rules, s) == who for s in range(n)]
        self.finals: dict[int, float] = {}
        self.infos: dict[int, tuple[int, float, float, float]] = {}
        self.classes: dict[tuple[float, ...], int] = {}
        self.table: dict[tuple[int, ...], tuple[float, float, int]] = {}
        self.bounds: dict[int, float] = {}

    def final(self, code: int) -> float:
        """The objective of a hand that ends with the tricks ``code``."""
        got = self.finals.get(code)
        if got is None:
            tricks = _unpack(code, self.n)
            kind = self.kind
            if kind == TRICKS:
                got = float(sum([tricks[s] for s in self.teams[self.who]]))
            elif kind == NIL:
                got = 1.0 if tricks[self.who] == 0 else 0.0
            else:
                payoff = self.payoff
                assert payoff is not None
                points = payoff(tricks)
                if kind == MARGIN:
                    got = float(points[0] - points[1])
                else:
                    got = float(points[self.who] - max([p for i, p in enumerate(points) if i != self.who]))
            self.finals[code] = got
        return got

    def least(self, won: int, seat: int, q: int) -> float:
        """The least objective over the sharings of the remaining tricks in which ``seat`` takes ``q`` or
        more of them."""
        key = (won * 32 + seat) * 32 + q
        got = self.bounds.get(key)
        if got is None:
            self._restricted(won, seat, q)
            got = self.bounds[key]
        return got

    def most(self, won: int, seat: int, q: int) -> float:
        """The greatest objective over the same sharings as :meth:`least`."""
        key = -((won * 32 + seat) * 32 + q) - 1
        got = self.bounds.get(key)
        if got is None:
            self._restricted(won, seat, q)
            got = self.bounds[key]
        return got

    def _restricted(self, won: int, seat: int, q: int) -> None:
        left = self.tricks - sum(_unpack(won, self.n))
        shift = _SHIFT * seat
        values = [self.final(won + r) for r in _spreads(self.n, left) if (r >> shift & 31) >= q]
        key = (won * 32 + seat) * 32 + q
        self.bounds[key] = min(values) if values else INF
        self.bounds[-key - 1] = max(values) if values else -INF

    def info(self, won: int) -> tuple[int, float, float, float]:
        """For the tricks so far ``won``: their class, the class's constant, and the least and greatest
        objective any sharing of the remaining tricks reaches."""
        got = self.infos.get(won)
        if got is None:
            left = self.tricks - sum(_unpack(won, self.n))
            values = [self.final(won + r) for r in _spreads(self.n, left)]
            base = values[0]
            signature = tuple([v - base for v in values])
            cls = self.classes.get(signature)
            if cls is None:
                cls = self.classes[signature] = len(self.classes)
            got = self.infos[won] = (cls, base, min(values), max(values))
        return got


class SearchBudgetExceeded(Exception):
    """A search passed the solver's ``node_limit`` and was abandoned; the solver stays usable (its table
    keeps only what finished searches proved)."""


class Solver:
    """A double dummy solver whose transposition tables outlive each call: solve the successive positions of
    one hand (a review), or many deals (a bot's samples), with one solver. ``nodes`` counts the positions
    searched; a search that would count past ``node_limit`` raises :class:`SearchBudgetExceeded` (a caller
    with a time budget, such as a review or a bot, raises the limit by what it can afford before each call)."""

    def __init__(self, *, max_entries: int = 2_000_000, node_limit: int | None = None) -> None:
        self.max_entries = max_entries
        """A table that outgrows this is emptied (a bot's solver sees endless deals)."""
        self.nodes = 0
        self.node_limit: int = _NO_LIMIT if node_limit is None else node_limit
        self._objectives: dict[tuple[object, ...], _Objective] = {}
        self._obj: _Objective | None = None
        self._maxing: list[bool] = []
        self._table: dict[tuple[int, ...], tuple[float, float, int]] = {}
        self.hands: list[int] = []
        self.n = 4
        self.live = 0
        self.won = 0
        self.broken = False
        self.first = False
        self.barred: list[bool] = [False] * 4
        self.bar_matters = False
        self._patterns: dict[int, int] = {}
        self._sure: dict[int, int] = {}

    # Public ---------------------------------------------------------------------------------------------

    def solve(self, game: Game, *, payoff: Payoff | None = None) -> dict[Card, MoveValue]:
        """Every legal card of the seat on turn in ``game`` (play phase) with its value (see
        :class:`MoveValue`); ``payoff`` defaults to :func:`hand_payoff`."""
        pay = payoff if payoff is not None else hand_payoff(game)
        return self.solve_position(Position.from_game(game), pay)

    def solve_position(self, pos: Position, payoff: Payoff) -> dict[Card, MoveValue]:
        """:meth:`solve` for a :class:`Position`: ``payoff`` gives the points per side (a :class:`HandPayoff`
        or any callable; the same callable object shares the tables between calls)."""
        rules = pos.rules
        mover = pos.turn
        n_sides = len(rules.teams)
        if n_sides == 2:
            kind, who = MARGIN, 0
        else:
            kind, who = PARANOID, mover
        obj = self._objective(kind, who, rules, payoff)
        sign = 1.0 if kind == PARANOID or side_of(rules, mover) == 0 else -1.0
        self._load(pos, obj)
        turn, tlen, led, bp, bs, tmask = self._trick_state(pos)
        hand = self.hands[turn]
        legal = self._legal(hand, tlen, led)
        out: dict[Card, MoveValue] = {}
        cands = self._candidates(obj)
        guess = INF
        for rep, members in self._groups(hand, legal):
            v = self._exact(turn, rep, tlen, led, bp, bs, tmask, cands, guess)
            guess = v
            final = self._line_after(turn, rep, tlen, led, bp, bs, tmask, v)
            tricks = _unpack(final, self.n)
            scores = tuple(payoff(tricks))
            for c in members:
                out[c] = MoveValue(c, sign * v + 0.0, scores, tricks)
        return dict(sorted(out.items()))

    def margins(self, pos: Position, payoff: Payoff, cards: Sequence[Card]) -> list[float]:
        """The value (:attr:`MoveValue.margin`) of each of ``cards`` (legal in ``pos``) for the seat on turn,
        without the line of play :meth:`solve_position` finds after each: what a bot averaging the values of
        its candidates over sampled deals asks (two sides only: the margin objective)."""
        rules = pos.rules
        if len(rules.teams) != 2:
            raise ValueError("margins are for two sides")
        obj = self._objective(MARGIN, 0, rules, payoff)
        sign = 1.0 if side_of(rules, pos.turn) == 0 else -1.0
        self._load(pos, obj)
        turn, tlen, led, bp, bs, tmask = self._trick_state(pos)
        cands = self._candidates(obj)
        out: list[float] = []
        guess = INF
        for c in cards:
            v = self._exact(turn, c, tlen, led, bp, bs, tmask, cands, guess)
            guess = v
            out.append(sign * v + 0.0)
        return out

    def makeable_tricks(self, game: Game, side: int, *, guess: int | None = None) -> int:
        """The most tricks ``side`` (an index of ``game.rules.teams``) takes by the end of the hand against
        any defence, double dummy, counting those it has taken already; ``guess`` (a likely answer) is tested
        first. With two sides the tricks are zero-sum, so both sides' answers come from one search (side 1
        makes what side 0 can be held to), sharing its table."""
        pos = Position.from_game(game)
        if len(game.rules.teams) != 2 or side == 0:
            return int(self.value_of(pos, TRICKS, side, guess=guess))
        total = game.rules.cards_per_hand
        held = self.value_of(pos, TRICKS, 0, guess=None if guess is None else total - guess)
        return total - int(held)

    def nil_makeable(self, game: Game, seat: int) -> bool:
        """Whether ``seat``, helped by its partner, can take no trick this hand against defenders who try to
        make it take one (double dummy)."""
        return self.value_of(Position.from_game(game), NIL, seat) >= 1.0

    def value_of(self, pos: Position, kind: str, who: int, payoff: Payoff | None = None, *,
                 guess: float | None = None) -> float:
        """The exact value of ``pos`` under the objective ``kind`` (:data:`MARGIN`, :data:`PARANOID`,
        :data:`TRICKS`, :data:`NIL`) for ``who`` (side 0, a seat, a side, a seat); ``guess``, a likely value,
        is tested first."""
        obj = self._objective(kind, who, pos.rules, payoff)
        self._load(pos, obj)
        turn, tlen, led, bp, bs, tmask = self._trick_state(pos)
        return self._exact(turn, -1, tlen, led, bp, bs, tmask, self._candidates(obj),
                           INF if guess is None else float(guess))

    # Setting up -----------------------------------------------------------------------------------------

    def _objective(self, kind: str, who: int, rules: RuleSet, payoff: Payoff | None) -> _Objective:
        pkey: object = None
        if kind in (MARGIN, PARANOID):
            if payoff is None:
                raise ValueError(f"the {kind} objective needs a payoff")
            pkey = payoff.key if isinstance(payoff, HandPayoff) else payoff
        key = (kind, who, rules, pkey)
        obj = self._objectives.get(key)
        if obj is None:
            obj = self._objectives[key] = _Objective(kind, who, rules, payoff, rules.cards_per_hand)
        return obj

    def _load(self, pos: Position, obj: _Objective) -> None:
        rules = pos.rules
        self._obj = obj
        self._maxing = obj.maxing
        if sum([len(o.table) for o in self._objectives.values()]) > self.max_entries:
            for o in self._objectives.values():
                o.table.clear()
            self._sure.clear()
            self._patterns.clear()
        self._table = obj.table
        self.n = rules.players
        self.hands = list(pos.hands)
        live = 0
        for h in pos.hands:
            live |= h
        for c in pos.trick:
            live |= CARD_BITS[c]
        self.live = live
        self.won = _pack(pos.tricks_won)
        self.broken = pos.spades_broken
        self.first = pos.first_trick
        self.barred = [spade_lead_bar(rules, broken=b, first_trick=f) is not None
                       for b in (False, True) for f in (False, True)]
        self.bar_matters = any(self.barred)

    def _trick_state(self, pos: Position) -> tuple[int, int, int, int, int, int]:
        """The trick in progress as the search carries it: seat on turn, cards played, suit led, power and
        seat of the best card so far, mask of the cards on the table."""
        tlen = len(pos.trick)
        if not tlen:
            return pos.leader, 0, 0, -1, pos.leader, 0
        led = SUIT_OF[pos.trick[0]]
        bp, bs, tmask = -1, pos.leader, 0
        for i, c in enumerate(pos.trick):
            tmask |= CARD_BITS[c]
            if POWER[led][c] > bp:
                bp = POWER[led][c]
                bs = (pos.leader + i) % self.n
        return pos.turn, tlen, led, bp, bs, tmask

    def _legal(self, hand: int, tlen: int, led: int) -> int:
        if tlen:
            return legal_plays(hand, led, False)
        return legal_plays(hand, None, self.barred[2 * self.broken + self.first])

    def _groups(self, hand: int, legal: int) -> list[tuple[Card, list[Card]]]:
        """The legal cards in classes of equivalent ones, each with its lowest card."""
        other = self.live & ~hand
        out: list[tuple[Card, list[Card]]] = []
        prev = -1
        for c in cards_in(legal):
            if prev >= 0 and SUIT_OF[prev] == SUIT_OF[c] and not other & (CARD_BITS[c] - CARD_BITS[prev + 1]):
                out[-1][1].append(c)
            else:
                out.append((c, [c]))
            prev = c
        return out

    # The search -----------------------------------------------------------------------------------------

    def _candidates(self, obj: _Objective) -> list[float]:
        """Every objective the hand can still end with, from the loaded position, lowest first."""
        left = obj.tricks - sum(_unpack(self.won, self.n))
        return sorted({obj.final(self.won + r) for r in _spreads(self.n, left)})

    def _exact(self, turn: int, card: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
               cands: list[float], guess: float) -> float:
        """The exact value of the position (or of ``seat`` playing ``card`` there, when ``card`` is one), by
        null-window tests "is it at least this?" over the objectives it can take (``cands``): the ``guess``
        first, when it is one of them, then halving what is left. A test's fail-soft answer is a bound that
        often settles several candidates at once."""
        lower = -INF
        upper = INF
        while True:
            left = [v for v in cands if lower <= v <= upper]
            if len(left) <= 1:
                return left[0] if left else lower
            k = left.index(guess) if guess in left[1:] else len(left) // 2
            guess = INF
            gamma = left[k]
            alpha = (left[k - 1] + gamma) / 2
            if card >= 0:
                r = self._after(turn, card, tlen, led, bp, bs, tmask, alpha, gamma)
            else:
                r = self._search(turn, tlen, led, bp, bs, tmask, alpha, gamma)
            if r >= gamma:
                lower = r
            else:
                upper = r

    def _after(self, seat: int, card: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
               alpha: float, beta: float) -> float:
        """The value once ``seat`` plays ``card`` to the trick (state as :meth:`_search` takes it)."""
        bit = CARD_BITS[card]
        hands = self.hands
        hands[seat] ^= bit
        was_broken = self.broken
        if BREAKS_SPADES[card]:
            self.broken = True
        if tlen == 0:
            led = SUIT_OF[card]
            bp = POWER[led][card]
            bs = seat
        else:
            p = POWER[led][card]
            if p > bp:
                bp = p
                bs = seat
        tmask |= bit
        if tlen + 1 == self.n:
            won = self.won
            live = self.live
            first = self.first
            self.won = won + (1 << (_SHIFT * bs))
            self.live = live & ~tmask
            self.first = False
            v = self._search(bs, 0, 0, -1, bs, 0, alpha, beta)
            self.won = won
            self.live = live
            self.first = first
        else:
            v = self._search((seat + 1) % self.n, tlen + 1, led, bp, bs, tmask, alpha, beta)
        hands[seat] ^= bit
        self.broken = was_broken
        return v

    def _search(self, turn: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
                alpha: float, beta: float) -> float:
        """The value of the position (fail-soft: exact inside ``(alpha, beta)``, else a bound on the side
        of the window it fell)."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchBudgetExceeded(self.node_limit)
        obj = self._obj
        assert obj is not None
        hands = self.hands
        key: tuple[int, ...] = ()
        base = 0.0
        lo = -INF
        hi = INF
        ttmove = -1
        if tlen == 0:
            cls, base, lo, hi = obj.info(self.won)
            if lo >= beta or hi <= alpha or lo == hi:
                return lo if lo >= beta or lo == hi else hi
            hand = hands[turn]
            if hand & (hand - 1) == 0:  # the last trick: every seat plays its one card
                return obj.final(self.won + (1 << (_SHIFT * self._last_winner(turn))))
            sure = self._sure_spades()
            if sure:
                _, _, slo, shi = obj.info(self.won + sure)
                if slo > lo:
                    lo = slo
                if shi < hi:
                    hi = shi
                if lo >= beta or hi <= alpha or lo == hi:
                    return lo if lo >= beta or lo == hi else hi
            flags = (2 * self.broken + self.first) if self.bar_matters else 0
            key = self._key(turn * 4 + flags, cls)
            entry = self._table.get(key)
            if entry is not None:
                elo = entry[0] + base
                ehi = entry[1] + base
                ttmove = entry[2]
                if elo > lo:
                    lo = elo
                if ehi < hi:
                    hi = ehi
                if lo >= beta or hi <= alpha or lo == hi:
                    return lo if lo >= beta or lo == hi else hi
            q = self._quick(turn)
            if q:
                if self._maxing[turn]:
                    bound = obj.least(self.won, turn, q)
                    if bound > lo:
                        lo = bound
                else:
                    bound = obj.most(self.won, turn, q)
                    if bound < hi:
                        hi = bound
                if lo >= beta or hi <= alpha or lo == hi:
                    if lo == hi:
                        self._table[key] = (lo - base, hi - base, ttmove)
                    return lo if lo >= beta or lo == hi else hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        b0 = beta
        hand = hands[turn]
        moves = self._ordered(turn, hand, self._legal(hand, tlen, led), tlen, led, bp, bs, self._absolute(ttmove))
        maxing = self._maxing[turn]
        best = -INF if maxing else INF
        best_move = -1
        for c in moves:
            v = self._after(turn, c, tlen, led, bp, bs, tmask, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    best_move = c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                best_move = c
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if tlen == 0:
            if best <= a0:
                if best < hi:
                    hi = best
            elif best >= b0:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            self._table[key] = (lo - base, hi - base, self._relative(best_move))
        return best

    def _key(self, flags: int, cls: int) -> tuple[int, ...]:
        """The table's key for the position at a trick boundary: every suit as the owners of its cards still
        in play, lowest first (relative ranks: a position where only lower cards were played before is the
        same), with ``flags`` (leader, spades broken, first trick) and the class of the tricks so far."""
        hands = self.hands
        live = self.live
        cache = self._patterns
        h0 = hands[0]
        h1 = hands[1]
        h2 = hands[2]
        k = [0, 0, 0, 0]
        for s in range(4):
            base = 13 * s
            width = 0x7FFF if s == 3 else 0x1FFF
            m = live >> base & width
            if not m:
                continue
            packed = m | (h0 >> base & width) << 15 | (h1 >> base & width) << 30 | (h2 >> base & width) << 45
            got = cache.get(packed)
            if got is None:
                got = 1
                a = h0 >> base & width
                b = h1 >> base & width
                c = h2 >> base & width
                shift = 0
                bit = 1
                while bit <= m:
                    if m & bit:
                        owner = 0 if a & bit else 1 if b & bit else 2 if c & bit else 3
                        got |= owner << (2 + shift)
                        shift += 2
                    bit <<= 1
                got |= 1 << (2 + shift + 2)  # the number of cards, as the place of a last bit
                cache[packed] = got
            k[s] = got
        return (k[0], k[1], k[2], k[3], flags, cls)

    def _relative(self, card: int) -> int:
        """``card`` as the table keeps a best move: its suit and how many cards of the suit in play are
        lower (so the move applies to every position of the same key)."""
        if card < 0:
            return -1
        return SUIT_OF[card] * 16 + (self.live & SUIT_MASKS[SUIT_OF[card]] & LOWER[card]).bit_count()

    def _absolute(self, move: int) -> int:
        """The card a move kept by :meth:`_relative` stands for in the loaded position."""
        if move < 0:
            return -1
        cards = cards_in(self.live & SUIT_MASKS[move >> 4])
        k = move & 15
        return cards[k] if k < len(cards) else -1

    def _sure_spades(self) -> int:
        """Tricks each seat takes for sure with its spades (packed), whoever leads and whatever anyone plays:
        a spade loses a trick only to a higher spade played to it, and each card is played to one trick, so
        of a seat's ``i`` highest spades at least ``i - h`` win, ``h`` being the higher spades the other
        seats hold than the ``i``-th (all of a seat's spades above every other seat's, at the least)."""
        spades = self.live & SPADE_MASK
        if not spades:
            return 0
        hands = self.hands
        # The answer depends only on who holds which spade: cached by the number of seats and the spade masks
        # (39: the spades' first bit; 15 bits a seat with the jokers), the last seat's being the rest in play.
        key = spades >> 39 << 3 | self.n
        for seat in range(self.n - 1):
            key |= (hands[seat] & SPADE_MASK) >> 39 << (15 * seat + 18)
        got = self._sure.get(key)
        if got is not None:
            return got
        out = 0
        for seat in range(self.n):
            mine = hands[seat] & SPADE_MASK
            if not mine:
                continue
            theirs = spades & ~mine
            sure = 0
            i = 0
            x = mine
            while x:
                top = x.bit_length() - 1
                x ^= 1 << top
                i += 1
                got = i - (theirs >> top).bit_count()
                if got > sure:
                    sure = got
            out += sure << (_SHIFT * seat)
        self._sure[key] = out
        return out

    def _quick(self, leader: int) -> int:
        """Tricks ``leader`` takes for sure by leading its top cards (none of another seat's cards of the suit
        beat them) from now: in every suit when no other seat holds a spade to ruff with, else in the one
        best suit, as many rounds as every other seat holding spades can follow it (a spade lead only where
        the lead bar allows it now)."""
        hands = self.hands
        n = self.n
        me = hands[leader]
        others = self.live & ~me
        ruffers = []
        for k in range(1, n):
            h = hands[(leader + k) % n]
            if h & SPADE_MASK:
                ruffers.append(h)
        barred = self.barred[2 * self.broken + self.first] and me & NON_SPADE_MASK != 0
        q = 0
        if not ruffers:
            all_top = True
            for s in range(3):
                mine = me & SUIT_MASKS[s]
                if not mine:
                    continue
                theirs = others & SUIT_MASKS[s]
                top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
                q += top.bit_count()
                if top != mine:
                    all_top = False
            if not barred or all_top:
                q += (me & SPADE_MASK).bit_count()
            return q
        for s in range(4):
            mine = me & SUIT_MASKS[s]
            if not mine or s == SPADES and barred:
                continue
            theirs = others & SUIT_MASKS[s]
            top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
            got = top.bit_count()
            if s != SPADES:
                for h in ruffers:
                    length = (h & SUIT_MASKS[s]).bit_count()
                    if length < got:
                        got = length
            if got > q:
                q = got
        return q

    def _last_winner(self, leader: int) -> int:
        """The seat that takes the last trick, every seat holding one card and ``leader`` to lead it."""
        hands = self.hands
        n = self.n
        card = hands[leader].bit_length() - 1
        led = SUIT_OF[card]
        best = POWER[led][card]
        winner = leader
        for k in range(1, n):
            seat = (leader + k) % n
            p = POWER[led][hands[seat].bit_length() - 1]
            if p > best:
                best = p
                winner = seat
        return winner

    def _ordered(self, turn: int, hand: int, legal: int, tlen: int, led: int, bp: int, bs: int,
                 ttmove: int) -> list[int]:
        """The distinct legal moves (one card of each class of equivalent ones), the likeliest best first: the
        table's move; to lead, the cards nothing beats in a suit no opponent can ruff, then low cards of
        suits an ally holds the top of, then the rest; to follow, the cheapest card that takes the trick from
        an opponent, then the lowest, discards lowest rank first and spades last (second hand low, tried,
        searched more positions)."""
        other = self.live & ~hand
        hands = self.hands
        maxing = self._maxing
        mine = maxing[turn]
        n = self.n
        reps: list[int] = []
        prev = -1
        for c in cards_in(legal):
            if prev >= 0 and SUIT_OF[prev] == SUIT_OF[c] and not other & (CARD_BITS[c] - CARD_BITS[prev + 1]):
                prev = c
                continue
            prev = c
            reps.append(c)
        if len(reps) == 1:
            return reps
        first: list[int] = []
        second: list[int] = []
        rest: list[int] = []
        if tlen == 0:
            ruffable = [False, False, False, False]
            ally_top = [False, False, False, False]
            for k in range(1, n):
                seat = (turn + k) % n
                h = hands[seat]
                if maxing[seat] != mine and h & SPADE_MASK:
                    for x in range(3):
                        if not h & SUIT_MASKS[x]:
                            ruffable[x] = True
            for x in range(4):
                theirs = other & SUIT_MASKS[x]
                if theirs:
                    top = 1 << (theirs.bit_length() - 1)
                    for k in range(1, n):
                        seat = (turn + k) % n
                        if hands[seat] & top:
                            ally_top[x] = maxing[seat] == mine
            for c in reps:
                x = SUIT_OF[c]
                if c == ttmove:
                    first.insert(0, c)
                elif not other & HIGHER[c] and not ruffable[x]:
                    first.append(c)
                elif ally_top[x] and not ruffable[x]:
                    second.append(c)
                else:
                    rest.append(c)
            return first + second + rest
        ally = maxing[bs] == mine
        void = SUIT_OF[reps[0]] != led or SUIT_OF[reps[-1]] != led
        if void:
            reps.sort(key=_discard_rank)
        cheapest = -1
        if not ally:
            for c in reps:
                if POWER[led][c] > bp and (cheapest < 0 or POWER[led][c] < POWER[led][cheapest]):
                    cheapest = c
        for c in reps:
            if c == ttmove:
                first.insert(0, c)
            elif c == cheapest:
                first.append(c)
            else:
                rest.append(c)
        return first + rest

    def _line_after(self, seat: int, card: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
                    value: float) -> int:
        """The tricks per seat (packed) at the end of one line of best play after ``seat`` plays ``card``,
        whose value is ``value``: each seat in turn plays the first of its moves whose value is ``value``."""
        saved = (self.hands[:], self.live, self.won, self.broken, self.first)
        while True:
            # play the card for good
            self.hands[seat] ^= CARD_BITS[card]
            if BREAKS_SPADES[card]:
                self.broken = True
            if tlen == 0:
                led = SUIT_OF[card]
                bp = POWER[led][card]
                bs = seat
            elif POWER[led][card] > bp:
                bp = POWER[led][card]
                bs = seat
            tmask |= CARD_BITS[card]
            if tlen + 1 == self.n:
                self.won += 1 << (_SHIFT * bs)
                self.live &= ~tmask
                self.first = False
                seat, tlen, led, bp, tmask = bs, 0, 0, -1, 0
            else:
                seat, tlen = (seat + 1) % self.n, tlen + 1
            hand = self.hands[seat]
            if not hand:
                break
            moves = self._ordered(seat, hand, self._legal(hand, tlen, led), tlen, led, bp, bs, -1)
            card = moves[-1]
            for c in moves:
                v = self._after(seat, c, tlen, led, bp, bs, tmask, value - _EPS, value + _EPS)
                if value - _EPS < v < value + _EPS:
                    card = c
                    break
        final = self.won
        hands, self.live, self.won, self.broken, self.first = saved
        self.hands = hands
        return final


def _discard_rank(card: int) -> int:
    """The order of cards to throw away: lowest rank first, spades after every other suit."""
    return RANK_OF[card] + (100 if SUIT_OF[card] == SPADES else 0)


def solve(game: Game, *, payoff: Payoff | None = None, solver: Solver | None = None) -> dict[Card, MoveValue]:
    """:meth:`Solver.solve` with a new solver (or ``solver``)."""
    return (solver or Solver()).solve(game, payoff=payoff)


def makeable_tricks(game: Game, side: int, *, solver: Solver | None = None) -> int:
    """:meth:`Solver.makeable_tricks` with a new solver (or ``solver``)."""
    return (solver or Solver()).makeable_tricks(game, side)


def nil_makeable(game: Game, seat: int, *, solver: Solver | None = None) -> bool:
    """:meth:`Solver.nil_makeable` with a new solver (or ``solver``)."""
    return (solver or Solver()).nil_makeable(game, seat)
