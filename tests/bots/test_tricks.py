"""Which cards of a hand are the same move (``bots.strategies.tricks``): only cards the player holds or
cards played to finished tricks may lie between two equivalent cards, never a card on the current trick
or one still out."""

from __future__ import annotations

from bots.strategies.tricks import distinct_moves, lowest_equivalent
from games.engine import mask_of

from .states import cards


def mask(text: str) -> int:
    return mask_of(cards(text))


def test_a_card_still_out_or_on_the_trick_keeps_two_cards_apart() -> None:
    assert distinct_moves(mask("3H 6H"), 0) == cards("3H 6H")
    assert lowest_equivalent(cards("6H")[0], mask("3H 6H"), mask("4H")) == cards("6H")[0]


def test_cards_of_finished_tricks_and_own_cards_join_a_run() -> None:
    assert distinct_moves(mask("3H 6H"), mask("4H 5H")) == cards("3H")
    assert distinct_moves(mask("3H 4H 6H"), mask("5H")) == cards("3H")
    assert lowest_equivalent(cards("6H")[0], mask("3H 6H"), mask("4H 5H")) == cards("3H")[0]


def test_runs_stop_at_the_suit() -> None:
    assert distinct_moves(mask("AC 2D 2S LJ"), mask("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")) == cards("AC 2D 2S")
