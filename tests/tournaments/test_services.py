"""Tournament and ladder services on PostgreSQL, games played to the end in this process: registration
rules, advancement (once, however many callers), duplicate boards and matchpoints, and ladder ratings."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core.errors import ServiceError
from games import selectors as game_selectors
from games import services as games
from games.engine import make_rules
from games.models import Hand, Player, Table
from tournaments import ladders, selectors, services, tasks
from tournaments.models import Entry, LadderEntry, LadderGame, Match, RatingChange, Round, Tournament

from .helpers import account, bot_field, play_out

pytestmark = pytest.mark.django_db


def _tournament(fmt: str = "round_robin", preset: str = "standard", **kwargs) -> Tournament:
    return services.tournament_create(creator=account(), name=f"t-{fmt}", format=fmt, preset=preset,
                                      hands_per_match=kwargs.pop("hands_per_match", 1), **kwargs)


def _start(tournament: Tournament) -> None:
    services.tournament_start(tournament_id=tournament.pk, by=tournament.created_by)
    tournament.refresh_from_db()


def _play_round(tournament: Tournament) -> None:
    """Play every table of the current round to its end, then advance."""
    for match in Match.objects.filter(round__tournament=tournament, round__number=tournament.current_round,
                                      table__isnull=False):
        play_out(match.table_id)
    services.advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()


def _code(exc: pytest.ExceptionInfo[ServiceError]) -> str:
    return str(exc.value.code)


def test_match_rules_follow_the_format() -> None:
    assert services.match_rules("single_elimination", "standard", None, 2).tie == "play_on"
    assert services.match_rules("swiss", "standard", None, 2).tie == "draw"
    assert services.match_rules("swiss", "standard", None, 2).hand_cap == 2
    duplicate = services.match_rules("duplicate", "standard", None, None)
    assert (duplicate.hand_cap, duplicate.target) == (services.DUPLICATE_BOARDS, services.DUPLICATE_TARGET)
    assert services.match_rules("round_robin", "standard", None, None) == make_rules("standard")
    with pytest.raises(ServiceError) as exc:
        _tournament("single_elimination", preset="cutthroat3")
    assert _code(exc) == "invalid"


def test_registration_rules() -> None:
    tournament = _tournament(max_entries=3)
    alice, bob = account(), account()
    me = [services.MemberSpec(player=alice), services.MemberSpec(bot_level="easy")]
    services.entry_register(tournament_id=tournament.pk, by=alice, name="alice+bot", members=me)
    with pytest.raises(ServiceError) as exc:
        services.entry_register(tournament_id=tournament.pk, by=alice, name="again", members=me)
    assert _code(exc) == "already_registered"
    with pytest.raises(ServiceError) as exc:
        services.entry_register(tournament_id=tournament.pk, by=bob, name="bob+alice",
                                members=[services.MemberSpec(player=bob), services.MemberSpec(player=alice)])
    assert _code(exc) == "permission_denied"
    with pytest.raises(ServiceError) as exc:
        services.entry_register(tournament_id=tournament.pk, by=bob, name="solo", members=[services.MemberSpec(bob)])
    assert _code(exc) == "entry_size"
    bot_field(tournament, 2)
    with pytest.raises(ServiceError) as exc:
        bot_field(tournament, 1)
    assert _code(exc) == "tournament_full"
    entry = Entry.objects.get(tournament=tournament, name="alice+bot")
    services.entry_withdraw(tournament_id=tournament.pk, entry_id=entry.pk, by=alice)
    assert not Entry.objects.filter(pk=entry.pk).exists()  # before the start an entry just goes
    with pytest.raises(ServiceError) as exc:
        services.tournament_start(tournament_id=tournament.pk, by=bob)
    assert _code(exc) == "permission_denied"
    _start(tournament)
    with pytest.raises(ServiceError) as exc:
        services.entry_register(tournament_id=tournament.pk, by=bob, name="late",
                                members=[services.MemberSpec(player=bob), services.MemberSpec(bot_level="easy")])
    assert _code(exc) == "registration_closed"


def test_a_round_robin_plays_every_pairing_once_and_finishes() -> None:
    tournament = _tournament()
    bot_field(tournament, 4)
    _start(tournament)
    while tournament.status == Tournament.Status.RUNNING:
        _play_round(tournament)
    assert tournament.status == Tournament.Status.FINISHED and tournament.current_round == 3
    pairs = [frozenset(m.entries) for m in Match.objects.filter(round__tournament=tournament)]
    assert len(pairs) == len(set(pairs)) == 6
    table = selectors.standings(tournament)
    assert sum(row["points"] for row in table) == 6  # one point shared out per match
    assert [row["rank"] for row in table] == sorted(row["rank"] for row in table)


def test_a_withdrawn_entry_forfeits_its_later_matches() -> None:
    tournament = _tournament()
    entries = bot_field(tournament, 4)
    _start(tournament)
    services.entry_withdraw(tournament_id=tournament.pk, entry_id=entries[0], by=tournament.created_by)
    _play_round(tournament)
    forfeits = Match.objects.filter(round__tournament=tournament, round__number=2, result="forfeit")
    assert len(forfeits) == 1 and forfeits[0].table_id is None
    assert forfeits[0].winner in forfeits[0].entries and forfeits[0].winner != entries[0]


@pytest.mark.django_db(transaction=True)
def test_two_games_ending_at_the_same_moment_advance_the_round_once() -> None:
    tournament = _tournament("swiss", rounds=2)
    bot_field(tournament, 4)
    _start(tournament)
    tables = list(Match.objects.filter(round__tournament=tournament).values_list("table_id", flat=True))
    for table_id in tables:
        play_out(table_id)
    assert services.stalled_running() == [tournament.pk]  # what beat's safety net would advance, once
    barrier = threading.Barrier(len(tables))

    def finish(table_id: str) -> None:  # what two workers do on two table_finished messages
        try:
            barrier.wait()
            tasks.table_finished(str(table_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=finish, args=(t,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    tasks.table_finished(str(tables[0]))  # and a late duplicate
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Match.objects.filter(round__tournament=tournament, round__number=2).count() == 2
    assert Tournament.objects.get(pk=tournament.pk).current_round == 2


def _row_locks(queries: list[dict[str, str]], rows: list[Any]) -> list[tuple[int, set[str]]]:
    """Each ``SELECT … FOR UPDATE`` in ``queries`` of the table ``rows`` are of: its position among the
    queries and which of ``rows`` it locked (ids in hex, as the SQL spells them)."""
    ids = [row.pk.hex for row in rows]
    source = f'FROM "{rows[0]._meta.db_table}"'
    return [(i, {pk for pk in ids if pk in q["sql"]}) for i, q in enumerate(queries)
            if source in q["sql"] and "FOR UPDATE" in q["sql"]]


def _player_locks(queries: list[dict[str, str]], players: list[Player]) -> list[set[str]]:
    """The players each lock of player rows in ``queries`` took, in order."""
    return [locked for _, locked in _row_locks(queries, players)]


def _account_tournament() -> tuple[Tournament, list[Player]]:
    """A round robin of four entries of bot accounts (not built-in bots: accounts have event logs to lock)."""
    tournament = _tournament("round_robin")
    size = services.members_per_entry(tournament.rules)
    players = [account("bot") for _ in range(4 * size)]
    for i in range(4):
        services.entry_register(tournament_id=tournament.pk, by=tournament.created_by, name=f"accounts {i}",
                                members=[services.MemberSpec(player=p) for p in players[i * size:(i + 1) * size]])
    return tournament, players


def test_a_round_locks_its_players_once_in_one_order() -> None:
    """A round's tables tell their players one table at a time. Were the players' rows locked table by
    table, two transactions sharing players could each hold a row the other waits for; the round locks
    them all first, in id order, and no later lock takes anyone else."""
    tournament, players = _account_tournament()
    with CaptureQueriesContext(connection) as captured:
        _start(tournament)
    assert Match.objects.filter(round__tournament=tournament, table__isnull=False).count() == 2
    locks = _player_locks(captured.captured_queries, players)
    assert locks[0] == {p.pk.hex for p in players}
    assert all(later <= locks[0] for later in locks[1:])


def test_cancelling_locks_the_tables_then_the_players() -> None:
    """Every move locks its table, then the players it tells. Cancelling finishes each table still played and
    tells its players; it takes all those tables first, then all the players, so it never holds a player a
    move waits for while waiting for that move's table."""
    tournament, players = _account_tournament()
    _start(tournament)
    tables = list(Table.objects.filter(tournament_match__round__tournament=tournament))
    assert len(tables) == 2
    with CaptureQueriesContext(connection) as captured:
        services.tournament_cancel(tournament_id=tournament.pk, by=tournament.created_by)
    table_locks = _row_locks(captured.captured_queries, tables)
    player_locks = _row_locks(captured.captured_queries, players)
    assert table_locks[0][1] == {t.pk.hex for t in tables}
    assert player_locks[0][1] == {p.pk.hex for p in players}
    assert table_locks[0][0] < player_locks[0][0]
    assert all(locked <= player_locks[0][1] for _, locked in player_locks[1:])
    assert set(Table.objects.filter(pk__in=[t.pk for t in tables]).values_list("result", flat=True)) == {"abandoned"}


