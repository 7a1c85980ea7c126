"""The player event stream: every event type reaches the player it concerns and nobody else, through
``GET /api/v1/players/me/events/`` (each body checked against the schema, each event against the component
its ``type`` names); the log resumes by ``seq``; a long-poll wakes on an event; challenges and seeks refuse
what they must with stable codes and change nothing."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from jsonschema import Draft202012Validator

from games import matchmaking, services
from games.models import Challenge, Player, PlayerEvent, Seek, Table
from games.player_events import EVENT_CLASSES, ChallengeExpired
from tests.api.conftest import SCHEMA_URI, Api, _deepest
from tournaments import ladders
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


class Players:
    """Accounts made through the API, each with its own client; ``events(name)`` is its whole log."""

    def __init__(self, register: Any, client_for: Any, openapi: Any) -> None:
        self.register, self.client_for, self.openapi = register, client_for, openapi
        self.clients: dict[str, Api] = {}
        self.accounts: dict[str, Player] = {}
        mapping = openapi.document["components"]["schemas"]["PlayerEvent"]["discriminator"]["mapping"]
        self.validators = {kind: Draft202012Validator({"$ref": f"{SCHEMA_URI}#/{ref.removeprefix('#/')}"},
                                                      registry=openapi.registry) for kind, ref in mapping.items()}

    def make(self, kind: str = "human") -> str:
        body, token = self.register(f"p-{uuid.uuid4().hex[:8]}", kind)
        self.clients[body["name"]] = self.client_for(token)
        self.accounts[body["name"]] = Player.objects.get(name=body["name"])
        return body["name"]

    def events(self, name: str, after: int = 0) -> list[dict[str, Any]]:
        response = self.clients[name].get("/api/v1/players/me/events/", {"after": after})
        assert response.status_code == 200, response.body
        for event in response.body["events"]:
            errors = [_deepest(e) for e in self.validators[event["type"]].iter_errors(event)]
            assert not errors, (event, errors[0].message)
        seqs = [e["seq"] for e in response.body["events"]]
        assert seqs == sorted(seqs) and all(s > after for s in seqs)
        return response.body["events"]

    def types(self, name: str) -> list[str]:
        return [e["type"] for e in self.events(name)]


@pytest.fixture
def people(register: Any, client_for: Any, openapi: Any) -> Players:
    return Players(register, client_for, openapi)


def test_every_event_type_is_documented(openapi: Any) -> None:
    mapping = openapi.document["components"]["schemas"]["PlayerEvent"]["discriminator"]["mapping"]
    assert set(mapping) == {cls.type for cls in EVENT_CLASSES}


def test_a_challenge_accepted_reaches_both_players_and_nobody_else(people: Players) -> None:
    alice, bob, carol = people.make(), people.make(), people.make("bot")
    sent = people.clients[alice].post("/api/v1/challenges/", {"opponent": bob, "preset": "standard",
                                                               "move_seconds": 20, "seat": 2})
    assert sent.status_code == 201, sent.body
    challenge = sent.body["id"]
    (received,) = people.events(bob)
    assert received["type"] == "challenge_received" and received["challenge_id"] == challenge
    assert received["challenger"] == alice and received["move_seconds"] == 20
    assert people.clients[bob].get("/api/v1/challenges/").body["results"][0]["id"] == challenge
    assert people.clients[alice].get("/api/v1/challenges/", {"box": "sent"}).body["results"][0]["id"] == challenge
    assert people.clients[carol].get(f"/api/v1/challenges/{challenge}/").status_code == 404  # not theirs

    accepted = people.clients[bob].post(f"/api/v1/challenges/{challenge}/accept/")
    assert accepted.status_code == 200, accepted.body
    table_id = accepted.body["table"]
    assert accepted.body["status"] == "accepted"
    table = Table.objects.get(pk=table_id)
    seats = {s.index: s.player.name if s.player else s.bot_level for s in table.seats.all()}
    assert seats == {0: "normal", 1: "normal", 2: alice, 3: bob}  # the opponent: next seat clockwise
    assert table.rules["move_seconds"] == 20 and table.status == Table.Status.PLAYING

    alice_events = people.events(alice)
    kinds = [e["type"] for e in alice_events if e["type"] != "your_turn"]  # the deal decides who bids first
    assert kinds == ["table_opened", "challenge_accepted"]
    opened = alice_events[0]
    assert (opened["table_id"], opened["seat"], opened["origin"], opened["origin_id"]) == (
        table_id, 2, "challenge", challenge)
    assert [e["type"] for e in people.events(bob, after=received["seq"]) if e["type"] != "your_turn"] == [
        "table_opened"]
    assert people.types(carol) == []
    # Answered once: a second accept and a decline are refused and change nothing.
    again = people.clients[bob].post(f"/api/v1/challenges/{challenge}/accept/")
    assert again.status_code == 409 and again.body["code"] == "challenge_not_pending"
    assert people.clients[bob].post(f"/api/v1/challenges/{challenge}/decline/").body["code"] == "challenge_not_pending"
    assert Table.objects.filter(challenge__pk=challenge).count() == 1


def test_a_declined_challenge_carries_its_reason_to_the_challenger_only(people: Players) -> None:
    alice, bob, carol = people.make(), people.make(), people.make()
    challenge = people.clients[alice].post("/api/v1/challenges/", {"opponent": bob}).body["id"]
    assert people.clients[alice].post(f"/api/v1/challenges/{challenge}/accept/").body["code"] == "permission_denied"
    bad = people.clients[bob].post(f"/api/v1/challenges/{challenge}/decline/", {"reason": "scared"})
    assert bad.status_code == 400 and bad.body["code"] == "invalid"
    declined = people.clients[bob].post(f"/api/v1/challenges/{challenge}/decline/", {"reason": "rules"})
    assert declined.body["status"] == "declined" and declined.body["decline_reason"] == "rules"
    (event,) = [e for e in people.events(alice)]
    assert (event["type"], event["reason"], event["by"]) == ("challenge_declined", "rules", bob)
    assert people.types(bob) == ["challenge_received"]
    assert people.types(carol) == []


def test_a_builtin_bot_answers_a_challenge_at_once(people: Players) -> None:
    alice, bob = people.make(), people.make()
    body = {"opponent": "bot:hard", "preset": "standard", "move_seconds": 20, "seat": 1, "bot_level": "easy"}
    sent = people.clients[alice].post("/api/v1/challenges/", body, headers={"Idempotency-Key": "bot-1"})
    assert sent.status_code == 201, sent.body
    assert (sent.body["status"], sent.body["opponent"], sent.body["decline_reason"]) == ("accepted", "bot:hard", None)
    table = Table.objects.get(pk=sent.body["table"])
    seats = {s.index: s.player.name if s.player else s.bot_level for s in table.seats.all()}
    assert seats == {0: "easy", 1: alice, 2: "hard", 3: "easy"}  # the bot in the next seat clockwise
    assert table.rules["move_seconds"] == 20 and table.status == Table.Status.PLAYING
    kinds = [(e["type"], e.get("by")) for e in people.events(alice) if e["type"] != "your_turn"]
    assert kinds == [("table_opened", None), ("challenge_accepted", "bot:hard")]
    # The same request again is the same answer: one challenge, one table.
    again = people.clients[alice].post("/api/v1/challenges/", body, headers={"Idempotency-Key": "bot-1"})
    assert again.body["id"] == sent.body["id"] and again.body["table"] == sent.body["table"]
    assert Challenge.objects.filter(challenger__name=alice).count() == 1
    sent_box = people.clients[alice].get("/api/v1/challenges/", {"box": "sent"}).body["results"]
    assert sent_box[0]["opponent"] == "bot:hard"
    answered = people.clients[alice].post(f"/api/v1/challenges/{sent.body['id']}/cancel/")
    assert answered.status_code == 409 and answered.body["code"] == "challenge_not_pending"

    # A clock shorter than the bot's move can take: declined with the reason, and no table.
    tables = Table.objects.count()
    fast = people.clients[alice].post("/api/v1/challenges/", {"opponent": "bot:normal", "move_seconds": 1})
    assert fast.status_code == 201, fast.body
    assert (fast.body["status"], fast.body["decline_reason"], fast.body["table"]) == ("declined", "clock", None)
    declined = people.events(alice)[-1]
    assert (declined["type"], declined["by"], declined["reason"]) == ("challenge_declined", "bot:normal", "clock")
    assert Table.objects.count() == tables
    # A level that does not exist is refused and makes nothing; nobody else hears of any of it.
    unknown = people.clients[alice].post("/api/v1/challenges/", {"opponent": "bot:genius"})
    assert unknown.status_code == 400 and unknown.body["code"] == "invalid" and "opponent" in unknown.body["errors"]
    assert Challenge.objects.filter(challenger__name=alice).count() == 2
    assert people.types(bob) == []


def test_one_publish_writes_every_players_seq_in_one_update(people: Players) -> None:
    names = [people.make() for _ in range(3)]
    ids = [people.accounts[name].pk for name in names]
    with CaptureQueriesContext(connection) as queries:
        services.player_events_publish(events=[(pid, ChallengeExpired(challenge_id=str(uuid.uuid4())))
                                               for pid in [*ids, ids[0]]])
    updates = [q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "games_player"')]
    assert len(updates) == 1
    assert dict(Player.objects.filter(pk__in=ids).values_list("pk", "event_seq")) == {
        ids[0]: 2, ids[1]: 1, ids[2]: 1}
    assert [e["seq"] for e in people.events(names[0])] == [1, 2]


def test_a_cancelled_and_an_expired_challenge_are_told_to_the_right_players(people: Players) -> None:
    alice, bob, carol = people.make(), people.make(), people.make()
    first = people.clients[alice].post("/api/v1/challenges/", {"opponent": bob}).body["id"]
    assert people.clients[bob].post(f"/api/v1/challenges/{first}/cancel/").body["code"] == "permission_denied"
    assert people.clients[alice].post(f"/api/v1/challenges/{first}/cancel/").body["status"] == "cancelled"
    assert people.types(bob) == ["challenge_received", "challenge_cancelled"]
    assert people.types(alice) == []

    second = people.clients[alice].post("/api/v1/challenges/", {"opponent": bob, "expires_in": 10}).body["id"]
    later = timezone.now() + timedelta(seconds=11)
    Challenge.objects.filter(pk=second).update(expires_at=timezone.now() - timedelta(seconds=1))
    refused = people.clients[bob].post(f"/api/v1/challenges/{second}/accept/")
    assert refused.status_code == 409 and refused.body["code"] == "challenge_expired"
    assert matchmaking.challenges_expire(now=later) == 1
    assert matchmaking.challenges_expire(now=later) == 0  # once
    assert people.types(alice) == ["challenge_expired"]
    assert people.types(bob)[-1] == "challenge_expired"
    assert people.types(carol) == []
    assert Challenge.objects.get(pk=second).status == Challenge.Status.EXPIRED


def test_challenges_that_cannot_be_refuse_with_their_codes(people: Players) -> None:
    alice = people.make()
    client = people.clients[alice]
    cases = [({"opponent": "nobody-at-all"}, 422, "unknown_player"), ({"opponent": alice}, 400, "invalid"),
             ({"opponent": people.make(), "seat": 1, "opponent_seat": 1}, 400, "invalid"),
             ({"opponent": people.make(), "overrides": {"target": -5}}, 400, "invalid_rules"),
             ({"opponent": people.make(), "preset": "cutthroat3", "seat": 3}, 400, "invalid")]
    for body, status, code in cases:
        response = client.post("/api/v1/challenges/", body)
        assert (response.status_code, response.body["code"]) == (status, code), (body, response.body)
    japanese = client.post("/api/v1/challenges/", {"opponent": alice}, headers={"Accept-Language": "ja"})
    assert japanese.body["errors"]["opponent"] == ["自分以外のプレイヤーに挑戦してください。"]
    assert japanese.body["title"] == "リクエストが不正です"
    assert Challenge.objects.count() == 0 and PlayerEvent.objects.count() == 0


def test_table_opened_your_turn_and_table_finished_reach_the_seated_only(people: Players, settings: Any) -> None:
    names = [people.make() for _ in range(4)]
    watcher = people.make()
    creator = people.accounts[watcher]
    table = services.table_create(creator=creator, preset="standard",
                                  players={i: people.accounts[n] for i, n in enumerate(names)})
    for seat, name in enumerate(names):
        opened = [e for e in people.events(name) if e["type"] == "table_opened"]
        assert [(e["table_id"], e["seat"], e["origin"]) for e in opened] == [(str(table.pk), seat, "table")]
    assert people.types(watcher) == []
    table.refresh_from_db()
    waiting = [seat for seat, name in enumerate(names) if "your_turn" in people.types(name)]
    assert waiting == [selectors_turn(table)], "the first seat to bid, and only it, hears its turn"
    (event,) = [e for e in people.events(names[waiting[0]]) if e["type"] == "your_turn"]
    assert (event["table_id"], event["seat"], event["table_seq"]) == (str(table.pk), waiting[0], table.seq)

    def bid() -> int:
        table.refresh_from_db()
        seat = selectors_turn(table)
        services.table_act(table_id=table.pk, player=people.accounts[names[seat]], action={"type": "bid", "bid": 3},
                           seq=table.seq)
        return seat

    first = bid()
    # The next seat, which has not moved yet, hears its turn. Playing along (within YOUR_TURN_QUIET_SECONDS),
    # the first bidder is not told again when the lead comes back to it.
    assert people.types(names[(first + 1) % 4]).count("your_turn") == 1
    for _ in range(3):
        bid()
    table.refresh_from_db()
    assert selectors_turn(table) == first
    assert people.types(names[first]).count("your_turn") == 1
    # After a quiet spell it is nudged again.
    settings.YOUR_TURN_QUIET_SECONDS = 0
    table.refresh_from_db()
    mover = selectors_turn(table)
    before = people.types(names[(mover + 1) % 4]).count("your_turn")
    card = next(a for a in _legal(table, mover) if a["type"] == "play")
    services.table_act(table_id=table.pk, player=people.accounts[names[mover]], action=card, seq=table.seq)
    assert people.types(names[(mover + 1) % 4]).count("your_turn") == before + 1
    # The end of the table reaches its four players, not the one who opened it without a seat.
    services.table_act(table_id=table.pk, player=people.accounts[names[0]], action={"type": "resign"},
                       seq=Table.objects.get(pk=table.pk).seq)
    for seat, name in enumerate(names):
        (done,) = [e for e in people.events(name) if e["type"] == "table_finished"]
        assert done["table_id"] == str(table.pk) and done["result"] == "resign"
        assert done["your_side"] == seat % 2 and done["winner"] == 1
    assert people.types(watcher) == []


def selectors_turn(table: Table) -> int:
    from games import selectors

    game = selectors.game_of(table)
    assert game is not None
    (seat,) = game.waiting_for()
    return seat


def _legal(table: Table, seat: int) -> list[dict[str, Any]]:
    from games import selectors

    player = table.seats.get(index=seat).player
    return selectors.legal_moves(table=Table.objects.prefetch_related(selectors.SEATS).get(pk=table.pk),
                                 player=player)["actions"]


def test_tournament_events_reach_the_entrants_and_regulars_only(people: Players) -> None:
    organiser, a, b, outsider = people.make(), people.make(), people.make(), people.make()
    acc = people.accounts
    first = tournaments.tournament_create(creator=acc[organiser], name="Cup 1", format="round_robin",
                                          preset="standard", overrides={"target": 100})
    assert all(people.types(n) == [] for n in (organiser, a, b, outsider))  # nobody has entered before
    for name in (a, b):
        tournaments.entry_register(tournament_id=first.pk, by=acc[name], name=f"team {name}",
                                   members=[tournaments.MemberSpec(player=acc[name]),
                                            tournaments.MemberSpec(bot_level="easy")])
    tournaments.tournament_start(tournament_id=first.pk, by=acc[organiser])
    table_id = first.round_set.get(number=1).matches.get().table_id
    for name in (a, b):
        started = [e for e in people.events(name) if e["type"] == "tournament_round_started"]
        assert [(e["tournament_id"], e["round"], e["table_id"]) for e in started] == [
            (str(first.pk), 1, str(table_id))]
        assert any(e["type"] == "table_opened" and e["origin"] == "tournament" for e in people.events(name))
    assert people.types(outsider) == [] and people.types(organiser) == []

    # The organiser's next tournament is announced to its regulars a and b, not to the outsider.
    opens = timezone.now() + timedelta(minutes=5)
    second = tournaments.tournament_create(creator=acc[organiser], name="Cup 2", format="round_robin",
                                           preset="standard", registration_opens_at=opens,
                                           starts_at=opens + timedelta(hours=1))
    assert "tournament_registration_opened" not in people.types(a)  # not open yet
    assert tournaments.registrations_announce(now=opens + timedelta(seconds=1)) == [second.pk]
    assert tournaments.registrations_announce(now=opens + timedelta(seconds=2)) == []  # once
    for name in (a, b):
        (event,) = [e for e in people.events(name) if e["type"] == "tournament_registration_opened"]
        assert event["tournament_id"] == str(second.pk) and event["name"] == "Cup 2"
    assert people.types(outsider) == [] and people.types(organiser) == []

    tournaments.tournament_cancel(tournament_id=first.pk, by=acc[organiser])
    for name in (a, b):
        (event,) = [e for e in people.events(name) if e["type"] == "tournament_finished"]
        assert (event["tournament_id"], event["status"]) == (str(first.pk), "cancelled")
    assert Tournament.objects.get(pk=first.pk).status == Tournament.Status.CANCELLED
    assert people.types(outsider) == []


def test_a_ladder_game_reaches_its_bot_accounts_only(people: Players) -> None:
    creator = people.make()
    bots = [people.make("bot") for _ in range(2)]
    idle = people.make("bot")
    ladder = ladders.ladder_create(creator=people.accounts[creator], name="ladder", preset="standard")
    for name in bots:
        ladders.ladder_join(ladder_id=ladder.pk, player=people.accounts[name])
        services.player_seen(player=people.accounts[name])
    for i in range(2):
        ladders.ladder_join(ladder_id=ladder.pk, player=people.accounts[creator], bot_level="easy", name=f"e{i}")
    # One game earned (games_per_hour 60), within the bots' presence window.
    (game,) = ladders.schedule(ladder_id=ladder.pk, now=timezone.now() + timedelta(seconds=61))
    for name in bots:
        events = people.events(name)
        assert {e["type"] for e in events} >= {"table_opened", "ladder_game_opened"}
        (opened,) = [e for e in events if e["type"] == "ladder_game_opened"]
        assert (opened["ladder_id"], opened["table_id"]) == (str(ladder.pk), str(game.table_id))
    assert people.types(idle) == [] and people.types(creator) == []


def test_seeks_pair_a_full_table_at_once_and_refuse_a_second_seek(people: Players) -> None:
    names = [people.make() for _ in range(4)]
    other = people.make()
    body = {"preset": "standard", "overrides": {"target": 200}, "fill_with_bots_after": 600}
    first = people.clients[names[0]].post("/api/v1/seeks/", body)
    assert first.status_code == 201 and first.body["status"] == "waiting"
    again = people.clients[names[0]].post("/api/v1/seeks/", {"preset": "easy"})
    assert again.status_code == 409 and again.body["code"] == "seek_exists"
    people.clients[other].post("/api/v1/seeks/", {"preset": "standard", "fill_with_bots_after": 600})  # no match
    for name in names[1:3]:
        assert people.clients[name].post("/api/v1/seeks/", body).body["status"] == "waiting"
    last = people.clients[names[3]].post("/api/v1/seeks/", body)
    assert last.body["status"] == "matched" and last.body["table"]
    table = Table.objects.get(pk=last.body["table"])
    assert {s.player.name for s in table.seats.all()} == set(names) and table.status == Table.Status.PLAYING
    for name in names:
        assert [e["origin"] for e in people.events(name) if e["type"] == "table_opened"] == ["seek"]
    assert people.types(other) == []
    gone = people.clients[names[0]].request("DELETE", f"/api/v1/seeks/{first.body['id']}/")
    assert gone.status_code == 409 and gone.body["code"] == "seek_not_waiting"
    mine = people.clients[other].get("/api/v1/seeks/").body["results"][0]
    assert people.clients[other].request("DELETE", f"/api/v1/seeks/{mine['id']}/", check=False).status_code == 204
    assert Seek.objects.get(pk=mine["id"]).status == Seek.Status.CANCELLED


def test_seekers_are_grouped_by_ladder_rating(people: Players) -> None:
    creator = people.make()
    names = [people.make("bot") for _ in range(5)]
    ladder = ladders.ladder_create(creator=people.accounts[creator], name="rated", preset="standard")
    ratings = {names[0]: 30.0, names[1]: 1.0, names[2]: 29.0, names[3]: 2.0, names[4]: 28.0}
    for name, rating in ratings.items():
        entry = ladders.ladder_join(ladder_id=ladder.pk, player=people.accounts[name])
        type(entry).objects.filter(pk=entry.pk).update(rating=rating)
    for name in names:  # two clusters (28-30 and 1-2): neither fills a table of four within the window
        matchmaking.seek_create(player=people.accounts[name], preset="standard", fill_with_bots_after=600)
    assert not Table.objects.exists()
    seek = Seek.objects.get(player__name=names[0])
    assert seek.rating == 30.0
    assert matchmaking.seek_fill(seek_id=seek.pk, now=seek.fill_at - timedelta(seconds=1)) is None  # not yet
    table = matchmaking.seek_fill(seek_id=seek.pk, now=seek.fill_at + timedelta(seconds=1))
    assert table is not None
    assert [s.player.name if s.player else s.bot_level for s in table.seats.all()] == [
        names[0], names[2], names[4], "normal"]  # strongest first, a bot in the seat left
    low = Seek.objects.get(player__name=names[1])
    other = matchmaking.seek_fill(seek_id=low.pk, now=low.fill_at + timedelta(seconds=1))
    assert other is not None
    assert [s.player.name if s.player else s.bot_level for s in other.seats.all()] == [
        names[3], names[1], "normal", "normal"]
    assert matchmaking.seek_fill(seek_id=low.pk, now=low.fill_at + timedelta(seconds=2)) is None  # once
    assert not Seek.objects.filter(status=Seek.Status.WAITING).exists()


def test_a_long_poll_returns_when_an_event_arrives_and_resumes_by_seq(people: Players) -> None:
    alice, bob = people.make(), people.make()
    empty = people.clients[bob].get("/api/v1/players/me/events/", {"after": 0, "wait": 0})
    assert empty.body == {"seq": 0, "events": []}
    for _ in range(3):
        people.clients[alice].post("/api/v1/challenges/", {"opponent": bob})
    events = people.events(bob)
    assert [e["seq"] for e in events] == [1, 2, 3]
    assert [e["seq"] for e in people.events(bob, after=2)] == [3]
    polled = people.clients[bob].get("/api/v1/players/me/events/", {"after": 3, "wait": 0})
    assert polled.body == {"seq": 3, "events": []}
