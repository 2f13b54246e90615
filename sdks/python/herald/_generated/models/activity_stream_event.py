from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.activity_stream_event_event import (
    ActivityStreamEventEvent,
    check_activity_stream_event_event,
)

if TYPE_CHECKING:
    from ..models.activity_stream_event_data import ActivityStreamEventData


T = TypeVar("T", bound="ActivityStreamEvent")


@_attrs_define
class ActivityStreamEvent:
    """An outcome of one of the project's sends, with the notification after it (its payload left out: null)

    Attributes:
        event (ActivityStreamEventEvent):
        id (str): The outcome's position in the outcome stream (grows)
        data (ActivityStreamEventData):
    """

    event: ActivityStreamEventEvent
    id: str
    data: ActivityStreamEventData
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
        from ..models.activity_stream_event_data import ActivityStreamEventData

        d = dict(src_dict)
        event = check_activity_stream_event_event(d.pop("event"))

        id = d.pop("id")

        data = ActivityStreamEventData.from_dict(d.pop("data"))

        activity_stream_event = cls(
            event=event,
            id=id,
            data=data,
        )

        activity_stream_event.additional_properties = d
        return activity_stream_event

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
