"""Request validation and the documented shapes of every v1 response.

Response serializers describe the JSON that the selectors build (the engine's seat view and records): they
document it in the OpenAPI schema, and the tests check every response against that schema. The problem
details of errors are ``core.openapi``'s; the seat view and the events are described from the engine's
dataclasses themselves (:mod:`games.api.dataclass_fields`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiExample,
    PolymorphicProxySerializer,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers

from core.serializers import StrictRegexField, validated
from games import engine
from games.api.dataclass_fields import serializer_for
from games.models import NAME_MAX_LENGTH, Player
from games.services import BOT_LEVELS

CARD_HELP = "Rank then suit: ranks 23456789TJQKA, suits CDHS (QS, TH, 2C); jokers BJ, LJ."


# Players -------------------------------------------------------------------------------------------------

class PlayerCreateSerializer(serializers.Serializer):
    name = StrictRegexField(r"^[\w.\-]{3,40}$", min_length=3, max_length=NAME_MAX_LENGTH,
                            help_text="3 to 40 letters, digits, '_', '.', '-'.")
    kind = serializers.ChoiceField(choices=Player.Kind.choices, default=Player.Kind.HUMAN)


ACCEPTS_CHALLENGES_HELP = ("all: anyone may challenge you, but the accounts you block (players/me/blocks/); none: "
                           "every challenge to you is refused when it is sent (challenge_refused), and you hear "
                           "nothing of it. Challenges already waiting for your answer stay answerable.")


class PlayerSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    kind = serializers.CharField()
    created_at = serializers.DateTimeField()
    accepts_challenges = serializers.ChoiceField(choices=Player.AcceptsChallenges.choices,
                                                 help_text=ACCEPTS_CHALLENGES_HELP)


class PlayerUpdateSerializer(serializers.Serializer):
    accepts_challenges = serializers.ChoiceField(choices=Player.AcceptsChallenges.choices, required=False,
                                                 help_text=ACCEPTS_CHALLENGES_HELP)


class PlayerCreatedSerializer(PlayerSerializer):
    token = serializers.CharField(help_text="Your API token. It is shown this once: keep it. "
                                            "Send it as 'Authorization: Bearer YOUR_TOKEN'.")


# Rule sets -----------------------------------------------------------------------------------------------

class RuleSetSerializer(serializers.Serializer):
    name = serializers.CharField()
    description = serializers.CharField()
    switches = serializers.DictField(help_text="Every switch and its value in this preset.")


class RuleSetListSerializer(serializers.Serializer):
    presets = RuleSetSerializer(many=True)
    switches = serializers.DictField(child=serializers.CharField(), help_text="What every switch means.")


# Tables --------------------------------------------------------------------------------------------------

class SeatSpecSerializer(serializers.Serializer):
    """One seat of a new table: ``{"type": "open"}`` or ``{"type": "bot", "level": …}`` (the level is needed
    for a bot and only for a bot)."""

    type = serializers.ChoiceField(choices=["open", "bot"], help_text="open: a player joins it; bot: a built-in bot.")
    level = serializers.ChoiceField(choices=BOT_LEVELS, required=False, help_text="The bot's strength (bot only).")

    def validate(self, attrs: dict) -> dict:
        if attrs["type"] == "bot" and not attrs.get("level"):
            raise serializers.ValidationError({"level": [_("A bot seat needs a level.")]})
        if attrs["type"] == "open" and attrs.get("level"):
            raise serializers.ValidationError({"level": [_("Only bot seats have a level.")]})
        return attrs


@extend_schema_serializer(examples=[
    OpenApiExample("Standard, all seats open, creator in seat 0",
                   value={"preset": "standard", "take_seat": 0}, request_only=True),
    OpenApiExample("Classic to 300 against bots", value={
        "preset": "classic", "overrides": {"target": 300}, "take_seat": 0,
        "seats": [{"type": "open"}, {"type": "bot", "level": "hard"}, {"type": "bot", "level": "normal"},
                  {"type": "bot", "level": "hard"}]}, request_only=True),
])
class TableCreateSerializer(serializers.Serializer):
    preset = serializers.ChoiceField(choices=list(engine.PRESETS), default="standard")
    overrides = serializers.DictField(required=False, default=dict,
                                      help_text="Switches to change from the preset (see GET /api/v1/rulesets/). "
                                                "The clock is part of the rule set: move_seconds, time_bank_seconds.")
    seats = SeatSpecSerializer(many=True, required=False,
                               help_text="One entry per seat, in seat order; default: every seat open.")
    take_seat = serializers.IntegerField(required=False, min_value=0, max_value=3,
                                         help_text="Seat the creator here at once.")


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=0, max_value=3,
                                    help_text="The seat to take; default: the first open one.")


class SeatSummarySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["open", "player", "bot"])
    player = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)
    replaced_by_bot = serializers.BooleanField(help_text="A bot plays this player's seat after repeated timeouts; "
                                                         "the player takes it back by acting or with takeback/.")


class ClockSerializer(serializers.Serializer):
    move_seconds = serializers.FloatField()
    turn_started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True, help_text="When the seat(s) to move run out of time.")
    bank_left = serializers.ListField(child=serializers.FloatField(allow_null=True),
                                      help_text="Seconds left in each seat's time bank (null: no bank).")


class BidSerializer(serializers.Serializer):
    tricks = serializers.IntegerField(help_text="0 is nil.")
    blind = serializers.BooleanField()


@extend_schema_field({"type": "array", "items": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                                           {"type": "null"}]}})
class PassedField(serializers.ListField):
    """Per seat, the cards it passed in the hand's exchange, or null."""


