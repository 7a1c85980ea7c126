"""``manage.py simulate``: a bot match on duplicate deals between two levels, with a progress bar and the
report of :mod:`bots.arena` (points per deal with a 95% interval, set rate, nils, bags, decision times,
games won)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from bots.arena import report, run
from bots.strategies import LEVELS


class Command(BaseCommand):
    help = "Play two bot levels against each other on duplicate deals and report per level."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("a", choices=LEVELS, help="the first level (A)")
        parser.add_argument("b", choices=LEVELS, help="the second level (B)")
        parser.add_argument("--deals", type=int, default=200, help="duplicate deals (each played twice)")
        parser.add_argument("--budget-ms", type=int, default=200, help="the hard bot's time per decision")
        parser.add_argument("--workers", type=int, default=2, help="processes")

    def handle(self, *args: Any, a: str, b: str, deals: int, budget_ms: int, workers: int, **options: Any) -> None:
        if deals < 2:
            raise CommandError("play at least 2 deals")
        report(a, b, run((a, b), deals, budget_ms, workers))
