from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standing_tiebreaks import StandingTiebreaks


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        rank (int):
        entry (int):
        name (str):
        points (float): Match points (win 1, draw 0.5, bye 1); duplicate: matchpoints.
        played (int):
        wins (int):
        draws (int):
        losses (int):
        tiebreaks (StandingTiebreaks): In the order they are applied.
        eliminated_in (int | None): Elimination: the round it went out.
    """

    rank: int
    entry: int
    name: str
    points: float
    played: int
    wins: int
    draws: int
    losses: int
    tiebreaks: StandingTiebreaks
    eliminated_in: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        entry = self.entry

        name = self.name

        points = self.points

        played = self.played

        wins = self.wins

        draws = self.draws

        losses = self.losses

        tiebreaks = self.tiebreaks.to_dict()

        eliminated_in: int | None
        eliminated_in = self.eliminated_in

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "entry": entry,
                "name": name,
                "points": points,
                "played": played,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "tiebreaks": tiebreaks,
                "eliminated_in": eliminated_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing_tiebreaks import StandingTiebreaks  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        entry = d.pop("entry")

        name = d.pop("name")

        points = d.pop("points")

        played = d.pop("played")

        wins = d.pop("wins")

        draws = d.pop("draws")

        losses = d.pop("losses")

        tiebreaks = StandingTiebreaks.from_dict(d.pop("tiebreaks"))

        def _parse_eliminated_in(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        eliminated_in = _parse_eliminated_in(d.pop("eliminated_in"))

        standing = cls(
            rank=rank,
            entry=entry,
            name=name,
            points=points,
            played=played,
            wins=wins,
            draws=draws,
            losses=losses,
            tiebreaks=tiebreaks,
            eliminated_in=eliminated_in,
        )

        standing.additional_properties = d
        return standing

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
