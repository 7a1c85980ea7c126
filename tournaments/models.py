"""Tournaments (entries, rounds, matches) and ladders (entries, rated games, rating history).

A match's game is an ordinary ``games.Table``; these models only say who met whom, where, and how it ended.
Entry ids are the plain integers the pure pairing library (``tournaments.formats``) works with.
"""

from __future__ import annotations

import uuid

from django.db import models

from games.models import Player, Table


class Tournament(models.Model):
    """A scheduled event in one format and rule set."""

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin"
        SINGLE_ELIMINATION = "single_elimination"
        DOUBLE_ELIMINATION = "double_elimination"
        SWISS = "swiss"
        DUPLICATE = "duplicate"

    class Status(models.TextChoices):
        REGISTERING = "registering"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80)
    format = models.CharField(max_length=20, choices=Format.choices)
    preset = models.CharField(max_length=32)
    rules = models.JSONField(help_text="Every switch of a match table's rule set.")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True,
                                              help_text="Swiss and duplicate: rounds to play; null: the default.")
    hands_per_match = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Deals per match (duplicate: boards per round); null: play to the target.")
    max_entries = models.PositiveSmallIntegerField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True, db_index=True,
                                     help_text="Registration closes and round 1 starts; null: started by hand.")
    registration_opens_at = models.DateTimeField(null=True, blank=True,
                                                 help_text="Entries are taken from then on; null: at once.")
    registration_closes_at = models.DateTimeField(null=True, blank=True,
                                                  help_text="Entries are taken until then; null: until the start.")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING, db_index=True)
    registration_announced = models.BooleanField(default=False, help_text=(
        "Whether the organiser's regulars were told registration opened (tournament_registration_opened)."))
    current_round = models.PositiveSmallIntegerField(default=0)
    seed = models.CharField(max_length=64, help_text="Secret: fixes duplicate boards and Swiss tie-breaks.")
    created_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tournaments_created")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.format}, {self.status})"


class Entry(models.Model):
    """A partnership of two players or bots (one player for cutthroat) registered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=80)
    rating = models.FloatField(default=0.0, help_text="Seeding strength (best ladder ordinal of its members).")
    seed = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 = top seed; set at the start.")
    registered_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "created_at"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="entry_name_unique")]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return self.name


class EntryMember(models.Model):
    """One seat's worth of an entry: a player account, or a built-in bot of a level."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    bot_level = models.CharField(max_length=8, blank=True)

    class Meta:
        ordering = ["entry", "position"]
        constraints = [models.UniqueConstraint(fields=["entry", "position"], name="member_position_unique")]


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    deal_seed = models.CharField(max_length=80, help_text="Secret: every table of a duplicate round is dealt from it.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        # The guard behind idempotent advancement: a round can only ever be created once.
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]


class Match(models.Model):
    """Entries meeting at one table (or one entry's bye); ``entries`` are in side order."""

    class Status(models.TextChoices):
        PLAYING = "playing"
        FINISHED = "finished"
        ABANDONED = "abandoned"  # its tournament was cancelled while it was being played

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    entries = models.JSONField(help_text="Entry ids by side; one id alone is a bye.")
    bracket = models.CharField(max_length=12, blank=True)
    label = models.CharField(max_length=40, blank=True)
    table = models.OneToOneField(Table, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="tournament_match")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.CharField(max_length=10, blank=True, help_text="win, draw, bye or forfeit.")
    scores = models.JSONField(default=list, help_text="Final points by side.")
    winner = models.BigIntegerField(null=True, blank=True, help_text="The winning entry's id.")
    boards = models.JSONField(default=dict, help_text="Duplicate: board number -> points by side.")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="match_number_unique")]


class Ladder(models.Model):
    """An always-on rated pool: beat opens games between entries of similar rating at ``games_per_hour``."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80, unique=True)
    preset = models.CharField(max_length=32)
    rules = models.JSONField(help_text="Every switch of a ladder game's rule set.")
    games_per_hour = models.FloatField(default=60.0)
    max_concurrent_games = models.PositiveSmallIntegerField(default=4)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ladders_created")
    created_at = models.DateTimeField(auto_now_add=True)
    scheduled_until = models.DateTimeField(null=True, blank=True,
                                           help_text="Game credit is earned from this moment on.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class LadderEntry(models.Model):
    """A bot on a ladder: a bot account playing through the API, or a built-in bot level."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=80)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="ladder_entries")
    bot_level = models.CharField(max_length=8, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(help_text="The conservative rating shown on the leaderboard (mu - 3 sigma).")
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    active = models.BooleanField(default=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ladder", "-rating"]
        constraints = [models.UniqueConstraint(fields=["ladder", "name"], name="ladder_entry_name_unique")]
        verbose_name_plural = "ladder entries"

    def __str__(self) -> str:
        return self.name


class LadderGame(models.Model):
    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="games")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="ladder_game")
    sides = models.JSONField(help_text="Ladder entry ids by side.")
    rated = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class RatingChange(models.Model):
    """One entry's rating before and after one rated game: the rating history."""

    entry = models.ForeignKey(LadderEntry, on_delete=models.CASCADE, related_name="history")
    game = models.ForeignKey(LadderGame, on_delete=models.CASCADE, related_name="changes")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "at", "id"]
        constraints = [models.UniqueConstraint(fields=["entry", "game"], name="rating_change_once")]
