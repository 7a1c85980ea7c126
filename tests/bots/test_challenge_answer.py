"""How a built-in bot answers a challenge (``bots.strategies.challenge_answer``): every rule set the engine
accepts is one it plays; it declines, with ``clock``, only a move clock shorter than the wait for a worker
plus, at the hard level, its thinking budget."""

from __future__ import annotations

import pytest

from bots.strategies import LEVELS, challenge_answer
from bots.strategies.decide import QUEUE_ALLOWANCE_SECONDS
from games.engine import PRESETS, make_rules
from games.player_events import DECLINE_REASONS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_is_accepted_untimed_at_every_level(preset: str) -> None:
    for level in LEVELS:
        assert challenge_answer(make_rules(preset, {"move_seconds": None}), level) is None


def test_a_clock_too_short_for_the_move_is_declined_with_clock() -> None:
    assert "clock" in DECLINE_REASONS
    for level in ("easy", "normal"):
        assert challenge_answer(make_rules("standard", {"move_seconds": QUEUE_ALLOWANCE_SECONDS}), level) is None
        assert challenge_answer(make_rules("standard", {"move_seconds": 1}), level) == "clock"
    # the hard bot also thinks for its budget: 2 s is enough for the others, not for it with 500 ms
    just = make_rules("standard", {"move_seconds": QUEUE_ALLOWANCE_SECONDS + 0.5})
    assert challenge_answer(just, "hard", budget_ms=500) is None
    assert challenge_answer(make_rules("standard", {"move_seconds": QUEUE_ALLOWANCE_SECONDS}), "hard",
                            budget_ms=500) == "clock"
    # a time bank is spent over the game, not on every move: it does not make a short clock playable
    banked = make_rules("standard", {"move_seconds": 1, "time_bank_seconds": 60})
    assert challenge_answer(banked, "easy") == "clock"
    with pytest.raises(ValueError):
        challenge_answer(make_rules("standard", None), "genius")
