from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stats_interval_sends import StatsIntervalSends


T = TypeVar("T", bound="StatsIntervalsItem")


@_attrs_define
class StatsIntervalsItem:
    """
    Attributes:
        start (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        sends (StatsIntervalSends):
    """

    start: str
    sends: StatsIntervalSends
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        sends = self.sends.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "start": start,
                "sends": sends,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stats_interval_sends import StatsIntervalSends

        d = dict(src_dict)
        start = d.pop("start")

        sends = StatsIntervalSends.from_dict(d.pop("sends"))

        stats_intervals_item = cls(
            start=start,
            sends=sends,
        )

        stats_intervals_item.additional_properties = d
        return stats_intervals_item

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
