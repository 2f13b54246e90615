from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_healthz_response_200_status import (
    GetHealthzResponse200Status,
    check_get_healthz_response_200_status,
)

T = TypeVar("T", bound="GetHealthzResponse200")


@_attrs_define
class GetHealthzResponse200:
    """
    Attributes:
        status (GetHealthzResponse200Status):
    """

    status: GetHealthzResponse200Status
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = check_get_healthz_response_200_status(d.pop("status"))

        get_healthz_response_200 = cls(
            status=status,
        )

        get_healthz_response_200.additional_properties = d
        return get_healthz_response_200

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