class TrickSerializer(serializers.Serializer):
    leader = serializers.IntegerField()
    cards = serializers.ListField(child=serializers.CharField(), help_text="In the order played, from the leader.")
    winner = serializers.IntegerField()


class NilResultSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    blind = serializers.BooleanField()
    tricks = serializers.IntegerField()
    made = serializers.BooleanField()
    points = serializers.IntegerField()


class SideScoreSerializer(serializers.Serializer):
    seats = serializers.ListField(child=serializers.IntegerField())
    contract = serializers.IntegerField(help_text="The side's bid: the sum of its number bids.")
    tricks = serializers.IntegerField(help_text="Tricks counted toward the contract.")
    made = serializers.BooleanField(allow_null=True, help_text="null when the side bid only nil.")
    contract_points = serializers.IntegerField()
    overtricks = serializers.IntegerField()
    overtrick_points = serializers.IntegerField()
    bags = serializers.IntegerField(help_text="Bags added this hand.")
    bag_penalty = serializers.IntegerField()
    nils = NilResultSerializer(many=True)
    ten_for_two_hundred = serializers.BooleanField()
    boston = serializers.BooleanField()
    boston_points = serializers.IntegerField()
    points = serializers.IntegerField(help_text="The hand's total for the side: the sum of the lines above.")
    score_before = serializers.IntegerField()
    score_after = serializers.IntegerField()
    bags_before = serializers.IntegerField()
    bags_after = serializers.IntegerField()


class HandRecordSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    misdeals = serializers.IntegerField(help_text="Redeals before this deal (misdeal rule).")
    dealt = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="Each seat's 13 (or 17/18) cards as dealt.")
    bids = BidSerializer(many=True)
    passed = PassedField(help_text="Cards each seat passed in an exchange, or null.")
    tricks = TrickSerializer(many=True)
    tricks_won = serializers.ListField(child=serializers.IntegerField())
    sides = SideScoreSerializer(many=True)


class PlayReviewSerializer(serializers.Serializer):
    trick = serializers.IntegerField(help_text="The trick's index in the hand, from 0.")
    seat = serializers.IntegerField()
    card = serializers.CharField()
    value = serializers.FloatField(allow_null=True, help_text="The margin of the card played for the seat's "
                                   "side (its points minus the other side's; cutthroat: the seat's minus the best "
                                   "other seat's) with best play by everyone after it; null: not analysed within "
                                   "the budget, as are best, best_cards and cost.")
    best = serializers.FloatField(allow_null=True, help_text="The best margin any legal card had there.")
    best_cards = serializers.ListField(child=serializers.CharField(), allow_null=True,
                                       help_text="Every legal card whose margin is 'best'.")
    cost = serializers.FloatField(allow_null=True, help_text="best - value: the points the card gave away "
                                  "against perfect play from then on (0: a best card).")


class SideParSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField())
    makeable_tricks = serializers.IntegerField(help_text="The most tricks the side takes against any defence.")
    nil_seats = serializers.ListField(child=serializers.IntegerField(),
                                      help_text="The side's seats that could have made nil.")


class HandAnalysisSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    objective = serializers.ChoiceField(choices=["margin", "paranoid"],
                                        help_text="What the values measure: 'margin' with two sides, 'paranoid' "
                                        "in cutthroat (each seat against all the others).")
    leader = serializers.IntegerField(help_text="The seat that led the first trick.")
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="Every seat's cards when play began (after any exchange).")
    bids = BidSerializer(many=True)
    par = SideParSerializer(many=True, allow_null=True,
                            help_text="What each side could make on the deal as played; null: not solved "
                            "within the budget (par_missing).")
    par_missing = serializers.BooleanField()
    analysed = serializers.IntegerField(help_text="How many cards were analysed: the last ones (the review "
                                        "runs backwards from the end of the hand within a node budget).")
    best_scores = serializers.ListField(child=serializers.FloatField(), allow_null=True,
                                        help_text="Points per side at the end of a line of best play from the "
                                        "first lead; null when the first card was not analysed.")
    best_tricks = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                        help_text="Tricks per seat at the end of that line.")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="Points per side the hand scored.")
    tricks_won = serializers.ListField(child=serializers.IntegerField())
    plays = PlayReviewSerializer(many=True)


class AnalysisPendingSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["pending", "running"],
                                     help_text="Queued, or being solved by a worker.")
    retry_after = serializers.IntegerField(help_text="Seconds to wait before asking again (the Retry-After "
                                           "header).")


# Made from the engine's dataclasses: the engine's own lists of fields are the only ones (dataclass_fields).
ENGINE_TYPES = {engine.Bid: BidSerializer, engine.Trick: TrickSerializer, engine.HandRecord: HandRecordSerializer,
                engine.SideScore: SideScoreSerializer}
SeatViewSerializer = serializer_for(engine.SeatView, ENGINE_TYPES)


class TableSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    rules = serializers.DictField()
    status = serializers.ChoiceField(choices=["open", "playing", "finished"])
    seq = serializers.IntegerField(help_text="Send this back with your next action.")
    seats = SeatSummarySerializer(many=True)
    your_seat = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True)
    clock = ClockSerializer(allow_null=True, help_text="null when moves are not timed.")
    view = SeatViewSerializer(allow_null=True, help_text="Your seat view; null until every seat is taken, and "
                              "for a spectator while the table is sealed.")
    sealed = serializers.BooleanField(help_text=(
        "A table of a duplicate tournament round whose boards other tables of the round are still playing, "
        "seen by someone without a seat here: no view, winner or result, and the events feed answers "
        "board_in_play, until every table of the round has finished."))


class TableSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    preset = serializers.CharField()
    status = serializers.CharField()
    seq = serializers.IntegerField()
    seats = SeatSummarySerializer(many=True)
    created_at = serializers.DateTimeField()


class TablePageSerializer(serializers.Serializer):
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(allow_null=True, help_text="The previous page, or null.")
    results = TableSummarySerializer(many=True)


# Actions -------------------------------------------------------------------------------------------------

# On the view, not the serializer: a view's own examples hide its serializers' (drf-spectacular).
ACTION_EXAMPLES = [
    OpenApiExample("Bid four", value={"type": "bid", "bid": 4, "seq": 12}, request_only=True),
    OpenApiExample("Bid nil", value={"type": "bid", "bid": 0, "seq": 12}, request_only=True),
    OpenApiExample("Blind nil", value={"type": "bid", "bid": 0, "blind": True, "seq": 12}, request_only=True),
    OpenApiExample("Look at your cards (give up a blind bid)", value={"type": "look", "seq": 12},
                   request_only=True),
    OpenApiExample("Pass two cards", value={"type": "exchange", "cards": ["2C", "3D"], "seq": 17},
                   request_only=True),
    OpenApiExample("Play the queen of spades", value={"type": "play", "card": "QS", "seq": 20},
                   request_only=True),
]


def _action_type(kind: str) -> serializers.ChoiceField:
    """The ``type`` of an action variant: always ``kind`` (a constant in the schema, the discriminator's)."""
    field_class = extend_schema_field({"type": "string", "const": kind})(
        type("ActionTypeField", (serializers.ChoiceField,), {}))
    return field_class(choices=[kind], help_text=f"Always {kind}.")


SEQ_HELP = "The table's seq as you last saw it."


class BidActionSerializer(serializers.Serializer):
    """Bid a number of tricks (0 is nil), openly or blind."""

    type = _action_type("bid")
    seq = serializers.IntegerField(min_value=0, help_text=SEQ_HELP)
    bid = serializers.IntegerField(help_text="Tricks, 0 for nil; GET legal/ lists the bids you may make.")
    blind = serializers.BooleanField(required=False, default=False,
                                     help_text="Made without looking at your cards (blind nil, a blind bid).")


class LookActionSerializer(serializers.Serializer):
    """Pick up your cards, giving up a blind bid."""

    type = _action_type("look")
    seq = serializers.IntegerField(min_value=0, help_text=SEQ_HELP)


class ExchangeActionSerializer(serializers.Serializer):
    """Pass cards face down to your partner (after a nil or blind nil, when the rules ask for it)."""

    type = _action_type("exchange")
    seq = serializers.IntegerField(min_value=0, help_text=SEQ_HELP)
    cards = serializers.ListField(child=serializers.CharField(max_length=3, help_text=CARD_HELP), max_length=3,
                                  help_text="The cards to pass, as many as the exchange asks for (GET legal/).")


