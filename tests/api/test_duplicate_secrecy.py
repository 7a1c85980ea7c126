"""A duplicate round keeps its boards secret: every table of the round is dealt the same cards, so nothing a
caller can read shows a board that another table of the round is still playing.

The round below has two tables at different speeds: table A plays both boards while table B is still
bidding the first. Whoever has no seat at A (B's players, an outsider) gets no card of A, no events and no
result from it; nobody, A's own seats included, reads a board's hand record before B has played that board;
the tournament's rounds show no scores. Then B catches up, board by board, and everything becomes public as
it does for any table.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import CARD_NAMES
from games.models import Hand, Player, Table
from tests.api.players import Driver
from tests.tournaments.helpers import account
from tournaments import services as tournaments
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db

CARDS = frozenset(CARD_NAMES)


def cards_named(body: Any) -> set[str]:
    """Every card a JSON body names (a string value that is a card)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in CARDS:
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(body)
    return found


def play_hands(driver: Driver, hands: int) -> None:
    """Act at the driver's table until ``hands`` hands are over there (or the table is finished)."""
    driver.table = driver.view(0)
    while driver.table["status"] != "finished" and driver.table["view"]["hands_played"] < hands:
        driver.step()


@pytest.fixture
def round_of_two(register: Any, client_for: Any) -> tuple[Tournament, dict[str, Driver], Any]:
    """A duplicate tournament of one round of two boards, four entries of two players: its two tables'
    drivers (``A`` and ``B``, each with a client per seat) and an outsider's client."""
    organiser = account()
    tournament = tournaments.tournament_create(creator=organiser, name="pairs", format="duplicate",
                                               preset="standard", rounds=1, hands_per_match=2)
    tokens: dict[str, str] = {}
    for i in range(4):
        pair = [register() for _ in range(2)]
        for body, token in pair:
            tokens[body["name"]] = token
        members = [tournaments.MemberSpec(player=Player.objects.get(name=body["name"])) for body, _ in pair]
        tournaments.entry_register(tournament_id=tournament.pk, by=organiser, name=f"pair {i}", members=members)
    tournaments.tournament_start(tournament_id=tournament.pk, by=organiser)
    drivers = {}
    for name, match in zip("AB", Match.objects.filter(round__tournament=tournament).order_by("number"), strict=True):
        table = Table.objects.get(pk=match.table_id)
        assert table.deal_group  # the round's tables know they share their boards
        clients = [client_for(tokens[seat.player.name]) for seat in table.seats.order_by("index")]
        drivers[name] = Driver(clients, str(table.pk), random.Random(name))
    outsider = client_for(register()[1])
    return tournament, drivers, outsider


def reads(client: Any, table_id: str, tournament_id: Any) -> dict[str, Any]:
    """Everything ``client`` can read about a table and its tournament, by what was asked."""
    base = f"/api/v1/tables/{table_id}/"
    tour = f"/api/v1/tournaments/{tournament_id}/"
    return {
        "table": client.get(base),
        "events": client.get(base + "events/"),
        "stream": client.get(base + "events/stream/", check=False),
        "legal": client.get(base + "legal/"),
        "hint": client.get(base + "hint/"),
        "hand 1": client.get(base + "hands/1/"),
        "hand 2": client.get(base + "hands/2/"),
        "analysis 1": client.get(base + "hands/1/analysis/"),
        "analysis 2": client.get(base + "hands/2/analysis/"),
        "list": client.get("/api/v1/tables/", {"tournament": str(tournament_id)}),
        "tournament": client.get(tour),
        "rounds": client.get(tour + "rounds/"),
        "standings": client.get(tour + "standings/"),
        "my events": client.get("/api/v1/players/me/events/"),
    }


