"""Celery tasks of tournaments and ladders: react to a finished game, and the beat tick that starts
scheduled tournaments, opens ladder games and catches any finished game whose message was lost."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from tournaments import ladders, services
from tournaments.models import Ladder, LadderGame, Match


@shared_task(ignore_result=True)
def table_finished(table_id: str) -> None:
    """A tournament or ladder table ended: advance its tournament, or rate its ladder game."""
    tournament_id = Match.objects.filter(table_id=table_id).values_list("round__tournament_id", flat=True).first()
    if tournament_id is not None:
        services.advance(tournament_id=tournament_id)
    if LadderGame.objects.filter(table_id=table_id).exists():
        ladders.rate(table_id=table_id)


@shared_task(ignore_result=True)
def tick() -> dict[str, Any]:
    """Beat: announce registrations that opened, start due tournaments, advance any a lost message left
    waiting, rate unrated ladder games and open the ladder games each ladder's rate has earned."""
    services.registrations_announce()
    started = services.start_due()
    stalled = services.stalled_running()
    for tournament_id in stalled:
        services.advance(tournament_id=tournament_id)
    unrated = ladders.unrated_finished()
    for table_id in unrated:
        ladders.rate(table_id=table_id)
    opened = sum(len(ladders.schedule(ladder_id=pk)) for pk in Ladder.objects.filter(active=True)
                 .values_list("pk", flat=True))
    return {"started": len(started), "advanced": len(stalled), "rated": len(unrated), "ladder_games": opened}