def test_ladder_schedule_locks_the_players_of_all_its_games_first() -> None:
    creator = account()
    ladder = ladders.ladder_create(creator=creator, name="accounts", preset="standard", games_per_hour=60,
                                   max_concurrent_games=5)
    players = [account("bot") for _ in range(8)]
    later = timezone.now() + timedelta(hours=1)
    for player in players:
        ladders.ladder_join(ladder_id=ladder.pk, player=player, name=player.name)
        games.player_seen(player=player, now=later)  # each one's client is connected then
    with CaptureQueriesContext(connection) as captured:
        created = ladders.schedule(ladder_id=ladder.pk, now=later)
    assert len(created) == 2
    locks = _player_locks(captured.captured_queries, players)
    assert locks[0] == {p.pk.hex for p in players}
    assert all(later <= locks[0] for later in locks[1:])


def test_duplicate_tables_hold_the_same_cards_and_score_by_matchpoints() -> None:
    tournament = _tournament("duplicate", rounds=1, hands_per_match=2)
    bot_field(tournament, 4)
    _start(tournament)
    _play_round(tournament)
    assert tournament.status == Tournament.Status.FINISHED
    matches = list(Match.objects.filter(round__tournament=tournament))
    assert len(matches) == 2
    deals = [[h.record["dealt"] for h in Hand.objects.filter(table_id=m.table_id).order_by("number")]
             for m in matches]
    assert len(deals[0]) == 2 and deals[0] == deals[1]  # every table was dealt the same boards
    expected: dict[int, float] = {}
    for board in ("1", "2"):
        for side in (0, 1):
            held = [(m.entries[side], m.boards[board][side]) for m in matches]
            for entry, points in held:
                expected[entry] = expected.get(entry, 0) + sum(
                    2 if points > other else 1 if points == other else 0 for e, other in held if e != entry)
    assert {row["entry"]: row["points"] for row in selectors.standings(tournament)} == expected


