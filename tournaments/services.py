"""The only code that changes tournaments: creation, registration, the start, and advancement round by round.

Pairing is the pure library's (``tournaments.formats``); games are ordinary tables opened through
``games.services``. Advancement locks the tournament row, so two games ending at the same moment (two
workers, two ``table_finished`` tasks) record their results one after the other and the round that follows is
created once; the unique (tournament, number) constraint on rounds is the last guard.

The entrants hear of each round (``tournament_round_started``, with their table) and of the end
(``tournament_finished``) on their event streams. ``tournament_registration_opened`` goes to the organiser's
regulars, the accounts that were members of an entry of one of the organiser's earlier tournaments (everyone
would be a broadcast to every account; the entrants of this one do not exist yet when it opens): at creation
when registration opens at once, otherwise from the beat tick once ``registration_opens_at`` passes.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max, QuerySet
from django.utils import timezone

from core.errors import ErrorCode, ServiceError
from games import engine
from games import selectors as game_selectors
from games import services as games
from games.models import Player, Table
from games.player_events import TournamentFinished, TournamentRegistrationOpened, TournamentRoundStarted
from tournaments import formats
from tournaments.models import Entry, EntryMember, LadderEntry, Match, Round, Tournament

ELIMINATION = {Tournament.Format.SINGLE_ELIMINATION, Tournament.Format.DOUBLE_ELIMINATION}
DUPLICATE_BOARDS = 4  # boards per duplicate round when the organiser names no number
DUPLICATE_TARGET = 100_000  # no side reaches it: a duplicate table plays every board of the round
MOVE_SECONDS = 30.0  # the default clock: a no-show or a player who walks away is played by the clock rules


@dataclass(frozen=True)
class MemberSpec:
    """One member of an entry: a player account, or a built-in bot of ``bot_level``."""

    player: Player | None = None
    bot_level: str = ""


def match_rules(fmt: str, preset: str, overrides: dict[str, Any] | None, hands: int | None) -> engine.RuleSet:
    """The rule set of a tournament's tables: the organiser's, with what the format needs on top.

    A fixed number of deals is ``hand_cap``. Elimination needs a winner, so a tie plays another hand;
    other formats score a tie as a draw. Duplicate tables play every board, so nothing ends them early."""
    switches = dict(overrides or {})
    if fmt == Tournament.Format.DUPLICATE:
        switches |= {"hand_cap": hands or DUPLICATE_BOARDS, "target": DUPLICATE_TARGET, "mercy_floor": None,
                     "win_by_margin": None, "tie": "draw"}
        if engine.make_rules(preset, overrides).boston == "win":
            switches["boston"] = "bonus"
    elif hands is not None:
        switches |= {"hand_cap": hands, "tie": "play_on" if fmt in ELIMINATION else "draw"}
    elif fmt in ELIMINATION:
        switches["tie"] = "play_on"
    return engine.make_rules(preset, switches)


def table_size(rules: dict[str, Any]) -> int:
    """Entries per table: one per side."""
    return len(engine.rules_from_dict(rules).teams)


def members_per_entry(rules: dict[str, Any]) -> int:
    return len(engine.rules_from_dict(rules).teams[0])


def tournament_create(*, creator: Player, name: str, format: str, preset: str, overrides: dict[str, Any] | None = None,
                      rounds: int | None = None, hands_per_match: int | None = None, max_entries: int | None = None,
                      starts_at: datetime | None = None, registration_opens_at: datetime | None = None,
                      registration_closes_at: datetime | None = None) -> Tournament:
    """Open a tournament for registration; it starts at ``starts_at`` (by beat) or when its organiser says.
    Its games have a move clock unless the rule set names one, so an absent player cannot stall a round.
    Entries are taken from ``registration_opens_at`` (default: now) until ``registration_closes_at``
    (default: the start). An organiser has at most ``MAX_TOURNAMENTS`` tournaments that are not over
    (``too_many_tournaments``), counted under its row lock."""
    overrides = {"move_seconds": MOVE_SECONDS} | dict(overrides or {})
    rules = match_rules(format, preset, overrides, hands_per_match)
    size = len(rules.teams)
    if format != Tournament.Format.ROUND_ROBIN and format != Tournament.Format.SWISS and size != 2:
        raise ServiceError(ErrorCode.INVALID, errors={"format": [f"{format} pairs two sides a table; this rule set "
                                                                 f"seats {size} sides (use round_robin or swiss)."]})
    tournament = Tournament(
        name=name, format=format, preset=preset, rules=rules.to_dict(), rounds=rounds,
        hands_per_match=hands_per_match, max_entries=max_entries, starts_at=starts_at,
        registration_opens_at=registration_opens_at, registration_closes_at=registration_closes_at,
        created_by=creator, seed=secrets.token_hex(16))
    _check_schedule(tournament, changed={"starts_at"} if starts_at is not None else set())
    with transaction.atomic():
        limit = settings.MAX_TOURNAMENTS
        if games.player_at_cap(player_id=creator.pk, held=Tournament.objects.filter(
                created_by=creator, status__in=[Tournament.Status.REGISTERING, Tournament.Status.RUNNING]),
                limit=limit):
            raise ServiceError(ErrorCode.TOO_MANY_TOURNAMENTS, params={"limit": limit})
        tournament.save()
        if registration_opens_at is None or registration_opens_at <= timezone.now():
            _announce_registration(tournament)
    return tournament


def registrations_announce(now: datetime | None = None) -> list[Any]:
    """Tell the regulars of every tournament whose registration window has opened since it was created
    (beat); returns their ids."""
    now = now or timezone.now()
    due = list(Tournament.objects.filter(status=Tournament.Status.REGISTERING, registration_announced=False,
                                         registration_opens_at__lte=now).values_list("pk", flat=True))
    for pk in due:
        with transaction.atomic():
            tournament = _lock(pk)
            if not tournament.registration_announced:
                _announce_registration(tournament)
    return due


EDITABLE = ("name", "starts_at", "registration_opens_at", "registration_closes_at")
"""What an organiser may change before the start (the format, rules and entries' terms are fixed)."""


def tournament_update(*, tournament_id: Any, by: Player, changes: dict[str, Any]) -> Tournament:
    """Change the name, the start (``starts_at``; null: started by hand) or the registration window of a
    tournament that has not started; its organiser only. After the start: ``tournament_started``; once it is
    over or cancelled: ``tournament_over``."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ServiceError(ErrorCode.INVALID, errors={k: ["This cannot be changed."] for k in sorted(unknown)})
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _organiser_only(tournament, by, "Only the organiser changes it.")
        _not_over(tournament)
        if tournament.status != Tournament.Status.REGISTERING:
            raise ServiceError(ErrorCode.TOURNAMENT_STARTED,
                               errors={k: ["The tournament has started: this is fixed now."] for k in changes})
        for key, value in changes.items():
            setattr(tournament, key, value)
        _check_schedule(tournament, changed={k for k in changes if k == "starts_at" and changes[k] is not None})
        if changes:
            tournament.save(update_fields=list(changes))
    return tournament


def tournament_cancel(*, tournament_id: Any, by: Player) -> Tournament:
    """Cancel a tournament that is not over (its organiser only): no round is paired any more, and every
    table still being played is finished as abandoned (``games.services.table_abandon``: its players and
    watchers see it end in the events feed). Nothing is deleted: entries, rounds, the results of finished
    matches (recorded now if their game ended a moment ago) and the abandoned matches stay readable.

    Holds the tournament's row lock throughout, as pairing does (:func:`advance`, :func:`tournament_start`),
    so a round being paired is either complete before this starts, and its tables are abandoned here, or is
    never paired, because the pairing then finds the tournament cancelled."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _organiser_only(tournament, by, "Only the organiser cancels it.")
        _not_over(tournament)
        now = timezone.now()
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        playing = list(Match.objects.filter(round__tournament=tournament, status=Match.Status.PLAYING)
                       .select_related("round__tournament").order_by("round__number", "number"))
        # the tables before their players, as every move takes them (games.services.tables_lock); then
        # every player told, in one batch
        games.tables_lock(match.table_id for match in playing if match.table_id is not None)
        _announce_end(tournament)
        for match in playing:
            if match.table_id is not None and not games.table_abandon(table_id=match.table_id,
                                                                        reason="tournament_cancelled"):
                _record(match, game_selectors.table_result(table_id=match.table_id))  # it had just ended
                continue
            match.status = Match.Status.ABANDONED
            match.finished_at = now
            match.save(update_fields=["status", "finished_at"])
    return tournament


def entry_register(*, tournament_id: Any, by: Player, name: str, members: Sequence[MemberSpec]) -> Entry:
    """Register an entry. A player may enter itself; the organiser may also enter other accounts; anyone may
    fill a place with a built-in bot."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        now = timezone.now()
        if tournament.status != Tournament.Status.REGISTERING or (
                tournament.registration_closes_at is not None and now >= tournament.registration_closes_at):
            raise ServiceError(ErrorCode.REGISTRATION_CLOSED)
        if tournament.registration_opens_at is not None and now < tournament.registration_opens_at:
            raise ServiceError(ErrorCode.REGISTRATION_NOT_OPEN, opens_at=tournament.registration_opens_at.isoformat())
        need = members_per_entry(tournament.rules)
        if len(members) != need:
            raise ServiceError(ErrorCode.ENTRY_SIZE, errors={"members": [f"An entry here has {need} member(s)."]})
        accounts = [m.player for m in members if m.player is not None]
        if any(p.pk != by.pk for p in accounts) and by.pk != tournament.created_by_id:
            raise ServiceError(ErrorCode.PERMISSION_DENIED,
                               errors={"members": ["Only the organiser may enter other players."]})
        if len({p.pk for p in accounts}) != len(accounts) or EntryMember.objects.filter(
                entry__tournament=tournament, entry__withdrawn_at__isnull=True, player__in=accounts).exists():
            raise ServiceError(ErrorCode.ALREADY_REGISTERED)
        if tournament.max_entries and _active_entries(tournament).count() >= tournament.max_entries:
            raise ServiceError(ErrorCode.TOURNAMENT_FULL)
        if Entry.objects.filter(tournament=tournament, name=name).exists():
            raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": ["An entry of this tournament has that name."]})
        entry = Entry.objects.create(tournament=tournament, name=name, registered_by=by, rating=_rating_of(members))
        EntryMember.objects.bulk_create(EntryMember(entry=entry, position=i, player=m.player, bot_level=m.bot_level)
                                        for i, m in enumerate(members))
    return entry


def entry_withdraw(*, tournament_id: Any, entry_id: int, by: Player) -> None:
    """Take an entry out: gone before the start; afterwards it forfeits every match not yet paired."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        entry = Entry.objects.filter(tournament=tournament, pk=entry_id, withdrawn_at__isnull=True).first()
        if entry is None:
            raise ServiceError(ErrorCode.NOT_FOUND)
        if by.pk not in (entry.registered_by_id, tournament.created_by_id):
            raise ServiceError(ErrorCode.PERMISSION_DENIED)
        if tournament.status == Tournament.Status.REGISTERING:
            entry.delete()
        elif tournament.status == Tournament.Status.RUNNING:
            entry.withdrawn_at = timezone.now()
            entry.save(update_fields=["withdrawn_at"])
        else:
            raise ServiceError(ErrorCode.TOURNAMENT_OVER)


def tournament_start(*, tournament_id: Any, by: Player | None = None) -> Tournament:
    """Close registration, seed the entries by rating and start round 1. ``by`` None is the scheduler."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if by is not None:
            _organiser_only(tournament, by, "Only the organiser starts it.")
        if tournament.status != Tournament.Status.REGISTERING:
            raise ServiceError(ErrorCode.TOURNAMENT_STARTED)
        entries = list(_active_entries(tournament).order_by("-rating", "created_at", "id"))
        try:
            formats.validate(tournament.format, len(entries), rounds=tournament.rounds,
                             table_size=table_size(tournament.rules))
        except formats.FormatError as exc:
            if by is None:  # the scheduled start came and the field cannot be played: cancel rather than wait
                tournament.status = Tournament.Status.CANCELLED
                tournament.finished_at = timezone.now()
                tournament.save(update_fields=["status", "finished_at"])
                return tournament
            raise ServiceError(ErrorCode.TOO_FEW_ENTRIES, str(exc)) from exc
        for seed, entry in enumerate(entries, start=1):
            entry.seed = seed
        Entry.objects.bulk_update(entries, ["seed"])
        tournament.status = Tournament.Status.RUNNING
        tournament.started_at = timezone.now()
        tournament.save(update_fields=["status", "started_at"])
        _next_round(tournament)
    return tournament


def start_due(now: datetime | None = None) -> list[Any]:
    """Start every tournament whose scheduled time has come (beat); returns their ids."""
    now = now or timezone.now()
    due = list(Tournament.objects.filter(status=Tournament.Status.REGISTERING, starts_at__lte=now)
               .values_list("pk", flat=True))
    for pk in due:
        with contextlib.suppress(ServiceError):  # started by its organiser in the meantime
            tournament_start(tournament_id=pk)
    return due


def advance(*, tournament_id: Any) -> None:
    """Record every finished game of the current round; when the round is complete, pair the next one (or
    finish the tournament). Safe to call any number of times, from any number of workers at once."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            return
        current = tournament.round_set.filter(number=tournament.current_round).first()
        if current is None:
            return
        open_matches = list(current.matches.filter(status=Match.Status.PLAYING).select_related("table"))
        for match in open_matches:
            if match.table is not None and match.table.status == Table.Status.FINISHED:
                _record(match, game_selectors.table_result(table_id=match.table_id))
        if any(m.status == Match.Status.PLAYING for m in open_matches):
            return
        current.finished_at = timezone.now()
        current.save(update_fields=["finished_at"])
        _next_round(tournament)


def stalled_running(limit: int = 100) -> list[Any]:
    """Running tournaments with a finished game not yet recorded: the beat safety net for a lost
    ``table_finished`` message. (No ordering: the model's would widen the DISTINCT.)"""
    return list(Match.objects.filter(status=Match.Status.PLAYING, table__status=Table.Status.FINISHED,
                                     round__tournament__status=Tournament.Status.RUNNING)
                .order_by().values_list("round__tournament_id", flat=True).distinct()[:limit])


# Internals -----------------------------------------------------------------------------------------------

def _organiser_only(tournament: Tournament, by: Player, why: str) -> None:
    if by.pk != tournament.created_by_id:
        raise ServiceError(ErrorCode.PERMISSION_DENIED, errors={"tournament": [why]})


def _not_over(tournament: Tournament) -> None:
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise ServiceError(ErrorCode.TOURNAMENT_OVER)


def _check_schedule(tournament: Tournament, *, changed: set[str]) -> None:
    """The start, when it is being set, lies ahead; the registration window opens before it closes and
    closes no later than the start."""
    errors: dict[str, list[str]] = {}
    if "starts_at" in changed and tournament.starts_at is not None and tournament.starts_at <= timezone.now():
        errors["starts_at"] = ["Choose a time in the future."]
    opens, closes, start = (tournament.registration_opens_at, tournament.registration_closes_at,
                            tournament.starts_at)
    if opens is not None and closes is not None and opens >= closes:
        errors["registration_closes_at"] = ["Registration must open before it closes."]
    elif closes is not None and start is not None and closes > start:
        errors["registration_closes_at"] = ["Registration closes at the start at the latest."]
    if opens is not None and start is not None and opens >= start:
        errors["registration_opens_at"] = ["Registration must open before the start."]
    if errors:
        raise ServiceError(ErrorCode.INVALID, errors=errors)


def _lock(tournament_id: Any) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return tournament


def _active_entries(tournament: Tournament) -> QuerySet[Entry]:
    return Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True)


