from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_change import RatingChange


T = TypeVar("T", bound="RatingHistory")


@_attrs_define
class RatingHistory:
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
        history (list[RatingChange]):
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
    history: list[RatingChange]
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

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

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
                "history": history,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange  # noqa: PLC0415

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

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = RatingChange.from_dict(history_item_data)

            history.append(history_item)

        rating_history = cls(
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
            history=history,
        )

        rating_history.additional_properties = d
        return rating_history

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
