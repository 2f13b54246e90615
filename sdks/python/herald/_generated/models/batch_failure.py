from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_failure_errors_item import BatchFailureErrorsItem


T = TypeVar("T", bound="BatchFailure")


@_attrs_define
class BatchFailure:
    """
    Attributes:
        id (str):
        batch_index (int):
        errors (list[BatchFailureErrorsItem]):
    """

    id: str
    batch_index: int
    errors: list[BatchFailureErrorsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        batch_index = self.batch_index

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "batch_index": batch_index,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_failure_errors_item import BatchFailureErrorsItem

        d = dict(src_dict)
        id = d.pop("id")

        batch_index = d.pop("batch_index")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = BatchFailureErrorsItem.from_dict(errors_item_data)

            errors.append(errors_item)

        batch_failure = cls(
            id=id,
            batch_index=batch_index,
            errors=errors,
        )

        batch_failure.additional_properties = d
        return batch_failure

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