def _rating_of(members: Sequence[MemberSpec]) -> float:
    """Seeding strength: the mean over members of their best ladder rating (0 without one)."""
    best = []
    for m in members:
        rows = LadderEntry.objects.filter(player=m.player) if m.player else LadderEntry.objects.filter(
            player__isnull=True, bot_level=m.bot_level)
        best.append(rows.aggregate(best=Max("rating"))["best"] or 0.0)
    return sum(best) / len(best)


def history(tournament: Tournament) -> tuple[list[int], list[list[formats.Result]]]:
    """The seeded entry ids and every finished round's results, as the pairing library takes them."""
    entries = list(tournament.entries.exclude(seed=None).order_by("seed").values_list("pk", flat=True))
    done: list[list[formats.Result]] = []
    for rnd in tournament.round_set.prefetch_related("matches").order_by("number"):
        matches = list(rnd.matches.all())
        if any(m.status != Match.Status.FINISHED for m in matches):
            break
        done.append([_result(m, rnd.number) for m in matches])
    return entries, done


def _result(match: Match, round_number: int) -> formats.Result:
    pairing = formats.Match(round=round_number, number=match.number, entries=tuple(match.entries),
                            bracket=match.bracket, label=match.label)
    boards = {int(k): tuple(v) for k, v in match.boards.items()}
    return formats.Result(match=pairing, scores=tuple(match.scores), winner=match.winner, boards=boards)


