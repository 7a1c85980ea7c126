from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """
    Attributes:
        table (UUID):
        at (datetime.datetime):
        mu_before (float):
        sigma_before (float):
        mu (float):
        sigma (float):
        rating (float):
    """

    table: UUID
    at: datetime.datetime
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    rating: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = str(self.table)

        at = self.at.isoformat()

        mu_before = self.mu_before

        sigma_before = self.sigma_before

        mu = self.mu

        sigma = self.sigma

        rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "at": at,
                "mu_before": mu_before,
                "sigma_before": sigma_before,
                "mu": mu,
                "sigma": sigma,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        table = UUID(d.pop("table"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        mu_before = d.pop("mu_before")

        sigma_before = d.pop("sigma_before")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        rating = d.pop("rating")

        rating_change = cls(
            table=table,
            at=at,
            mu_before=mu_before,
            sigma_before=sigma_before,
            mu=mu,
            sigma=sigma,
            rating=rating,
        )

        rating_change.additional_properties = d
        return rating_change

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
