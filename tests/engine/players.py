"""A small deterministic test player that drives whole games through ``Game.apply``, the invariants the
property tests check after every action, and a maker of illegal actions.

Not a test module: ``test_properties.py`` and ``test_game.py`` import it. Every choice comes from the
``random.Random`` it is given, so a game is a pure function of the deal seed and that generator's seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from games.engine import (
    BID,
    EXCHANGE,
    GAME_OVER,
    PLAY,
    Action,
    Bid,
    Event,
    Game,
    IllegalActionError,
    Reason,
    RuleSet,
    build_deck,
    card_name,
    cards_in,
    mask_of,
    preset,
    seat_view,
)
from games.engine.cards import RANK_OF, SPADES, SUIT_OF

Check = Callable[[Game, Action, list[Event]], None]
"""A callback run after every applied action with the game, the action and the events it caused."""


# The player ----------------------------------------------------------------------------------------------

CUSTOM_RULES: dict[str, RuleSet] = {
    "jokers_first_trick": preset("standard", jokers=True, deuce_leads=True, no_spade_lead_first_trick=True,
                                 misdeal="no_spades", boston="bonus"),
    "board_total_pass": preset("classic", board=4, bid_total_not_tricks=True, nil_pass=1,
                               blind_bids=True, blind_nil_trailing=0, target=300),
    "cutthroat3_jokers": preset("cutthroat3", jokers=True, deuce_leads=True, misdeal="no_spades_or_faces",
                                overtricks="3b", target=200),
    "capped_margin": preset("yahoo", hand_cap=6, win_by_margin=150, mercy_floor=-150, tie="draw",
                            blind_nil_exchange=3, ten_for_two_hundred=True, boston="win"),
}
"""Rule sets beyond the presets that switch on the rarer rules, for the property tests of the engine and
the bots."""



def power(c: int) -> int:
    """How strong a card is when it wins: spades (jokers included) above every other suit."""
    return RANK_OF[c] + (100 if SUIT_OF[c] == SPADES else 0)


def choose_bid(g: Game, seat: int, rng: random.Random) -> Bid:
    """A non-blind legal bid near a target, nil only when nothing else is legal."""
    bids = [b for b in g.legal_bids(seat) if not b.blind]
    assert bids, f"seat {seat} has no legal non-blind bid: {g.to_json()['bids']}"
    target = 3 if g.rules.partnerships else int(0.75 * g.rules.cards_per_hand / g.rules.players)
    return min(bids, key=lambda b: (b.tricks == 0, abs(b.tricks - target), rng.random()))


def choose_card(g: Game, seat: int, rng: random.Random) -> int:
    """30% a random legal card; otherwise the highest while the side still needs tricks, else the lowest
    (always the lowest for a nil bidder)."""
    legal = g.legal_cards(seat)
    assert legal, f"seat {seat} has no legal card"
    if rng.random() < 0.3:
        return rng.choice(legal)
    bid = g.bids[seat]
    assert bid is not None
    side = g.rules.teams[g.side_of(seat)]
    contract = sum(g.bids[s].tricks for s in side)  # type: ignore[union-attr]
    won = sum(g.tricks_won[s] for s in side if not g.bids[s].is_nil)  # type: ignore[union-attr]
    if not bid.is_nil and won < contract:
        return max(legal, key=power)
    return min(legal, key=power)


def choose_exchange(g: Game, seat: int, rng: random.Random) -> tuple[int, ...]:
    """``exchange_due[seat]`` random distinct cards of the seat's hand."""
    return tuple(sorted(rng.sample(cards_in(g.hands[seat]), g.exchange_due[seat])))


def next_action(g: Game, rng: random.Random, *, blind_rate: float = 0.2, early_look_rate: float = 0.05) -> Action:
    """The action the test player takes now (some seat that may act acts). A seat offered blind nil bids
    it with probability ``blind_rate``, but only while its side trails, so that games where blind nil is
    always allowed (``yahoo``) still end."""
    if g.phase == BID:
        seat = g.turn
        assert seat is not None
        early = [s for s in range(g.players) if not g.looked[s] and s != seat]
        if early and rng.random() < early_look_rate:
            return Action("look", rng.choice(early))
        if not g.looked[seat]:
            side = g.side_of(seat)
            behind = g.scores[side] < max(x for i, x in enumerate(g.scores) if i != side)
            if behind and Bid(0, True) in g.legal_bids(seat) and rng.random() < blind_rate:
                return Action("bid", seat, bid=0, blind=True)
            return Action("look", seat)
        b = choose_bid(g, seat, rng)
        return Action("bid", seat, bid=b.tricks, blind=b.blind)
    if g.phase == EXCHANGE:
        due = g.to_move()
        assert due, "exchange phase with nobody to pass"
        seat = rng.choice(due)
        return Action("exchange", seat, cards=choose_exchange(g, seat, rng))
    if g.phase == PLAY:
        seat = g.turn
        assert seat is not None
        return Action("play", seat, card=choose_card(g, seat, rng))
    raise AssertionError(f"no action in phase {g.phase}")


