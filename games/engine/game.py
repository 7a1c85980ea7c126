"""The state machine of a whole game of Spades: deal, blind declarations, bidding, card exchange, play,
trick resolution, hand scoring, game end.

:class:`Game` is mutable in the way ``chess.Board`` is: each move is checked first and applied only when
legal, so an illegal move raises :class:`IllegalActionError` and leaves the game exactly as it was.
Randomness enters only through the game's seed: the deal of hand ``k`` is a pure function of
``(seed, k)``, so the action log and the seed replay to the same state, and tables given the same seed
hold the same cards (duplicate play).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import operator
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple

from . import events as ev
from .bidding import BiddingPosition, bidding_order, bidding_position, the_bid
from .cards import (
    CARD_BITS,
    CARD_NAMES,
    FACE_MASK,
    SPADE_MASK,
    SUIT_OF,
    Card,
    build_deck,
    cards_in,
    cards_named,
    hand_names,
    mask_of,
    parse_card,
)
from .events import PlayEvent, TrickEvent  # made on every play and trick: one name to look up, not two
from .reasons import SUIT_WORDS, IllegalActionError, Reason
from .rules import RuleSet, highest_bid, lowest_bid, partner_of, rules_from_dict, side_of, validate
from .scoring import Bid, SideScore, game_decision, make_record, score_hand
from .tricks import (
    BREAKS_SPADES,
    POWER,
    SPADE_BREAKERS,
    first_leader,
    legal_plays,
    spade_lead_bar,
    winning_play,
)

Phase = Literal["bid", "exchange", "play", "game_over"]
"""Where a game stands."""

BID: Final[Phase] = "bid"
EXCHANGE: Final[Phase] = "exchange"
PLAY: Final[Phase] = "play"
GAME_OVER: Final[Phase] = "game_over"
"""The phases of a game. A hand is dealt the moment the previous one is scored, so there is no phase
between hands."""

ACTION_TYPES = ("bid", "look", "exchange", "play", "resign")


class Action(NamedTuple):
    """One move by one seat (a named tuple: cheap to make, compares by value).

    - ``bid``: ``bid`` tricks (0 is nil); ``blind`` for blind nil or a blind number bid.
    - ``look``: a seat that may still bid blind picks up its cards.
    - ``exchange``: the ``cards`` a nil or blind nil side passes to the partner.
    - ``play``: lead or follow with ``card``.
    - ``resign``: the seat's side gives up the game.
    """

    type: str
    seat: int
    bid: int | None = None
    blind: bool = False
    card: Card | None = None
    cards: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The action in the API's notation (cards as ``QS``)."""
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.type == "bid":
            out["bid"] = self.bid
            out["blind"] = self.blind
        elif self.type == "play":
            out["card"] = None if self.card is None else CARD_NAMES[self.card]
        elif self.type == "exchange":
            out["cards"] = [CARD_NAMES[c] for c in self.cards]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Parse an action written in the API's notation; raises :class:`IllegalActionError` for an
        unknown type and :class:`~games.engine.cards.InvalidCardError` for an unknown card."""
        kind = data.get("type")
        seat = data.get("seat")
        if kind not in ACTION_TYPES:
            raise IllegalActionError(Reason.UNKNOWN_ACTION, f"unknown action type {kind!r}",
                                     params={"type": str(kind)})
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalActionError(Reason.NOT_SEATED, "seat must be a seat number")
        if kind == "bid":
            bid = data.get("bid")
            if not isinstance(bid, int) or isinstance(bid, bool):
                raise IllegalActionError(Reason.BID_OUT_OF_RANGE, "bid must be a whole number of tricks")
            blind = data.get("blind", False)
            if not isinstance(blind, bool):
                raise IllegalActionError(Reason.UNKNOWN_ACTION, "blind must be true or false")
            return cls("bid", seat, bid=bid, blind=blind)
        if kind == "play":
            return cls("play", seat, card=parse_card(data.get("card")))
        if kind == "exchange":
            cards = data.get("cards")
            if not isinstance(cards, list):
                raise IllegalActionError(Reason.WRONG_EXCHANGE_COUNT, "cards must be a list of cards")
            return cls("exchange", seat, cards=tuple(parse_card(c) for c in cards))
        return cls(kind, seat)


_given_seat = operator.attrgetter("seat")
"""An action's seat exactly as the caller gave it. Compiled by mypyc, a value typed ``int`` is converted
where it is first read as one (``True`` becomes 1, ``1.0`` or ``"1"`` raise ``TypeError``), so the check for
a seat that is no seat must read the object itself to refuse it the same way in both forms."""

_PLAY_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(Action("play", seat, card=card) for card in range(54)) for seat in range(4)
)
_BID_ACTIONS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(tuple(Action("bid", seat, bid=n, blind=blind) for n in range(19)) for seat in range(4))
    for blind in (False, True)
)
"""``_PLAY_ACTIONS[seat][card]`` and ``_BID_ACTIONS[blind][seat][tricks]``: every play and bid a seat can
make. Actions are values, so the log shares these rather than make one on every move. Besides the
allocation, that keeps a long game's log from adding an object a move for the garbage collector to walk: a
named tuple, unlike a plain one, is never untracked, and over a game of random play thousands of hands long
(the benchmark's) the collector's full passes over the log took about a fifth of the engine's time."""


class Trick(NamedTuple):
    """A finished trick: who led, the cards in the order played, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        """The trick with cards in notation."""
        return {"leader": self.leader, "cards": [CARD_NAMES[c] for c in self.cards], "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trick:
        """The trick written by :meth:`to_json`."""
        return cls(data["leader"], tuple(cards_named(data["cards"])), data["winner"])


_PLAY_EVENTS: Final[tuple[tuple[PlayEvent, ...], ...]] = tuple(
    tuple(PlayEvent(seat, CARD_NAMES[card]) for card in range(54)) for seat in range(4)
)
"""``_PLAY_EVENTS[seat][card]``: the announcement of every play a seat can make. Nothing changes an event
once it is made (:mod:`.events`), so every play of a card by a seat returns the same one."""


@dataclass(slots=True)
class HandRecord:
    """Everything about one finished hand, for replay and statistics; public once the hand is over."""

    number: int
    dealer: int
    misdeals: int
    dealt: list[list[Card]]
    bids: list[Bid]
    passed: list[list[Card] | None]
    tricks: list[Trick]
    tricks_won: list[int]
    sides: tuple[SideScore, ...]

    def to_json(self) -> dict[str, Any]:
        """The record with cards in notation."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "misdeals": self.misdeals,
            "dealt": [[CARD_NAMES[c] for c in hand] for hand in self.dealt],
            "bids": [b.to_json() for b in self.bids],
            "passed": [None if p is None else [CARD_NAMES[c] for c in p] for p in self.passed],
            "tricks": [t.to_json() for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "sides": [s.to_json() for s in self.sides],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandRecord:
        """The record written by :meth:`to_json`."""
        return cls(
            number=data["number"],
            dealer=data["dealer"],
            misdeals=data["misdeals"],
            dealt=[cards_named(hand) for hand in data["dealt"]],
            bids=[Bid.from_json(b) for b in data["bids"]],
            passed=[None if p is None else cards_named(p) for p in data["passed"]],
            tricks=[Trick.from_json(t) for t in data["tricks"]],
            tricks_won=list(data["tricks_won"]),
            sides=tuple(SideScore.from_json(s) for s in data["sides"]),
        )


_RULES_KEPT: Final = 256
"""How many rule sets a process keeps read from snapshots and written to them: a table's rule set is the same
at every move, and validating it again (reading) or copying it field by field (writing) was a tenth of a move's
time in the service."""


@functools.lru_cache(maxsize=_RULES_KEPT)
def _rules_of(switches: tuple[tuple[str, type, Any], ...]) -> RuleSet:
    return rules_from_dict({name: value for name, _, value in switches})


def _rules_read(data: dict[str, Any]) -> RuleSet:
    """``rules_from_dict(data)``, validated once per process for each distinct rule set. Each switch is keyed
    with its value's class: ``True == 1 == 1.0`` as keys, and a rule set the check refuses (a flag where a
    number goes) must not be found under an accepted one's key."""
    try:
        return _rules_of(tuple((name, value.__class__, value) for name, value in data.items()))
    except TypeError:  # a value that is not a switch's (a list): let the rule set's own check refuse it
        return rules_from_dict(data)


@functools.lru_cache(maxsize=_RULES_KEPT)
def _rules_dict(rules: RuleSet) -> dict[str, Any]:
    return rules.to_dict()


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    """``rules.to_dict()``, a fresh dictionary each time (a shallow copy: every switch is a scalar), built
    field by field once per rule set."""
    return dict(_rules_dict(rules))


def shuffled(deck: Sequence[Card], key: str) -> list[Card]:
    """``deck`` shuffled by Fisher–Yates, each swap drawn from one 512-bit number read off SHAKE-256 of
    ``key`` (mixed-radix digits, so every order of up to 54 cards is equally likely to within 2^-270).

    With a secret key of 128 bits this is as unpredictable as the operating system's random source, and
    it is a pure function of the key, which is what replay and duplicate deals need.
    """
    out = list(deck)
    x = int.from_bytes(hashlib.shake_256(key.encode()).digest(64), "little")
    # The digits come off the 512-bit number a run of radices at a time: one big division by their product,
    # then small ones on the remainder, which give the same digits as dividing x by each radix in turn. The
    # radix of the swap into place i is i + 1.
    for product, radices in _radix_runs(len(out)):
        x, rest = divmod(x, product)
        for radix in radices:
            j = rest % radix
            rest //= radix
            i = radix - 1
            out[i], out[j] = out[j], out[i]
    return out


@functools.cache
def _radix_runs(cards: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The shuffle's radices (``cards`` down to 2) in runs whose product stays below 2**30: ``(product,
    radices)`` for each run. A remainder below 2**30 is one digit of a Python int, so its small divisions take
    the interpreter's one-digit fast path (and in the compiled form it is a machine integer); with runs up to
    2**62 the random full hands took 0.6% more instructions pure and 1.1% more compiled."""
    runs: list[tuple[int, tuple[int, ...]]] = []
    product = 1
    radices: list[int] = []
    for radix in range(cards, 1, -1):
        if product * radix >= 1 << 30:
            runs.append((product, tuple(radices)))
            product = 1
            radices = []
        product *= radix
        radices.append(radix)
    runs.append((product, tuple(radices)))
    return tuple(runs)


def deal_from_deck(deck: Sequence[Card], *, dealer: int, players: int) -> list[list[Card]]:
    """Deal ``deck`` one card at a time clockwise, starting left of ``dealer``."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(players):
        hands[(dealer + 1 + k) % players] = list(deck[k::players])
    return hands


@functools.cache
def _deck_mask(players: int, jokers: bool) -> int:
    return mask_of(build_deck(players=players, jokers=jokers))


def exchanges_due(rules: RuleSet, bids: Sequence[Bid]) -> list[int]:
    """How many cards every seat passes to its partner after ``bids``: a side with one nil bidder
    exchanges (``blind_nil_exchange`` after a blind nil, else ``nil_pass``)."""
    due = [0] * rules.players
    if rules.partnerships:
        for team in rules.teams:
            nils = [s for s in team if bids[s].is_nil]
            if len(nils) != 1:
                continue  # both nil: nothing to gain by passing (002)
            count = rules.blind_nil_exchange if bids[nils[0]].blind else rules.nil_pass
            for s in team:
                due[s] = count
    return due


@dataclass(slots=True)
class Game:
    """A game of Spades from the first deal to the winner. Build one with :meth:`Game.new`.

    Slotted: a game has more attributes than CPython shares the keys of in an instance dict (30), so
    without slots every attribute read and method lookup on it goes through a dict lookup, about a tenth of
    the pure engine's time over random full hands."""

    rules: RuleSet
    seed: str
    first_dealer: int
    deals: list[list[list[Card]]] = field(default_factory=list)
    """Hands given in advance for the first hands (tests, duplicate boards); later hands come from the
    seed."""

    scores: list[int] = field(default_factory=list)
    bags: list[int] = field(default_factory=list)
    hand_number: int = 0
    dealer: int = 0
    misdeals: int = 0
    phase: Phase = BID
    hands: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    blind_nil_ok: list[bool] = field(default_factory=list)
    blind_bid_ok: list[bool] = field(default_factory=list)
    bids: list[Bid | None] = field(default_factory=list)
    exchange_due: list[int] = field(default_factory=list)
    passed: list[list[Card] | None] = field(default_factory=list)
    turn: int | None = None
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    best_seat: int = 0
    best_power: int = -1
    tricks_won: list[int] = field(default_factory=list)
    spades_broken: bool = False
    tricks: list[Trick] = field(default_factory=list)
    records: list[HandRecord] = field(default_factory=list)
    hands_played: int = 0
    winner: int | None = None
    result: str | None = None
    log: list[Action] = field(default_factory=list)

    # Read on every move, so kept as plain attributes rather than derived from the rule set each time (set
    # from the rules by __post_init__, never passed in).
    players: int = field(init=False, repr=False, compare=False)
    """The number of seats."""
    tricks_per_hand: int = field(init=False, repr=False, compare=False)
    """Tricks in a hand (13, or 17/18 with three players)."""
    _spades_barred: tuple[bool, ...] = field(init=False, repr=False, compare=False)
    """``[2 * spades broken + first trick]``: whether the engine's :func:`spade_lead_bar` bars a spade lead,
    looked up on every lead (one flat tuple: compiled, a tuple of pairs indexed by a variable is rebuilt on
    every lookup). Only a refused lead asks :func:`spade_lead_bar` itself, for the reason."""
    _bid_limits: tuple[int, int, int] = field(init=False, repr=False, compare=False)
    """The lowest, highest and highest blind bid of the rules."""
    _deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    """The rule set's deck, in order (every deal shuffles it)."""
    _legal: int = field(init=False, repr=False, compare=False)
    """The mask :meth:`legal_card_mask` last found for the seat on turn, or 0 before it is asked: a caller asks
    for the legal cards and then plays one, so :meth:`play` checks its card against the mask the question
    found instead of working it out again. Only the play phase holds one; every play (and a resignation or
    abandonment, through :meth:`_finish`) clears it, and a new game, a copy and a game read from JSON start
    without one. (0 rather than a negative number for "none": a mask is a two-digit int, which the interpreter
    compares by its slow path but tests for truth fast; an empty mask, never legal in play, is just worked out
    again.)"""
    _legal_hand: int = field(init=False, repr=False, compare=False)
    """The hand :attr:`_legal` was worked out from: it answers only while the seat on turn still holds that
    hand, so a hand changed from outside (a copy's unseen cards dealt again, as a bot's sampling does) is
    never checked against another hand's legal cards. Everything else the legal cards depend on (the trick,
    the tricks, spades broken) changes only by a play, which clears the mask."""

    def __post_init__(self) -> None:
        rules = self.rules
        self.players = rules.players
        self.tricks_per_hand = rules.cards_per_hand
        self._spades_barred = tuple(
            spade_lead_bar(rules, broken=broken, first_trick=first) is not None
            for broken in (False, True) for first in (False, True)
        )
        self._bid_limits = (lowest_bid(rules), highest_bid(rules), highest_bid(rules, blind=True))
        self._deck = tuple(build_deck(players=self.players, jokers=rules.jokers))
        self._legal = self._legal_hand = 0

    # Construction -------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        *,
        seed: str | None = None,
        first_dealer: int | None = None,
        deals: Iterable[Sequence[Sequence[Card]]] = (),
    ) -> Game:
        """A new game with its first hand dealt.

        Without a ``seed`` a secret one comes from the operating system's secure random source. Without
        a ``first_dealer`` the seed chooses one. ``deals`` fixes the hands of the first hands exactly.
        """
        validate(rules)
        seed = seed if seed is not None else secrets.token_hex(16)
        if first_dealer is not None and not 0 <= first_dealer < rules.players:
            raise ValueError(f"first_dealer must be a seat, 0 to {rules.players - 1}")
        if first_dealer is None:
            first_dealer = hashlib.sha256(f"{seed}/dealer".encode()).digest()[0] % rules.players
        n_sides = len(rules.teams)
        game = cls(
            rules=rules,
            seed=seed,
            first_dealer=first_dealer,
            deals=[[list(h) for h in deal] for deal in deals],
            scores=[0] * n_sides,
            bags=[0] * n_sides,
            dealer=(first_dealer - 1) % rules.players,
        )
        game._check_deals()
        game._deal_next_hand()
        return game

    @classmethod
    def from_view(cls, view: dict[str, Any], hands: Sequence[int], rules: RuleSet) -> Game:
        """The game in the position ``view`` (the JSON of a :func:`~games.engine.seat_view` of a game under
        ``rules``, as the API serves it) shows, with ``hands`` (one mask a seat) as every seat's cards now:
        how a bot asks the engine about one deal of the cards its seat cannot see. Raises ``ValueError``
        when ``hands`` contradicts the view.

        What no view shows is filled in so that the game stays playable: the game is a one-off (its
        seed is not the table's, and it has no history before this hand); a seat that may still look at
        its cards out of turn is the only one taken not to have looked; and cards passed that the seat
        did not see are stood in for by the lowest cards that could have been passed (during the exchange,
        of the passer's hand; after it, of what its partner holds or played).
        """
        validate(rules)
        n = rules.players
        seat = view["seat"]
        phase = view["phase"]
        now = list(hands)
        tricks = [Trick(t["leader"], tuple(cards_named(t["cards"])), t["winner"]) for t in view["tricks"]]
        trick = cards_named(p["card"] for p in view["trick"])
        leader = view["leader"] if view["leader"] is not None else 0
        played_by = [0] * n
        for t in tricks:
            for i, c in enumerate(t.cards):
                played_by[(t.leader + i) % n] |= 1 << c
        for i, c in enumerate(trick):
            played_by[(leader + i) % n] |= 1 << c
        played = 0
        for m in played_by:
            played |= m
        held = 0
        for h in now:
            if held & h:
                raise ValueError("two seats hold the same card")
            held |= h
        if len(now) != n or [h.bit_count() for h in now] != view["hand_size"]:
            raise ValueError("the hands do not have the sizes the view shows")
        if held | played != _deck_mask(n, rules.jokers) or held & played:
            raise ValueError("the hands and the cards played are not the deck")
        if seat is not None and view["hand"] is not None and now[seat] != mask_of(cards_named(view["hand"])):
            raise ValueError("the seat's own hand is not the one the view shows")

        looked = [True] * n
        if phase == BID:
            looked = [s == view["turn"] or s not in view["to_move"] for s in range(n)]
            if seat is not None:
                looked[seat] = not view["cards_hidden"]
        bids = [None if b is None else Bid.from_json(b) for b in view["bids"]]
        game = cls(
            rules=rules, seed="from-view", first_dealer=(view["dealer"] - view["hand_number"] + 1) % n,
            scores=list(view["scores"]), bags=list(view["bags"]), hand_number=view["hand_number"],
            dealer=view["dealer"], phase=phase, hands=now, dealt=list(now), looked=looked, bids=bids,
            exchange_due=[0] * n, passed=[None] * n, turn=view["turn"], leader=leader, trick=trick,
            tricks_won=list(view["tricks_won"]), spades_broken=played & SPADE_BREAKERS != 0,
            tricks=tricks, hands_played=view["hands_played"], winner=view["winner"], result=view["result"],
        )
        game.blind_nil_ok = [game._may_bid_blind(s, nil=True) for s in range(n)]
        game.blind_bid_ok = [game._may_bid_blind(s, nil=False) for s in range(n)]
        if trick:
            best = winning_play(trick)
            game.best_seat = (leader + best) % n
            game.best_power = POWER[SUIT_OF[trick[0]]][trick[best]]
        if phase in (EXCHANGE, PLAY) and None not in bids:
            game._fill_exchange(view, played_by)
        for s in range(n):
            game.dealt[s] = now[s] | played_by[s]
            p = partner_of(rules, s)
            if phase == PLAY and p is not None and game.exchange_due[s]:
                # The cards dealt: what the seat holds or played, less what it got, plus what it gave.
                game.dealt[s] = game.dealt[s] & ~mask_of(game.passed[p] or ()) | mask_of(game.passed[s] or ())
        return game

    def _fill_exchange(self, view: dict[str, Any], played_by: Sequence[int]) -> None:
        """The exchange of a position :meth:`from_view` rebuilds once every bid is in (see there)."""
        due = exchanges_due(self.rules, self._all_bids())
        ex = view["exchange"] or {}
        if ex.get("due") is not None and ex["due"] != due:
            raise ValueError("the exchange the view shows does not follow from its bids")
        self.exchange_due = due
        seat = view["seat"]
        for s in range(self.players):
            p = partner_of(self.rules, s)
            if not due[s] or p is None:
                continue
            if s == seat and ex.get("my_cards") is not None:
                self.passed[s] = cards_named(ex["my_cards"])
            elif p == seat and ex.get("received") is not None:
                self.passed[s] = cards_named(ex["received"])
            elif self.phase == PLAY:
                self.passed[s] = cards_in(self.hands[p] | played_by[p])[:due[s]]
            elif (ex.get("passed") or [False] * self.players)[s]:
                self.passed[s] = cards_in(self.hands[s])[:due[s]]

    def _check_deals(self) -> None:
        expected = sorted(build_deck(players=self.rules.players, jokers=self.rules.jokers))
        for deal in self.deals:
            if len(deal) != self.rules.players or sorted(c for h in deal for c in h) != expected or any(
                len(h) != self.rules.cards_per_hand for h in deal
            ):
                raise ValueError("a given deal must split the rule set's deck evenly among the seats")

    def copy(self) -> Game:
        """An independent copy, cheap enough for search: every list is copied, and what the lists hold
        (bids, tricks, hand records, actions) is never changed in place, so it can be shared."""
        return dataclasses.replace(
            self,
            scores=self.scores[:], bags=self.bags[:], hands=self.hands[:], dealt=self.dealt[:],
            looked=self.looked[:], blind_nil_ok=self.blind_nil_ok[:], blind_bid_ok=self.blind_bid_ok[:],
            bids=self.bids[:], exchange_due=self.exchange_due[:], passed=self.passed[:], trick=self.trick[:],
            tricks_won=self.tricks_won[:], tricks=self.tricks[:], records=self.records[:], log=self.log[:],
        )

    # Small facts --------------------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return side_of(self.rules, seat)

    def partner_of(self, seat: int) -> int | None:
        """The seat opposite, or ``None`` in cutthroat."""
        return partner_of(self.rules, seat)

    @property
    def trick_number(self) -> int:
        """How many tricks of this hand are finished."""
        return len(self.tricks)

    def to_move(self) -> list[int]:
        """The seats that may act now: the seat whose turn it is, any seat that may still look at its
        cards, and every seat whose exchange is due."""
        if self.phase == BID:
            seats = {self.turn} if self.turn is not None else set()
            seats.update(s for s in range(self.players) if not self.looked[s])
            return sorted(seats)
        if self.phase == EXCHANGE:
            return [s for s in range(self.players) if self.exchange_due[s] and self.passed[s] is None]
        if self.phase == PLAY:
            return [self.turn] if self.turn is not None else []
        return []

    def waiting_for(self) -> list[int]:
        """The seats the game cannot go on without: the seat whose turn it is, or every seat whose exchange
        is due. (A seat that may still look at its cards out of turn is not waited for.)"""
        if self.phase == EXCHANGE:
            return self.to_move()
        return [self.turn] if self.turn is not None else []

    # Dealing ------------------------------------------------------------------------------------------

    def _deal_cards(self, attempt: int) -> list[list[Card]]:
        index = self.hand_number - 1
        if attempt == 0 and index < len(self.deals):
            return self.deals[index]
        deck = shuffled(self._deck, f"{self.seed}/{self.hand_number}/{attempt}")
        return deal_from_deck(deck, dealer=self.dealer, players=self.players)

    def _is_misdeal(self, hands: list[int]) -> bool:
        mode = self.rules.misdeal
        if mode == "off":
            return False
        return any(not h & SPADE_MASK or (mode == "no_spades_or_faces" and not h & FACE_MASK) for h in hands)

    def _deal_next_hand(self) -> None:
        self.hand_number += 1
        self.dealer = (self.dealer + 1) % self.players
        attempt = 0
        while True:
            hands = [mask_of(h) for h in self._deal_cards(attempt)]
            if not self._is_misdeal(hands) or attempt >= 100:
                break
            attempt += 1
        n = self.players
        self.misdeals = attempt
        self.hands = hands
        self.dealt = list(hands)
        self.bids = [None] * n
        self.exchange_due = [0] * n
        self.passed = [None] * n
        self.tricks_won = [0] * n
        self.tricks = []
        self.trick = []
        self.spades_broken = False
        self.blind_nil_ok = [self._may_bid_blind(s, nil=True) for s in range(n)]
        self.blind_bid_ok = [self._may_bid_blind(s, nil=False) for s in range(n)]
        self.looked = [not (self.blind_nil_ok[s] or self.blind_bid_ok[s]) for s in range(n)]
        self.phase = BID
        self.turn = bidding_order(self.dealer, n)[0]

    def _deficit(self, seat: int) -> int:
        side = self.side_of(seat)
        return max(s for i, s in enumerate(self.scores) if i != side) - self.scores[side]

    def _may_bid_blind(self, seat: int, *, nil: bool) -> bool:
        r = self.rules
        if nil:
            return r.blind_nil and (r.blind_nil_trailing is None or self._deficit(seat) >= r.blind_nil_trailing)
        return r.blind_bids and self._deficit(seat) >= r.blind_bid_trailing

    def deal_event(self) -> ev.DealEvent:
        """The event announcing the current deal; each seat that has looked sees its own cards."""
        return ev.DealEvent(
            hand=self.hand_number,
            dealer=self.dealer,
            misdeals=self.misdeals,
            blind_eligible=tuple(not seen for seen in self.looked),
            cards={s: hand_names(self.hands[s])
                   for s in range(self.players) if self.looked[s]},
        )

    # Checking -----------------------------------------------------------------------------------------

    def _phase_reason(self, phase: str) -> Reason | None:
        if self.phase == phase:
            return None
        return Reason.GAME_OVER if self.phase == GAME_OVER else Reason.WRONG_PHASE

    def _seat_reason(self, seat: Any) -> Reason | None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            return Reason.NOT_SEATED
        return None

    def bid_reason(self, seat: int, tricks: int | None, blind: bool = False) -> Reason | None:
        """Why ``seat`` may not bid ``tricks`` now, or ``None`` when the bid is legal."""
        reason = self._seat_reason(seat) or self._phase_reason(BID)
        if reason:
            return reason
        if seat != self.turn:
            return Reason.NOT_YOUR_TURN
        if not isinstance(tricks, int) or isinstance(tricks, bool):
            return Reason.BID_OUT_OF_RANGE
        return self._bidding(seat).reason(tricks, blind)

    def _bidding(self, seat: int) -> BiddingPosition:
        """The bidding position of ``seat`` now (its spades, whether it looked, the bids so far)."""
        return bidding_position(
            self.rules, seat, self.bids, spades=(self.hands[seat] & SPADE_MASK).bit_count(),
            looked=self.looked[seat], blind_nil_ok=self.blind_nil_ok[seat], blind_bid_ok=self.blind_bid_ok[seat],
            limits=self._bid_limits,
        )

    def play_reason(self, seat: int, card: Card | None) -> Reason | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` when the play is legal."""
        if self.phase != PLAY:
            return self._seat_reason(seat) or self._phase_reason(PLAY)
        if seat != self.turn or seat.__class__ is not int:  # True == 1, 1.0 == 1: neither is a seat
            return self._seat_reason(seat) or Reason.NOT_YOUR_TURN
        if not isinstance(card, int) or not 0 <= card < 54:
            return Reason.UNKNOWN_CARD
        hand = self.hands[seat]
        if not hand >> card & 1:
            return Reason.CARD_NOT_IN_HAND
        if self.legal_card_mask(seat) >> card & 1:
            return None
        if self.trick:
            return Reason.MUST_FOLLOW_SUIT
        return spade_lead_bar(self.rules, broken=self.spades_broken, first_trick=not self.tricks)

    def exchange_reason(self, seat: int, cards: Sequence[object]) -> Reason | None:
        """Why ``seat`` may not pass ``cards`` now, or ``None`` when the exchange is legal."""
        reason = self._seat_reason(seat) or self._phase_reason(EXCHANGE)
        if reason:
            return reason
        if not self.exchange_due[seat]:
            return Reason.NO_EXCHANGE_DUE
        if self.passed[seat] is not None:
            return Reason.ALREADY_EXCHANGED
        if len(cards) != self.exchange_due[seat]:
            return Reason.WRONG_EXCHANGE_COUNT
        if len(set(cards)) != len(cards):
            return Reason.DUPLICATE_CARD
        if any(not isinstance(c, int) or not 0 <= c < 54 or not self.hands[seat] >> c & 1 for c in cards):
            return Reason.CARD_NOT_IN_HAND
        return None

    def look_reason(self, seat: int) -> Reason | None:
        """Why ``seat`` may not look at its cards now, or ``None``."""
        reason = self._seat_reason(seat) or self._phase_reason(BID)
        if reason:
            return reason
        return Reason.CARDS_ALREADY_SEEN if self.looked[seat] else None

    def refusal(self, reason: Reason, seat: int, *, tricks: int | None = None, blind: bool = False,
                cards: Sequence[Card] = ()) -> IllegalActionError:
        """The error that refuses ``seat``'s action for ``reason``, with the facts of the refusal as its
        ``params``: the bids allowed, the suit to follow, the seat to move, the cards to pass. Only what
        ``seat`` may see (its own spades, the table's public state) is quoted. Worked out only when an action
        is refused, so legal play pays nothing for it."""
        params: dict[str, object] = {}
        r = self.rules
        if reason == Reason.NOT_YOUR_TURN:
            params["turn"] = self.turn
        elif reason == Reason.WRONG_PHASE:
            params["phase"] = self.phase
        elif reason == Reason.NOT_SEATED:
            params["seats"] = self.players - 1
        elif reason == Reason.MUST_FOLLOW_SUIT and self.trick:
            params["suit"] = SUIT_WORDS[SUIT_OF[self.trick[0]]]
        elif reason in (Reason.CARD_NOT_IN_HAND, Reason.DUPLICATE_CARD):
            named = [c for c in cards if isinstance(c, int) and 0 <= c < 54]
            if reason == Reason.DUPLICATE_CARD:
                named = [c for c in named if named.count(c) > 1]
            else:
                named = [c for c in named if not self.hands[seat] >> c & 1]
            if named:
                params["card"] = CARD_NAMES[named[0]]
        elif reason == Reason.WRONG_EXCHANGE_COUNT:
            params["count"] = self.exchange_due[seat]
        elif self.phase == BID and isinstance(seat, int) and 0 <= seat < self.players:
            position = self._bidding(seat)
            if reason == Reason.BID_OUT_OF_RANGE:
                params.update(low=0 if blind else position.lowest,
                              high=position.blind_highest if blind else position.highest)
            elif reason in (Reason.BID_MUST_EQUAL_SPADES, Reason.BID_MUST_BE_SPADES_OR_NIL):
                params["spades"] = position.spades
            elif reason == Reason.BELOW_BOARD:
                params["board"] = r.board
                params["partner_bid"] = position.partner_tricks
            elif reason == Reason.BID_TOTAL_EQUALS_TRICKS:
                params["tricks"] = position.highest
                params["forbidden"] = position.highest - position.table_tricks
        return IllegalActionError(reason, params=params)

    def reason(self, action: Action) -> Reason | None:
        """Why ``action`` is illegal now, or ``None`` when it is legal."""
        if action.type in ACTION_TYPES and self._seat_reason(_given_seat(action)):
            return Reason.NOT_SEATED
        if action.type == "play":
            return self.play_reason(action.seat, action.card)
        if action.type == "bid":
            return self.bid_reason(action.seat, action.bid, action.blind)
        if action.type == "exchange":
            return self.exchange_reason(action.seat, action.cards)
        if action.type == "look":
            return self.look_reason(action.seat)
        if action.type == "resign":
            return self._seat_reason(action.seat) or (Reason.GAME_OVER if self.phase == GAME_OVER else None)
        return Reason.UNKNOWN_ACTION

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        return self.reason(action) is None

    # Legal moves --------------------------------------------------------------------------------------

    @property
    def led_suit(self) -> int:
        """The suit led to the current trick (only meaningful while a trick is in progress)."""
        return SUIT_OF[self.trick[0]]

    def legal_card_mask(self, seat: int) -> int:
        """The mask of the cards ``seat`` may play now (0 when it may not play)."""
        turn = self.turn  # narrowed to an int, the comparison compiles to a machine one
        if self.phase != PLAY or turn is None or seat != turn:
            return 0
        legal = self._legal
        hand = self.hands[seat]
        if not legal or hand != self._legal_hand:
            trick = self.trick
            if trick:
                legal = legal_plays(hand, SUIT_OF[trick[0]], False)
            else:
                legal = legal_plays(hand, None, self._spades_barred[2 * self.spades_broken + (not self.tricks)])
            self._legal = legal
            self._legal_hand = hand
        return legal

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, lowest first."""
        return cards_in(self.legal_card_mask(seat))

    def legal_bids(self, seat: int) -> list[Bid]:
        """The bids ``seat`` may make now, blind ones included while it has not looked."""
        if self.phase != BID or seat != self.turn:
            return []
        return self._bidding(seat).legal_bids()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now. An exchange is offered as its count only (``cards`` empty):
        any ``exchange_due[seat]`` distinct cards of the hand may be passed."""
        if self.phase == PLAY:
            return [Action("play", seat, card=c) for c in self.legal_cards(seat)]
        if self.phase == BID:
            out = [Action("bid", seat, bid=b.tricks, blind=b.blind) for b in self.legal_bids(seat)]
            if not self.looked[seat]:
                out.append(Action("look", seat))
            return out
        if self.phase == EXCHANGE and self.exchange_due[seat] and self.passed[seat] is None:
            return [Action("exchange", seat)]
        return []

    def card_reasons(self, seat: int) -> dict[Card, Reason | None]:
        """For every card ``seat`` holds, why it may not be played now (``None`` when it may)."""
        return {c: self.play_reason(seat, c) for c in cards_in(self.hands[seat])}

    # Applying -----------------------------------------------------------------------------------------

    def apply(self, action: Action, *, events: bool = True) -> list[ev.Event]:
        """Apply a legal ``action`` and return the events it caused; raise :class:`IllegalActionError`
        (changing nothing) when it is illegal. ``events=False``: see :meth:`play` (plays and bids only; the
        rare other moves always tell)."""
        if action.type == "play":
            card = action.card
            if card is None:
                raise IllegalActionError(Reason.UNKNOWN_CARD)
            if self._seat_reason(_given_seat(action)):
                raise IllegalActionError(Reason.NOT_SEATED)
            if not isinstance(card, int):
                raise IllegalActionError(self.play_reason(action.seat, card) or Reason.UNKNOWN_CARD)
            return self.play(action.seat, card, events=events)
        if action.type == "bid":
            tricks = action.bid
            if tricks is None:
                raise IllegalActionError(Reason.BID_OUT_OF_RANGE)
            if self._seat_reason(_given_seat(action)):
                raise IllegalActionError(Reason.NOT_SEATED)
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise IllegalActionError(self.bid_reason(action.seat, tricks, action.blind) or Reason.BID_OUT_OF_RANGE)
            return self.bid(action.seat, tricks, blind=action.blind, events=events)
        if action.type in ACTION_TYPES and self._seat_reason(_given_seat(action)):
            raise IllegalActionError(Reason.NOT_SEATED)
        if action.type == "exchange":
            return self.exchange(action.seat, action.cards)
        if action.type == "look":
            return self.look(action.seat)
        if action.type == "resign":
            return self.resign(action.seat)
        raise IllegalActionError(Reason.UNKNOWN_ACTION)

    def look(self, seat: int) -> list[ev.Event]:
        """``seat`` picks up its cards, giving up any blind bid."""
        reason = self.look_reason(seat)
        if reason:
            raise self.refusal(reason, seat)
        self.log.append(Action("look", seat))
        return [self._look(seat)]

    def _look(self, seat: int) -> ev.LookEvent:
        self.looked[seat] = True
        return ev.LookEvent(seat, {seat: hand_names(self.hands[seat])})

    def bid(self, seat: int, tricks: int, *, blind: bool = False, events: bool = True) -> list[ev.Event]:
        """``seat`` bids ``tricks`` (0 is nil), blind or not. ``events=False``: see :meth:`play`."""
        reason = self.bid_reason(seat, tricks, blind)
        if reason:
            raise self.refusal(reason, seat, tricks=tricks, blind=blind)
        self.log.append(_BID_ACTIONS[blind][seat][tricks])  # a legal bid is 0 to 18 tricks
        self.bids[seat] = the_bid(tricks, blind)
        looked = self.looked[seat]
        self.looked[seat] = True  # a bid picks the cards up (a blind one once it is made)
        if None not in self.bids:
            after = self._end_bidding(events)
        else:
            self.turn = (seat + 1) % self.players
            after = []
        if not events:
            return after
        told: list[ev.Event] = [ev.BidEvent(seat, tricks, blind)]
        if not looked:
            told.append(ev.LookEvent(seat, {seat: hand_names(self.hands[seat])}))
        return told + after

    def _end_bidding(self, events: bool = True) -> list[ev.Event]:
        self.exchange_due = exchanges_due(self.rules, self._all_bids())
        if any(self.exchange_due):
            self.phase = EXCHANGE
            self.turn = None
            return [ev.ExchangeDueEvent(tuple(self.exchange_due))] if events else []
        return self._start_play(events)

    def exchange(self, seat: int, cards: Sequence[Card]) -> list[ev.Event]:
        """``seat`` passes ``cards`` face down to its partner; when every due seat has passed, the cards
        change hands and play begins."""
        cards = tuple(cards)
        reason = self.exchange_reason(seat, cards)
        if reason:
            raise self.refusal(reason, seat, cards=cards)
        self.log.append(Action("exchange", seat, cards=cards))
        self.passed[seat] = list(cards)
        events: list[ev.Event] = [ev.ExchangeEvent(seat, len(cards), {seat: tuple(CARD_NAMES[c] for c in cards)})]
        if any(self.exchange_due[s] and self.passed[s] is None for s in range(self.players)):
            return events
        received: dict[int, tuple[str, ...]] = {}
        for s, given in enumerate(self.passed):
            if given is not None:
                self.hands[s] &= ~mask_of(given)
        for s, given in enumerate(self.passed):
            p = self.partner_of(s)
            if given is not None and p is not None:
                self.hands[p] |= mask_of(given)
                received[p] = tuple(CARD_NAMES[c] for c in given)
        events.append(ev.ExchangeDoneEvent(received))
        return events + self._start_play()

    def _start_play(self, events: bool = True) -> list[ev.Event]:
        self.phase = PLAY
        leader = first_leader(self.rules, self.dealer, self.hands)
        self.leader = self.turn = leader
        return [ev.PlayStartsEvent(leader)] if events else []

    def play(self, seat: int, card: Card, *, events: bool = True) -> list[ev.Event]:
        """``seat`` plays ``card`` to the current trick; returns the events it caused.

        With ``events=False`` the move is checked and applied just the same (log, tricks, scoring, the next
        deal) but nothing is told, and the list returned is empty: for replays and simulations that read
        the game, not its events, and so need not pay for naming every card a table would be shown."""
        # A legal play is one bit test against the legal mask (the one the caller's question found, when it
        # asked: a held mask is the seat on turn's in the play phase); only a refusal asks play_reason which
        # rule it breaks (type checks first: True == 1 and 1.0 == 1, and neither is a seat or a card; a
        # negative card is no shift count, and one past 53 is a bit no mask holds).
        legal = self._legal
        turn = self.turn
        if not legal or turn is None or seat != turn or self.hands[turn] != self._legal_hand:
            legal = self.legal_card_mask(seat)
        if seat.__class__ is not int or card.__class__ is not int or card < 0 or not legal >> card & 1:
            raise self.refusal(self.play_reason(seat, card) or Reason.UNKNOWN_CARD, seat, cards=(card,))
        self._legal = 0
        self.log.append(_PLAY_ACTIONS[seat][card])
        self.hands[seat] ^= CARD_BITS[card]
        trick = self.trick
        if trick:
            power = POWER[SUIT_OF[trick[0]]][card]
        else:
            power = POWER[SUIT_OF[card]][card]
            self.leader = seat
            self.best_power = -1
        if BREAKS_SPADES[card]:
            self.spades_broken = True
        if power > self.best_power:
            self.best_power = power
            self.best_seat = seat
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self.turn = (seat + 1) % players
            return [_PLAY_EVENTS[seat][card]] if events else []
        winner = self.best_seat
        leader = self.leader
        self.tricks.append(make_record(Trick, (leader, tuple(trick), winner)))
        self.trick = []
        self.tricks_won[winner] += 1
        number = len(self.tricks)
        if number < self.tricks_per_hand:
            self.leader = self.turn = winner
            after: list[ev.Event] = []
        else:
            after = self._end_hand(events)
        if not events:
            return after
        return [_PLAY_EVENTS[seat][card],
                TrickEvent(number, leader, tuple([CARD_NAMES[c] for c in trick]), winner), *after]

    def _end_hand(self, events: bool = True) -> list[ev.Event]:
        bids = self._all_bids()
        sides = score_hand(self.rules, bids, self.tricks_won, self.scores, self.bags)
        record = HandRecord(
            number=self.hand_number, dealer=self.dealer, misdeals=self.misdeals,
            dealt=[cards_in(h) for h in self.dealt], bids=bids,
            passed=list(self.passed), tricks=self.tricks, tricks_won=list(self.tricks_won), sides=sides,
        )
        self.records.append(record)
        self.hands_played += 1
        for i, side in enumerate(sides):
            self.scores[i] = side.score_after
            self.bags[i] = side.bags_after
        self.turn = None
        self._decide(sides)
        if self.phase != GAME_OVER:
            self._deal_next_hand()
        if not events:
            return []
        told: list[ev.Event] = [ev.HandOverEvent(record.number, tuple(sides), tuple(self.scores), tuple(self.bags))]
        told.append(self._game_over_event() if self.phase == GAME_OVER else self.deal_event())
        return told

    def _decide(self, sides: Sequence[SideScore]) -> None:
        decision = game_decision(self.rules, self.scores, hand_number=self.hand_number,
                                 bostons=[side.boston for side in sides])
        if decision is not None:
            self._finish(decision.winner, decision.result)

    def _game_over_event(self) -> ev.GameOverEvent:
        """The announcement of the decided game."""
        if self.result is None:
            raise RuntimeError("the game is not decided")
        return ev.GameOverEvent(self.winner, self.result, tuple(self.scores))

    def _all_bids(self) -> list[Bid]:
        """Every seat's bid, once the bidding is over."""
        bids = [b for b in self.bids if b is not None]
        if len(bids) != self.players:
            raise RuntimeError("the bidding is not over")
        return bids

    def _finish(self, winner: int | None, result: str) -> None:
        self._legal = 0
        self.phase = GAME_OVER
        self.turn = None
        self.winner = winner
        self.result = result

    def resign(self, seat: int) -> list[ev.Event]:
        """``seat``'s side gives up; the best-placed other side wins."""
        reason = self._seat_reason(seat) or (Reason.GAME_OVER if self.phase == GAME_OVER else None)
        if reason:
            raise self.refusal(reason, seat)
        self.log.append(Action("resign", seat))
        loser = self.side_of(seat)
        others = [i for i in range(len(self.scores)) if i != loser]
        self._finish(max(others, key=lambda i: self.scores[i]), "resign")
        return [ev.ResignEvent(seat),
                self._game_over_event()]

    def abandon(self, reason: str) -> list[ev.Event]:
        """Stop the game from outside, undecided (``reason``: why, e.g. its tournament was cancelled):
        nobody wins and the hand in progress is not scored. Not a seat's move, so it is not in the log of
        actions a replay applies; whoever stops a game records that it did."""
        if self.phase == GAME_OVER:
            raise IllegalActionError(Reason.GAME_OVER)
        self._finish(None, "abandoned")
        return [ev.AbandonEvent(reason), self._game_over_event()]

    # Persistence --------------------------------------------------------------------------------------

    def to_json(self, *, history: bool = True) -> dict[str, Any]:
        """The whole state, secrets included (the seed and every hand): for storage, never for a seat.

        With ``history=False`` the action log and all but the last hand record are left out: a service
        that keeps those in its own tables stores a snapshot whose size does not grow with the game.
        """
        names = CARD_NAMES
        records = self.records if history else self.records[-1:]
        return {
            "rules": _rules_json(self.rules),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "deals": [[[names[c] for c in h] for h in deal] for deal in self.deals],
            "scores": list(self.scores),
            "bags": list(self.bags),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "misdeals": self.misdeals,
            "phase": self.phase,
            "hands": [[names[c] for c in cards_in(h)] for h in self.hands],
            "dealt": [[names[c] for c in cards_in(h)] for h in self.dealt],
            "looked": list(self.looked),
            "blind_nil_ok": list(self.blind_nil_ok),
            "blind_bid_ok": list(self.blind_bid_ok),
            "bids": [None if b is None else b.to_json() for b in self.bids],
            "exchange_due": list(self.exchange_due),
            "passed": [None if p is None else [names[c] for c in p] for p in self.passed],
            "turn": self.turn,
            "leader": self.leader,
            "trick": [names[c] for c in self.trick],
            "best_seat": self.best_seat,
            "best_power": self.best_power,
            "tricks_won": list(self.tricks_won),
            "spades_broken": self.spades_broken,
            "tricks": [t.to_json() for t in self.tricks],
            "records": [rec.to_json() for rec in records],
            "hands_played": self.hands_played,
            "winner": self.winner,
            "result": self.result,
            "log": [a.to_json() for a in self.log] if history else [],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        """The game written by :meth:`to_json`."""

        def mask(names: list[str]) -> int:
            return mask_of(cards_named(names))

        def card_list(names: list[str] | None) -> list[Card] | None:
            return None if names is None else cards_named(names)

        return cls(
            rules=_rules_read(data["rules"]),
            seed=data["seed"],
            first_dealer=data["first_dealer"],
            deals=[[cards_named(h) for h in deal] for deal in data["deals"]],
            scores=list(data["scores"]),
            bags=list(data["bags"]),
            hand_number=data["hand_number"],
            dealer=data["dealer"],
            misdeals=data["misdeals"],
            phase=data["phase"],
            hands=[mask(h) for h in data["hands"]],
            dealt=[mask(h) for h in data["dealt"]],
            looked=list(data["looked"]),
            blind_nil_ok=list(data["blind_nil_ok"]),
            blind_bid_ok=list(data["blind_bid_ok"]),
            bids=[None if b is None else Bid.from_json(b) for b in data["bids"]],
            exchange_due=list(data["exchange_due"]),
            passed=[card_list(p) for p in data["passed"]],
            turn=data["turn"],
            leader=data["leader"],
            trick=cards_named(data["trick"]),
            best_seat=data["best_seat"],
            best_power=data["best_power"],
            tricks_won=list(data["tricks_won"]),
            spades_broken=data["spades_broken"],
            tricks=[Trick.from_json(t) for t in data["tricks"]],
            records=[HandRecord.from_json(r) for r in data["records"]],
            hands_played=data["hands_played"],
            winner=data["winner"],
            result=data["result"],
            log=[Action.from_json(a) for a in data["log"]],
        )

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        actions: Iterable[Action],
        *,
        seed: str,
        first_dealer: int,
        deals: Iterable[Sequence[Sequence[Card]]] = (),
    ) -> Game:
        """Rebuild a game from its seed and action log; raises if the log holds an illegal action."""
        game = cls.new(rules, seed=seed, first_dealer=first_dealer, deals=deals)
        for action in actions:
            game.apply(action, events=False)  # the state is wanted, not what each move told
        return game
