"""Players, tables and their seats, the append-only action log, finished hands, idempotency records, each
player's event log, challenges, who refuses challenges from whom, and seeks.

Models hold data only; every change goes through ``games.services``. A table plays one game: its ``state``
is the engine snapshot (secret: the seed and every hand), its ``Action`` rows are the log that replays to
that snapshot, and ``seq`` is the number of logged actions, which clients echo back to act.
"""

from __future__ import annotations

import uuid

from django.db import models

NAME_MAX_LENGTH = 40
"""The longest name of a player."""


class Player(models.Model):
    """A human or bot account, identified by an API token that is stored only as its SHA-256 hash."""

    class Kind(models.TextChoices):
        HUMAN = "human"
        BOT = "bot"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=NAME_MAX_LENGTH, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.HUMAN)
    token_hash = models.CharField(max_length=64, unique=True)
    token_prefix = models.CharField(max_length=12, help_text="The token's first characters, to recognise it.")
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    token_rotated_at = models.DateTimeField(null=True, blank=True, help_text="When the token was last replaced.")
    token_revoked_at = models.DateTimeField(null=True, blank=True, help_text="When the token was revoked: "
                                            "token_hash then matches no token (it is not a SHA-256 digest).")
    last_seen = models.DateTimeField(null=True, blank=True, db_index=True, help_text=(
        "When the account last made an authenticated request or held an events stream open (written at most "
        "once every PRESENCE_WRITE_SECONDS): ladders pair only bot accounts seen recently."))
    event_seq = models.PositiveIntegerField(default=0, help_text=(
        "The seq of the account's last PlayerEvent; the row is locked while one is appended, so events commit "
        "in seq order."))

    class AcceptsChallenges(models.TextChoices):
        ALL = "all"
        NONE = "none"

    # db_default too: the release before this column inserts accounts without it during a rollout
    accepts_challenges = models.CharField(max_length=4, choices=AcceptsChallenges.choices,
                                          default=AcceptsChallenges.ALL, db_default=AcceptsChallenges.ALL, help_text=(
                                              "none: every challenge to this account is refused when it is sent "
                                              "(all: only those from the accounts it blocks)."))

    # DRF's permission and throttle classes ask these of request.user.
    is_authenticated = True
    is_anonymous = False

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"


class Table(models.Model):
    """One game of Spades from the moment it is opened to its end."""

    class Status(models.TextChoices):
        OPEN = "open"
        PLAYING = "playing"
        FINISHED = "finished"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    preset = models.CharField(max_length=32)
    rules = models.JSONField(help_text="Every switch of the rule set (the preset plus its overrides).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    seq = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True, help_text="The engine snapshot; secret.")
    created_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tables_created")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    turn_deadline = models.DateTimeField(null=True, blank=True, db_index=True,
                                         help_text="When the seat to move runs out of time (clocked rule sets).")
    winner = models.SmallIntegerField(null=True, blank=True, help_text="Index of the winning side.")
    result = models.CharField(max_length=10, blank=True)
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="rematches")
    deal_group = models.CharField(max_length=64, blank=True, db_index=True, help_text=(
        "Tables dealt the same boards (a duplicate round): a board's cards stay secret until every table of "
        "the group has played it. Blank: a table of its own."))
    origin = models.CharField(max_length=12, default="table", db_default="table", help_text=(
        "What opened it (games.player_events.Origin): table (an account, through POST tables/: these count "
        "against its MAX_OPEN_TABLES), tournament, ladder, challenge or seek (seated in full, started at once)."))

    class Meta:
        ordering = ["-created_at"]
        # what MAX_OPEN_TABLES counts: an account's own tables not finished
        indexes = [models.Index(fields=["created_by"], name="table_unfinished_own",
                                condition=models.Q(origin="table") & ~models.Q(status="finished"))]

    def __str__(self) -> str:
        return f"table {self.id} ({self.preset}, {self.status})"


class Seat(models.Model):
    """A place at a table: open, taken by a player, or kept for a built-in bot of a level."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="seats")
    bot_level = models.CharField(max_length=8, blank=True, help_text="easy, normal or hard for a built-in bot.")
    joined_at = models.DateTimeField(null=True, blank=True)
    replaced_by_bot = models.BooleanField(default=False, help_text="A bot plays the seat after repeated "
                                          "timeouts, until its player takes it back.")
    timeouts = models.PositiveSmallIntegerField(default=0, help_text="Consecutive timeouts.")
    bank_left = models.FloatField(null=True, blank=True, help_text="Seconds left in the seat's time bank.")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_index_unique"),
            models.UniqueConstraint(fields=["table", "player"], condition=models.Q(player__isnull=False),
                                    name="one_seat_per_player"),
        ]

    @property
    def is_open(self) -> bool:
        """Nobody holds this seat yet."""
        return self.player_id is None and not self.bot_level

    @property
    def played_by_bot(self) -> bool:
        """A built-in bot moves for this seat: a bot seat, or a player's seat taken over after timeouts."""
        return bool(self.bot_level) or self.replaced_by_bot


