from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.card_reason import CardReason
    from ..models.legal_action import LegalAction


T = TypeVar("T", bound="Legal")


@_attrs_define
class Legal:
    """
    Attributes:
        seq (int):
        seat (int):
        phase (str):
        your_turn (bool):
        actions (list[LegalAction]):
        cards (list[CardReason]): Every card you hold, playable or not, with the reason.
    """

    seq: int
    seat: int
    phase: str
    your_turn: bool
    actions: list[LegalAction]
    cards: list[CardReason]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        seat = self.seat

        phase = self.phase

        your_turn = self.your_turn

        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "seat": seat,
                "phase": phase,
                "your_turn": your_turn,
                "actions": actions,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_reason import CardReason  # noqa: PLC0415
        from ..models.legal_action import LegalAction  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        seat = d.pop("seat")

        phase = d.pop("phase")

        your_turn = d.pop("your_turn")

        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = LegalAction.from_dict(actions_item_data)

            actions.append(actions_item)

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = CardReason.from_dict(cards_item_data)

            cards.append(cards_item)

        legal = cls(
            seq=seq,
            seat=seat,
            phase=phase,
            your_turn=your_turn,
            actions=actions,
            cards=cards,
        )

        legal.additional_properties = d
        return legal

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
