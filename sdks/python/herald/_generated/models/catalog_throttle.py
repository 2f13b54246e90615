from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CatalogThrottle")


@_attrs_define
class CatalogThrottle:
    """Past `max` in the window: in-app ends `throttled` (not in the feed), email is skipped `throttled`

    Attributes:
        max_ (int): Deliveries allowed to one recipient in any window (1-1,000)
        window_seconds (int): The sliding window (60-2,592,000)
    """

    max_: int
    window_seconds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_ = self.max_

        window_seconds = self.window_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "max": max_,
                "window_seconds": window_seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        max_ = d.pop("max")

        window_seconds = d.pop("window_seconds")

        catalog_throttle = cls(
            max_=max_,
            window_seconds=window_seconds,
        )

        catalog_throttle.additional_properties = d
        return catalog_throttle

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
