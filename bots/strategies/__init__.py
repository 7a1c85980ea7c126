"""Built-in Spades bots: pure functions of a seat view (never the hidden cards) that return an action.

Public entry points (see :mod:`.decide`):

- :func:`decide` — the action of the bot of a level (``easy``, ``normal``, ``hard``) from a seat view;
- :func:`bid_hint` — the normal bot's bid and the cards it counted, for the hint endpoint;
- :func:`play_hint` — the normal bot's play;
- :func:`legal_options` with :func:`read_view` — what a seat may legally do, rebuilt from its view.

Modules: :mod:`.knowledge` reads the view; :mod:`.deal` deals the unseen cards consistently and asks the
engine what is legal; :mod:`.evaluate` and :mod:`.bidding` bid; :mod:`.passing` exchanges cards;
:mod:`.tricks`, :mod:`.state` and :mod:`.policy` play cards; :mod:`.infer` (what the others hold),
:mod:`.rollout` and :mod:`.search` are the hard bot's Monte Carlo search. Only :mod:`games.engine` and the
standard library are imported.
"""

from .deal import Options, legal_options
from .decide import LEVELS, bid_hint, challenge_answer, decide, play_hint
from .knowledge import Knowledge, read_view

__all__ = ["LEVELS", "Knowledge", "Options", "bid_hint", "challenge_answer", "decide", "legal_options", "play_hint",
           "read_view"]
