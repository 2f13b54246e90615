from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification import Notification


T = TypeVar("T", bound="ActivityStreamEventData")


@_attrs_define
class ActivityStreamEventData:
    """
    Attributes:
        type_ (str): The outcome: notification.delivered, notification.suppressed, notification.failed…, or an outbound
            medium's (email.sent, sms.failed, push.skipped…)
        notification (Notification):
    """

    type_: str
    notification: Notification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        notification = self.notification.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "notification": notification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification import Notification

        d = dict(src_dict)
        type_ = d.pop("type")

        notification = Notification.from_dict(d.pop("notification"))

        activity_stream_event_data = cls(
            type_=type_,
            notification=notification,
        )

        activity_stream_event_data.additional_properties = d
        return activity_stream_event_data

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
