"""What organisers do to their events, on PostgreSQL: cancelling a tournament (its games abandoned, its record
kept, the race with a round being paired), editing one before the start, pausing and resuming a ladder, and
the ladder pairing only the bot accounts that are around."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from django.db import connection, transaction
from django.utils import timezone

from core.errors import ServiceError
from games import selectors as game_selectors
from games import services as games
from games.models import Action, Player, Table
from tournaments import ladders, selectors, services
from tournaments.models import LadderGame, Match, Round, Tournament

from .helpers import account, bot_field, play_out

pytestmark = pytest.mark.django_db


def _code(exc: pytest.ExceptionInfo[ServiceError]) -> str:
    return str(exc.value.code)


def _running_swiss() -> Tournament:
    tournament = services.tournament_create(creator=account(), name="swiss", format="swiss", preset="standard",
                                            rounds=2, hands_per_match=1)
    bot_field(tournament, 4)
    services.tournament_start(tournament_id=tournament.pk, by=tournament.created_by)
    tournament.refresh_from_db()
    return tournament


def _tables(tournament: Tournament, **filters: Any) -> list[Table]:
    return list(Table.objects.filter(tournament_match__round__tournament=tournament, **filters))


def test_cancelling_abandons_the_open_tables_and_keeps_the_record() -> None:
    tournament = _running_swiss()
    finished, playing = Match.objects.filter(round__tournament=tournament).order_by("number")
    play_out(finished.table_id)  # ended, and not yet recorded when the organiser cancels
    seq_before = Table.objects.get(pk=playing.table_id).seq
    with pytest.raises(ServiceError) as exc:
        services.tournament_cancel(tournament_id=tournament.pk, by=account())
    assert _code(exc) == "permission_denied"

    services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.finished_at is not None
    assert _tables(tournament, status=Table.Status.PLAYING) == []
    table = Table.objects.get(pk=playing.table_id)
    assert (table.status, table.result, table.winner, table.turn_deadline) == ("finished", "abandoned", None, None)
    assert table.seq == seq_before + 1
    last = Action.objects.get(table=table, seq=table.seq)  # what every watcher of the table is sent
    assert last.type == "abandon" and last.seat is None
    assert [e["type"] for e in last.events] == ["abandoned", "game_over"]
    assert last.events[0]["reason"] == "tournament_cancelled"
    assert game_selectors.game_of(table).phase == "game_over"  # type: ignore[union-attr]
    # A bot that decided before the cancel finds the table finished: its move does nothing.
    assert not games.table_act_for_bot(table_id=table.pk, seat=0, seq=seq_before, action={"type": "bid", "bid": 3})

    # Nothing is lost: entries, the round, the finished match's result and the abandoned one stay readable.
    finished.refresh_from_db()
    playing.refresh_from_db()
    assert finished.status == Match.Status.FINISHED and finished.result in ("win", "draw")
    assert playing.status == Match.Status.ABANDONED and playing.table_id == table.pk
    assert len(selectors.tournament_detail(tournament)["entries"]) == 4
    assert [m["status"] for m in selectors.rounds(tournament)[0]["matches"]] == ["finished", "abandoned"]
    services.advance(tournament_id=tournament.pk)  # a late table_finished: nothing more happens
    assert Round.objects.filter(tournament=tournament).count() == 1

    with pytest.raises(ServiceError) as exc:
        services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by)
    assert _code(exc) == "tournament_over"


def test_a_tournament_cancelled_before_the_start_never_starts() -> None:
    tournament = services.tournament_create(creator=account(), name="later", format="round_robin",
                                            preset="standard", starts_at=timezone.now() + timedelta(hours=1))
    bot_field(tournament, 2)
    services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by)
    assert services.start_due(now=timezone.now() + timedelta(hours=2)) == []
    with pytest.raises(ServiceError) as exc:
        services.tournament_start(tournament_id=tournament.pk, by=tournament.created_by)
    assert _code(exc) == "tournament_started"
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.CANCELLED
    assert tournament.entries.count() == 2


def test_the_schedule_name_and_registration_window_change_before_the_start_only() -> None:
    tournament = services.tournament_create(creator=account(), name="spring", format="round_robin",
                                            preset="standard")
    soon, later = timezone.now() + timedelta(hours=1), timezone.now() + timedelta(hours=2)
    organiser = tournament.created_by
    with pytest.raises(ServiceError) as exc:
        services.tournament_update(tournament_id=tournament.pk, by=account(), changes={"name": "mine"})
    assert _code(exc) == "permission_denied"
    for changes, field in [({"starts_at": timezone.now() - timedelta(minutes=1)}, "starts_at"),
                           ({"registration_opens_at": later, "registration_closes_at": soon},
                            "registration_closes_at"),
                           ({"starts_at": soon, "registration_closes_at": later}, "registration_closes_at"),
                           ({"format": "swiss"}, "format")]:
        with pytest.raises(ServiceError) as exc:
            services.tournament_update(tournament_id=tournament.pk, by=organiser, changes=changes)
        assert _code(exc) == "invalid" and field in exc.value.errors, changes  # type: ignore[operator]
    assert Tournament.objects.get(pk=tournament.pk).starts_at is None  # refused: nothing changed

    services.tournament_update(tournament_id=tournament.pk, by=organiser,
                               changes={"name": "spring cup", "starts_at": later, "registration_closes_at": soon})
    row = Tournament.objects.get(pk=tournament.pk)
    assert (row.name, row.starts_at, row.registration_closes_at) == ("spring cup", later, soon)

    # The window is kept: not open yet, then open, then closed.
    def register(name: str) -> Any:
        return services.entry_register(tournament_id=tournament.pk, by=organiser, name=name,
                                       members=[services.MemberSpec(bot_level="easy")] * 2)

    services.tournament_update(tournament_id=tournament.pk, by=organiser,
                               changes={"registration_opens_at": soon - timedelta(minutes=30)})
    with pytest.raises(ServiceError) as exc:
        register("early")
    assert _code(exc) == "registration_not_open"
    services.tournament_update(tournament_id=tournament.pk, by=organiser,
                               changes={"registration_opens_at": None})
    register("a")
    register("b")
    services.tournament_update(tournament_id=tournament.pk, by=organiser,
                               changes={"registration_closes_at": timezone.now()})
    with pytest.raises(ServiceError) as exc:
        register("late")
    assert _code(exc) == "registration_closed"

    services.tournament_start(tournament_id=tournament.pk, by=organiser)
    with pytest.raises(ServiceError) as exc:
        services.tournament_update(tournament_id=tournament.pk, by=organiser, changes={"name": "renamed"})
    assert _code(exc) == "tournament_started"
    assert Tournament.objects.get(pk=tournament.pk).name == "spring cup"


def _ladder(creator: Player, **kwargs: Any) -> Any:
    return ladders.ladder_create(creator=creator, name=f"ladder-{timezone.now().timestamp()}", preset="standard",
                                 games_per_hour=60, max_concurrent_games=4, **kwargs)


def test_a_paused_ladder_opens_no_games_until_it_is_resumed() -> None:
    creator = account()
    ladder = _ladder(creator)
    for i in range(4):
        ladders.ladder_join(ladder_id=ladder.pk, player=creator, bot_level="easy", name=f"easy-{i}")
    with pytest.raises(ServiceError) as exc:
        ladders.ladder_pause(ladder_id=ladder.pk, by=account())
    assert _code(exc) == "permission_denied"
    assert not ladders.ladder_pause(ladder_id=ladder.pk, by=creator).active
    assert not ladders.ladder_pause(ladder_id=ladder.pk, by=creator).active  # twice: still paused
    assert ladders.schedule(ladder_id=ladder.pk, now=timezone.now() + timedelta(hours=3)) == []
    assert not LadderGame.objects.filter(ladder=ladder).exists()

    resumed = ladders.ladder_resume(ladder_id=ladder.pk, by=creator)
    assert resumed.active
    # The paused hours earned nothing: a minute after the resume there is one game's worth of credit.
    opened = ladders.schedule(ladder_id=ladder.pk, now=resumed.scheduled_until + timedelta(seconds=61))
    assert len(opened) == 1


def test_a_ladder_pairs_only_bot_accounts_seen_recently(settings: Any) -> None:
    settings.LADDER_PRESENCE_SECONDS = 120
    creator = account()
    ladder = _ladder(creator)
    bots = [account("bot") for _ in range(4)]
    for bot in bots:
        ladders.ladder_join(ladder_id=ladder.pk, player=bot)
    now = timezone.now() + timedelta(hours=1)
    for bot in bots[:3]:
        games.player_seen(player=bot, now=now - timedelta(seconds=30))
    games.player_seen(player=bots[3], now=now - timedelta(seconds=600))  # gone offline ten minutes ago
    assert ladders.schedule(ladder_id=ladder.pk, now=now) == []  # three present: not a table of four

    games.player_seen(player=bots[3], now=now - timedelta(seconds=5))  # back
    opened = ladders.schedule(ladder_id=ladder.pk, now=now)
    assert len(opened) == 1
    seated = {s.player_id for s in opened[0].table.seats.all()}
    assert seated == {b.pk for b in bots}


def test_presence_is_written_at_most_once_per_interval(settings: Any) -> None:
    settings.PRESENCE_WRITE_SECONDS = 30
    bot = account("bot")
    now = timezone.now()
    assert games.player_seen(player=bot, now=now)
    assert not games.player_seen(player=bot, now=now + timedelta(seconds=10))
    assert Player.objects.get(pk=bot.pk).last_seen == now
    assert games.player_seen(player=bot, now=now + timedelta(seconds=31))


# The race: cancelling while a round is being paired ------------------------------------------------------

def _wait_for_lock_waiter() -> None:
    """Until a session of this database waits on a lock (the second of the two racers). Asked on a connection
    of its own: a transaction sees pg_stat_activity as it was when it first read it."""
    params = {k: v for k, v in connection.get_connection_params().items() if k != "cursor_factory"}
    params["dbname"] = params.pop("database", params.get("dbname"))
    with psycopg.connect(**params, autocommit=True) as watcher:
        for _ in range(600):
            row = watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                  "AND wait_event_type = 'Lock'").fetchone()
            if row and row[0]:
                return
            time.sleep(0.05)
    raise AssertionError("the second racer never waited on the tournament's lock")


def _race(first: Callable[[], Any], second: Callable[[], Any]) -> None:
    """Run ``first`` in a transaction that stays open until ``second``, in another thread, waits on a lock;
    then let both finish."""
    inside = threading.Event()
    failures: list[BaseException] = []

    def hold() -> None:
        try:
            with transaction.atomic():
                first()
                inside.set()
                _wait_for_lock_waiter()
        except BaseException as exc:  # noqa: BLE001 - reported by the test below
            failures.append(exc)
            inside.set()
        finally:
            connection.close()

    def then() -> None:
        try:
            inside.wait()
            second()
        except BaseException as exc:  # noqa: BLE001
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=hold), threading.Thread(target=then)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures


@pytest.mark.django_db(transaction=True)
def test_a_cancel_that_comes_while_the_next_round_is_paired_abandons_its_tables() -> None:
    tournament = _running_swiss()
    for table in _tables(tournament):
        play_out(table.pk)
    _race(lambda: services.advance(tournament_id=tournament.pk),
          lambda: services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by))
    assert Round.objects.filter(tournament=tournament).count() == 2  # the pairing got there first
    assert _tables(tournament, status=Table.Status.PLAYING) == []
    second = Match.objects.filter(round__tournament=tournament, round__number=2)
    assert second.count() == 2 and {m.status for m in second} == {Match.Status.ABANDONED}
    assert {t.result for t in _tables(tournament, tournament_match__round__number=2)} == {"abandoned"}
    assert {m.status for m in Match.objects.filter(round__tournament=tournament, round__number=1)} == {"finished"}


@pytest.mark.django_db(transaction=True)
def test_a_pairing_that_comes_while_the_tournament_is_cancelled_opens_no_table() -> None:
    tournament = _running_swiss()
    for table in _tables(tournament):
        play_out(table.pk)
    _race(lambda: services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by),
          lambda: services.advance(tournament_id=tournament.pk))
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert _tables(tournament, status=Table.Status.PLAYING) == []
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.CANCELLED
    # The games that had ended are recorded by the cancel itself.
    assert {m.status for m in Match.objects.filter(round__tournament=tournament)} == {"finished"}
