from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_failure import BatchFailure


T = TypeVar("T", bound="ListSubscribeResult")


@_attrs_define
class ListSubscribeResult:
    """
    Attributes:
        subscribed (int): Recipients subscribed by this call
        already (int): Recipients that were subscribed before
        failed (list[BatchFailure]):
    """

    subscribed: int
    already: int
    failed: list[BatchFailure]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subscribed = self.subscribed

        already = self.already

        failed = []
        for failed_item_data in self.failed:
            failed_item = failed_item_data.to_dict()
            failed.append(failed_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "subscribed": subscribed,
                "already": already,
                "failed": failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_failure import BatchFailure

        d = dict(src_dict)
        subscribed = d.pop("subscribed")

        already = d.pop("already")

        failed = []
        _failed = d.pop("failed")
        for failed_item_data in _failed:
            failed_item = BatchFailure.from_dict(failed_item_data)

            failed.append(failed_item)

        list_subscribe_result = cls(
            subscribed=subscribed,
            already=already,
            failed=failed,
        )

        list_subscribe_result.additional_properties = d
        return list_subscribe_result

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
