"""What one seat may see: the seat view, the filtering of events, and the public record of a finished
hand.

This module is the one place that decides what is hidden. A seat sees its own cards (once it has looked),
its own passed cards, every bid, the trick on the table, tricks won, scores and whose turn it is; it never
sees another seat's cards, the cards another seat passed, or the seed, until the hand is over and its
record becomes public.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_NAMES, cards_in
from .game import EXCHANGE, PLAY, Game


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know about ``game`` now, JSON-ready; ``None`` is a spectator, who sees
    what every seat sees and no cards in anyone's hand."""
    looked = seat is not None and game.looked[seat]
    rules = game.rules
    partner = None if seat is None else game.partner_of(seat)
    view: dict[str, Any] = {
        "seat": seat,
        "partner": partner,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "turn": game.turn,
        "to_move": game.to_move(),
        "waiting_for": game.waiting_for(),
        "cards_hidden": not looked,
        "hand": [CARD_NAMES[c] for c in cards_in(game.hands[seat])] if looked else None,
        "hand_size": [h.bit_count() for h in game.hands],
        "blind_eligible": {"nil": seat is not None and game.blind_nil_ok[seat] and not looked,
                           "number": seat is not None and game.blind_bid_ok[seat] and not looked},
        "bids": [None if b is None else b.to_json() for b in game.bids],
        "exchange": None,
        "leader": game.leader if game.phase == PLAY else None,
        "trick": [{"seat": (game.leader + i) % game.players, "card": CARD_NAMES[c]}
                  for i, c in enumerate(game.trick)],
        "last_trick": game.tricks[-1].to_json() if game.tricks else None,
        "tricks": [t.to_json() for t in game.tricks],
        "tricks_won": list(game.tricks_won),
        "trick_number": game.trick_number,
        "spades_broken": game.spades_broken,
        "sides": [list(team) for team in rules.teams],
        "scores": list(game.scores),
        "bags": list(game.bags),
        "hands_played": game.hands_played,
        "last_hand": game.records[-1].to_json() if game.records else None,
        "winner": game.winner,
        "result": game.result,
    }
    if seat is None:
        view["cards_hidden"] = True
        return view
    if game.phase == EXCHANGE:
        mine = game.passed[seat]
        view["exchange"] = {
            "due": list(game.exchange_due),
            "passed": [p is not None for p in game.passed],
            "my_cards": None if mine is None else [CARD_NAMES[c] for c in mine],
        }
    elif game.phase == PLAY and partner is not None and game.passed[seat] is not None:
        # After the exchange a seat still knows what it gave and what it got.
        given = game.passed[partner]
        view["exchange"] = {
            "due": list(game.exchange_due),
            "passed": [p is not None for p in game.passed],
            "my_cards": [CARD_NAMES[c] for c in game.passed[seat]],  # type: ignore[union-attr]
            "received": None if given is None else [CARD_NAMES[c] for c in given],
        }
    return view


def event_for_seat(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The part of ``event`` that ``seat`` may see (``None``: a spectator, who sees only the public part).

    An event's ``private`` member maps a seat, written as a string so the event survives JSON unchanged,
    to what only that seat may see; it is merged into the public part for that seat alone."""
    if "private" not in event:
        return event
    public = {k: v for k, v in event.items() if k != "private"}
    mine = event["private"].get(str(seat)) if seat is not None else None
    if mine:
        public.update(mine)
    return public
