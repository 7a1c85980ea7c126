from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tables_events_stream_response_200_event import TablesEventsStreamResponse200Event
from ..types import UNSET, Unset

T = TypeVar("T", bound="TablesEventsStreamResponse200")


@_attrs_define
class TablesEventsStreamResponse200:
    """One event of the stream (the schema of each event, not of the whole body).

    Attributes:
        data (str): An 'entry': the entry as in the events feed, as JSON. A 'turn' (with until=turn) or a 'table' (with
            until=move): the events feed's answer at the entry's seq (the table and your legal actions) with no entries,
            since the stream has sent them.
        id (str | Unset): The entry's seq: EventSource sends it back as Last-Event-ID.
        event (TablesEventsStreamResponse200Event | Unset):
        retry (int | Unset): How long EventSource waits before it reconnects (ms).
    """

    data: str
    id: str | Unset = UNSET
    event: TablesEventsStreamResponse200Event | Unset = UNSET
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        id = self.id

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event.value

        retry = self.retry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if event is not UNSET:
            field_dict["event"] = event
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        id = d.pop("id", UNSET)

        _event = d.pop("event", UNSET)
        event: TablesEventsStreamResponse200Event | Unset
        if isinstance(_event, Unset):
            event = UNSET
        else:
            event = TablesEventsStreamResponse200Event(_event)

        retry = d.pop("retry", UNSET)

        tables_events_stream_response_200 = cls(
            data=data,
            id=id,
            event=event,
            retry=retry,
        )

        tables_events_stream_response_200.additional_properties = d
        return tables_events_stream_response_200

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