def test_ladder_ratings_move_the_right_way_once() -> None:
    creator = account()
    ladder = ladders.ladder_create(creator=creator, name="blitz", preset="standard",
                                   overrides={"hand_cap": 1, "tie": "draw"}, games_per_hour=60)
    entries = [ladders.ladder_join(ladder_id=ladder.pk, player=creator, bot_level="easy", name=f"easy-{i}")
               for i in range(4)]
    created = ladders.schedule(ladder_id=ladder.pk, now=timezone.now() + timedelta(hours=1))
    assert len(created) == 1  # four entries make one table, however much the rate has earned
    game = created[0]
    table = play_out(game.table_id)
    assert ladders.rate(table_id=table.pk) and not ladders.rate(table_id=table.pk)
    before = {e.pk: e for e in entries}
    after = {e.pk: e for e in LadderEntry.objects.filter(ladder=ladder)}
    for side, pks in enumerate(game.sides):
        for pk in pks:
            moved = after[pk].mu - before[pk].mu
            if table.winner is None:
                assert abs(moved) < 1e-9
            else:
                assert (moved > 0) == (side == table.winner)
            assert after[pk].sigma < before[pk].sigma and after[pk].games == 1
    assert RatingChange.objects.filter(game=game).count() == 4
    assert selectors.leaderboard(ladder)[0]["rating"] >= selectors.leaderboard(ladder)[-1]["rating"]