def play_game(
    game: Game,
    rng: random.Random,
    *,
    max_hands: int = 3000,
    blind_rate: float = 0.2,
    check: Check | None = None,
    max_actions: int | None = None,
) -> Game:
    """Drive ``game`` to GAME_OVER (or ``max_actions`` actions) through ``game.apply`` only, calling
    ``check(game, action, events)`` after every action; returns the game."""
    done = 0
    while game.phase != GAME_OVER:
        assert game.hand_number <= max_hands, f"no end after {max_hands} hands: scores {game.scores}"
        if max_actions is not None and done >= max_actions:
            break
        action = next_action(game, rng, blind_rate=blind_rate)
        events = game.apply(action)
        done += 1
        if check is not None:
            check(game, action, events)
    return game


# Illegal actions -----------------------------------------------------------------------------------------


def illegal_actions(g: Game) -> list[tuple[Action, Reason]]:
    """Actions that are illegal in the current state, each with the reason the engine must give."""
    out: list[tuple[Action, Reason]] = []
    n = g.players
    if g.phase == GAME_OVER:
        out.append((Action("bid", 0, bid=3), Reason.GAME_OVER))
        out.append((Action("play", 0, card=0), Reason.GAME_OVER))
        out.append((Action("resign", 0), Reason.GAME_OVER))
        return out
    out.append((Action("dance", 0), Reason.UNKNOWN_ACTION))
    if g.phase == BID:
        seat = g.turn
        assert seat is not None
        other = (seat + 1) % n
        out.append((Action("bid", other, bid=1), Reason.NOT_YOUR_TURN))
        out.append((Action("bid", seat, bid=g.rules.cards_per_hand + 1), Reason.BID_OUT_OF_RANGE))
        out.append((Action("bid", seat, bid=-1), Reason.BID_OUT_OF_RANGE))
        out.append((Action("bid", n, bid=1), Reason.NOT_SEATED))
        out.append((Action("play", seat, card=cards_in(g.hands[seat])[0]), Reason.WRONG_PHASE))
        out.append((Action("exchange", seat, cards=()), Reason.WRONG_PHASE))
        looked = [s for s in range(n) if g.looked[s]]
        if looked:
            out.append((Action("look", looked[0]), Reason.CARDS_ALREADY_SEEN))
    elif g.phase == EXCHANGE:
        due = [s for s in range(n) if g.exchange_due[s] and g.passed[s] is None]
        done = [s for s in range(n) if g.passed[s] is not None]
        free = [s for s in range(n) if not g.exchange_due[s]]
        seat = due[0]
        hand = cards_in(g.hands[seat])
        count = g.exchange_due[seat]
        out.append((Action("exchange", seat, cards=tuple(hand[: count + 1])), Reason.WRONG_EXCHANGE_COUNT))
        if count >= 2:
            out.append((Action("exchange", seat, cards=(hand[0],) * count), Reason.DUPLICATE_CARD))
        foreign = cards_in(mask_of(build_deck(players=n, jokers=g.rules.jokers)) & ~g.hands[seat])
        out.append((Action("exchange", seat, cards=tuple(hand[: count - 1]) + (foreign[0],)),
                    Reason.CARD_NOT_IN_HAND))
        if done:
            s = done[0]
            out.append((Action("exchange", s, cards=tuple(cards_in(g.hands[s])[:count])), Reason.ALREADY_EXCHANGED))
        if free:
            s = free[0]
            out.append((Action("exchange", s, cards=tuple(cards_in(g.hands[s])[:1])), Reason.NO_EXCHANGE_DUE))
        out.append((Action("bid", seat, bid=1), Reason.WRONG_PHASE))
        out.append((Action("play", seat, card=hand[0]), Reason.WRONG_PHASE))
    elif g.phase == PLAY:
        seat = g.turn
        assert seat is not None
        hand = g.hands[seat]
        other = (seat + 1) % n
        deck = mask_of(build_deck(players=n, jokers=g.rules.jokers))
        out.append((Action("play", other, card=(cards_in(g.hands[other]) or [0])[0]), Reason.NOT_YOUR_TURN))
        out.append((Action("play", n + 1, card=cards_in(hand)[0]), Reason.NOT_SEATED))
        out.append((Action("play", seat, card=99), Reason.UNKNOWN_CARD))
        out.append((Action("bid", seat, bid=1), Reason.WRONG_PHASE))
        out.append((Action("look", seat), Reason.WRONG_PHASE))
        foreign = cards_in(deck & ~hand)  # held by another seat or already played
        out.append((Action("play", seat, card=foreign[-1]), Reason.CARD_NOT_IN_HAND))
        if g.trick:
            led = SUIT_OF[g.trick[0]]
            follows = [c for c in cards_in(hand) if SUIT_OF[c] == led]
            off = [c for c in cards_in(hand) if SUIT_OF[c] != led]
            if follows and off:
                out.append((Action("play", seat, card=off[0]), Reason.MUST_FOLLOW_SUIT))
        else:
            spades = [c for c in cards_in(hand) if SUIT_OF[c] == SPADES]
            others = [c for c in cards_in(hand) if SUIT_OF[c] != SPADES]
            if spades and others:
                if g.rules.no_spade_lead_first_trick and not g.tricks:
                    out.append((Action("play", seat, card=spades[0]), Reason.NO_SPADES_FIRST_TRICK))
                elif g.rules.spades_broken and not g.spades_broken:
                    out.append((Action("play", seat, card=spades[0]), Reason.SPADES_NOT_BROKEN))
    return out