def _next_round(tournament: Tournament) -> None:
    entries, done = history(tournament)
    try:
        pairings = formats.next_round(tournament.format, entries, done, rounds=tournament.rounds,
                                      table_size=table_size(tournament.rules), seed=tournament.seed)
    except formats.FormatError:
        raise
    except ValueError:
        # Late in a long Swiss every pairing left may be a rematch; the event ends on the rounds played.
        pairings = None
    if pairings is None:
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        _announce_end(tournament)
        return
    number = tournament.current_round + 1
    rnd = Round.objects.create(tournament=tournament, number=number, deal_seed=f"{tournament.seed}/round/{number}")
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    withdrawn = set(tournament.entries.exclude(withdrawn_at=None).values_list("pk", flat=True))
    seeds = dict(tournament.entries.values_list("pk", "seed"))
    members = _members_by_entry(tournament)
    # the round's tables tell their players one table at a time: take all their locks first, in one order
    games.player_logs_lock({member.player_id for entry, rows in members.items() if entry not in withdrawn
                            for member in rows if member.player_id is not None})
    tables: dict[int, Any] = {}  # entry -> its table this round (None: a bye or a forfeit)
    for pairing in pairings:
        match = Match(round=rnd, number=pairing.number, entries=list(pairing.entries), bracket=pairing.bracket,
                      label=pairing.label)
        present = [e for e in pairing.entries if e not in withdrawn]
        if pairing.is_bye:
            _finish(match, result="bye", winner=pairing.entries[0])
        elif len(present) < len(pairing.entries):
            _finish(match, result="forfeit", winner=_forfeit_winner(tournament, pairing.entries, present, seeds))
        else:
            match.table = _open_table(tournament, rnd, pairing.entries, members)
        match.save()
        tables.update({entry: match.table_id for entry in pairing.entries})
    games.player_events_publish(events=[
        (member.player_id, TournamentRoundStarted(
            tournament_id=str(tournament.pk), round=number,
            table_id=None if tables.get(entry) is None else str(tables[entry])))
        for entry, rows in members.items() if entry in tables and entry not in withdrawn
        for member in rows if member.player_id is not None])
    if all(m.status == Match.Status.FINISHED for m in rnd.matches.all()):
        rnd.finished_at = timezone.now()
        rnd.save(update_fields=["finished_at"])
        _next_round(tournament)  # a round of byes and forfeits only: nothing to wait for


