"""The only code that changes challenges, blocks and seeks: challenging a named account or a built-in bot,
the answer, expiry, who refuses challenges from whom, and matchmaking (seekers paired by ladder rating, the
empty seats given to built-in bots after the wait each seeker chose).

Same rules as tables (``games.services``): every change runs in one transaction under a row lock, tables
are opened through ``services.table_create``, and what the players must hear is written to their event logs
in that transaction (``services.player_events_publish``). A challenge's row is the lock of its answer, so
two accepts sent at once open one table; every seek of one rule set shares a :class:`SeekPool` row, which
pairing locks, so two seekers arriving together, or two bot fills firing together, seat each seeker once.

A challenge to an account is sent under both accounts' row locks (``services.player_logs_lock``), taken
before anything is asked: whether the account refuses it (``accepts_challenges`` ``none``, or a
:class:`Block` of the sender) and the sender's caps (``MAX_PENDING_CHALLENGES`` in all,
``MAX_PENDING_CHALLENGES_PER_OPPONENT`` to one account). A refused challenge is not made at all and its
account hears nothing; the sender learns only ``challenge_refused``, whichever the reason. A block takes the
same locks, so a challenge sent as it is made is refused, or is pending when the block looks and is declined
by it.

A built-in bot (``opponent`` ``bot:LEVEL``) has no account and no event stream: it answers in the
transaction that sends the challenge, through the same locked answer a person's accept takes. What it can
play is the bots app's to say (``bot_answer_set``; games does not import bots).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ErrorCode, ServiceError
from core.params import has_control_characters
from games import engine, selectors, services, signals
from games.models import NAME_MAX_LENGTH, Block, Challenge, Player, Seek, SeekPool, Table
from games.player_events import (
    DECLINE_REASONS,
    ChallengeAccepted,
    ChallengeCancelled,
    ChallengeDeclined,
    ChallengeExpired,
    ChallengeReceived,
)

CHALLENGE_SECONDS = 300  # how long a challenge waits for its answer when the challenger names no time
SEEK_FILL_SECONDS = 30  # how long a seek waits for other seekers when the seeker names no time
SEEK_RATING_WINDOW = 10.0  # seekers further apart in ladder rating (mu - 3 sigma) are not seated together
BOT_OPPONENT = "bot:"
"""``opponent`` ``bot:LEVEL`` challenges the built-in bot of that level (account names cannot hold a colon)."""

BotAnswer = Callable[[engine.RuleSet, str], "str | None"]
"""``(rules, level) -> None`` when the built-in bot of ``level`` plays a game of ``rules``, else the reason code
(one of ``player_events.DECLINE_REASONS``) it declines with."""

_bot_answer: BotAnswer | None = None


def bot_answer_set(answer: BotAnswer) -> None:
    """Make ``answer`` how built-in bots answer challenges (called once, from the bots app's ``ready()``)."""
    global _bot_answer
    _bot_answer = answer


def _rules(preset: str, overrides: dict[str, Any] | None, move_seconds: float | None) -> engine.RuleSet:
    """The rule set of a challenge or a seek: the preset, the overrides and the move clock
    (``move_seconds`` None: the preset's own clock)."""
    switches = dict(overrides or {})
    if move_seconds is not None:
        if "move_seconds" in switches:  # the clock replaces it, but one that is no clock is refused, not dropped
            engine.make_rules(preset, {"move_seconds": switches["move_seconds"]})
        switches["move_seconds"] = move_seconds
    return engine.make_rules(preset, switches)


def _bot_level(level: str, field: str = "bot_level") -> str:
    if level not in services.BOT_LEVELS:
        raise ServiceError(ErrorCode.INVALID, errors={
            field: [_("Unknown bot level %(level)r.") % {"level": level}]})
    return level


# Challenges ------------------------------------------------------------------------------------------------

def challenge_create(*, challenger: Player, opponent: str, preset: str = "standard",
                     overrides: dict[str, Any] | None = None, move_seconds: float | None = None, seat: int = 0,
                     opponent_seat: int | None = None, bot_level: str = "normal",
                     expires_in: int = CHALLENGE_SECONDS) -> Challenge:
    """Challenge the account named ``opponent`` (a person or a bot account), or the built-in bot ``bot:LEVEL``,
    to a table of ``preset`` with ``overrides`` and the move clock ``move_seconds``: the challenger sits in
    ``seat``, the opponent in ``opponent_seat`` (default: the next seat clockwise, which is always on the other
    side) and built-in bots of ``bot_level`` in the others. An account hears of it (``challenge_received``)
    and has ``expires_in`` seconds to answer; a built-in bot answers before this returns (:func:`_bot_answers`),
    so the challenge comes back accepted with its table, or declined with the bot's reason. An account that
    refuses it: ``challenge_refused``, and nothing is made; past a cap: ``too_many_challenges``,
    ``too_many_challenges_to_opponent``, and for a built-in bot ``too_many_open_tables`` (its table is the
    challenger's own: :func:`services.own_tables_check`)."""
    rules = _rules(preset, overrides, move_seconds)
    _bot_level(bot_level)
    target, builtin = None, ""
    if opponent.startswith(BOT_OPPONENT):
        builtin = _bot_level(opponent.removeprefix(BOT_OPPONENT), "opponent")
    else:
        target = Player.objects.filter(name=opponent, is_active=True).first()
        if target is None:
            raise ServiceError(ErrorCode.UNKNOWN_PLAYER, errors={"opponent": [_("No player has that name.")]})
        if target.pk == challenger.pk:
            raise ServiceError(ErrorCode.INVALID, errors={"opponent": [_("Challenge someone other than yourself.")]})
    opponent_seat = (seat + 1) % rules.players if opponent_seat is None else opponent_seat
    for name, value in (("seat", seat), ("opponent_seat", opponent_seat)):
        if not 0 <= value < rules.players:
            raise ServiceError(ErrorCode.INVALID, errors={
                name: [_("Seats are 0 to %(last)d.") % {"last": rules.players - 1}]})
    if seat == opponent_seat:
        raise ServiceError(ErrorCode.INVALID, errors={"opponent_seat": [_("Choose a seat other than yours.")]})
    with transaction.atomic():
        if target is not None:
            _may_challenge(challenger, target)
        else:
            services.own_tables_check(creator=challenger)  # the bot accepts at once: the table is the caller's own
        challenge = Challenge.objects.create(
            challenger=challenger, challenged=target, challenged_bot_level=builtin, preset=preset,
            rules=rules.to_dict(), seat=seat, opponent_seat=opponent_seat, bot_level=bot_level,
            expires_at=timezone.now() + timedelta(seconds=expires_in))
        if target is None:
            return _bot_answers(challenge.pk, rules)
        services.player_events_publish(events=[(target.pk, ChallengeReceived(
            challenge_id=str(challenge.pk), challenger=challenger.name, preset=preset,
            move_seconds=rules.move_seconds, expires_at=challenge.expires_at.isoformat()))])
    return challenge


def _may_challenge(challenger: Player, target: Player) -> None:
    """Refuse a challenge from ``challenger`` to the account ``target`` that ``target`` does not take
    (``challenge_refused``, one code for a block and for none at all, so the sender learns nothing more), or
    that would put the challenger past a cap. Takes both accounts' row locks, in one batch, held until the
    challenge is made and ``target`` told: a block, a change of ``accepts_challenges`` or another challenge
    of the sender, committed by then, is seen here."""
    services.player_logs_lock({challenger.pk, target.pk})
    if (Player.objects.filter(pk=target.pk, accepts_challenges=Player.AcceptsChallenges.NONE).exists()
            or Block.objects.filter(player=target, blocked=challenger).exists()):
        raise ServiceError(ErrorCode.CHALLENGE_REFUSED)
    waiting = Challenge.objects.filter(challenger=challenger, status=Challenge.Status.PENDING,
                                       expires_at__gt=timezone.now())
    limit = settings.MAX_PENDING_CHALLENGES
    if services.player_at_cap(player_id=challenger.pk, held=waiting, limit=limit):
        raise ServiceError(ErrorCode.TOO_MANY_CHALLENGES, params={"limit": limit})
    limit = settings.MAX_PENDING_CHALLENGES_PER_OPPONENT
    if services.player_at_cap(player_id=challenger.pk, held=waiting.filter(challenged=target), limit=limit):
        raise ServiceError(ErrorCode.TOO_MANY_CHALLENGES_TO_OPPONENT, params={"limit": limit})


def _bot_answers(challenge_id: Any, rules: engine.RuleSet) -> Challenge:
    """The built-in bot challenged answers at once, under the challenge's row lock like a person's answer:
    it accepts a game it plays (the table opens with it in its seat) and declines any other with its reason
    code. Called in the transaction that created the challenge."""
    if _bot_answer is None:
        raise RuntimeError("no bot answer: the bots app is not installed")
    challenge = Challenge.objects.select_for_update(of=("self",)).select_related("challenger").get(pk=challenge_id)
    reason = _bot_answer(rules, challenge.challenged_bot_level)
    if reason is None:
        return _accept(challenge)
    return _decline(challenge, reason)


def challenge_accept(*, challenge_id: Any, player: Player) -> Challenge:
    """The challenged player takes the challenge: its table opens at once with both seated and bots in the
    other seats (both hear ``table_opened``, the challenger ``challenge_accepted`` too). Under the
    challenge's row lock: of two accepts at once, one opens the table and the other finds it answered."""
    with transaction.atomic():
        return _accept(_answerable(challenge_id, player))


def _accept(challenge: Challenge) -> Challenge:
    """Open the table of ``challenge`` (locked, pending) with both seated, the challenged bot in its seat if a
    built-in bot was challenged, and bots of the challenge's level in the others."""
    rules = engine.rules_from_dict(challenge.rules)
    specs = [services.SeatSpec(bot_level=challenge.bot_level) for _ in range(rules.players)]
    specs[challenge.seat] = services.SeatSpec()
    players = {challenge.seat: challenge.challenger}
    if challenge.challenged is None:
        specs[challenge.opponent_seat] = services.SeatSpec(bot_level=challenge.challenged_bot_level)
    else:
        specs[challenge.opponent_seat] = services.SeatSpec()
        players[challenge.opponent_seat] = challenge.challenged
    table = services.table_create(
        creator=challenge.challenger, preset=challenge.preset,
        overrides={k: v for k, v in challenge.rules.items() if k != "name"}, seats=specs, players=players,
        origin="challenge", origin_id=str(challenge.pk))
    challenge.status, challenge.table, challenge.answered_at = Challenge.Status.ACCEPTED, table, timezone.now()
    challenge.save(update_fields=["status", "table", "answered_at"])
    services.player_events_publish(events=[(challenge.challenger_id, ChallengeAccepted(
        challenge_id=str(challenge.pk), by=challenge.opponent_name, table_id=str(table.pk)))])
    return challenge


def challenge_decline(*, challenge_id: Any, player: Player, reason: str = "declined") -> Challenge:
    """The challenged player turns the challenge down with ``reason`` (one of
    ``player_events.DECLINE_REASONS``); the challenger hears ``challenge_declined``."""
    if reason not in DECLINE_REASONS:
        raise ServiceError(ErrorCode.INVALID, errors={"reason": [_("One of %(values)s.") % {
            "values": ", ".join(DECLINE_REASONS)}]})
    with transaction.atomic():
        return _decline(_answerable(challenge_id, player), reason)


def _decline(challenge: Challenge, reason: str) -> Challenge:
    """Turn ``challenge`` (locked, pending) down with ``reason``; the challenger hears it."""
    challenge.status, challenge.decline_reason = Challenge.Status.DECLINED, reason
    challenge.answered_at = timezone.now()
    challenge.save(update_fields=["status", "decline_reason", "answered_at"])
    services.player_events_publish(events=[(challenge.challenger_id, ChallengeDeclined(
        challenge_id=str(challenge.pk), by=challenge.opponent_name, reason=reason))])  # type: ignore[arg-type]
    return challenge


def challenge_cancel(*, challenge_id: Any, player: Player) -> Challenge:
    """The challenger withdraws a challenge not yet answered; the challenged player hears
    ``challenge_cancelled``."""
    with transaction.atomic():
        challenge = _locked_challenge(challenge_id, player)
        if challenge.challenger_id != player.pk:
            raise ServiceError(ErrorCode.PERMISSION_DENIED,
                               errors={"challenge": [_("Only the challenger withdraws a challenge.")]})
        _still_pending(challenge)
        challenge.status, challenge.answered_at = Challenge.Status.CANCELLED, timezone.now()
        challenge.save(update_fields=["status", "answered_at"])
        services.player_events_publish(events=[(challenge.challenged_id, ChallengeCancelled(
            challenge_id=str(challenge.pk), by=player.name))])
    return challenge


def challenges_expire(*, now: datetime | None = None, limit: int = 200) -> int:
    """Mark the pending challenges whose time ran out as expired, and tell both players
    (``challenge_expired``); beat runs this. Rows an answer holds locked are left to the next run.
    Returns how many expired."""
    now = now or timezone.now()
    with transaction.atomic():
        due = list(Challenge.objects.select_for_update(skip_locked=True)
                   .filter(status=Challenge.Status.PENDING, expires_at__lte=now).order_by("expires_at")[:limit])
        for challenge in due:
            challenge.status, challenge.answered_at = Challenge.Status.EXPIRED, now
        Challenge.objects.bulk_update(due, ["status", "answered_at"])
        services.player_events_publish(events=[
            (pid, ChallengeExpired(challenge_id=str(c.pk))) for c in due for pid in (c.challenger_id, c.challenged_id)])
    return len(due)


def _locked_challenge(challenge_id: Any, player: Player) -> Challenge:
    """The challenge's row, locked, if ``player`` sent or received it; ``not_found`` otherwise."""
    selectors.challenge_get(challenge_id=challenge_id, player=player)
    return Challenge.objects.select_for_update(of=("self",)).select_related("challenger", "challenged").get(
        pk=challenge_id)


def _still_pending(challenge: Challenge) -> None:
    if challenge.status != Challenge.Status.PENDING:
        raise ServiceError(ErrorCode.CHALLENGE_NOT_PENDING, state=challenge.status)


def _answerable(challenge_id: Any, player: Player) -> Challenge:
    """The locked challenge, if ``player`` is the one challenged and it still waits for an answer."""
    challenge = _locked_challenge(challenge_id, player)
    if challenge.challenged_id != player.pk:
        raise ServiceError(ErrorCode.PERMISSION_DENIED,
                           errors={"challenge": [_("Only the challenged player answers a challenge.")]})
    _still_pending(challenge)
    if challenge.expires_at <= timezone.now():
        raise ServiceError(ErrorCode.CHALLENGE_EXPIRED)
    return challenge


# Blocks ----------------------------------------------------------------------------------------------------

def _account(name: str) -> Player:
    target = Player.objects.filter(name=name).first()
    if target is None:
        raise ServiceError(ErrorCode.UNKNOWN_PLAYER, errors={"player": [_("No player has that name.")]})
    return target


def block_add(*, player: Player, name: str) -> tuple[Block, bool]:
    """``player`` refuses challenges from the account ``name`` from now on (``challenge_refused`` for it;
    see the module). The challenges that account sent ``player`` and that still wait for an answer are
    declined with the reason ``declined``, as a decline with no reason given: the sender hears
    ``challenge_declined`` and learns of no block. Blocking an account twice changes nothing. Returns the
    block and whether it is new."""
    target = _account(name)
    if target.pk == player.pk:
        raise ServiceError(ErrorCode.INVALID, errors={"player": [_("You cannot block yourself.")]})
    with transaction.atomic():
        # The lock a challenge between the two takes first; the challenges after it, and only those nobody
        # holds: one being answered or withdrawn right now ends that way (waiting for it here, while its
        # answer waits for these player rows, would be a deadlock).
        services.player_logs_lock({player.pk, target.pk})
        block, created = Block.objects.get_or_create(player=player, blocked=target)
        pending = (Challenge.objects.select_for_update(of=("self",), skip_locked=True)
                   .select_related("challenger", "challenged")
                   .filter(challenger=target, challenged=player, status=Challenge.Status.PENDING,
                           expires_at__gt=timezone.now()).order_by("pk"))
        for challenge in pending:
            _decline(challenge, "declined")
    return block, created


def block_remove(*, player: Player, name: str) -> None:
    """``player`` takes challenges from the account ``name`` again (unless it takes none at all);
    ``not_found`` when it did not block that account (or no account can have that name: a NUL would reach
    PostgreSQL, which refuses it in text)."""
    if len(name) > NAME_MAX_LENGTH or has_control_characters(name):
        raise ServiceError(ErrorCode.NOT_FOUND)
    deleted, _rows = Block.objects.filter(player=player, blocked__name=name).delete()
    if not deleted:
        raise ServiceError(ErrorCode.NOT_FOUND)


# Seeks -----------------------------------------------------------------------------------------------------

def seek_create(*, player: Player, preset: str = "standard", overrides: dict[str, Any] | None = None,
                move_seconds: float | None = None, fill_with_bots_after: int = SEEK_FILL_SECONDS,
                bot_level: str = "normal") -> Seek:
    """Seek a game of ``preset`` with ``overrides`` and the move clock ``move_seconds`` against anyone. When
    enough seekers of the same rule set within ``SEEK_RATING_WINDOW`` of this one's ladder rating wait to
    fill a table, the table opens at once with the closest; otherwise this seek waits
    ``fill_with_bots_after`` seconds and then opens a table with whoever seeks the same by then and built-in
    bots of ``bot_level`` in the other seats (:func:`seek_fill`, a task). A player has one waiting seek at a
    time (``seek_exists``)."""
    rules = _rules(preset, overrides, move_seconds).to_dict()
    _bot_level(bot_level)
    key = hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()
    rating = selectors.seek_rating(player=player, rules=rules)
    SeekPool.objects.get_or_create(key=key)
    with transaction.atomic():
        pool = SeekPool.objects.select_for_update().get(key=key)
        waiting = Seek.objects.filter(player=player, status=Seek.Status.WAITING).first()
        if waiting is not None:
            raise ServiceError(ErrorCode.SEEK_EXISTS, seek=str(waiting.pk))
        try:
            with transaction.atomic():
                seek = Seek.objects.create(player=player, pool=pool, preset=preset, rules=rules, bot_level=bot_level,
                                           rating=rating, fill_with_bots_after=fill_with_bots_after,
                                           fill_at=timezone.now() + timedelta(seconds=fill_with_bots_after))
        except IntegrityError as exc:  # a seek of another rule set, sent at the same moment, came first
            raise ServiceError(ErrorCode.SEEK_EXISTS) from exc
        group = _group(seek, full_only=True)
        if group is not None:
            _open(seek, group)
            seek.refresh_from_db()
        else:
            pk = seek.pk
            transaction.on_commit(lambda: signals.seek_waiting.send(sender=Seek, seek_id=pk,
                                                                    seconds=fill_with_bots_after))
    return seek


def seek_cancel(*, seek_id: Any, player: Player) -> Seek:
    """Withdraw one of ``player``'s seeks that is still waiting (``seek_not_waiting`` once it is paired)."""
    seek = selectors.seek_get(seek_id=seek_id, player=player)
    with transaction.atomic():
        SeekPool.objects.select_for_update().get(pk=seek.pool_id)
        seek.refresh_from_db()
        if seek.status != Seek.Status.WAITING:
            raise ServiceError(ErrorCode.SEEK_NOT_WAITING, state=seek.status)
        seek.status = Seek.Status.CANCELLED
        seek.save(update_fields=["status"])
    return seek


def seek_fill(*, seek_id: Any, now: datetime | None = None) -> Table | None:
    """The wait of seek ``seek_id`` is over: open a table with it, the other seekers of its rule set closest
    to it in rating (within ``SEEK_RATING_WINDOW``), and built-in bots in the seats left. Does nothing
    (returns ``None``) for a seek that was paired or cancelled meanwhile or whose time has not come, so a
    duplicate or early delivery of the task is harmless."""
    now = now or timezone.now()
    pool_id = Seek.objects.filter(pk=seek_id).values_list("pool_id", flat=True).first()
    if pool_id is None:
        return None
    with transaction.atomic():
        SeekPool.objects.select_for_update().get(pk=pool_id)
        seek = Seek.objects.select_related("player").get(pk=seek_id)
        if seek.status != Seek.Status.WAITING or seek.fill_at > now:
            return None
        group = _group(seek, full_only=False)
        assert group is not None
        return _open(seek, group)


def seeks_fill_due(*, older_than_seconds: float, now: datetime | None = None, limit: int = 100) -> int:
    """Fill the seeks whose time passed ``older_than_seconds`` ago and are still waiting: the beat safety net
    for a lost fill message. Returns how many tables it opened."""
    now = now or timezone.now()
    due = Seek.objects.filter(status=Seek.Status.WAITING, fill_at__lte=now - timedelta(seconds=older_than_seconds))
    return sum(seek_fill(seek_id=pk, now=now) is not None
               for pk in due.order_by("fill_at").values_list("pk", flat=True)[:limit])


def _group(seek: Seek, *, full_only: bool) -> list[Seek] | None:
    """``seek`` and the waiting seeks of its pool within ``SEEK_RATING_WINDOW`` of its rating, closest first
    (a seeker without a rating, or a seek by one, goes with anyone, after those rated; the longest waiting
    first among equals), as many as the table seats; ``None`` when ``full_only`` and too few to fill the
    table. Called under the pool's lock."""
    seats = engine.rules_from_dict(seek.rules).players
    others = list(Seek.objects.select_related("player").filter(pool_id=seek.pool_id, status=Seek.Status.WAITING)
                  .exclude(pk=seek.pk).order_by("created_at"))

    def distance(other: Seek) -> tuple[int, float]:
        if seek.rating is None or other.rating is None:
            return (1, 0.0)
        return (0, abs(seek.rating - other.rating))

    near = sorted((o for o in others if distance(o)[1] <= SEEK_RATING_WINDOW), key=distance)  # stable
    if full_only and len(near) < seats - 1:
        return None
    return [seek, *near[:seats - 1]]


def _open(seek: Seek, group: Sequence[Seek]) -> Table:
    """Seat ``group`` in seat order, strongest first (seats alternate sides, so the two best face each other
    and two seekers are opponents), and fill the other seats with bots of ``seek``'s level."""
    ordered = sorted(group, key=lambda s: -(s.rating if s.rating is not None else float("-inf")))
    rules = engine.rules_from_dict(seek.rules)
    players = {index: s.player for index, s in enumerate(ordered)}
    specs = [services.SeatSpec(bot_level="" if i in players else seek.bot_level) for i in range(rules.players)]
    table = services.table_create(creator=seek.player, preset=seek.preset,
                                  overrides={k: v for k, v in seek.rules.items() if k != "name"}, seats=specs,
                                  players=players, origin="seek", origin_id=str(seek.pk))
    Seek.objects.filter(pk__in=[s.pk for s in group]).update(status=Seek.Status.MATCHED, table=table)
    return table
