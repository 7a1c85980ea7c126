"""What one seat knows, read from its seat view alone: its own hand, every card played and by whom, the
suits each player has shown out of (voids), cards it knows a partner holds (the ones it passed), the
bids, the tricks won and each side's contract.

This is the only bot module that reads the view dict; everything else works on :class:`Knowledge`, which
keeps the view for the engine to rebuild the position from (:meth:`games.engine.Game.from_view`). It never
sees a hidden card because the view holds none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine import Bid, RuleSet, Trick, build_deck, mask_of, parse_card
from games.engine.cards import SPADES, SUIT_OF
from games.engine.rules import side_of
from games.engine.tricks import breaks_spades, spade_lead_bar

from .tricks import SPADE_MASK

ALL_SUITS = 0b1111
SIDE_SUITS_BITS = 0b0111


@dataclass(slots=True)
class Knowledge:
    """Everything a seat may know at this moment, as masks and small lists (seats index the lists)."""

    rules: RuleSet
    seat: int
    players: int
    partner: int | None
    phase: str
    turn: int | None
    to_move: list[int]
    dealer: int
    hidden: bool
    """The seat has not looked at its cards yet (it may still bid blind)."""
    hand: int
    """The seat's own cards (0 while hidden)."""
    hand_size: list[int]
    bids: list[Bid | None]
    tricks_won: list[int]
    tricks: list[Trick]
    trick: list[int]
    """The cards on the table in the current trick, in the order played."""
    leader: int
    spades_broken: bool
    scores: list[int]
    bags: list[int]
    teams: tuple[tuple[int, ...], ...]
    blind_nil_ok: bool
    blind_bid_ok: bool
    exchange_due: list[int]
    exchange_passed: list[bool]
    my_passed: list[int] | None
    received: list[int] | None
    deck: int
    view: dict[str, Any]
    """The seat view this was read from, for the engine to rebuild the position
    (:meth:`games.engine.Game.from_view`)."""
    played: int = 0
    played_by: list[int] = field(default_factory=list)
    voids: list[int] = field(default_factory=list)
    """For each seat, a 4-bit mask of the suits it has shown it does not hold."""
    held: list[int] = field(default_factory=list)
    """For each seat, cards this seat knows it holds (what we passed to our partner and was not played)."""
    unseen: int = 0
    """Cards whose holder this seat does not know: the deck less its own hand, the played cards and
    ``held``."""

    # Small facts ------------------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return side_of(self.rules, seat)

    @property
    def side(self) -> int:
        """Our side's index."""
        return self.side_of(self.seat)

    @property
    def opponents(self) -> list[int]:
        """The seats not on our side."""
        mine = self.teams[self.side]
        return [s for s in range(self.players) if s not in mine]

    @property
    def gone(self) -> int:
        """Cards out of play for good: played to a finished trick of this hand, or not in the deck (the
        cards on the current trick still count)."""
        out = ~self.deck & ((1 << 54) - 1)
        for t in self.tricks:
            for c in t.cards:
                out |= 1 << c
        return out

    @property
    def tricks_left(self) -> int:
        """Tricks still to be played in this hand, the current one included."""
        return self.rules.cards_per_hand - len(self.tricks)

    def is_nil(self, seat: int) -> bool:
        """Whether ``seat`` bid nil (blind or not)."""
        b = self.bids[seat]
        return b is not None and b.tricks == 0

    def live_nil(self, seat: int) -> bool:
        """Whether ``seat`` bid nil and has not taken a trick yet."""
        return self.is_nil(seat) and self.tricks_won[seat] == 0

    def contract(self, side: int) -> int:
        """The side's contract: the sum of its bids so far (nil counts 0)."""
        return sum(b.tricks for s in self.teams[side] if (b := self.bids[s]) is not None)

    def counted(self, side: int) -> int:
        """Tricks the side has taken that count toward its contract."""
        total = 0
        for s in self.teams[side]:
            if not self.is_nil(s) or self.rules.failed_nil_counts_for_partner:
                total += self.tricks_won[s]
        return total

    def need(self, side: int) -> int:
        """Tricks the side still needs to make its contract (0 or less once made)."""
        return self.contract(side) - self.counted(side)

    def deficit(self) -> int:
        """How far our side trails the best other side (negative when leading)."""
        side = self.side
        return max(x for i, x in enumerate(self.scores) if i != side) - self.scores[side]

    def spades_in_hand(self) -> int:
        """How many spades we hold."""
        return (self.hand & SPADE_MASK).bit_count()


