"""Request validation and documented response shapes of the tournaments and ladders API."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.params import NO_CONTROL_PATTERN, has_control_characters
from core.serializers import StrictCharField, StrictFloatField
from games import engine
from games.models import NAME_MAX_LENGTH
from games.services import BOT_LEVELS
from tournaments.models import Tournament

PRESET_HELP = "A preset (GET /api/v1/rulesets/)."
OVERRIDES_HELP = "Switches to change from the preset, as for tables (move_seconds for a clock)."


@extend_schema_field({"oneOf": [
    {"type": "object", "properties": {"player": {"type": "string", "minLength": 1, "maxLength": NAME_MAX_LENGTH,
                                                 "pattern": NO_CONTROL_PATTERN,
                                                 "description": "A player's name, or 'me' for yourself."}},
     "required": ["player"], "additionalProperties": False},
    {"type": "object", "properties": {"bot_level": {"enum": list(BOT_LEVELS), "description": "A built-in bot."}},
     "required": ["bot_level"], "additionalProperties": False},
]})
class MemberField(serializers.Field):
    """One member of an entry: ``{"player": "me" | <name>}`` or ``{"bot_level": "easy" | "normal" | "hard"}``."""

    # DRF fills a message's {placeholders} from fail()'s arguments: a literal brace here would be read as one.
    default_error_messages = {"invalid": gettext_lazy("Give an object with player (a player's name, or 'me') or "
                                                      "with bot_level (easy, normal or hard).")}

    def to_internal_value(self, data: object) -> dict[str, str]:
        if not isinstance(data, dict) or len(data) != 1:
            self.fail("invalid")
        (key, value), = data.items()
        if (key == "player" and isinstance(value, str) and 1 <= len(value) <= NAME_MAX_LENGTH
                and not has_control_characters(value)):
            return {"player": value}
        if key == "bot_level" and value in BOT_LEVELS:
            return {"bot_level": value}
        self.fail("invalid")
        raise AssertionError  # fail() raises

    def to_representation(self, value: dict[str, str]) -> dict[str, str]:
        return value


class TournamentCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=80)
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    preset = serializers.ChoiceField(choices=list(engine.PRESETS), default="standard", help_text=PRESET_HELP)
    overrides = serializers.DictField(required=False, default=dict, help_text=OVERRIDES_HELP + " Default clock: "
                                      "30 s a move.")
    rounds = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=100,
                                      help_text="Swiss and duplicate: rounds to play; default: the format's.")
    hands_per_match = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=50,
        help_text="Deals per match (duplicate: boards per round, default 4); default: play to the target.")
    max_entries = serializers.IntegerField(required=False, allow_null=True, min_value=2, max_value=512)
    starts_at = serializers.DateTimeField(required=False, allow_null=True,
                                          help_text="Round 1 starts (and registration closes at the latest); "
                                                    "default: by hand.")
    registration_opens_at = serializers.DateTimeField(required=False, allow_null=True,
                                                      help_text="Entries are taken from then on; default: now.")
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True,
                                                       help_text="Entries are taken until then (at the latest "
                                                                 "starts_at); default: until the start.")


class TournamentUpdateSerializer(serializers.Serializer):
    """What an organiser may change before the start; send only what changes. Other members are ignored, as
    everywhere in the API (the format, rules and sizes are fixed once the tournament is created)."""

    name = StrictCharField(max_length=80, required=False)
    starts_at = serializers.DateTimeField(required=False, allow_null=True,
                                          help_text="A time in the future, or null: started by hand (start/).")
    registration_opens_at = serializers.DateTimeField(required=False, allow_null=True)
    registration_closes_at = serializers.DateTimeField(required=False, allow_null=True)


class EntryCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=80, help_text="The entry's name in this tournament.")
    members = serializers.ListField(child=MemberField(), min_length=1, max_length=2,
                                    help_text="Two for a partnership game, one for cutthroat.")


class MemberOutSerializer(serializers.Serializer):
    player = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)


class EntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True, help_text="1 is the top seed; set when the tournament starts.")
    rating = serializers.FloatField(help_text="Seeding strength: the members' best ladder ratings.")
    withdrawn = serializers.BooleanField()
    members = MemberOutSerializer(many=True)


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    preset = serializers.CharField()
    status = serializers.ChoiceField(choices=Tournament.Status.values)
    starts_at = serializers.DateTimeField(allow_null=True)
    registration_opens_at = serializers.DateTimeField(allow_null=True)
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    current_round = serializers.IntegerField()
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()


class TournamentSerializer(TournamentSummarySerializer):
    rules = serializers.DictField(help_text="Every switch of the match tables' rule set.")
    rounds = serializers.IntegerField(allow_null=True)
    rounds_planned = serializers.IntegerField(allow_null=True, help_text="With the entries so far.")
    hands_per_match = serializers.IntegerField(allow_null=True)
    max_entries = serializers.IntegerField(allow_null=True)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    entries = EntrySerializer(many=True)


class TournamentPageSerializer(serializers.Serializer):
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = TournamentSummarySerializer(many=True)


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entry = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.FloatField(help_text="Match points (win 1, draw 0.5, bye 1); duplicate: matchpoints.")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(), help_text="In the order they are applied.")
    eliminated_in = serializers.IntegerField(allow_null=True, help_text="Elimination: the round it went out.")


class MatchEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MatchSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    bracket = serializers.CharField(allow_null=True, help_text="Double elimination: winners, losers, final.")
    label = serializers.CharField(help_text="What people call the match (Semi-final 1, Round 2 Board 3, Bye, …), in "
                                            "the language of Accept-Language (en or ja); for display only: "
                                            "number, bracket and the round identify it.")
    entries = MatchEntrySerializer(many=True, help_text="By side (side 0 first); one alone is a bye.")
    table = serializers.UUIDField(allow_null=True, help_text="The game (GET /api/v1/tables/{id}/).")
    status = serializers.ChoiceField(choices=["playing", "finished", "abandoned"],
                                     help_text="abandoned: the tournament was cancelled while it was played.")
    result = serializers.ChoiceField(choices=["win", "draw", "bye", "forfeit"], allow_null=True)
    scores = serializers.ListField(child=serializers.FloatField(), help_text=(
        "Final points by side. Duplicate: empty, and result, winner and boards null, until every table of the "
        "round has finished (one table's scores would tell the others how the boards lie)."))
    winner = serializers.IntegerField(allow_null=True, help_text="The winning entry's id.")
    boards = serializers.DictField(child=serializers.ListField(child=serializers.FloatField()), allow_null=True,
                                   help_text="Duplicate: board number -> points by side.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    matches = MatchSerializer(many=True)


class LadderCreateSerializer(serializers.Serializer):
    name = StrictCharField(max_length=80)
    preset = serializers.ChoiceField(choices=list(engine.PRESETS), default="standard", help_text=PRESET_HELP)
    overrides = serializers.DictField(required=False, default=dict, help_text=OVERRIDES_HELP + " Default clock: "
                                      "10 s a move.")
    games_per_hour = StrictFloatField(default=60.0, min_value=0.1, max_value=36000)
    max_concurrent_games = serializers.IntegerField(default=4, min_value=1, max_value=200)


class LadderSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    preset = serializers.CharField()
    rules = serializers.DictField()
    games_per_hour = serializers.FloatField()
    max_concurrent_games = serializers.IntegerField()
    active = serializers.BooleanField(help_text="false: paused by its creator, it opens no games.")
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    entries = serializers.IntegerField(help_text="Bots taking part now.")


class LadderJoinSerializer(serializers.Serializer):
    bot_level = serializers.ChoiceField(choices=BOT_LEVELS, required=False,
                                        help_text="The ladder's creator may add a built-in bot; otherwise your own "
                                                  "bot account joins.")
    name = StrictCharField(max_length=80, required=False, help_text="A built-in bot's name on the ladder.")


class LadderEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    entry = serializers.IntegerField()
    name = serializers.CharField()
    bot_level = serializers.CharField(allow_null=True)
    rating = serializers.FloatField(help_text="mu - 3 sigma: the leaderboard's order.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    active = serializers.BooleanField()


class RatingChangeSerializer(serializers.Serializer):
    table = serializers.UUIDField()
    at = serializers.DateTimeField()
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    rating = serializers.FloatField()


class RatingHistorySerializer(LadderEntrySerializer):
    history = RatingChangeSerializer(many=True)
