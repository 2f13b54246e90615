from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BatchFailureErrorsItem")


@_attrs_define
class BatchFailureErrorsItem:
    """
    Attributes:
        message (str):
        description (str):
        property_path (str):
        invalid_value (Any):
    """

    message: str
    description: str
    property_path: str
    invalid_value: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        description = self.description

        property_path = self.property_path

        invalid_value = self.invalid_value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "description": description,
                "property_path": property_path,
                "invalid_value": invalid_value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        description = d.pop("description")

        property_path = d.pop("property_path")

        invalid_value = d.pop("invalid_value")

        batch_failure_errors_item = cls(
            message=message,
            description=description,
            property_path=property_path,
            invalid_value=invalid_value,
        )

        batch_failure_errors_item.additional_properties = d
        return batch_failure_errors_item

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