def test_ladder_schedule_keeps_entries_in_one_game_at_a_time() -> None:
    creator = account()
    ladder = ladders.ladder_create(creator=creator, name="busy", preset="standard", games_per_hour=60,
                                   max_concurrent_games=5)
    for i in range(9):
        ladders.ladder_join(ladder_id=ladder.pk, player=creator, bot_level="easy", name=f"e{i}")
    created = ladders.schedule(ladder_id=ladder.pk, now=timezone.now() + timedelta(hours=1))
    assert len(created) == 2
    seated = [pk for game in created for side in game.sides for pk in side]
    assert len(seated) == len(set(seated)) == 8
    assert ladders.schedule(ladder_id=ladder.pk, now=timezone.now() + timedelta(hours=2)) == []  # one left idle
    assert LadderGame.objects.filter(ladder=ladder, table__status=Table.Status.PLAYING).count() == 2


def test_only_bot_accounts_opt_in() -> None:
    creator = account()
    ladder = ladders.ladder_create(creator=creator, name="bots only", preset="standard")
    with pytest.raises(ServiceError) as exc:
        ladders.ladder_join(ladder_id=ladder.pk, player=account("human"))
    assert _code(exc) == "not_a_bot_account"
    bot = account("bot")
    entry = ladders.ladder_join(ladder_id=ladder.pk, player=bot)
    with pytest.raises(ServiceError) as exc:
        ladders.ladder_join(ladder_id=ladder.pk, player=bot)
    assert _code(exc) == "already_on_ladder"
    ladders.ladder_leave(ladder_id=ladder.pk, entry_id=entry.pk, player=bot)
    assert ladders.ladder_join(ladder_id=ladder.pk, player=bot).pk == entry.pk  # back, rating kept
    assert make_rules("standard", {"move_seconds": ladders.LADDER_MOVE_SECONDS}).to_dict()["move_seconds"] == \
        ladder.rules["move_seconds"]


def test_a_seated_table_opens_full_and_reports_a_typed_result() -> None:
    """The games contracts tournaments and ladders use: a table opened with every seat filled starts at once,
    and its result reads as a TableResult (final scores, each hand's points by side, who sat where)."""
    creator = account()
    rules = make_rules("standard", {"hand_cap": 2, "tie": "draw"}).to_dict()
    sides = [[services.MemberSpec(bot_level="easy"), services.MemberSpec(bot_level="normal")],
             [services.MemberSpec(bot_level="hard"), services.MemberSpec(bot_level="easy")]]
    table = games.table_open_seated(creator=creator, preset="standard", rules=rules, sides=sides, seed="contract")
    assert table.status == Table.Status.PLAYING
    assert not game_selectors.table_result(table_id=table.pk).finished
    finished = play_out(table.pk)
    result = game_selectors.table_result(table_id=table.pk)
    assert result.finished and result.table_id == finished.pk
    assert (result.winner, result.result) == (finished.winner, finished.result or None)
    assert [hand.number for hand in result.hands] == [1, 2]
    assert result.scores == tuple(sum(hand.points[side] for hand in result.hands) for side in (0, 1))
    by_seat = {seat.seat: seat for seat in result.seats}
    teams = make_rules("standard").teams
    for side, members in enumerate(sides):
        for seat, member in zip(teams[side], members, strict=True):
            found = by_seat[seat]
            assert (found.side, found.bot_level, found.player_id) == (side, member.bot_level, None)
