"""Contains all the data models used in inputs/outputs"""

from .abandon_event import AbandonEvent
from .accepts_challenges_enum import AcceptsChallengesEnum
from .acted_table import ActedTable
from .action_result import ActionResult
from .analysis_pending import AnalysisPending
from .analysis_pending_status_enum import AnalysisPendingStatusEnum
from .api_root import ApiRoot
from .api_root_resources import ApiRootResources
from .bid import Bid
from .bid_action_request import BidActionRequest
from .bid_event import BidEvent
from .blind_eligibility import BlindEligibility
from .block import Block
from .block_create_request import BlockCreateRequest
from .block_page import BlockPage
from .bot_level_enum import BotLevelEnum
from .bot_seat import BotSeat
from .card_reason import CardReason
from .challenge import Challenge
from .challenge_accepted_event import ChallengeAcceptedEvent
from .challenge_cancelled_event import ChallengeCancelledEvent
from .challenge_create_request import ChallengeCreateRequest
from .challenge_create_request_overrides import ChallengeCreateRequestOverrides
from .challenge_declined_event import ChallengeDeclinedEvent
from .challenge_expired_event import ChallengeExpiredEvent
from .challenge_page import ChallengePage
from .challenge_received_event import ChallengeReceivedEvent
from .challenge_rules import ChallengeRules
from .challenge_status_enum import ChallengeStatusEnum
from .challenges_list_box import ChallengesListBox
from .challenges_list_status import ChallengesListStatus
from .clock import Clock
from .deal_event import DealEvent
from .decline_reason_enum import DeclineReasonEnum
from .decline_request import DeclineRequest
from .entry import Entry
from .entry_create_request import EntryCreateRequest
from .entry_create_request_members_item_type_0 import EntryCreateRequestMembersItemType0
from .entry_create_request_members_item_type_1 import EntryCreateRequestMembersItemType1
from .entry_create_request_members_item_type_1_bot_level import EntryCreateRequestMembersItemType1BotLevel
from .error_catalog_entry import ErrorCatalogEntry
from .error_code_enum import ErrorCodeEnum
from .event import Event
from .events import Events
from .exchange_action_request import ExchangeActionRequest
from .exchange_done_event import ExchangeDoneEvent
from .exchange_due_event import ExchangeDueEvent
from .exchange_event import ExchangeEvent
from .exchange_state import ExchangeState
from .format_enum import FormatEnum
from .game_over_event import GameOverEvent
from .hand_analysis import HandAnalysis
from .hand_over_event import HandOverEvent
from .hand_record import HandRecord
from .health import Health
from .hint import Hint
from .join_event import JoinEvent
from .join_request import JoinRequest
from .kind_enum import KindEnum
from .ladder import Ladder
from .ladder_create_request import LadderCreateRequest
from .ladder_create_request_overrides import LadderCreateRequestOverrides
from .ladder_entry import LadderEntry
from .ladder_game_opened_event import LadderGameOpenedEvent
from .ladder_join_request import LadderJoinRequest
from .ladder_rules import LadderRules
from .last_hand import LastHand
from .legal import Legal
from .legal_action import LegalAction
from .look_action_request import LookActionRequest
from .look_event import LookEvent
from .match import Match
from .match_boards_type_0 import MatchBoardsType0
from .match_entry import MatchEntry
from .match_status_enum import MatchStatusEnum
from .member_out import MemberOut
from .nil_result import NilResult
from .not_ready import NotReady
from .objective_enum import ObjectiveEnum
from .open_seat import OpenSeat
from .origin_enum import OriginEnum
from .patched_player_update_request import PatchedPlayerUpdateRequest
from .patched_tournament_update_request import PatchedTournamentUpdateRequest
from .phase_enum import PhaseEnum
from .play_action_request import PlayActionRequest
from .play_event import PlayEvent
from .play_review import PlayReview
from .play_starts_event import PlayStartsEvent
from .player import Player
from .player_create_request import PlayerCreateRequest
from .player_created import PlayerCreated
from .player_events import PlayerEvents
from .players_me_events_stream_format import PlayersMeEventsStreamFormat
from .players_me_events_stream_response_200 import PlayersMeEventsStreamResponse200
from .preset_enum import PresetEnum
from .problem import Problem
from .problem_errors import ProblemErrors
from .problem_params import ProblemParams
from .rating_change import RatingChange
from .rating_history import RatingHistory
from .readiness_check import ReadinessCheck
from .readiness_checks import ReadinessChecks
from .ready import Ready
from .resign_action_request import ResignActionRequest
from .resign_event import ResignEvent
from .resource import Resource
from .result_enum import ResultEnum
from .round_ import Round
from .rule_set import RuleSet
from .rule_set_list import RuleSetList
from .rule_set_list_switches import RuleSetListSwitches
from .rule_set_switches import RuleSetSwitches
from .seat_replaced_event import SeatReplacedEvent
from .seat_summary import SeatSummary
from .seat_view import SeatView
from .seek import Seek
from .seek_create_request import SeekCreateRequest
from .seek_create_request_overrides import SeekCreateRequestOverrides
from .seek_page import SeekPage
from .seek_rules import SeekRules
from .seek_status_enum import SeekStatusEnum
from .side_par import SidePar
from .side_score import SideScore
from .standing import Standing
from .standing_tiebreaks import StandingTiebreaks
from .start_event import StartEvent
from .state_enum import StateEnum
from .table import Table
from .table_create_request import TableCreateRequest
from .table_create_request_overrides import TableCreateRequestOverrides
from .table_finished_event import TableFinishedEvent
from .table_opened_event import TableOpenedEvent
from .table_page import TablePage
from .table_rules import TableRules
from .table_status_enum import TableStatusEnum
from .table_summary import TableSummary
from .tables_events_stream_format import TablesEventsStreamFormat
from .tables_events_stream_response_200 import TablesEventsStreamResponse200
from .tables_events_stream_response_200_event import TablesEventsStreamResponse200Event
from .tables_events_stream_until import TablesEventsStreamUntil
from .tables_events_until import TablesEventsUntil
from .tables_list_status import TablesListStatus
from .timeout_action_enum import TimeoutActionEnum
from .timeout_event import TimeoutEvent
from .tournament import Tournament
from .tournament_create_request import TournamentCreateRequest
from .tournament_create_request_overrides import TournamentCreateRequestOverrides
from .tournament_finished_event import TournamentFinishedEvent
from .tournament_finished_event_status_enum import TournamentFinishedEventStatusEnum
from .tournament_page import TournamentPage
from .tournament_registration_opened_event import TournamentRegistrationOpenedEvent
from .tournament_round_started_event import TournamentRoundStartedEvent
from .tournament_rules import TournamentRules
from .tournament_status_enum import TournamentStatusEnum
from .tournament_summary import TournamentSummary
from .tournaments_bracket_lang import TournamentsBracketLang
from .tournaments_list_kind import TournamentsListKind
from .tournaments_list_status import TournamentsListStatus
from .trick import Trick
from .trick_card import TrickCard
from .trick_event import TrickEvent
from .your_turn_event import YourTurnEvent

