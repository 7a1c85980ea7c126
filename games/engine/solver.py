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

- a transposition table at every trick boundary, kept across calls (with ``partition``, DDS's partition
  search: an entry holds for every position that differs only in who holds the cards its value did not
  depend on, see :meth:`Solver._search`; else for its own position): the key is the cards each seat holds,
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

from .cards import CARD_BITS, CARD_NAMES, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF, Card, cards_in
from .game import PLAY, Game
from .rules import RuleSet, side_of
from .scoring import Bid, score_hand
from .tricks import BEATS, BREAKS_SPADES, HIGHER, LOWER, NON_SPADE_MASK, POWER, legal_plays, spade_lead_bar

Payoff = Callable[[tuple[int, ...]], tuple[float, ...]]
"""The points each side scores for a hand that ended with the given tricks won per seat."""

Entry = tuple[float, float, int]
"""A transposition table's entry: the least and greatest value (less the class's constant) and the best move."""
_ENTRIES_PER_KEY: Final = 48
"""The most partition entries kept for one key (the hands' lengths, leader, flags and class of the tricks so
far); the oldest is forgotten first."""
_OWNERS: Final = [(1 << (2 * k)) - 1 for k in range(16)]
"""The mask of the owners of a suit's ``k`` highest cards in a pattern (2 bits a card)."""
_POP16: Final = tuple([bin(i).count("1") for i in range(1 << 16)])
"""The number of bits set in every 16-bit number: a suit's cards are counted as ``_POP16[mask >> 13 * suit]``
(``int.bit_count`` is a method call in the compiled form, a table's item is not)."""


