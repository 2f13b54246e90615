from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification import Notification


T = TypeVar("T", bound="StreamNotificationEventData")


@_attrs_define
class StreamNotificationEventData:
    """
    Attributes:
        notification (Notification):
        unread_count (int): The recipient's unread count, after this event
        unseen_count (int): The recipient's unseen count (delivered, not archived, not seen), after this event
    """

    notification: Notification
    unread_count: int
    unseen_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        notification = self.notification.to_dict()

        unread_count = self.unread_count

        unseen_count = self.unseen_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "notification": notification,
                "unread_count": unread_count,
                "unseen_count": unseen_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification import Notification

        d = dict(src_dict)
        notification = Notification.from_dict(d.pop("notification"))

        unread_count = d.pop("unread_count")

        unseen_count = d.pop("unseen_count")

        stream_notification_event_data = cls(
            notification=notification,
            unread_count=unread_count,
            unseen_count=unseen_count,
        )

        stream_notification_event_data.additional_properties = d
        return stream_notification_event_data

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
