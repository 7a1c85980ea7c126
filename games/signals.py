"""Signals other apps listen to without games importing them (tournaments and ladders learn results here)."""

from django.dispatch import Signal

# Sent after the transaction that finished a table commits; kwargs: ``table_id``.
table_finished = Signal()
