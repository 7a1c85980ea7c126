"""The only code that changes ladders: opting in and out, matchmaking (beat), and rating finished games.

Ratings are openskill's Plackett-Luce team model: a partnership is a team of two ladder entries, so a
bot's rating is its own even though it always plays with a partner. The leaderboard shows the
conservative ``mu - 3 sigma``. Matchmaking seats idle entries that are next to each other in rating, and
pairs the strongest with the weakest of the group so the two sides are even.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from openskill.models import PlackettLuce

from core.errors import ErrorCode, ServiceError
from games import engine
from games import selectors as game_selectors
from games import services as games
from games.models import Player, Table
from games.player_events import LadderGameOpened
from tournaments.models import Ladder, LadderEntry, LadderGame, RatingChange

MODEL = PlackettLuce()
ABANDONED = "abandoned"  # a table's result when it was stopped from outside: nothing to rate
LADDER_MOVE_SECONDS = 10.0  # ladder bots play through the API; a silent one is replaced by the clock rules


def ladder_create(*, creator: Player, name: str, preset: str, overrides: dict[str, Any] | None = None,
                  games_per_hour: float = 60.0, max_concurrent_games: int = 4) -> Ladder:
    """Open a ladder. Its games have a move clock unless the rule set names one, so a bot that stops
    answering cannot stall a game. An account creates at most ``MAX_LADDERS`` ladders (a ladder never ends,
    and a paused one still counts: ``too_many_ladders``), counted under its row lock."""
    switches = dict(overrides or {})
    switches.setdefault("move_seconds", LADDER_MOVE_SECONDS)
    rules = engine.make_rules(preset, switches)
    if Ladder.objects.filter(name=name).exists():
        raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": ["A ladder has that name."]})
    with transaction.atomic():
        limit = settings.MAX_LADDERS
        if games.player_at_cap(player_id=creator.pk, held=Ladder.objects.filter(created_by=creator), limit=limit):
            raise ServiceError(ErrorCode.TOO_MANY_LADDERS, params={"limit": limit})
        try:
            with transaction.atomic():
                return Ladder.objects.create(name=name, preset=preset, rules=rules.to_dict(),
                                             games_per_hour=games_per_hour, max_concurrent_games=max_concurrent_games,
                                             created_by=creator, scheduled_until=timezone.now())
        except IntegrityError as exc:  # the same name, taken by another account at the same moment
            raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": ["A ladder has that name."]}) from exc


def ladder_join(*, ladder_id: Any, player: Player, bot_level: str = "", name: str = "") -> LadderEntry:
    """Opt a bot in: the caller's own bot account, or (the ladder's creator only) a built-in bot as a
    yardstick."""
    ladder = _ladder(ladder_id)
    if bot_level:
        if bot_level not in games.BOT_LEVELS:
            raise ServiceError(ErrorCode.INVALID, errors={"bot_level": [f"One of {', '.join(games.BOT_LEVELS)}."]})
        if player.pk != ladder.created_by_id:
            raise ServiceError(ErrorCode.PERMISSION_DENIED,
                               errors={"bot_level": ["Only the ladder's creator adds built-in bots."]})
        account, name = None, name or f"{bot_level}-bot"
    else:
        if player.kind != Player.Kind.BOT:
            raise ServiceError(ErrorCode.NOT_A_BOT_ACCOUNT)
        existing = LadderEntry.objects.filter(ladder=ladder, player=player).first()
        if existing is not None:
            if existing.active:
                raise ServiceError(ErrorCode.ALREADY_ON_LADDER)
            existing.active = True  # back after opting out: the rating was kept
            existing.save(update_fields=["active"])
            return existing
        account, name = player, player.name
    if LadderEntry.objects.filter(ladder=ladder, name=name).exists():
        raise ServiceError(ErrorCode.NAME_TAKEN, errors={"name": ["An entry of this ladder has that name."]})
    rating = MODEL.rating()
    return LadderEntry.objects.create(ladder=ladder, name=name, player=account, bot_level=bot_level, mu=rating.mu,
                                      sigma=rating.sigma, rating=rating.ordinal())


def ladder_leave(*, ladder_id: Any, entry_id: int, player: Player) -> None:
    """Opt out (the entry's account, or the creator for a built-in bot); rating and history are kept."""
    ladder = _ladder(ladder_id)
    entry = LadderEntry.objects.filter(ladder=ladder, pk=entry_id, active=True).first()
    if entry is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    if player.pk != (entry.player_id or ladder.created_by_id):
        raise ServiceError(ErrorCode.PERMISSION_DENIED)
    entry.active = False
    entry.save(update_fields=["active"])


def ladder_pause(*, ladder_id: Any, by: Player) -> Ladder:
    """Stop opening games (the ladder's creator only); games being played end as usual and are rated.
    Pausing a paused ladder changes nothing."""
    return _set_active(ladder_id, by, active=False)


def ladder_resume(*, ladder_id: Any, by: Player) -> Ladder:
    """Open games again (the ladder's creator only), at the ladder's rate from now: the time it was paused
    earns no games."""
    return _set_active(ladder_id, by, active=True)


def _set_active(ladder_id: Any, by: Player, *, active: bool) -> Ladder:
    with transaction.atomic():  # the lock schedule() takes: a tick in progress ends before the change
        ladder = Ladder.objects.select_for_update().filter(pk=ladder_id).first()
        if ladder is None:
            raise ServiceError(ErrorCode.NOT_FOUND)
        if by.pk != ladder.created_by_id:
            raise ServiceError(ErrorCode.PERMISSION_DENIED,
                               errors={"ladder": ["Only the ladder's creator pauses and resumes it."]})
        if ladder.active != active:
            ladder.active = active
            fields = ["active"]
            if active:
                ladder.scheduled_until = timezone.now()
                fields.append("scheduled_until")
            ladder.save(update_fields=fields)
    return ladder


def schedule(*, ladder_id: Any, now: datetime | None = None, rng: random.Random | None = None) -> list[LadderGame]:
    """Open the games the ladder's rate has earned since it last did (beat calls this every tick)."""
    now = now or timezone.now()
    rng = rng or random.Random()
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update().get(pk=ladder_id)
        if not ladder.active:
            return []
        since = ladder.scheduled_until or now
        earned = int((now - since).total_seconds() / 3600 * ladder.games_per_hour)
        busy = _busy_entries(ladder)
        room = ladder.max_concurrent_games - LadderGame.objects.filter(
            ladder=ladder, table__status=Table.Status.PLAYING).count()
        rules = engine.rules_from_dict(ladder.rules)
        groups: list[list[LadderEntry]] = []
        for _ in range(max(0, min(earned, room))):
            group = _pick_group(ladder, busy, rules.players, rng, now)
            if group is None:
                break
            groups.append(group)
            busy.update(e.pk for e in group)
        # each game tells its players apart: take all their locks first, in one order
        games.player_logs_lock({e.player_id for group in groups for e in group if e.player_id is not None})
        created = [_open_game(ladder, rules, group) for group in groups]
        if created:
            ladder.scheduled_until = since + timedelta(hours=len(created) / ladder.games_per_hour)
        else:  # nobody free or nothing earned yet: credit does not pile up while the ladder is full
            ladder.scheduled_until = max(since, now - timedelta(hours=1 / ladder.games_per_hour))
        ladder.save(update_fields=["scheduled_until"])
    return created


def rate(*, table_id: Any) -> bool:
    """Update the ratings of a finished ladder game's entries, once; returns whether it did."""
    with transaction.atomic():
        game = LadderGame.objects.select_for_update().select_related("table").filter(table_id=table_id).first()
        if game is None or game.rated:
            return False
        result = game_selectors.table_result(table_id=game.table_id)
        if not result.finished or result.result == ABANDONED:
            return False
        entries = {e.pk: e for e in LadderEntry.objects.select_for_update().filter(pk__in=sum(game.sides, []))}
        teams = [[MODEL.rating(mu=entries[pk].mu, sigma=entries[pk].sigma) for pk in side] for side in game.sides]
        scores: list[float] = list(result.scores)
        if result.winner is not None:
            # The winner is the winner even where scores say otherwise (a resignation, a Boston).
            scores = [1.0 if i == result.winner else 0.0 for i in range(len(game.sides))]
        new = MODEL.rate(teams, scores=scores)
        changes = []
        for side, (pks, ratings) in enumerate(zip(game.sides, new, strict=True)):
            for pk, after in zip(pks, ratings, strict=True):
                entry = entries[pk]
                changes.append(RatingChange(entry=entry, game=game, mu_before=entry.mu, sigma_before=entry.sigma,
                                            mu=after.mu, sigma=after.sigma, rating=after.ordinal()))
                entry.mu, entry.sigma, entry.rating = after.mu, after.sigma, after.ordinal()
                entry.games += 1
                entry.wins += int(result.winner == side)
        RatingChange.objects.bulk_create(changes)
        LadderEntry.objects.bulk_update(entries.values(), ["mu", "sigma", "rating", "games", "wins"])
        game.rated = True
        game.save(update_fields=["rated"])
    return True


def unrated_finished(limit: int = 100) -> list[Any]:
    """Finished ladder games not rated yet: the beat safety net for a lost ``table_finished``."""
    return list(LadderGame.objects.filter(rated=False, table__status=Table.Status.FINISHED)
                .exclude(table__result=ABANDONED).values_list("table_id", flat=True)[:limit])


def _ladder(ladder_id: Any) -> Ladder:
    ladder = Ladder.objects.filter(pk=ladder_id).first()
    if ladder is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return ladder


def _busy_entries(ladder: Ladder) -> set[int]:
    busy: set[int] = set()
    for sides in LadderGame.objects.filter(ladder=ladder, table__status=Table.Status.PLAYING).values_list(
            "sides", flat=True):
        busy.update(pk for side in sides for pk in side)
    return busy


def _pick_group(ladder: Ladder, busy: set[int], size: int, rng: random.Random,
                now: datetime) -> list[LadderEntry] | None:
    """``size`` idle entries next to each other in rating, the window chosen at random. A bot account counts
    only if it was seen in the last ``LADDER_PRESENCE_SECONDS`` (``Player.last_seen``): one that went offline
    would have its moves played by the clock. Built-in bots are always there."""
    seen = now - timedelta(seconds=settings.LADDER_PRESENCE_SECONDS)
    rows = (LadderEntry.objects.filter(ladder=ladder, active=True)
            .filter(Q(player__isnull=True) | Q(player__last_seen__gte=seen))
            .select_related("player").order_by("-rating", "pk"))
    idle = [e for e in rows if e.pk not in busy]
    if len(idle) < size:
        return None
    start = rng.randrange(len(idle) - size + 1)
    return idle[start:start + size]


def _open_game(ladder: Ladder, rules: engine.RuleSet, group: list[LadderEntry]) -> LadderGame:
    """Seat the group: in partnerships the best and the worst against the middle two."""
    if rules.partnerships:
        best, second, third, worst = group
        sides = [[best, worst], [second, third]]
    else:
        sides = [[entry] for entry in group]
    table = games.table_open_seated(creator=ladder.created_by, preset=ladder.preset, rules=ladder.rules, sides=sides,
                                    origin="ladder", origin_id=str(ladder.pk))
    seats = {s.player_id: s.index for s in table.seats.all() if s.player_id is not None}
    games.player_events_publish(events=[
        (pid, LadderGameOpened(ladder_id=str(ladder.pk), table_id=str(table.pk), seat=seat))
        for pid, seat in seats.items()])
    return LadderGame.objects.create(ladder=ladder, table=table, sides=[[e.pk for e in side] for side in sides])