def _cards(names: list[str] | None) -> list[int]:
    return [parse_card(c) for c in names or []]


def read_view(view: dict[str, Any], rules: RuleSet) -> Knowledge:
    """The :class:`Knowledge` of the seat whose view this is."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to play for")
    n = rules.players
    hidden = bool(view.get("cards_hidden")) or view.get("hand") is None
    hand = 0 if hidden else mask_of(_cards(view["hand"]))
    exchange = view.get("exchange") or {}
    tricks = [Trick(t["leader"], tuple(_cards(t["cards"])), t["winner"]) for t in view.get("tricks") or []]
    trick = [parse_card(p["card"]) for p in view.get("trick") or []]
    eligible = view.get("blind_eligible") or {}
    phase = view["phase"]
    leader = view.get("leader")
    if leader is None:
        leader = view["trick"][0]["seat"] if view.get("trick") else 0
    kn = Knowledge(
        rules=rules,
        seat=seat,
        players=n,
        partner=view.get("partner"),
        phase=phase,
        turn=view.get("turn"),
        to_move=list(view.get("to_move") or []),
        dealer=view.get("dealer", 0),
        hidden=hidden,
        hand=hand,
        hand_size=list(view["hand_size"]),
        bids=[None if b is None else Bid(int(b["tricks"]), bool(b.get("blind", False))) for b in view["bids"]],
        tricks_won=list(view["tricks_won"]),
        tricks=tricks,
        trick=trick,
        leader=leader,
        spades_broken=bool(view.get("spades_broken")),
        scores=list(view["scores"]),
        bags=list(view["bags"]),
        teams=rules.teams,
        blind_nil_ok=bool(eligible.get("nil")),
        blind_bid_ok=bool(eligible.get("number")),
        exchange_due=list(exchange.get("due") or [0] * n),
        exchange_passed=list(exchange.get("passed") or [False] * n),
        my_passed=_cards(exchange["my_cards"]) if exchange.get("my_cards") is not None else None,
        received=_cards(exchange["received"]) if exchange.get("received") is not None else None,
        deck=mask_of(build_deck(players=n, jokers=rules.jokers)),
        view=view,
    )
    _infer(kn)
    return kn


def _infer(kn: Knowledge) -> None:
    """Fill in the played cards, the voids shown, the known holdings and the unseen cards."""
    n = kn.players
    rules = kn.rules
    played_by = [0] * n
    voids = [0] * n
    broken = False
    sequences = [(t.leader, t.cards) for t in kn.tricks]
    if kn.trick:
        sequences.append((kn.leader, tuple(kn.trick)))
    for number, (leader, cards) in enumerate(sequences):
        led = SUIT_OF[cards[0]]
        if led == SPADES and spade_lead_bar(rules, broken=broken, first_trick=number == 0) is not None:
            voids[leader] |= SIDE_SUITS_BITS  # a spade led before it was allowed: the leader held only spades
        for i, c in enumerate(cards):
            s = (leader + i) % n
            played_by[s] |= 1 << c
            if SUIT_OF[c] != led:
                voids[s] |= 1 << led
            if breaks_spades(c):
                broken = True
    played = 0
    for m in played_by:
        played |= m
    held = [0] * n
    if kn.phase == "play" and kn.partner is not None and kn.my_passed:
        held[kn.partner] = mask_of(kn.my_passed) & ~played
    kn.played = played
    kn.played_by = played_by
    kn.voids = voids
    kn.held = held
    known = kn.hand | played
    for h in held:
        known |= h
    kn.unseen = kn.deck & ~known