def assert_sealed(answers: dict[str, Any], *, hands_public: set[int]) -> None:
    """No answer names a card of the sealed table or shows its result; the hand records of the boards not
    yet played everywhere are refused."""
    table = answers["table"]
    assert table.status_code == 200 and table.body["sealed"] is True
    assert table.body["view"] is None and table.body["winner"] is None and table.body["result"] is None
    for what in ("events", "stream"):
        assert answers[what].status_code == 403, (what, answers[what].content[:200])
        assert json.loads(answers[what].content)["code"] == "board_in_play"
    for number in (1, 2):
        answer = answers[f"hand {number}"]
        review = answers[f"analysis {number}"]  # a review holds the deal: public exactly with the record
        if number in hands_public:
            assert answer.status_code == 200, answer.body
            assert review.status_code in (200, 202), review.body
        else:
            assert answer.status_code in (403, 404), answer.body
            assert answer.body["code"] in ("board_in_play", "hand_not_finished")
            assert (review.status_code, review.body["code"]) == (answer.status_code, answer.body["code"])
    for match in answers["rounds"].body[0]["matches"]:
        assert match["scores"] == [] and match["boards"] is None and match["winner"] is None
    for what, answer in answers.items():
        if what.startswith(("hand", "analysis")) and answer.status_code in (200, 202):
            continue
        body = json.loads(answer.content) if answer.content else None
        assert not cards_named(body), f"{what} names cards of a board still in play: {sorted(cards_named(body))}"


def test_a_duplicate_round_shows_no_board_another_table_still_plays(round_of_two: Any) -> None:
    tournament, drivers, outsider = round_of_two
    a, b = drivers["A"], drivers["B"]

    # A plays both boards; B has not begun.
    play_hands(a, 2)
    assert a.table["status"] == "finished"
    b_player = b.clients[0]
    for reader in (b_player, outsider):
        assert_sealed(reads(reader, a.table_id, tournament.pk), hands_public=set())
    # Nobody reads a board's record while another table still plays it, A's own seats included.
    own = a.clients[0].get(f"/api/v1/tables/{a.table_id}/hands/1/")
    assert own.status_code == 403 and own.body["code"] == "board_in_play"
    own = a.clients[0].get(f"/api/v1/tables/{a.table_id}/hands/1/analysis/")
    assert own.status_code == 403 and own.body["code"] == "board_in_play"
    # A's seats still see their own finished table.
    mine = a.clients[0].get(f"/api/v1/tables/{a.table_id}/")
    assert mine.body["sealed"] is False and mine.body["view"] is not None
    # B's players see their own table as usual, cards and all.
    theirs = b_player.get(f"/api/v1/tables/{b.table_id}/")
    assert theirs.body["sealed"] is False and theirs.body["view"]["hand"]

    # B plays board 1: its record is public at both tables; board 2's is not; the tables stay sealed.
    play_hands(b, 1)
    assert b.table["view"]["hands_played"] == 1 and b.table["status"] == "playing"
    answers = reads(outsider, a.table_id, tournament.pk)
    assert_sealed(answers, hands_public={1})
    assert answers["hand 1"].body["dealt"] == Hand.objects.get(table_id=b.table_id, number=1).record["dealt"]
    spectated = outsider.get(f"/api/v1/tables/{b.table_id}/")
    assert spectated.body["sealed"] is True and spectated.body["view"] is None

    # B finishes: the round is over and both tables are public as any other.
    play_hands(b, 2)
    assert b.table["status"] == "finished"
    tournaments.advance(tournament_id=tournament.pk)  # what the table_finished task does after the commit
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    for table_id in (a.table_id, b.table_id):
        base = f"/api/v1/tables/{table_id}/"
        table = outsider.get(base)
        assert table.body["sealed"] is False and table.body["view"] is not None
        assert table.body["winner"] == Table.objects.get(pk=table_id).winner
        events = outsider.get(base + "events/")
        assert events.status_code == 200 and cards_named(events.body)  # the played cards, now public
        for number in (1, 2):
            assert outsider.get(base + f"hands/{number}/").status_code == 200
            assert outsider.get(base + f"hands/{number}/analysis/").status_code == 202  # no worker here
    matches = outsider.get(f"/api/v1/tournaments/{tournament.pk}/rounds/").body[0]["matches"]
    assert all(m["scores"] and set(m["boards"]) == {"1", "2"} for m in matches)


def test_tables_of_their_own_are_not_sealed(register: Any, client_for: Any) -> None:
    """A table outside a duplicate round is watched as before: a spectator sees its played cards at once."""
    from tests.api.test_full_games import open_table

    table_id, clients = open_table(register, client_for, "standard", {"target": 150})
    driver = Driver(clients, table_id, random.Random(3))
    for _ in range(20):
        driver.step()
    outsider = client_for(register()[1])
    table = outsider.get(f"/api/v1/tables/{table_id}/")
    assert table.body["sealed"] is False and table.body["view"] is not None
    events = outsider.get(f"/api/v1/tables/{table_id}/events/")
    assert events.status_code == 200 and cards_named(events.body)
