"""Tournaments and a ladder run to the end through a real Celery worker with beat, on the real broker and
PostgreSQL: the scheduled start, every bot move, the next round when the last game of a round ends, and
ladder matchmaking and ratings. Matches are one deal of easy bots so the runs stay short."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Table
from tests.live import wait_for
from tournaments import ladders, selectors, services
from tournaments.models import LadderEntry, LadderGame, Match, RatingChange, Tournament

from .helpers import account, bot_field


def _status(tournament: Tournament) -> str:
    return Tournament.objects.get(pk=tournament.pk).status


def test_an_8_entry_swiss_starts_on_schedule_and_runs_to_the_end(start_worker) -> None:
    # Eight entries over three rounds take the same paths as a bigger field (every round paired without a repeat
    # from the standings, games shared by two workers) in half the games; the pairing itself is test_formats'.
    tournament = services.tournament_create(creator=account(), name="swiss-8", format="swiss", preset="standard",
                                            rounds=3, hands_per_match=1,
                                            starts_at=timezone.now() + timedelta(seconds=2))
    entries = bot_field(tournament, 8)
    start_worker(beat=True)
    start_worker()  # four games a round: two workers share them
    wait_for(lambda: _status(tournament) == Tournament.Status.FINISHED, seconds=300, what="the Swiss to finish")
    matches = list(Match.objects.filter(round__tournament=tournament))
    assert {m.round.number for m in matches} == {1, 2, 3}
    assert len(matches) == 12 and all(m.result in ("win", "draw") for m in matches)
    pairs = [frozenset(m.entries) for m in matches]
    assert len(set(pairs)) == len(pairs)  # no pairing repeated
    assert all(sum(e in m.entries for m in matches) == 3 for e in entries)
    assert not Table.objects.filter(tournament_match__round__tournament=tournament).exclude(
        status=Table.Status.FINISHED).exists()
    standings = selectors.standings(tournament)
    assert sum(row["points"] for row in standings) == 12
    assert standings[0]["points"] == max(row["points"] for row in standings)


def test_a_6_entry_single_elimination_gives_the_top_seeds_byes(start_worker) -> None:
    tournament = services.tournament_create(creator=account(), name="ko-6", format="single_elimination",
                                            preset="standard", hands_per_match=1)
    bot_field(tournament, 6)
    start_worker()
    services.tournament_start(tournament_id=tournament.pk, by=tournament.created_by)
    wait_for(lambda: _status(tournament) == Tournament.Status.FINISHED, seconds=180, what="the knockout to finish")
    seeds = dict(tournament.entries.values_list("pk", "seed"))
    first = Match.objects.filter(round__tournament=tournament, round__number=1)
    assert sorted(seeds[m.entries[0]] for m in first if m.result == "bye") == [1, 2]
    played = Match.objects.filter(round__tournament=tournament).exclude(result="bye")
    assert played.count() == 5 and all(m.winner in m.entries for m in played)  # a knockout game has a winner
    final = Match.objects.get(round__tournament=tournament, round__number=3)
    standings = selectors.standings(tournament)
    assert standings[0]["entry"] == final.winner and standings[0]["rank"] == 1


def test_beat_opens_ladder_games_and_rates_them(start_worker) -> None:
    creator = account()
    ladder = ladders.ladder_create(creator=creator, name="beat-ladder", preset="standard",
                                   overrides={"hand_cap": 1, "tie": "draw"}, games_per_hour=3600,
                                   max_concurrent_games=2)
    for level, i in (("easy", 1), ("easy", 2), ("normal", 1), ("normal", 2)):
        ladders.ladder_join(ladder_id=ladder.pk, player=creator, bot_level=level, name=f"{level}-{i}")
    start_worker(beat=True)
    wait_for(lambda: LadderGame.objects.filter(ladder=ladder, rated=True).count() >= 3, seconds=120,
             what="three rated ladder games")
    rated = list(LadderGame.objects.filter(ladder=ladder, rated=True))
    for game in rated:
        assert RatingChange.objects.filter(game=game).count() == 4
    entries = list(LadderEntry.objects.filter(ladder=ladder))
    assert sum(e.games for e in entries) >= 12
    for entry in entries:
        history = list(entry.history.order_by("at", "id"))
        for earlier, later in zip(history, history[1:], strict=False):
            assert later.mu_before == earlier.mu  # each game starts from where the last left off


def test_a_no_show_is_played_by_the_clock_rules_and_the_event_finishes(start_worker) -> None:
    organiser = account()
    absent = account()
    tournament = services.tournament_create(creator=organiser, name="no-show", format="round_robin",
                                            preset="standard", hands_per_match=1,
                                            overrides={"move_seconds": 1, "timeouts_before_replace": 1})
    services.entry_register(tournament_id=tournament.pk, by=organiser, name="absent+bot",
                            members=[services.MemberSpec(player=absent), services.MemberSpec(bot_level="easy")])
    bot_field(tournament, 1)
    start_worker(beat=True)
    services.tournament_start(tournament_id=tournament.pk, by=organiser)
    wait_for(lambda: _status(tournament) == Tournament.Status.FINISHED, seconds=120,
             what="the no-show's match to be played out")
    table = Table.objects.get(tournament_match__round__tournament=tournament)
    seat = table.seats.get(player=absent)
    assert seat.replaced_by_bot and table.status == Table.Status.FINISHED