class Action(models.Model):
    """One entry of a table's append-only log: who did what, at which sequence number, and the events it
    caused (with their private parts, which the events feed filters per seat)."""

    # No index of its own: action_seq_unique (table, seq) serves every read by table, and the move's last
    # entry of each seat (hot_reads) reads it backwards; a second index cost each move an insert into it.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=16)
    seat = models.SmallIntegerField(null=True, blank=True)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    payload = models.JSONField(default=dict, help_text="The engine action; secret (an exchange names cards).")
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    # The entry types the service writes itself (games.services); every other entry is an engine action, its
    # payload the action's JSON (games.engine.Action.from_json), which a replay of the log applies.
    JOIN, START, ABANDON = "join", "start", "abandon"
    SERVICE_TYPES = frozenset({JOIN, START, ABANDON})

    class Meta:
        ordering = ["table", "seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="action_seq_unique")]


class Hand(models.Model):
    """A finished hand: all the cards, every trick, the score breakdown. Public once written."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    record = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique")]


class HandAnalysis(models.Model):
    """The double dummy review of a finished hand (``games.analysis``): written ``pending`` with the hand,
    ``running`` while a worker solves it, ``done`` with the review's JSON (``games.engine.review``)."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="analyses")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    data = models.JSONField(null=True, blank=True)
    node_budget = models.BigIntegerField(null=True, blank=True, help_text="The solver nodes it was given.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    announced_at = models.DateTimeField(null=True, blank=True,
                                        help_text="When the sweeper last announced it again (none: never).")

    class Meta:
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="hand_analysis_unique")]
        indexes = [models.Index(fields=["status", "created_at"], name="hand_analysis_status")]


class IdempotencyRecord(models.Model):
    """The first response to a POST sent with an ``Idempotency-Key``, returned again to retries (by
    ``core.idempotency``, which finds this model through ``settings.IDEMPOTENCY_RECORD_MODEL``)."""

    owner = models.CharField(max_length=64, help_text="The player's id, or 'anonymous' for registration.")
    key = models.CharField(max_length=128)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the method, path and body.")
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "key"], name="idempotency_key_unique")]


class PlayerEvent(models.Model):
    """One entry of a player's own event log (``games.player_events``): numbered 1, 2, … per player, in the
    order they committed, so a reader that resumes after the last ``seq`` it saw misses nothing."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    data = models.JSONField(help_text="The event's members (games.player_events), its type included.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "seq"]
        constraints = [models.UniqueConstraint(fields=["player", "seq"], name="player_event_seq_unique")]


class Challenge(models.Model):
    """A player's invitation to another account, or to a built-in bot, to play a table: the rule set, the
    seats, the answer."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        CANCELLED = "cancelled"
        EXPIRED = "expired"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    challenger = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="challenges_sent")
    challenged = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="challenges_received", help_text="None: a built-in bot is challenged.")
    challenged_bot_level = models.CharField(max_length=8, blank=True, help_text=(
        "The level of the built-in bot challenged (no account), which answered at once; blank for an account."))
    preset = models.CharField(max_length=32)
    rules = models.JSONField(help_text="Every switch of the table's rule set (validated when it was sent).")
    seat = models.PositiveSmallIntegerField(help_text="The challenger's seat.")
    opponent_seat = models.PositiveSmallIntegerField(help_text="The challenged player's seat.")
    bot_level = models.CharField(max_length=8, help_text="The built-in bots' level in the other seats.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    decline_reason = models.CharField(max_length=16, blank=True)
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    expires_at = models.DateTimeField(db_index=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.CheckConstraint(
            condition=models.Q(challenged__isnull=False, challenged_bot_level="")
            | (models.Q(challenged__isnull=True) & ~models.Q(challenged_bot_level="")),
            name="challenge_one_opponent")]

    @property
    def opponent_name(self) -> str:
        """Who is challenged: the account's name, or ``bot:LEVEL`` for a built-in bot."""
        return self.challenged.name if self.challenged is not None else f"bot:{self.challenged_bot_level}"


class Block(models.Model):
    """``player`` refuses challenges from ``blocked``: such a challenge is refused when it is sent, and
    reaches neither the player's list nor its event log."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["player", "blocked"], name="block_once")]


class SeekPool(models.Model):
    """One row per rule set that seekers have asked for: matchmaking locks it, so two seekers of the same
    rule set are paired one after the other (a lock on rows that do not exist yet is no lock)."""

    key = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the rule set's switches.")


class Seek(models.Model):
    """A player waiting for a game of a rule set against anyone: paired with other seekers, and the rest of
    the seats given to built-in bots once ``fill_at`` passes."""

    class Status(models.TextChoices):
        WAITING = "waiting"
        MATCHED = "matched"
        CANCELLED = "cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seeks")
    pool = models.ForeignKey(SeekPool, on_delete=models.PROTECT, related_name="seeks")
    preset = models.CharField(max_length=32)
    rules = models.JSONField(help_text="Every switch of the table's rule set.")
    bot_level = models.CharField(max_length=8, help_text="The level of the bots that fill the empty seats.")
    rating = models.FloatField(null=True, blank=True, help_text="The seeker's ladder rating for this rule set "
                               "when it sought (none: not on such a ladder).")
    fill_with_bots_after = models.PositiveIntegerField(help_text="Seconds to wait for other seekers.")
    fill_at = models.DateTimeField(db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True)
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="seeks")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["player"], condition=models.Q(status="waiting"),
                                               name="one_waiting_seek_per_player")]
