from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stats_intervals_item import StatsIntervalsItem
    from ..models.stats_rates import StatsRates
    from ..models.stats_totals import StatsTotals


T = TypeVar("T", bound="Stats")


@_attrs_define
class Stats:
    """
    Attributes:
        interval (str):
        from_ (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        to (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        intervals (list[StatsIntervalsItem]): Every interval of the range, oldest first; a medium or outcome without
            sends is left out
        totals (StatsTotals):
        rates (StatsRates):
        due_timers (int): Timers due now and not fired yet (scheduled sends, escalations, digests), counted up to 100000
    """

    interval: str
    from_: str
    to: str
    intervals: list[StatsIntervalsItem]
    totals: StatsTotals
    rates: StatsRates
    due_timers: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        interval = self.interval

        from_ = self.from_

        to = self.to

        intervals = []
        for intervals_item_data in self.intervals:
            intervals_item = intervals_item_data.to_dict()
            intervals.append(intervals_item)

        totals = self.totals.to_dict()

        rates = self.rates.to_dict()

        due_timers = self.due_timers

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "interval": interval,
                "from": from_,
                "to": to,
                "intervals": intervals,
                "totals": totals,
                "rates": rates,
                "due_timers": due_timers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stats_intervals_item import StatsIntervalsItem
        from ..models.stats_rates import StatsRates
        from ..models.stats_totals import StatsTotals

        d = dict(src_dict)
        interval = d.pop("interval")

        from_ = d.pop("from")

        to = d.pop("to")

        intervals = []
        _intervals = d.pop("intervals")
        for intervals_item_data in _intervals:
            intervals_item = StatsIntervalsItem.from_dict(intervals_item_data)

            intervals.append(intervals_item)

        totals = StatsTotals.from_dict(d.pop("totals"))

        rates = StatsRates.from_dict(d.pop("rates"))

        due_timers = d.pop("due_timers")

        stats = cls(
            interval=interval,
            from_=from_,
            to=to,
            intervals=intervals,
            totals=totals,
            rates=rates,
            due_timers=due_timers,
        )

        stats.additional_properties = d
        return stats

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
