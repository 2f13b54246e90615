from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_notification_updated_event_event import (
    StreamNotificationUpdatedEventEvent,
    check_stream_notification_updated_event_event,
)

if TYPE_CHECKING:
    from ..models.stream_notification_updated_event_data import (
        StreamNotificationUpdatedEventData,
    )


T = TypeVar("T", bound="StreamNotificationUpdatedEvent")


@_attrs_define
class StreamNotificationUpdatedEvent:
    """A notification of the feed whose read, opened or seen flag changed, that was archived or unarchived (single, bulk
    and mark-all changes included: one event each), whose action was taken, or that was snoozed (it leaves the feed
    until `snoozed_until`): its current object

        Attributes:
            event (StreamNotificationUpdatedEventEvent):
            id (str): The event's position in the recipient's stream (grows); send the last one received as Last-Event-ID to
                resume
            data (StreamNotificationUpdatedEventData):
    """

    event: StreamNotificationUpdatedEventEvent
    id: str
    data: StreamNotificationUpdatedEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event: str = self.event

        id = self.id

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stream_notification_updated_event_data import (
            StreamNotificationUpdatedEventData,
        )

        d = dict(src_dict)
        event = check_stream_notification_updated_event_event(d.pop("event"))

        id = d.pop("id")

        data = StreamNotificationUpdatedEventData.from_dict(d.pop("data"))

        stream_notification_updated_event = cls(
            event=event,
            id=id,
            data=data,
        )

        stream_notification_updated_event.additional_properties = d
        return stream_notification_updated_event

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
