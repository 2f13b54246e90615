from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        max_ = self.max_

        window_seconds = self.window_seconds

        field_dict: dict[str, Any] = {}

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

        return catalog_throttle
