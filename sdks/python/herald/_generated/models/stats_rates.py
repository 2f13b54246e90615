from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StatsRates")


@_attrs_define
class StatsRates:
    """
    Attributes:
        email_bounce (float | None):
        email_failure (float | None):
        webhook_failure (float | None):
    """

    email_bounce: float | None
    email_failure: float | None
    webhook_failure: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email_bounce: float | None
        email_bounce = self.email_bounce

        email_failure: float | None
        email_failure = self.email_failure

        webhook_failure: float | None
        webhook_failure = self.webhook_failure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email_bounce": email_bounce,
                "email_failure": email_failure,
                "webhook_failure": webhook_failure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_email_bounce(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        email_bounce = _parse_email_bounce(d.pop("email_bounce"))

        def _parse_email_failure(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        email_failure = _parse_email_failure(d.pop("email_failure"))

        def _parse_webhook_failure(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        webhook_failure = _parse_webhook_failure(d.pop("webhook_failure"))

        stats_rates = cls(
            email_bounce=email_bounce,
            email_failure=email_failure,
            webhook_failure=webhook_failure,
        )

        stats_rates.additional_properties = d
        return stats_rates

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