__all__ = (
    "AbandonEvent",
    "AcceptsChallengesEnum",
    "ActedTable",
    "ActionResult",
    "AnalysisPending",
    "AnalysisPendingStatusEnum",
    "ApiRoot",
    "ApiRootResources",
    "Bid",
    "BidActionRequest",
    "BidEvent",
    "BlindEligibility",
    "Block",
    "BlockCreateRequest",
    "BlockPage",
    "BotLevelEnum",
    "BotSeat",
    "CardReason",
    "Challenge",
    "ChallengeAcceptedEvent",
    "ChallengeCancelledEvent",
    "ChallengeCreateRequest",
    "ChallengeCreateRequestOverrides",
    "ChallengeDeclinedEvent",
    "ChallengeExpiredEvent",
    "ChallengePage",
    "ChallengeReceivedEvent",
    "ChallengeRules",
    "ChallengesListBox",
    "ChallengesListStatus",
    "ChallengeStatusEnum",
    "Clock",
    "DealEvent",
    "DeclineReasonEnum",
    "DeclineRequest",
    "Entry",
    "EntryCreateRequest",
    "EntryCreateRequestMembersItemType0",
    "EntryCreateRequestMembersItemType1",
    "EntryCreateRequestMembersItemType1BotLevel",
    "ErrorCatalogEntry",
    "ErrorCodeEnum",
    "Event",
    "Events",
    "ExchangeActionRequest",
    "ExchangeDoneEvent",
    "ExchangeDueEvent",
    "ExchangeEvent",
    "ExchangeState",
    "FormatEnum",
    "GameOverEvent",
    "HandAnalysis",
    "HandOverEvent",
    "HandRecord",
    "Health",
    "Hint",
    "JoinEvent",
    "JoinRequest",
    "KindEnum",
    "Ladder",
    "LadderCreateRequest",
    "LadderCreateRequestOverrides",
    "LadderEntry",
    "LadderGameOpenedEvent",
    "LadderJoinRequest",
    "LadderRules",
    "LastHand",
    "Legal",
    "LegalAction",
    "LookActionRequest",
    "LookEvent",
    "Match",
    "MatchBoardsType0",
    "MatchEntry",
    "MatchStatusEnum",
    "MemberOut",
    "NilResult",
    "NotReady",
    "ObjectiveEnum",
    "OpenSeat",
    "OriginEnum",
    "PatchedPlayerUpdateRequest",
    "PatchedTournamentUpdateRequest",
    "PhaseEnum",
    "PlayActionRequest",
    "Player",
    "PlayerCreated",
    "PlayerCreateRequest",
    "PlayerEvents",
    "PlayersMeEventsStreamFormat",
    "PlayersMeEventsStreamResponse200",
    "PlayEvent",
    "PlayReview",
    "PlayStartsEvent",
    "PresetEnum",
    "Problem",
    "ProblemErrors",
    "ProblemParams",
    "RatingChange",
    "RatingHistory",
    "ReadinessCheck",
    "ReadinessChecks",
    "Ready",
    "ResignActionRequest",
    "ResignEvent",
    "Resource",
    "ResultEnum",
    "Round",
    "RuleSet",
    "RuleSetList",
    "RuleSetListSwitches",
    "RuleSetSwitches",
    "SeatReplacedEvent",
    "SeatSummary",
    "SeatView",
    "Seek",
    "SeekCreateRequest",
    "SeekCreateRequestOverrides",
    "SeekPage",
    "SeekRules",
    "SeekStatusEnum",
    "SidePar",
    "SideScore",
    "Standing",
    "StandingTiebreaks",
    "StartEvent",
    "StateEnum",
    "Table",
    "TableCreateRequest",
    "TableCreateRequestOverrides",
    "TableFinishedEvent",
    "TableOpenedEvent",
    "TablePage",
    "TableRules",
    "TablesEventsStreamFormat",
    "TablesEventsStreamResponse200",
    "TablesEventsStreamResponse200Event",
    "TablesEventsStreamUntil",
    "TablesEventsUntil",
    "TablesListStatus",
    "TableStatusEnum",
    "TableSummary",
    "TimeoutActionEnum",
    "TimeoutEvent",
    "Tournament",
    "TournamentCreateRequest",
    "TournamentCreateRequestOverrides",
    "TournamentFinishedEvent",
    "TournamentFinishedEventStatusEnum",
    "TournamentPage",
    "TournamentRegistrationOpenedEvent",
    "TournamentRoundStartedEvent",
    "TournamentRules",
    "TournamentsBracketLang",
    "TournamentsListKind",
    "TournamentsListStatus",
    "TournamentStatusEnum",
    "TournamentSummary",
    "Trick",
    "TrickCard",
    "TrickEvent",
    "YourTurnEvent",
)