class PlayActionSerializer(serializers.Serializer):
    """Lead or follow with a card."""

    type = _action_type("play")
    seq = serializers.IntegerField(min_value=0, help_text=SEQ_HELP)
    card = serializers.CharField(max_length=3, help_text=CARD_HELP)


class ResignActionSerializer(serializers.Serializer):
    """Your side gives up the game."""

    type = _action_type("resign")
    seq = serializers.IntegerField(min_value=0, help_text=SEQ_HELP)


ACTION_SERIALIZERS: dict[str, type[serializers.Serializer]] = {
    "bid": BidActionSerializer, "look": LookActionSerializer, "exchange": ExchangeActionSerializer,
    "play": PlayActionSerializer, "resign": ResignActionSerializer,
}
"""One request shape per action type: the engine's action types, each with the fields it carries."""
assert set(ACTION_SERIALIZERS) == set(engine.game.ACTION_TYPES)

ACTION_REQUEST = PolymorphicProxySerializer(
    component_name="Action", resource_type_field_name="type", serializers=ACTION_SERIALIZERS,
    help_text="An action: its type, the table's seq, and the fields of that type.")
"""The documented action body: a ``oneOf`` of the types with a discriminator on ``type``."""


def action_validated(data: object) -> dict:
    """The action body validated by the serializer of its ``type``: 422 ``unknown_action`` for a type
    that is no action, 400 ``invalid`` for a missing type or bad fields."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"non_field_errors": [_("Send the action as a JSON object.")]})
    if "type" not in data:
        raise serializers.ValidationError({"type": [serializers.Field.default_error_messages["required"]]})
    kind = data["type"]
    serializer_class = ACTION_SERIALIZERS.get(kind) if isinstance(kind, str) else None
    if serializer_class is None:
        raise engine.IllegalActionError(engine.Reason.UNKNOWN_ACTION, params={"type": str(kind)[:20]})
    return validated(serializer_class, data)


class EventSerializer(serializers.Serializer):
    """One log entry and the events it caused, as your seat may see them."""

    seq = serializers.IntegerField()
    type = serializers.CharField(help_text="join, start, bid, look, exchange, play, resign.")
    seat = serializers.IntegerField(allow_null=True)
    at = serializers.DateTimeField()
    events = PolymorphicProxySerializer(
        component_name="GameEvent", many=True, resource_type_field_name="type",
        serializers={cls.type: serializer_for(cls, ENGINE_TYPES) for cls in engine.EVENT_CLASSES},
        help_text="What the entry caused, in order; each event's 'type' names its shape.")


class ActedTableSerializer(TableSerializer):
    """The table after your action, as GET tables/{id}/ shows it but without the rule set, which does not
    change during a game (read it once from GET tables/{id}/)."""

    rules = None


class LegalActionSerializer(serializers.Serializer):
    type = serializers.CharField()
    bid = serializers.IntegerField(required=False)
    blind = serializers.BooleanField(required=False)
    card = serializers.CharField(required=False)
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    count = serializers.IntegerField(required=False, help_text="exchange: how many cards to pass.")


LEGAL_HELP = ("Your legal actions now, the items of GET legal/'s 'actions', when the game waits for you (your "
              "bid, your play, your exchange); empty when it waits for nothing from you, and for a spectator. "
              "(Looking at your cards out of turn, where blind bids are allowed, is listed by GET legal/ only.)")


class ActionResultSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The table's seq after your action.")
    entry = EventSerializer(help_text="Your action as logged, with the events it caused.")
    table = ActedTableSerializer(help_text="The table after your action: your new seat view and its seq.")
    legal = LegalActionSerializer(many=True, help_text=LEGAL_HELP)


class CardReasonSerializer(serializers.Serializer):
    card = serializers.CharField()
    playable = serializers.BooleanField()
    reason = serializers.CharField(allow_null=True, help_text="Why not: must_follow_suit, spades_not_broken, …")
    message = serializers.CharField(allow_null=True)


class LegalSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    phase = serializers.CharField()
    your_turn = serializers.BooleanField()
    actions = LegalActionSerializer(many=True)
    cards = CardReasonSerializer(many=True, help_text="Every card you hold, playable or not, with the reason.")


class HintSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    action = LegalActionSerializer(help_text="The suggested action, ready to send (add the seq).")
    counted = serializers.ListField(child=serializers.CharField(),
                                    help_text="With a bid: the cards of your hand counted as tricks.")


class EventsSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The table's seq now: pass it as 'after' next time, and send it "
                                             "with your next action.")
    events = EventSerializer(many=True, help_text="Every entry after 'after' up to 'seq'.")
    table = ActedTableSerializer(help_text="The table at 'seq' as you may see it (your seat view, a spectator's "
                                           "when you have no seat), without the rule set: never older than the "
                                           "events.")
    legal = LegalActionSerializer(many=True, help_text=LEGAL_HELP)
