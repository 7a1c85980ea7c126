from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.acted_table import ActedTable
    from ..models.event import Event
    from ..models.legal_action import LegalAction


T = TypeVar("T", bound="ActionResult")


@_attrs_define
class ActionResult:
    """
    Attributes:
        seq (int): The table's seq after your action.
        entry (Event): One log entry and the events it caused, as your seat may see them.
        table (ActedTable): The table after your action, as GET tables/{id}/ shows it but without the rule set, which
            does not
            change during a game (read it once from GET tables/{id}/).
        legal (list[LegalAction]): Your legal actions now, the items of GET legal/'s 'actions', when the game waits for
            you (your bid, your play, your exchange); empty when it waits for nothing from you, and for a spectator.
            (Looking at your cards out of turn, where blind bids are allowed, is listed by GET legal/ only.)
    """

    seq: int
    entry: Event
    table: ActedTable
    legal: list[LegalAction]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        entry = self.entry.to_dict()

        table = self.table.to_dict()

        legal = []
        for legal_item_data in self.legal:
            legal_item = legal_item_data.to_dict()
            legal.append(legal_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "entry": entry,
                "table": table,
                "legal": legal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.acted_table import ActedTable  # noqa: PLC0415
        from ..models.event import Event  # noqa: PLC0415
        from ..models.legal_action import LegalAction  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        entry = Event.from_dict(d.pop("entry"))

        table = ActedTable.from_dict(d.pop("table"))

        legal = []
        _legal = d.pop("legal")
        for legal_item_data in _legal:
            legal_item = LegalAction.from_dict(legal_item_data)

            legal.append(legal_item)

        action_result = cls(
            seq=seq,
            entry=entry,
            table=table,
            legal=legal,
        )

        action_result.additional_properties = d
        return action_result

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
