"""Signals other apps listen to without games importing them: tournaments and ladders learn results here,
and the bots app learns which seats wait for a built-in bot or a move clock. Games' own tasks hear of a
seek's wait the same way (``seek_waiting``), so that matchmaking, which the tasks call, does not import them.

Why a signal for bot turns rather than games enqueuing the bots' tasks by name: the layers stay one-way
(bots uses games' selectors and services; games knows no task of bots, not even as a string), games stays
free of any broker detail (ETA, retries), and the embedded run, the workers and the tests all wire it the
same way, in ``bots.apps``.
"""

from django.dispatch import Signal

# Sent after the transaction that finished a table commits; kwargs: ``table_id``.
table_finished = Signal()

# Sent after a transaction commits that left a table waiting on a built-in bot or a move clock, and again
# by the beat sweeper for a table nothing handled (a lost message, a dead worker). kwargs: ``table_id``,
# ``seq`` (the table's, for the move to be made at), ``kind`` ("bot": a bot-played seat is to move now;
# "clock": the players' move clock runs out at ``deadline``) and ``deadline`` (an aware datetime for a
# clock, ``None`` for a bot turn or for an overdue clock the sweeper re-sends: handle it now).
# A receiver may be told the same thing twice: moves are applied only at the ``seq`` they were decided at.
seats_to_move = Signal()

# Sent after the transaction that made a seek wait commits; kwargs: ``seek_id`` and ``seconds``, the wait
# after which its empty seats go to built-in bots (``games.tasks.seek_fill``, connected in ``games.apps``).
seek_waiting = Signal()

# Sent after the transaction that ended a hand commits, and again by the beat sweeper or a reader for a hand
# whose review nothing is computing; kwargs: ``table_id`` and ``number``. Games' own task solves the review
# (``games.tasks.analyse``, connected in ``games.apps``): the services, below the tasks, do not import them.
hand_finished = Signal()
