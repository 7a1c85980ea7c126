from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LadderEntry")


@_attrs_define
class LadderEntry:
    """
    Attributes:
        rank (int | None):
        entry (int):
        name (str):
        bot_level (None | str):
        rating (float): mu - 3 sigma: the leaderboard's order.
        mu (float):
        sigma (float):
        games (int):
        wins (int):
        active (bool):
    """

    rank: int | None
    entry: int
    name: str
    bot_level: None | str
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    active: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank: int | None
        rank = self.rank

        entry = self.entry

        name = self.name

        bot_level: None | str
        bot_level = self.bot_level

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        wins = self.wins

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "entry": entry,
                "name": name,
                "bot_level": bot_level,
                "rating": rating,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "wins": wins,
                "active": active,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        entry = d.pop("entry")

        name = d.pop("name")

        def _parse_bot_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        wins = d.pop("wins")

        active = d.pop("active")

        ladder_entry = cls(
            rank=rank,
            entry=entry,
            name=name,
            bot_level=bot_level,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            wins=wins,
            active=active,
        )

        ladder_entry.additional_properties = d
        return ladder_entry

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