class _Entry:
    """A partition search's entry: the bounds ``lo``, ``hi`` (less the class's constant) and best move of every
    position of its key whose suits' owner patterns (see :meth:`Solver._part_key`), masked by ``o0``..``o3``
    (the owners of each suit's highest cards, as many as ``shape`` says: 4 bits a suit), are ``m0``..``m3``."""

    def __init__(self, shape: int, o0: int, o1: int, o2: int, o3: int, m0: int, m1: int, m2: int, m3: int,
                 lo: float, hi: float, move: int) -> None:
        self.shape = shape
        self.o0 = o0
        self.o1 = o1
        self.o2 = o2
        self.o3 = o3
        self.m0 = m0
        self.m1 = m1
        self.m2 = m2
        self.m3 = m3
        self.lo = lo
        self.hi = hi
        self.move = move

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
        self.table: dict[tuple[int, ...], Entry] = {}
        """The entries, by key, shape and the owners the shape fixes (see :meth:`Solver._store`)."""
        self.parts: dict[tuple[int, ...], list[_Entry]] = {}
        """The partition search's entries, by key (see :meth:`Solver._store`)."""
        self.part_count = 0
        """How many entries ``parts`` holds."""
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

    def __init__(self, *, max_entries: int = 2_000_000, node_limit: int | None = None,
                 partition: bool = True) -> None:
        self.max_entries = max_entries
        """A table that outgrows this is emptied (a bot's solver sees endless deals)."""
        self.partition = partition
        """Whether entries hold for every position of a partition (see :meth:`_search`: the positions that
        differ only in who holds cards no answer depended on), or each only for its own position (every card's
        owner fixed, the search before the partition search)."""
        self.nodes = 0
        self.node_limit: int = _NO_LIMIT if node_limit is None else node_limit
        self._objectives: dict[tuple[object, ...], _Objective] = {}
        self._obj: _Objective | None = None
        self._maxing: list[bool] = []
        self._table: dict[tuple[int, ...], Entry] = {}
        self._parts: dict[tuple[int, ...], list[_Entry]] = {}
        self.h0 = self.h1 = self.h2 = self.h3 = 0
        """The cards each seat holds (masks; ``h3`` empty with three players): four native attributes, not a
        list, since a list's item is a boxed int in the compiled form (every card played would allocate one)."""
        self.n = 4
        self.live = 0
        self.won = 0
        self.broken = False
        self.first = False
        self.barred: list[bool] = [False] * 4
        self.bar_matters = False
        self._patterns: dict[int, int] = {}
        self._sure: dict[int, int] = {}
        self._sure_rel: dict[int, int] = {}
        self._p0 = self._p1 = self._p2 = self._p3 = 0
        """The loaded position's suits as owners of their cards in play, highest first (2 bits a card), set by
        :meth:`_part_key` (and overwritten by the next call: a node keeps its own copy)."""
        self.rel = 0
        """The cards the value :meth:`_search` last returned depends on (its side result, see :meth:`_search`)."""
        self._qrel = 0
        """The cards the count :meth:`_quick` last returned depends on (partition search only)."""
        self._last_rel = 0
        """The card the last trick's winner :meth:`_last_winner` last found depends on (partition search only)."""
        self._part_patterns: dict[int, int] = {}

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
        hand = self._hand(turn)
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
        if sum([len(o.table) + o.part_count for o in self._objectives.values()]) > self.max_entries:
            for o in self._objectives.values():
                o.table.clear()
                o.parts.clear()
                o.part_count = 0
            self._sure.clear()
            self._sure_rel.clear()
            self._patterns.clear()
            self._part_patterns.clear()
        self._table = obj.table
        self._parts = obj.parts
        self.n = rules.players
        hands = list(pos.hands) + [0] * (4 - len(pos.hands))
        self.h0 = hands[0]
        self.h1 = hands[1]
        self.h2 = hands[2]
        self.h3 = hands[3]
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

    def _hand(self, seat: int) -> int:
        """The cards ``seat`` holds."""
        if seat == 0:
            return self.h0
        if seat == 1:
            return self.h1
        if seat == 2:
            return self.h2
        return self.h3

    def _flip(self, seat: int, bit: int) -> None:
        """Take the card ``bit`` from ``seat``'s hand, or give it back."""
        if seat == 0:
            self.h0 ^= bit
        elif seat == 1:
            self.h1 ^= bit
        elif seat == 2:
            self.h2 ^= bit
        else:
            self.h3 ^= bit

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
        first, when it is one of them, then its neighbour on the side the answer points to (a good guess is
        then settled in two tests), then halving what is left. A test's fail-soft answer is a bound that
        often settles several candidates at once."""
        lower = -INF
        upper = INF
        step = 0
        while True:
            left = [v for v in cands if lower <= v <= upper]
            if len(left) <= 1:
                return left[0] if left else lower
            if guess in left[1:]:
                k = left.index(guess)
                step = 2
            elif step == 1:
                k = 1
                step = 0
            elif step == -1:
                k = len(left) - 1
                step = 0
            else:
                k = len(left) // 2
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
            if step == 2:
                step = 1 if r >= gamma else -1

    def _after(self, seat: int, card: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
               alpha: float, beta: float) -> float:
        """The value once ``seat`` plays ``card`` to the trick (state as :meth:`_search` takes it; with the
        partition search, ``rel`` set as :meth:`_search` sets it)."""
        bit = CARD_BITS[card]
        self._flip(seat, bit)
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
            if self.partition:
                # The trick's winning card (a spade of rank bp - 100, or the led suit's card of rank bp: the
                # cards are numbered suit by suit, jokers after the ace of spades) counts, unless no other card
                # of its suit is in the trick: then any card of the suit takes it, which the lengths tell.
                w = CARD_BITS[39 + bp - 100 if bp >= 100 else 13 * led + bp]
                if tmask & SUIT_MASKS[SUIT_OF[39 + bp - 100 if bp >= 100 else 13 * led + bp]] != w:
                    self.rel |= w
        else:
            v = self._search((seat + 1) % self.n, tlen + 1, led, bp, bs, tmask, alpha, beta)
        self._flip(seat, bit)
        self.broken = was_broken
        return v

    def _search(self, turn: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
                alpha: float, beta: float) -> float:
        """The value of the position (fail-soft: exact inside ``(alpha, beta)``, else a bound on the side
        of the window it fell).

        With the partition search (``partition``), it also sets ``rel``: cards in play such that every
        position *of the same partition* has a value on the same side of the window, or the same; the table's
        entries then hold for the whole partition. Two positions at one point of a trick are of one partition
        when each seat holds as many cards of each suit, the same cards are on the table (by seat) but for
        low ones, and in each suit the cards from its highest down to its lowest card in ``rel`` (the *fixed*
        cards) have the same owners; the others are *low*. Why ``rel`` is enough, by induction on the cards
        left (P the position searched, P' another of its partition):

        - a seat of P' has the moves of P's seat: the same fixed cards, and a low card of each suit P's seat
          has low cards of (legality depends only on suits); the spade lead bar and spades broken depend on
          suits and the key's flags;
        - a trick goes to the same seat: its winning card in P is in ``rel`` (so fixed, so the same card of
          the same seat in P', above every low card of its suit), unless it is the only card of its suit in
          the trick, when whatever card of that suit the same seat plays in P' takes it too;
        - so every line of P' has a line of P taking the same tricks that ends in a position of the child's
          partition, given that each child's ``rel`` is in the node's: the child's fixed cards are then fixed
          here, the same in P' and P, and the low cards, all below them, do not change which they are;
        - the moves P searched cover P''s: P' playing a low card of a suit is P playing its lowest card of the
          suit (the lowest of its class, always searched); P' playing a fixed card ``k`` is P playing ``k``,
          which P did not search when ``k`` is equivalent to a lower card ``c`` it did (no other card in play
          between them). Playing ``k`` gives the position of playing ``c`` with the cards of the class moved
          down one place, so its ``rel`` is the child's moved down one place: when the child's ``rel`` holds
          a card of ``c``'s class above ``c``, ``c`` joins ``rel`` (everything from ``c`` up is then fixed,
          ``k``'s class with it: the case that made the third pass unsound, a nil's trick decided by which
          of a seat's equal cards is left);
        - a bound holds for the partition when what it counts is fixed: the tricks-so-far bounds count no
          card; the sure spade tricks a seat's spades from its ``i``-th highest up, and every higher spade
          (``_sure_rel``; in P' each seat's count is at least as high, so the bound holds or tightens); the
          quick tricks the other seats' highest card of each suit counted and everything above it (``_qrel``;
          lengths give the rest); an entry the cards its shape fixes;
        - alpha-beta: a cut needs one move as good in P' (the searched one's image), a fail-low every move of
          P' (covered above), and fail-soft bounds carry over move by move.
        """
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchBudgetExceeded(self.node_limit)
        obj = self._obj
        assert obj is not None
        part = self.partition
        key: tuple[int, ...] = ()
        p0 = p1 = p2 = p3 = 0
        base = 0.0
        lo = -INF
        hi = INF
        ttmove = -1
        rel = 0
        if tlen == 0:
            cls, base, lo, hi = obj.info(self.won)
            if lo >= beta or hi <= alpha or lo == hi:
                self.rel = 0
                return lo if lo >= beta or lo == hi else hi
            hand = self._hand(turn)
            if hand & (hand - 1) == 0:  # the last trick: every seat plays its one card
                winner = self._last_winner(turn)
                if part:
                    self.rel = self._last_rel
                return obj.final(self.won + (1 << (_SHIFT * winner)))
            sure = self._sure_spades()
            if sure:
                _, _, slo, shi = obj.info(self.won + sure)
                if slo > lo or shi < hi:
                    if part:
                        rel = self._sure_rel[self._sure_key()]
                    if slo > lo:
                        lo = slo
                    if shi < hi:
                        hi = shi
                    if lo >= beta or hi <= alpha or lo == hi:
                        self.rel = rel
                        return lo if lo >= beta or lo == hi else hi
            flags = (2 * self.broken + self.first) if self.bar_matters else 0
            if part:
                key = self._part_key(turn * 4 + flags, cls)
                p0 = self._p0
                p1 = self._p1
                p2 = self._p2
                p3 = self._p3
                entries = self._parts.get(key)
                if entries is not None:
                    for e in entries:
                        if p0 & e.o0 != e.m0 or p1 & e.o1 != e.m1 or p2 & e.o2 != e.m2 or p3 & e.o3 != e.m3:
                            continue
                        elo = e.lo + base
                        ehi = e.hi + base
                        if ttmove < 0:
                            ttmove = e.move
                        if elo > lo or ehi < hi:
                            rel |= self._tops(e.shape)
                            if elo > lo:
                                lo = elo
                            if ehi < hi:
                                hi = ehi
                            if lo >= beta or hi <= alpha or lo == hi:
                                self.rel = rel
                                return lo if lo >= beta or lo == hi else hi
            else:
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
                        if part:
                            rel |= self._qrel
                else:
                    bound = obj.most(self.won, turn, q)
                    if bound < hi:
                        hi = bound
                        if part:
                            rel |= self._qrel
                if lo >= beta or hi <= alpha or lo == hi:
                    if lo == hi:
                        if part:
                            self._store(key, p0, p1, p2, p3, rel, lo - base, hi - base, ttmove)
                        else:
                            self._table[key] = (lo - base, hi - base, ttmove)
                    self.rel = rel
                    return lo if lo >= beta or lo == hi else hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        a0 = alpha
        b0 = beta
        hand = self._hand(turn)
        moves = self._ordered(turn, hand, self._legal(hand, tlen, led), tlen, led, bp, bs, self._absolute(ttmove))
        maxing = self._maxing[turn]
        best = -INF if maxing else INF
        best_move = -1
        for c in moves:
            v = self._after(turn, c, tlen, led, bp, bs, tmask, alpha, beta)
            if part:
                crel = self.rel
                if crel:
                    # the child's rel holding a card of c's class above c: the class's card below the
                    # lowest such joins it (see above)
                    st = SUIT_MASKS[SUIT_OF[c]]
                    above = self.live & ~hand & st & HIGHER[c]
                    mates = hand & st & HIGHER[c] & ((above & -above) - 1 if above else st)
                    r = crel & mates
                    if r:
                        crel |= 1 << (((r & -r) - 1) & (mates | CARD_BITS[c])).bit_length() - 1
                    rel |= crel
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
            if part:
                self._store(key, p0, p1, p2, p3, rel, lo - base, hi - base, self._relative(best_move))
            else:
                self._table[key] = (lo - base, hi - base, self._relative(best_move))
        self.rel = rel
        return best

    def _store(self, key: tuple[int, ...], p0: int, p1: int, p2: int, p3: int, rel: int, lo: float, hi: float,
               move: int) -> None:
        """Keep the bounds ``lo``, ``hi`` (less the class's constant) for every position of ``key`` (the
        hands' lengths, leader, flags and class of the tricks so far) whose suits agree with the loaded one's
        (``p0``..``p3``, see ``_p0``) on the owners of each suit's cards from its highest down to its lowest
        card in ``rel``: the entry's shape is how many cards of each suit that is."""
        live = self.live
        shape = 0
        for s in range(4):
            r = rel & SUIT_MASKS[s]
            if r:
                low = r & -r
                shape |= _POP16[(live & SUIT_MASKS[s] & ~(low - 1)) >> (13 * s)] << (4 * s)
        o0 = _OWNERS[shape & 15]
        o1 = _OWNERS[shape >> 4 & 15]
        o2 = _OWNERS[shape >> 8 & 15]
        o3 = _OWNERS[shape >> 12]
        m0 = p0 & o0
        m1 = p1 & o1
        m2 = p2 & o2
        m3 = p3 & o3
        entries = self._parts.get(key)
        if entries is None:
            self._parts[key] = [_Entry(shape, o0, o1, o2, o3, m0, m1, m2, m3, lo, hi, move)]
            self._obj.part_count += 1  # type: ignore[union-attr]
            return
        for e in entries:
            if e.shape == shape and e.m0 == m0 and e.m1 == m1 and e.m2 == m2 and e.m3 == m3:
                if lo > e.lo:
                    e.lo = lo
                if hi < e.hi:
                    e.hi = hi
                e.move = move
                return
        if len(entries) >= _ENTRIES_PER_KEY:
            entries.pop(0)
        else:
            self._obj.part_count += 1  # type: ignore[union-attr]
        entries.append(_Entry(shape, o0, o1, o2, o3, m0, m1, m2, m3, lo, hi, move))

    def _tops(self, shape: int) -> int:
        """The cards an entry of ``shape`` fixes the owners of in the loaded position: each suit's highest
        cards in play, as many as the shape says."""
        live = self.live
        out = 0
        for s in range(4):
            k = shape >> (4 * s) & 15
            x = live & SUIT_MASKS[s]
            while k:
                top = 1 << (x.bit_length() - 1)
                out |= top
                x ^= top
                k -= 1
        return out

    def _key(self, flags: int, cls: int) -> tuple[int, ...]:
        """The table's key for the position at a trick boundary: every suit as the owners of its cards still
        in play, lowest first (relative ranks: a position where only lower cards were played before is the
        same), with ``flags`` (leader, spades broken, first trick) and the class of the tricks so far."""
        live = self.live
        cache = self._patterns
        h0 = self.h0
        h1 = self.h1
        h2 = self.h2
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

    def _part_key(self, flags: int, cls: int) -> tuple[int, ...]:
        """The partition table's key for the position at a trick boundary: the number of cards each seat holds
        in each suit, with ``flags`` (leader, spades broken, first trick) and the class of the tricks so far;
        and, in ``_p0``..``_p3``, every suit as the owners of its cards in play, highest first (relative ranks:
        a position where only lower cards were played before is the same)."""
        h0 = self.h0
        h1 = self.h1
        h2 = self.h2
        g0 = self._suit_pattern(0, h0, h1, h2)
        g1 = self._suit_pattern(1, h0, h1, h2)
        g2 = self._suit_pattern(2, h0, h1, h2)
        g3 = self._suit_pattern(3, h0, h1, h2)
        self._p0 = g0 & 0xFFFFFFFF
        self._p1 = g1 & 0xFFFFFFFF
        self._p2 = g2 & 0xFFFFFFFF
        self._p3 = g3 & 0xFFFFFFFF
        return (g0 >> 32 | g1 >> 32 << 16, g2 >> 32 | g3 >> 32 << 16, flags, cls)

    def _suit_pattern(self, s: int, h0: int, h1: int, h2: int) -> int:
        """Suit ``s`` as :meth:`_part_key` keys it: the owners of its cards in play, highest first (2 bits a
        card), and above them (from bit 32) the number of them each seat holds (4 bits a seat); cached."""
        base = 13 * s
        width = 0x7FFF if s == 3 else 0x1FFF
        m = self.live >> base & width
        if not m:
            return 0
        a = h0 >> base & width
        b = h1 >> base & width
        c = h2 >> base & width
        packed = m | a << 15 | b << 30 | c << 45
        got = self._part_patterns.get(packed)
        if got is None:
            d = m & ~(a | b | c)
            p = 0
            shift = 0
            x = m
            while x:
                bit = 1 << (x.bit_length() - 1)
                x ^= bit
                owner = 0 if a & bit else 1 if b & bit else 2 if c & bit else 3
                p |= owner << shift
                shift += 2
            got = p | (_POP16[a] | _POP16[b] << 4 | _POP16[c] << 8 | _POP16[d] << 12) << 32
            self._part_patterns[packed] = got
        return got

    def _relative(self, card: int) -> int:
        """``card`` as the table keeps a best move: its suit and how many cards of the suit in play are
        lower (so the move applies to every position of the same key)."""
        if card < 0:
            return -1
        return SUIT_OF[card] * 16 + _POP16[(self.live & LOWER[card]) >> (13 * SUIT_OF[card])]

    def _absolute(self, move: int) -> int:
        """The card a move kept by :meth:`_relative` stands for in the loaded position."""
        if move < 0:
            return -1
        cards = cards_in(self.live & SUIT_MASKS[move >> 4])
        k = move & 15
        return cards[k] if k < len(cards) else -1

    def _sure_key(self) -> int:
        """The caches' key of the sure spade tricks: who holds which spade (the number of seats and the spade
        masks, 39 being the spades' first bit and 15 bits a seat with the jokers; the last seat's spades are
        the rest in play)."""
        key = ((self.live & SPADE_MASK) >> 39 << 3 | self.n | (self.h0 & SPADE_MASK) >> 39 << 18
               | (self.h1 & SPADE_MASK) >> 39 << 33)
        if self.n == 4:
            key |= (self.h2 & SPADE_MASK) >> 39 << 48
        return key

    def _sure_spades(self) -> int:
        """Tricks each seat takes for sure with its spades (packed), whoever leads and whatever anyone plays:
        a spade loses a trick only to a higher spade played to it, and each card is played to one trick, so
        of a seat's ``i`` highest spades at least ``i - h`` win, ``h`` being the higher spades the other
        seats hold than the ``i``-th (all of a seat's spades above every other seat's, at the least). The
        spades from each such ``i``-th up are what the count depends on (``_sure_rel``, same key)."""
        spades = self.live & SPADE_MASK
        if not spades:
            return 0
        n = self.n
        key = spades >> 39 << 3 | n | (self.h0 & SPADE_MASK) >> 39 << 18 | (self.h1 & SPADE_MASK) >> 39 << 33
        if n == 4:  # as _sure_key, inline (the hottest caller)
            key |= (self.h2 & SPADE_MASK) >> 39 << 48
        got = self._sure.get(key)
        if got is not None:
            return got
        out = 0
        rel = 0
        for seat in range(n):
            mine = self._hand(seat) & SPADE_MASK
            if not mine:
                continue
            theirs = spades & ~mine
            sure = 0
            at = 0
            i = 0
            x = mine
            while x:
                top = x.bit_length() - 1
                x ^= 1 << top
                i += 1
                got = i - _POP16[theirs >> top]
                if got > sure:
                    sure = got
                    at = top
            if sure:
                rel |= spades & ~((1 << at) - 1)
            out += sure << (_SHIFT * seat)
        self._sure[key] = out
        self._sure_rel[key] = rel
        return out

    def _quick(self, leader: int) -> int:
        """Tricks ``leader`` takes for sure by leading its top cards (none of another seat's cards of the suit
        beat them) from now: in every suit when no other seat holds a spade to ruff with, else in the one
        best suit, as many rounds as every other seat holding spades can follow it (a spade lead only where
        the lead bar allows it now). With the partition search, sets ``_qrel`` to the cards the count depends
        on: in each suit counted, the other seats' highest and the cards above it (the lengths tell the rest)."""
        n = self.n
        part = self.partition
        me = self._hand(leader)
        others = self.live & ~me
        ruffers = []
        for k in range(1, n):
            h = self._hand((leader + k) % n)
            if h & SPADE_MASK:
                ruffers.append(h)
        barred = self.barred[2 * self.broken + self.first] and me & NON_SPADE_MASK != 0
        q = 0
        rel = 0
        if not ruffers:
            all_top = True
            for s in range(3):
                mine = me & SUIT_MASKS[s]
                if not mine:
                    continue
                theirs = others & SUIT_MASKS[s]
                top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
                if part and theirs:
                    rel |= (top | theirs) & ~((1 << (theirs.bit_length() - 1)) - 1)
                q += _POP16[top >> (13 * s)]
                if top != mine:
                    all_top = False
            if not barred or all_top:
                q += _POP16[(me & SPADE_MASK) >> 39]
            self._qrel = rel
            return q
        for s in range(4):
            mine = me & SUIT_MASKS[s]
            if not mine or s == SPADES and barred:
                continue
            theirs = others & SUIT_MASKS[s]
            top = mine & ~((1 << theirs.bit_length()) - 1) if theirs else mine
            got = _POP16[top >> (13 * s)]
            if s != SPADES:
                for h in ruffers:
                    length = _POP16[(h & SUIT_MASKS[s]) >> (13 * s)]
                    if length < got:
                        got = length
            if got > q:
                q = got
                if part:
                    rel = (top | theirs) & ~((1 << (theirs.bit_length() - 1)) - 1) if theirs else 0
        self._qrel = rel
        return q

    def _last_winner(self, leader: int) -> int:
        """The seat that takes the last trick, every seat holding one card and ``leader`` to lead it; with the
        partition search, ``_last_rel`` set to its card's bit when another card of the suit is in the trick
        (else to nothing: any card of the suit takes it)."""
        n = self.n
        card = self._hand(leader).bit_length() - 1
        led = SUIT_OF[card]
        best = POWER[led][card]
        winner = leader
        for k in range(1, n):
            seat = (leader + k) % n
            c = self._hand(seat).bit_length() - 1
            p = POWER[led][c]
            if p > best:
                best = p
                winner = seat
                card = c
        if self.partition:
            bit = CARD_BITS[card]
            self._last_rel = bit if self.live & SUIT_MASKS[SUIT_OF[card]] != bit else 0
        return winner

    def _ordered(self, turn: int, hand: int, legal: int, tlen: int, led: int, bp: int, bs: int,
                 ttmove: int) -> list[int]:
        """The distinct legal moves (one card of each class of equivalent ones), the likeliest best first: the
        table's move; to lead, the cards nothing beats in a suit no opponent can ruff, then low cards of
        suits an ally holds the top of and the lowest of each suit an ally can ruff, then the rest lowest rank
        first; to follow, the cheapest card that takes the trick from an opponent, or, when an ally holds
        the trick but an opponent still to play could take it, the cheapest card no such opponent beats
        (covering), then the lowest, discards lowest rank first and spades last (second hand low, tried,
        searched more positions). The last two changed the whole deals' nodes by -35% (bench/README.md,
        fifth pass). Each group in the order of the cards (masks, not lists, until the end)."""
        other = self.live & ~hand
        reps = 0
        prev = -1
        x = legal
        while x:
            low = x & -x
            x ^= low
            c = low.bit_length() - 1
            if prev < 0 or SUIT_OF[prev] != SUIT_OF[c] or other & (low - CARD_BITS[prev + 1]):
                reps |= low
            prev = c
        if reps & (reps - 1) == 0:
            return [reps.bit_length() - 1]
        out: list[int] = []
        cheapest = 0
        if tlen:
            maxing = self._maxing
            mine = maxing[turn]
            lmask = SUIT_MASKS[led]
            # the power the card must beat: the trick's best when an opponent holds the trick; when an ally
            # does, the highest an opponent still to play can put on it (covering for the ally), or nothing
            # (play low) if none of them can take it
            beat = bp
            if maxing[bs] == mine:
                n = self.n
                top = -1
                for k in range(1, n - tlen):
                    s = (turn + k) % n
                    if maxing[s] != mine:
                        h = self._hand(s)
                        if h & lmask:
                            p = POWER[led][(h & lmask).bit_length() - 1]
                        elif h & SPADE_MASK:
                            p = POWER[led][(h & SPADE_MASK).bit_length() - 1]
                        else:
                            p = -1
                        if p > top:
                            top = p
                beat = top if top > bp else -1
            if beat >= 0:
                wins = reps & BEATS[led][beat + 1]
                if wins:
                    cheapest = wins & lmask or wins
                    cheapest &= -cheapest
        if ttmove >= 0 and reps & CARD_BITS[ttmove]:
            out.append(ttmove)
            reps ^= CARD_BITS[ttmove]
            cheapest &= reps
        if tlen == 0:
            maxing = self._maxing
            mine = maxing[turn]
            n = self.n
            ruffable = 0
            for k in range(1, n):
                h = self._hand((turn + k) % n)
                if maxing[(turn + k) % n] != mine and h & SPADE_MASK:
                    for x in range(3):
                        if not h & SUIT_MASKS[x]:
                            ruffable |= SUIT_MASKS[x]
            first = 0
            second = 0
            for x in range(4):
                mask = SUIT_MASKS[x]
                r = reps & mask & ~ruffable
                if not r:
                    continue
                theirs = other & mask
                if not theirs:
                    first |= r
                    continue
                top = 1 << (theirs.bit_length() - 1)
                first |= r & ~((top << 1) - 1)
                for k in range(1, n):
                    if self._hand((turn + k) % n) & top:
                        if maxing[(turn + k) % n] == mine:
                            second |= r & (top - 1)
                        break
            # then the lowest card of each suit an ally can ruff (void in it, holding spades) and no
            # opponent can
            for k in range(1, n):
                s = (turn + k) % n
                h = self._hand(s)
                if maxing[s] == mine and h & SPADE_MASK:
                    for x in range(3):
                        if not h & SUIT_MASKS[x] and not ruffable & SUIT_MASKS[x]:
                            r = reps & SUIT_MASKS[x] & ~first
                            second |= r & -r
            _append_bits(out, first)
            _append_bits(out, second)
            # the rest lowest rank first (the cheapest leads, whatever the suit), spades last
            _by_rank(out, reps & ~first & ~second)
            return out
        if cheapest:
            out.append(cheapest.bit_length() - 1)
            reps ^= cheapest
        if reps & SUIT_MASKS[led]:
            _append_bits(out, reps)
            return out
        # discards: lowest rank first, spades after every other suit
        _by_rank(out, reps)
        return out

    def _line_after(self, seat: int, card: int, tlen: int, led: int, bp: int, bs: int, tmask: int,
                    value: float) -> int:
        """The tricks per seat (packed) at the end of one line of best play after ``seat`` plays ``card``,
        whose value is ``value``: each seat in turn plays the first of its moves whose value is ``value``."""
        saved = (self.h0, self.h1, self.h2, self.h3, self.live, self.won, self.broken, self.first)
        while True:
            # play the card for good
            self._flip(seat, CARD_BITS[card])
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
            hand = self._hand(seat)
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
        self.h0, self.h1, self.h2, self.h3, self.live, self.won, self.broken, self.first = saved
        return final


def _by_rank(out: list[int], mask: int) -> None:
    """Append the cards of ``mask``: the side suits' lowest rank first (clubs before diamonds before hearts
    at one rank), then the spades lowest first."""
    side = mask & NON_SPADE_MASK
    ranks = (side | side >> 13 | side >> 26) & 0x1FFF
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        for x in range(3):
            if side & low << (13 * x):
                out.append(low.bit_length() - 1 + 13 * x)
    _append_bits(out, mask & SPADE_MASK)


def _append_bits(out: list[int], mask: int) -> None:
    """Append the cards of ``mask`` to ``out``, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)


def solve(game: Game, *, payoff: Payoff | None = None, solver: Solver | None = None) -> dict[Card, MoveValue]:
    """:meth:`Solver.solve` with a new solver (or ``solver``)."""
    return (solver or Solver()).solve(game, payoff=payoff)


def makeable_tricks(game: Game, side: int, *, solver: Solver | None = None) -> int:
    """:meth:`Solver.makeable_tricks` with a new solver (or ``solver``)."""
    return (solver or Solver()).makeable_tricks(game, side)


def nil_makeable(game: Game, seat: int, *, solver: Solver | None = None) -> bool:
    """:meth:`Solver.nil_makeable` with a new solver (or ``solver``)."""
    return (solver or Solver()).nil_makeable(game, seat)