def _forfeit_winner(tournament: Tournament, entries: Sequence[int], present: list[int],
                    seeds: dict[int, int | None]) -> int | None:
    """Who takes a match that some entries forfeit: the one still in it; with nobody left, a draw, except
    in elimination, which needs a winner to go on and gives it to the better seed."""
    if len(present) == 1:
        return present[0]
    if tournament.format in ELIMINATION:
        return min(present or entries, key=lambda e: seeds.get(e) or 0)
    return None


def _announce_registration(tournament: Tournament) -> None:
    """``tournament_registration_opened`` for the organiser's regulars (see the module's docstring), once."""
    regulars = (EntryMember.objects.filter(entry__tournament__created_by=tournament.created_by_id,
                                           player__isnull=False)
                .exclude(entry__tournament=tournament).values_list("player_id", flat=True).distinct())
    closes = tournament.registration_closes_at or tournament.starts_at
    event = TournamentRegistrationOpened(tournament_id=str(tournament.pk), name=tournament.name,
                                         format=tournament.format,
                                         closes_at=closes.isoformat() if closes is not None else None)
    games.player_events_publish(events=[(pid, event) for pid in set(regulars)])
    tournament.registration_announced = True
    tournament.save(update_fields=["registration_announced"])


def _announce_end(tournament: Tournament) -> None:
    """``tournament_finished`` for every account entered (withdrawn entries too: they were in it)."""
    event = TournamentFinished(tournament_id=str(tournament.pk), status=tournament.status)  # type: ignore[arg-type]
    members = EntryMember.objects.filter(entry__tournament=tournament, player__isnull=False)
    games.player_events_publish(events=[(pid, event) for pid in set(members.values_list("player_id", flat=True))])


