from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_readyz_response_200_status import (
    GetReadyzResponse200Status,
    check_get_readyz_response_200_status,
)

if TYPE_CHECKING:
    from ..models.get_readyz_response_200_checks import GetReadyzResponse200Checks


T = TypeVar("T", bound="GetReadyzResponse200")


@_attrs_define
class GetReadyzResponse200:
    """
    Attributes:
        status (GetReadyzResponse200Status):
        checks (GetReadyzResponse200Checks):
    """

    status: GetReadyzResponse200Status
    checks: GetReadyzResponse200Checks
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        checks = self.checks.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "checks": checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_readyz_response_200_checks import GetReadyzResponse200Checks

        d = dict(src_dict)
        status = check_get_readyz_response_200_status(d.pop("status"))

        checks = GetReadyzResponse200Checks.from_dict(d.pop("checks"))

        get_readyz_response_200 = cls(
            status=status,
            checks=checks,
        )

        get_readyz_response_200.additional_properties = d
        return get_readyz_response_200

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