def illegal_action(g: Game, rng: random.Random) -> tuple[Action, Reason]:
    """One random illegal action for the current state, with the reason the engine must give."""
    return rng.choice(illegal_actions(g))


# Invariants ----------------------------------------------------------------------------------------------


def trick_winner(cards: tuple[int, ...] | list[int], leader: int, players: int) -> int:
    """The seat that wins a finished trick, worked out from scratch: the highest spade (jokers highest,
    the big one above the little one), else the highest card of the suit led."""

    def strength(c: int) -> int:
        if c == 53:
            return 300
        if c == 52:
            return 299
        if c // 13 == 3:
            return 200 + c % 13
        if c // 13 == cards[0] // 13:
            return 100 + c % 13
        return -1

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return (leader + best) % players


def check_deal(g: Game) -> None:
    """Every card of the deck is dealt exactly once, ``cards_per_hand`` to each seat, and the cards still
    held plus the cards played this hand are exactly the deck."""
    deck = mask_of(build_deck(players=g.players, jokers=g.rules.jokers))
    union = 0
    for s, m in enumerate(g.dealt):
        assert union & m == 0, f"seat {s} was dealt a card another seat holds"
        assert m.bit_count() == g.rules.cards_per_hand
        union |= m
    assert union == deck
    held = 0
    for m in g.hands:
        assert held & m == 0
        held |= m
    played = mask_of([c for t in g.tricks for c in t.cards] + list(g.trick))
    assert held & played == 0
    assert held | played == deck
    sizes = [m.bit_count() for m in g.hands]
    on_table = len(g.trick)
    for k in range(g.players):
        s = (g.leader + k) % g.players
        expected = g.rules.cards_per_hand - len(g.tricks) - (1 if k < on_table else 0)
        assert sizes[s] == expected, f"seat {s} holds {sizes[s]} cards, expected {expected}"


def check_tricks(tricks: list[Any], players: int) -> None:
    """Every finished trick has one card per seat and the right winner, who leads the next trick."""
    for i, t in enumerate(tricks):
        assert len(t.cards) == players
        assert t.winner == trick_winner(t.cards, t.leader, players), f"trick {i}: {t.to_json()}"
        if i + 1 < len(tricks):
            assert tricks[i + 1].leader == t.winner


_QUOTED = tuple(json.dumps(card_name(c)) for c in range(54))


def _quoted(cards: int | list[int]) -> list[str]:
    """The cards' names as they appear in JSON text (with their quotes)."""
    return [_QUOTED[c] for c in (cards_in(cards) if isinstance(cards, int) else cards)]


