"""Rule sets: every switch the service supports, the twelve presets, and the check that refuses
contradictory combinations.

A :class:`RuleSet` is an immutable value. A custom rule set is a preset plus overrides
(``preset("classic", target=300)``); :func:`make_rules` validates the result, so every rule set that
exists can be played to the end. Where the digest (``shared/RULES.md``) and a seed differ, the switch's
docstring says which source the default follows.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass, field
from typing import Any, Literal

BidRule = Literal["free", "mirror", "whiz"]
Overtricks = Literal["bags", "3b", "none"]
Boston = Literal["off", "bonus", "win"]
Misdeal = Literal["off", "no_spades", "no_spades_or_faces"]
Tie = Literal["play_on", "draw"]
TimeoutAction = Literal["auto_play", "bot", "forfeit"]
BotLevel = Literal["easy", "normal", "hard"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "bid_rule": ("free", "mirror", "whiz"),
    "overtricks": ("bags", "3b", "none"),
    "boston": ("off", "bonus", "win"),
    "misdeal": ("off", "no_spades", "no_spades_or_faces"),
    "tie": ("play_on", "draw"),
    "timeout_action": ("auto_play", "bot", "forfeit"),
    "timeout_bot_level": ("easy", "normal", "hard"),
}


class RuleSetError(ValueError):
    """A rule set that cannot be played; ``switches`` names the switches at fault."""

    code = "invalid_rules"

    def __init__(self, detail: str, switches: tuple[str, ...]) -> None:
        self.detail = detail
        self.switches = switches
        super().__init__(detail)


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every switch of a game of Spades. The defaults are the core game (``standard``)."""

    name: str = field(default="standard", metadata=_doc("The preset this rule set starts from."))

    # Table
    players: int = field(default=4, metadata=_doc("3 or 4 players."))
    partnerships: bool = field(default=True, metadata=_doc(
        "Partners sit opposite and score together; off is cutthroat (each seat scores alone)."))
    jokers: bool = field(default=False, metadata=_doc(
        "Big and little joker are the two highest spades; with 4 players the 2♣ and 2♦ leave the deck."))

    # Nil
    nil: bool = field(default=True, metadata=_doc("A bid of nil (0) is allowed."))
    nil_value: int = field(default=100, metadata=_doc("Points won by a made nil and lost by a failed one."))
    failed_nil_counts_for_partner: bool = field(default=False, metadata=_doc(
        "A failed nil bidder's tricks count toward the partner's contract (001, 003); off, they only "
        "count as bags (002, 004)."))
    nil_pass: int = field(default=0, metadata=_doc(
        "Cards a nil bidder and partner exchange after the bidding (000 'passing'); 0 for none."))

    # Blind bids
    blind_nil: bool = field(default=False, metadata=_doc(
        "Blind nil (001/002 'double nil'): nil declared before looking at the cards."))
    blind_nil_value: int = field(default=200, metadata=_doc("Points won or lost by a blind nil."))
    blind_nil_trailing: int | None = field(default=None, metadata=_doc(
        "Blind nil only for a side trailing the leader by at least this many points; null: any time."))
    blind_nil_exchange: int = field(default=0, metadata=_doc(
        "Cards the blind nil bidder and partner exchange after the bidding; none when both bid blind nil."))
    blind_bids: bool = field(default=False, metadata=_doc(
        "Blind number bids (000 'trailing blind'): 20 a trick if made, -10 a trick if set, no overtricks."))
    blind_bid_trailing: int = field(default=100, metadata=_doc(
        "A blind number bid needs the side to trail the leader by at least this many points."))
    blind_bid_max: int = field(default=7, metadata=_doc("The largest blind number bid."))
    blind_bid_value: int = field(default=20, metadata=_doc("Points per trick of a made blind number bid."))

    # Bidding constraints
    bid_rule: BidRule = field(default="free", metadata=_doc(
        "free; mirror: bid exactly the spades you hold; whiz: the spades you hold or nil."))
    suicide: bool = field(default=False, metadata=_doc(
        "At least one partner of each side bids nil (001); with a board, each bid is nil or at least "
        "the board (000)."))
    board: int = field(default=0, metadata=_doc(
        "Minimum side bid (000 'board', usually 4); a nil bidder's partner must reach it alone."))
    bid_total_not_tricks: bool = field(default=False, metadata=_doc(
        "The bids may not add up to the number of tricks; the last bidder is constrained."))

    # Scoring
    set_penalty: bool = field(default=True, metadata=_doc(
        "A set side loses 10 per bid trick; off, a set scores 0 (easy)."))
    overtricks: Overtricks = field(default="bags", metadata=_doc(
        "bags: +1 each and a bag; 3b: -10 each, no bag penalty; none: worth 0, no bag penalty."))
    bag_limit: int = field(default=10, metadata=_doc("Bags that trigger the bag penalty."))
    bag_penalty: int = field(default=100, metadata=_doc("Points lost each time the bags reach the limit."))
    ten_for_two_hundred: bool = field(default=False, metadata=_doc(
        "A side contract of 10 or more scores +200 made, -200 set (000)."))
    boston: Boston = field(default="off", metadata=_doc(
        "A side taking every trick: off, a bonus, or an immediate win."))
    boston_bonus: int = field(default=200, metadata=_doc("Bonus for a Boston when boston is 'bonus'."))

    # Play
    spades_broken: bool = field(default=True, metadata=_doc(
        "No spade may be led until a spade has been played, unless the leader holds only spades."))
    no_spade_lead_first_trick: bool = field(default=False, metadata=_doc(
        "No spade may be led to the first trick, unless the leader holds only spades."))
    deuce_leads: bool = field(default=False, metadata=_doc(
        "The holder of the lowest club (2♣ where dealt) leads the first trick, not the dealer's left."))
    misdeal: Misdeal = field(default="off", metadata=_doc(
        "Redeal when a hand has no spades (no_spades) or no spades or no face cards."))

    # End of game
    target: int = field(default=500, metadata=_doc("Points that win the game."))
    mercy_floor: int | None = field(default=None, metadata=_doc(
        "A side at or below this score ends the game (e.g. -200); null: no floor."))
    win_by_margin: int | None = field(default=None, metadata=_doc(
        "A lead of this many points also wins (suicide: 500); null: off."))
    hand_cap: int | None = field(default=None, metadata=_doc(
        "The game ends after this many hands; null: no cap."))
    tie: Tie = field(default="play_on", metadata=_doc(
        "When the game would end with the top scores tied: play another hand, or a draw."))

    # Clock
    move_seconds: float | None = field(default=None, metadata=_doc(
        "Seconds for each move; null: no clock."))
    time_bank_seconds: float = field(default=0, metadata=_doc(
        "Extra seconds a seat may draw on over the whole game once a move's time is used."))
    timeout_action: TimeoutAction = field(default="auto_play", metadata=_doc(
        "On timeout: play a safe legal move, let a bot take the seat, or forfeit the game."))
    timeout_bot_level: BotLevel = field(default="normal", metadata=_doc(
        "The bot level that plays a timed-out seat."))
    timeouts_before_replace: int = field(default=3, metadata=_doc(
        "Consecutive timeouts after which a bot takes the seat until its owner returns."))

    # Derived values -----------------------------------------------------------------------------------

    @property
    def cards_per_hand(self) -> int:
        """Cards dealt to each seat, which is also the number of tricks in a hand."""
        deck = 52 + (2 if self.jokers else 0) - (2 if self.jokers and self.players == 4 else 0)
        if self.players == 3 and not self.jokers:
            deck -= 1
        return deck // self.players

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` for partnerships, one seat a side otherwise."""
        return _teams(self.partnerships, self.players)

    @property
    def has_clock(self) -> bool:
        """Whether moves are timed."""
        return self.move_seconds is not None

    def to_dict(self) -> dict[str, Any]:
        """Every switch by name, JSON-ready."""
        return dataclasses.asdict(self)

    def overrides(self) -> dict[str, Any]:
        """The switches that differ from this rule set's preset."""
        base = PRESETS[self.name].to_dict() if self.name in PRESETS else RuleSet().to_dict()
        return {k: v for k, v in self.to_dict().items() if base.get(k) != v}


def side_of(rules: RuleSet, seat: int) -> int:
    """The index of the side ``seat`` plays for: partners sit opposite (seats 0 and 2 are side 0), and in
    cutthroat every seat is a side of its own."""
    return seat % 2 if rules.partnerships else seat


def partner_of(rules: RuleSet, seat: int) -> int | None:
    """The seat opposite ``seat``, or ``None`` in cutthroat."""
    return (seat + 2) % 4 if rules.partnerships else None


def lowest_bid(rules: RuleSet) -> int:
    """The lowest open bid: nil (0) where nil is allowed, else 1."""
    return 0 if rules.nil else 1


def highest_bid(rules: RuleSet, *, blind: bool = False) -> int:
    """The highest bid: every trick of the hand, and for a blind number bid no more than
    ``blind_bid_max``."""
    return min(rules.cards_per_hand, rules.blind_bid_max) if blind else rules.cards_per_hand


@functools.cache
def _teams(partnerships: bool, players: int) -> tuple[tuple[int, ...], ...]:
    rules = RuleSet(players=players, partnerships=partnerships)
    sides: dict[int, list[int]] = {}
    for seat in range(players):
        sides.setdefault(side_of(rules, seat), []).append(seat)
    return tuple(tuple(sides[i]) for i in sorted(sides))


SWITCHES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RuleSet) if f.name != "name")
"""Every switch name, in declaration order."""


def switch_docs() -> dict[str, str]:
    """What every switch means, by name."""
    return {f.name: f.metadata["doc"] for f in dataclasses.fields(RuleSet) if f.name != "name"}


SWITCH_LIMIT = 1_000_000
"""No number switch lies further from zero: far beyond any game (a target of 500, a nil worth 100), and within
what every store and client of a rule set reads as a plain integer (JSON readers stop at 64 bits, some at 53)."""


def _check_types(values: dict[str, Any]) -> None:
    for f in dataclasses.fields(RuleSet):
        if f.name not in values:
            continue
        v = values[f.name]
        kind = str(f.type)
        if f.name in _CHOICES:
            if v not in _CHOICES[f.name]:
                raise RuleSetError(f"{f.name} must be one of {', '.join(_CHOICES[f.name])}", (f.name,))
        elif kind == "bool":
            if not isinstance(v, bool):
                raise RuleSetError(f"{f.name} must be true or false", (f.name,))
        elif kind.startswith("int") or kind.startswith("float"):
            nullable = "None" in kind
            if v is None and nullable:
                continue
            ok_types = (int, float) if kind.startswith("float") else (int,)
            if isinstance(v, bool) or not isinstance(v, ok_types):
                raise RuleSetError(f"{f.name} must be a number{' or null' if nullable else ''}", (f.name,))
            if not -SWITCH_LIMIT <= v <= SWITCH_LIMIT:  # NaN and the infinities too
                raise RuleSetError(f"{f.name} must be between {-SWITCH_LIMIT} and {SWITCH_LIMIT}", (f.name,))
        elif kind == "str" and not isinstance(v, str):
            raise RuleSetError(f"{f.name} must be a string", (f.name,))


def validate(rules: RuleSet) -> RuleSet:
    """Return ``rules`` if it can be played to the end, else raise :class:`RuleSetError` naming the
    switches that contradict each other."""

    def refuse(detail: str, *switches: str) -> None:
        raise RuleSetError(detail, switches)

    r = rules
    if r.players not in (3, 4):
        refuse("players must be 3 or 4", "players")
    if r.partnerships and r.players != 4:
        refuse("partnerships need 4 players; 3 players play cutthroat", "partnerships", "players")
    tricks = r.cards_per_hand
    if not 0 <= r.board <= tricks // 2:
        refuse(f"board must be between 0 and {tricks // 2}", "board")
    for name in ("nil_pass", "blind_nil_exchange"):
        if not 0 <= getattr(r, name) <= 3:
            refuse(f"{name} must be between 0 and 3", name)
        if getattr(r, name) and not r.partnerships:
            refuse(f"{name} passes cards to a partner; cutthroat has none", name, "partnerships")
    if r.nil_pass and not r.nil:
        refuse("nil_pass needs nil", "nil_pass", "nil")
    if r.blind_nil_exchange and not r.blind_nil:
        refuse("blind_nil_exchange needs blind_nil", "blind_nil_exchange", "blind_nil")
    if not 1 <= r.blind_bid_max <= tricks:
        refuse(f"blind_bid_max must be between 1 and {tricks}", "blind_bid_max")
    if r.blind_nil_trailing is not None and r.blind_nil_trailing < 0:
        refuse("blind_nil_trailing must be 0 or more, or null", "blind_nil_trailing")
    if r.blind_bid_trailing < 0:
        refuse("blind_bid_trailing must be 0 or more", "blind_bid_trailing")
    for name in ("nil_value", "blind_nil_value", "blind_bid_value", "bag_penalty", "boston_bonus"):
        if getattr(r, name) < 0:
            refuse(f"{name} must not be negative", name)
    if r.bid_rule != "free":
        if r.blind_nil or r.blind_bids:
            refuse(f"{r.bid_rule} fixes every bid by the spades held, so there are no blind bids",
                   "bid_rule", "blind_nil" if r.blind_nil else "blind_bids")
        if r.board:
            refuse(f"{r.bid_rule} bids cannot be held to a board minimum", "bid_rule", "board")
        if r.suicide:
            refuse(f"{r.bid_rule} bids leave no room for suicide's nil duty", "bid_rule", "suicide")
        if r.bid_total_not_tricks:
            refuse(f"{r.bid_rule} bids cannot avoid a given total", "bid_rule", "bid_total_not_tricks")
        if not r.nil:
            refuse(f"{r.bid_rule} needs nil for a hand without spades", "bid_rule", "nil")
    if r.suicide:
        if not r.partnerships:
            refuse("suicide is a partnership game", "suicide", "partnerships")
        if not r.nil:
            refuse("suicide needs nil", "suicide", "nil")
        if r.bid_total_not_tricks:
            refuse("suicide's forced nil can make the bid total impossible to avoid",
                   "suicide", "bid_total_not_tricks")
    if r.bag_limit < 1:
        refuse("bag_limit must be at least 1", "bag_limit")
    if r.target < 1:
        refuse("target must be positive", "target")
    if r.mercy_floor is not None and r.mercy_floor >= 0:
        refuse("mercy_floor must be below zero", "mercy_floor")
    if r.win_by_margin is not None and r.win_by_margin < 1:
        refuse("win_by_margin must be positive", "win_by_margin")
    if r.hand_cap is not None and r.hand_cap < 1:
        refuse("hand_cap must be at least 1", "hand_cap")
    if r.move_seconds is not None and not 1 <= r.move_seconds <= 3600:
        refuse("move_seconds must be between 1 and 3600, or null", "move_seconds")
    if not math.isfinite(r.time_bank_seconds) or r.time_bank_seconds < 0:
        refuse("time_bank_seconds must not be negative", "time_bank_seconds")
    if r.time_bank_seconds and r.move_seconds is None:
        refuse("a time bank needs a move clock", "time_bank_seconds", "move_seconds")
    if r.timeouts_before_replace < 1:
        refuse("timeouts_before_replace must be at least 1", "timeouts_before_replace")
    return r


PRESETS: dict[str, RuleSet] = {}
DESCRIPTIONS: dict[str, str] = {}


def _preset(name: str, description: str, **switches: Any) -> None:
    PRESETS[name] = validate(RuleSet(name=name, **switches))
    DESCRIPTIONS[name] = description


# The descriptions are for players (the API lists them; its layer has them in Japanese). Where each preset
# comes from in the rule documents (seeds/): standard 004/002, easy 004, classic 002/000, yahoo 001's standard
# table, suicide 001/000, double_nil_pass 001, mirror 001/000, whiz, cutthroat, cutthroat3, speed, short 000.
_preset("standard", "The classic partnership game: partners sit opposite, spades are trump, you may bid "
        "nil, and the first side to 500 points wins. A failed nil's tricks only count as bags.")
_preset("easy", "A gentle game to learn with: no nil bids, falling short of your bid costs nothing, and "
        "200 points wins.", nil=False, set_penalty=False, target=200)
_preset("classic", "The standard game plus blind nil: a side behind by 100 points or more may bid nil "
        "before looking at its cards, and the partners then pass each other 2 cards.",
        blind_nil=True, blind_nil_trailing=100, blind_nil_exchange=2)
_preset("yahoo", "Online-table rules: a failed nil's tricks count toward the partner's bid, blind (double) "
        "nil is allowed, and a tie past the target is settled by the next deal.", failed_nil_counts_for_partner=True,
        blind_nil=True)
_preset("suicide", "Suicide: one partner of each side must bid nil. 500 points, or a lead of 500, wins.",
        failed_nil_counts_for_partner=True, suicide=True, win_by_margin=500)
_preset("double_nil_pass", "Blind (double) nil only for a side behind by 200 points or more; after it "
        "the partners pass each other 2 cards.", failed_nil_counts_for_partner=True, blind_nil=True,
        blind_nil_trailing=200, blind_nil_exchange=2)
_preset("mirror", "Mirror: everyone bids the number of spades they hold (nil with none); no blind nil.",
        failed_nil_counts_for_partner=True, bid_rule="mirror")
_preset("whiz", "Whiz: bid the number of spades you hold, or nil.", bid_rule="whiz")
_preset("cutthroat", "Cutthroat: four players and no partners; everyone scores alone.", partnerships=False)
_preset("cutthroat3", "Three players, no partners: the 2 of clubs is removed and everyone gets 17 cards.",
        players=3,
        partnerships=False)
_preset("speed", "Speed Spades: the standard game with 10 seconds a move; when your time runs out a card "
        "is played for you.", move_seconds=10, timeout_action="auto_play")
_preset("short", "A shorter game: 250 points wins, and every 5 bags cost 50 points.", target=250, bag_limit=5,
        bag_penalty=50)


def make_rules(preset_name: str = "standard", overrides: dict[str, Any] | None = None) -> RuleSet:
    """A preset with ``overrides`` applied and validated; raises :class:`RuleSetError`."""
    if preset_name not in PRESETS:
        raise RuleSetError(f"unknown preset {preset_name!r}; presets: {', '.join(PRESETS)}", ("preset",))
    overrides = dict(overrides or {})
    unknown = sorted(set(overrides) - set(SWITCHES))
    if unknown:
        raise RuleSetError(f"unknown switches: {', '.join(unknown)}", tuple(unknown))
    _check_types(overrides)
    return validate(dataclasses.replace(PRESETS[preset_name], **overrides))


def rules_from_dict(data: dict[str, Any]) -> RuleSet:
    """The rule set written by :meth:`RuleSet.to_dict`."""
    data = dict(data)
    return make_rules(data.pop("name", "standard"), data)