def _members_by_entry(tournament: Tournament) -> dict[int, list[EntryMember]]:
    out: dict[int, list[EntryMember]] = {}
    for member in EntryMember.objects.filter(entry__tournament=tournament).select_related("player"):
        out.setdefault(member.entry_id, []).append(member)
    return {k: sorted(v, key=lambda m: m.position) for k, v in out.items()}


def _open_table(tournament: Tournament, rnd: Round, entries: Sequence[int],
                members: dict[int, list[EntryMember]]) -> Table:
    duplicate = tournament.format == Tournament.Format.DUPLICATE
    return games.table_open_seated(creator=tournament.created_by, preset=tournament.preset, rules=tournament.rules,
                                   sides=[members[entry] for entry in entries],
                                   seed=rnd.deal_seed if duplicate else None,
                                   deal_group=f"round-{rnd.pk}" if duplicate else "", origin="tournament",
                                   origin_id=str(tournament.pk))


def _record(match: Match, result: game_selectors.TableResult) -> None:
    """The finished table's result on its match: final scores by side, the winner, and for duplicate the
    points of each side on each board."""
    winner = None if result.winner is None else match.entries[result.winner]
    match.scores = list(result.scores)
    if match.round.tournament.format == Tournament.Format.DUPLICATE:
        match.boards = {str(hand.number): list(hand.points) for hand in result.hands}
    _finish(match, result="win" if winner is not None else "draw", winner=winner)
    match.save()


def _finish(match: Match, *, result: str, winner: int | None) -> None:
    match.status = Match.Status.FINISHED
    match.result = result
    match.winner = winner
    match.finished_at = timezone.now()
