from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_readyz_response_503_status import (
    GetReadyzResponse503Status,
    check_get_readyz_response_503_status,
)

if TYPE_CHECKING:
    from ..models.get_readyz_response_503_checks import GetReadyzResponse503Checks


T = TypeVar("T", bound="GetReadyzResponse503")


@_attrs_define
class GetReadyzResponse503:
    """
    Attributes:
        status (GetReadyzResponse503Status):
        checks (GetReadyzResponse503Checks):
    """

    status: GetReadyzResponse503Status
    checks: GetReadyzResponse503Checks
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
        from ..models.get_readyz_response_503_checks import GetReadyzResponse503Checks

        d = dict(src_dict)
        status = check_get_readyz_response_503_status(d.pop("status"))

        checks = GetReadyzResponse503Checks.from_dict(d.pop("checks"))

        get_readyz_response_503 = cls(
            status=status,
            checks=checks,
        )

        get_readyz_response_503.additional_properties = d
        return get_readyz_response_503

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
