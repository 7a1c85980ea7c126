"""The review of a finished hand as the API serves it: queued when the hand ends, 202 with Retry-After while a
worker solves it, then the review itself, exactly the engine's (``review_hand`` within the worker's node
budget); a duplicate delivery changes nothing, and the sweeper finds the reviews nobody is solving.

Who may read a review (exactly who may read the hand's record) is the authorization matrix's row
``tables_hand_analysis`` and the duplicate round's secrecy test; bad numbers are in test_auth_and_errors."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import analysis, selectors, services, tasks
from games.engine.review import HandReview, review_hand
from games.engine.solver import Solver
from games.models import HandAnalysis, Player, Table
from tests.api.seated import play_first_hand
from tests.live import TEST_NODE_BUDGET, wait_for


def _play_first_hand(player: Player) -> Table:
    """A table with ``player`` in seat 0 and easy bots, its first hand played through the services (no
    worker: the bots' own turns are decided here), stopped where the second hand waits for seat 0 or a bot."""
    specs = [services.SeatSpec(bot_level="" if i == 0 else "easy") for i in range(4)]
    table = services.table_create(creator=player, preset="standard", seats=specs, seed=f"review-{uuid.uuid4()}",
                                  players={0: player})
    play_first_hand(table, player)
    return table


def test_a_review_is_202_while_computed_then_the_engines_review(start_worker: Any, register: Any,
                                                                 client_for: Any) -> None:
    body, token = register()
    player = Player.objects.get(pk=body["id"])
    client = client_for(token)
    table = _play_first_hand(player)
    url = f"/api/v1/tables/{table.pk}/hands/1/analysis/"
    pending = client.get(url)  # no worker yet: queued with the hand
    assert pending.status_code == 202 and pending.body["status"] == "pending"
    assert int(pending["Retry-After"]) >= 1
    start_worker()
    answers: list[Any] = []
    wait_for(lambda: answers.append(client.get(url)) or answers[-1].status_code == 200, seconds=120,
             what="the worker's review of hand 1")
    assert {a.status_code for a in answers} <= {200, 202}
    review = answers[-1].body
    expected = review_hand(selectors.game_replayed(table), 1, solver=Solver(), node_budget=TEST_NODE_BUDGET,
                           par_budget=TEST_NODE_BUDGET)
    assert review == expected.to_json()
    again = HandReview.from_json(review)
    assert again.analysed == review["analysed"] > 0 and len(again.plays) == 52
    record = table.hands.get(number=1).record
    assert [p["card"] for p in review["plays"]] == [c for t in record["tricks"] for c in t["cards"]]

    row = HandAnalysis.objects.get(table=table, number=1)
    assert row.status == HandAnalysis.Status.DONE and row.node_budget == 2 * TEST_NODE_BUDGET  # cards and par
    # A duplicate delivery (the task's body, as a worker runs it) does nothing.
    assert tasks.analyse(str(table.pk), 1) == "skipped"
    assert HandAnalysis.objects.get(pk=row.pk).finished_at == row.finished_at
    assert client.get(url).body == review


@pytest.mark.django_db
def test_the_sweeper_finds_reviews_nobody_is_solving_and_a_stale_claim_is_taken_again(settings: Any) -> None:
    player = services.player_register(name=f"sweep-{uuid.uuid4().hex[:8]}", kind="human")[0]
    table = _play_first_hand(player)
    settings.ANALYSIS_STALE_SECONDS = 60
    settings.ANALYSIS_NODE_BUDGET = 2000
    settings.ANALYSIS_PAR_NODE_BUDGET = None  # the default: the par in what the cards left
    row = HandAnalysis.objects.get(table=table, number=1)
    assert row.status == HandAnalysis.Status.PENDING
    assert (table.pk, 1) not in analysis.analyses_stalled()  # just written: its message is on its way
    long_ago = timezone.now() - timedelta(seconds=61)
    HandAnalysis.objects.filter(pk=row.pk).update(created_at=long_ago)
    assert (table.pk, 1) in analysis.analyses_stalled()
    # announced again: the next sweeps leave it alone (behind a backlog it would be queued once a sweep) until
    # ANALYSIS_STALE_SECONDS after that announcement
    assert (table.pk, 1) not in analysis.analyses_stalled()
    HandAnalysis.objects.filter(pk=row.pk).update(announced_at=long_ago)
    assert (table.pk, 1) in analysis.analyses_stalled()
    # claimed by a worker just now: nobody else takes it
    HandAnalysis.objects.filter(pk=row.pk).update(status=HandAnalysis.Status.RUNNING, started_at=timezone.now(),
                                                  announced_at=long_ago)
    assert (table.pk, 1) not in analysis.analyses_stalled()
    assert analysis.analysis_run(table_id=table.pk, number=1) == "skipped"
    # that worker died: after ANALYSIS_STALE_SECONDS the row is swept and claimed again
    HandAnalysis.objects.filter(pk=row.pk).update(started_at=long_ago)
    assert (table.pk, 1) in analysis.analyses_stalled()
    assert analysis.analysis_run(table_id=table.pk, number=1) == "done"
    row.refresh_from_db()
    assert row.status == HandAnalysis.Status.DONE and row.data["number"] == 1 and row.node_budget == 2000
    assert (table.pk, 1) not in analysis.analyses_stalled()


@pytest.mark.django_db
def test_a_hand_without_a_row_gets_one_when_read(settings: Any) -> None:
    """A hand that ended before reviews existed is queued by its first reader."""
    player = services.player_register(name=f"old-{uuid.uuid4().hex[:8]}", kind="human")[0]
    table = _play_first_hand(player)
    HandAnalysis.objects.filter(table=table).delete()
    read = analysis.analysis_get(table=selectors.table_get(table_id=table.pk), number=1)
    assert read == analysis.AnalysisRead("pending", None)
    assert HandAnalysis.objects.filter(table=table, number=1, status=HandAnalysis.Status.PENDING).exists()
