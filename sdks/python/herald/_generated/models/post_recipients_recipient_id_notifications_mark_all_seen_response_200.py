from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.post_recipients_recipient_id_notifications_mark_all_seen_response_200_data import (
        PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data,
    )


T = TypeVar("T", bound="PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200")


@_attrs_define
class PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200:
    """
    Attributes:
        message (str):
        data (PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data):
    """

    message: str
    data: PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_recipients_recipient_id_notifications_mark_all_seen_response_200_data import (
            PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data,
        )

        d = dict(src_dict)
        message = d.pop("message")

        data = (
            PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200Data.from_dict(
                d.pop("data")
            )
        )

        post_recipients_recipient_id_notifications_mark_all_seen_response_200 = cls(
            message=message,
            data=data,
        )

        post_recipients_recipient_id_notifications_mark_all_seen_response_200.additional_properties = d
        return post_recipients_recipient_id_notifications_mark_all_seen_response_200

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
