from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.batch_failure import BatchFailure
    from ..models.post_recipients_batch_response_200_data_created_item import (
        PostRecipientsBatchResponse200DataCreatedItem,
    )
    from ..models.post_recipients_batch_response_200_data_updated_item import (
        PostRecipientsBatchResponse200DataUpdatedItem,
    )


T = TypeVar("T", bound="PostRecipientsBatchResponse200Data")


@_attrs_define
class PostRecipientsBatchResponse200Data:
    """
    Attributes:
        created (list[PostRecipientsBatchResponse200DataCreatedItem]):
        updated (list[PostRecipientsBatchResponse200DataUpdatedItem]):
        failed (list[BatchFailure]):
    """

    created: list[PostRecipientsBatchResponse200DataCreatedItem]
    updated: list[PostRecipientsBatchResponse200DataUpdatedItem]
    failed: list[BatchFailure]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created = []
        for created_item_data in self.created:
            created_item = created_item_data.to_dict()
            created.append(created_item)

        updated = []
        for updated_item_data in self.updated:
            updated_item = updated_item_data.to_dict()
            updated.append(updated_item)

        failed = []
        for failed_item_data in self.failed:
            failed_item = failed_item_data.to_dict()
            failed.append(failed_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created": created,
                "updated": updated,
                "failed": failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_failure import BatchFailure
        from ..models.post_recipients_batch_response_200_data_created_item import (
            PostRecipientsBatchResponse200DataCreatedItem,
        )
        from ..models.post_recipients_batch_response_200_data_updated_item import (
            PostRecipientsBatchResponse200DataUpdatedItem,
        )

        d = dict(src_dict)
        created = []
        _created = d.pop("created")
        for created_item_data in _created:
            created_item = PostRecipientsBatchResponse200DataCreatedItem.from_dict(
                created_item_data
            )

            created.append(created_item)

        updated = []
        _updated = d.pop("updated")
        for updated_item_data in _updated:
            updated_item = PostRecipientsBatchResponse200DataUpdatedItem.from_dict(
                updated_item_data
            )

            updated.append(updated_item)

        failed = []
        _failed = d.pop("failed")
        for failed_item_data in _failed:
            failed_item = BatchFailure.from_dict(failed_item_data)

            failed.append(failed_item)

        post_recipients_batch_response_200_data = cls(
            created=created,
            updated=updated,
            failed=failed,
        )

        post_recipients_batch_response_200_data.additional_properties = d
        return post_recipients_batch_response_200_data

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
