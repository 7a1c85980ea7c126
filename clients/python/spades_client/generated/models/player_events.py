from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_accepted_event import ChallengeAcceptedEvent
    from ..models.challenge_cancelled_event import ChallengeCancelledEvent
    from ..models.challenge_declined_event import ChallengeDeclinedEvent
    from ..models.challenge_expired_event import ChallengeExpiredEvent
    from ..models.challenge_received_event import ChallengeReceivedEvent
    from ..models.ladder_game_opened_event import LadderGameOpenedEvent
    from ..models.table_finished_event import TableFinishedEvent
    from ..models.table_opened_event import TableOpenedEvent
    from ..models.tournament_finished_event import TournamentFinishedEvent
    from ..models.tournament_registration_opened_event import TournamentRegistrationOpenedEvent
    from ..models.tournament_round_started_event import TournamentRoundStartedEvent
    from ..models.your_turn_event import YourTurnEvent


T = TypeVar("T", bound="PlayerEvents")


@_attrs_define
class PlayerEvents:
    """
    Attributes:
        events (list[ChallengeAcceptedEvent | ChallengeCancelledEvent | ChallengeDeclinedEvent | ChallengeExpiredEvent |
            ChallengeReceivedEvent | LadderGameOpenedEvent | TableFinishedEvent | TableOpenedEvent | TournamentFinishedEvent
            | TournamentRegistrationOpenedEvent | TournamentRoundStartedEvent | YourTurnEvent]): Your events, oldest first;
            each event's 'type' names its shape.
        seq (int): The last event's seq (your log's seq when there is none): pass it as 'after' next time.
    """

    events: list[
        ChallengeAcceptedEvent
        | ChallengeCancelledEvent
        | ChallengeDeclinedEvent
        | ChallengeExpiredEvent
        | ChallengeReceivedEvent
        | LadderGameOpenedEvent
        | TableFinishedEvent
        | TableOpenedEvent
        | TournamentFinishedEvent
        | TournamentRegistrationOpenedEvent
        | TournamentRoundStartedEvent
        | YourTurnEvent
    ]
    seq: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.challenge_accepted_event import ChallengeAcceptedEvent  # noqa: PLC0415
        from ..models.challenge_cancelled_event import ChallengeCancelledEvent  # noqa: PLC0415
        from ..models.challenge_declined_event import ChallengeDeclinedEvent  # noqa: PLC0415
        from ..models.challenge_expired_event import ChallengeExpiredEvent  # noqa: PLC0415
        from ..models.challenge_received_event import ChallengeReceivedEvent  # noqa: PLC0415
        from ..models.table_finished_event import TableFinishedEvent  # noqa: PLC0415
        from ..models.table_opened_event import TableOpenedEvent  # noqa: PLC0415
        from ..models.tournament_finished_event import TournamentFinishedEvent  # noqa: PLC0415
        from ..models.tournament_registration_opened_event import TournamentRegistrationOpenedEvent  # noqa: PLC0415
        from ..models.tournament_round_started_event import TournamentRoundStartedEvent  # noqa: PLC0415
        from ..models.your_turn_event import YourTurnEvent  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, TableOpenedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, YourTurnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableFinishedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChallengeReceivedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChallengeAcceptedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChallengeDeclinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChallengeExpiredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ChallengeCancelledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TournamentRegistrationOpenedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TournamentRoundStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TournamentFinishedEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        seq = self.seq

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "seq": seq,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_accepted_event import ChallengeAcceptedEvent  # noqa: PLC0415
        from ..models.challenge_cancelled_event import ChallengeCancelledEvent  # noqa: PLC0415
        from ..models.challenge_declined_event import ChallengeDeclinedEvent  # noqa: PLC0415
        from ..models.challenge_expired_event import ChallengeExpiredEvent  # noqa: PLC0415
        from ..models.challenge_received_event import ChallengeReceivedEvent  # noqa: PLC0415
        from ..models.ladder_game_opened_event import LadderGameOpenedEvent  # noqa: PLC0415
        from ..models.table_finished_event import TableFinishedEvent  # noqa: PLC0415
        from ..models.table_opened_event import TableOpenedEvent  # noqa: PLC0415
        from ..models.tournament_finished_event import TournamentFinishedEvent  # noqa: PLC0415
        from ..models.tournament_registration_opened_event import TournamentRegistrationOpenedEvent  # noqa: PLC0415
        from ..models.tournament_round_started_event import TournamentRoundStartedEvent  # noqa: PLC0415
        from ..models.your_turn_event import YourTurnEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                ChallengeAcceptedEvent
                | ChallengeCancelledEvent
                | ChallengeDeclinedEvent
                | ChallengeExpiredEvent
                | ChallengeReceivedEvent
                | LadderGameOpenedEvent
                | TableFinishedEvent
                | TableOpenedEvent
                | TournamentFinishedEvent
                | TournamentRegistrationOpenedEvent
                | TournamentRoundStartedEvent
                | YourTurnEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_0 = TableOpenedEvent.from_dict(data)

                    return componentsschemas_player_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_1 = YourTurnEvent.from_dict(data)

                    return componentsschemas_player_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_2 = TableFinishedEvent.from_dict(data)

                    return componentsschemas_player_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_3 = ChallengeReceivedEvent.from_dict(data)

                    return componentsschemas_player_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_4 = ChallengeAcceptedEvent.from_dict(data)

                    return componentsschemas_player_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_5 = ChallengeDeclinedEvent.from_dict(data)

                    return componentsschemas_player_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_6 = ChallengeExpiredEvent.from_dict(data)

                    return componentsschemas_player_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_7 = ChallengeCancelledEvent.from_dict(data)

                    return componentsschemas_player_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_8 = TournamentRegistrationOpenedEvent.from_dict(data)

                    return componentsschemas_player_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_9 = TournamentRoundStartedEvent.from_dict(data)

                    return componentsschemas_player_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_event_type_10 = TournamentFinishedEvent.from_dict(data)

                    return componentsschemas_player_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_player_event_type_11 = LadderGameOpenedEvent.from_dict(data)

                return componentsschemas_player_event_type_11

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        seq = d.pop("seq")

        player_events = cls(
            events=events,
            seq=seq,
        )

        player_events.additional_properties = d
        return player_events

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