def check_views(g: Game) -> None:
    """No seat's view names a card another seat holds (the last hand's public record aside), and a seat
    that has not looked sees no hand."""
    for s in range(g.players):
        view = seat_view(g, s).to_json()
        assert view["seat"] == s
        assert view["cards_hidden"] == (not g.looked[s])
        if view["cards_hidden"]:
            assert view["hand"] is None
        else:
            assert view["hand"] == [card_name(c) for c in cards_in(g.hands[s])]
        view = dict(view)
        view.pop("last_hand")
        text = json.dumps(view)
        mine = g.passed[s] or []
        for o in range(g.players):
            if o == s:
                continue
            secret = _quoted(g.hands[o] & ~mask_of(mine))
            leaked = [name for name in secret if name in text]
            assert not leaked, f"seat {s} sees seat {o}'s cards {leaked}"
        if not g.looked[s]:
            for name in _quoted(g.hands[s]):
                assert name not in text, f"seat {s} sees its own card {name} before looking"


def check_spectator(g: Game) -> None:
    """A spectator's view (seat ``None``) names no card in anyone's hand."""
    view = seat_view(g, None).to_json()
    view.pop("last_hand")
    assert view["hand"] is None and view["cards_hidden"] is True
    text = json.dumps(view)
    held = 0
    for m in g.hands:
        held |= m
    leaked = [name for name in _quoted(held) if name in text]
    assert not leaked, f"a spectator sees {leaked}"


def check_events(g: Game, events: list[Event]) -> None:
    """No event shown to a seat (or a spectator) names a card another seat holds or held this hand;
    cards played are public once on the table."""
    public = mask_of([c for t in g.tricks for c in t.cards] + list(g.trick))
    for seat in [None, *range(g.players)]:
        for event in events:
            seen = event.for_seat(seat)
            if event.type == "trick" or event.type == "play":
                continue  # cards on the table are public
            text = json.dumps(seen)
            for o in range(g.players):
                if o == seat:
                    continue
                mine = (g.passed[seat] or []) if seat is not None else []
                secret = _quoted(g.hands[o] & ~public & ~mask_of(mine))
                leaked = [name for name in secret if name in text]
                assert not leaked, f"{event.type} shows seat {seat} seat {o}'s cards {leaked}"


def check_scores(g: Game) -> None:
    """Every side's score is the sum of its hand points; every breakdown adds up to its points."""
    totals = [0] * len(g.rules.teams)
    for rec in g.records:
        for i, side in enumerate(rec.sides):
            lines = (side.contract_points + side.overtrick_points + side.bag_penalty
                     + sum(n.points for n in side.nils) + side.boston_points)
            assert side.points == lines, side
            assert side.score_before == totals[i]
            totals[i] += side.points
            assert side.score_after == totals[i]
        assert sum(rec.tricks_won) == g.rules.cards_per_hand
    assert totals == g.scores


def check_round_trip(g: Game) -> None:
    """The JSON snapshot rebuilds the same game."""
    data = g.to_json()
    assert Game.from_json(json.loads(json.dumps(data))).to_json() == data


def check_replay(g: Game) -> None:
    """The seed, the given deals and the action log rebuild the same game."""
    again = Game.replay(g.rules, g.log, seed=g.seed, first_dealer=g.first_dealer, deals=g.deals)
    assert again.to_json() == g.to_json()


def check_illegal(g: Game, rng: random.Random) -> None:
    """A random illegal action is refused with its reason and changes nothing."""
    action, reason = illegal_action(g, rng)
    before = g.to_json()
    try:
        g.apply(action)
    except IllegalActionError as exc:
        assert exc.reason == reason, f"{action}: {exc.reason} != {reason}"
    else:
        raise AssertionError(f"illegal {action} was accepted (expected {reason})")
    assert g.to_json() == before


def check_legal_cards_are_the_positions(g: Game) -> None:
    """The legal cards a game gives (and checks a play against), whatever question it answered before the
    last move, are the ones a copy of the position works out afresh (a copy keeps no earlier answer)."""
    fresh = g.copy()
    for s in range(g.players):
        assert g.legal_card_mask(s) == fresh.legal_card_mask(s), f"seat {s}: a stale legal mask"


def check_invariants(g: Game, events: list[Event]) -> None:
    """The cheap invariants, run after every action."""
    check_deal(g)
    check_tricks(g.tricks, g.players)
    check_views(g)
    check_spectator(g)
    check_events(g, events)
    assert g.phase in (BID, EXCHANGE, PLAY, GAME_OVER)
    if g.phase == GAME_OVER:
        assert g.result in ("win", "draw", "boston", "resign")
        assert (g.winner is None) == (g.result == "draw")
