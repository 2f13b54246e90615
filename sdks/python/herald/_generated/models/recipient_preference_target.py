from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecipientPreferenceTarget")


@_attrs_define
class RecipientPreferenceTarget:
    """
    Attributes:
        channel (str):
        topic (str):
        event (str):
        medium (str):
        name (str | Unset):
    """

    channel: str
    topic: str
    event: str
    medium: str
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        channel = self.channel

        topic = self.topic

        event = self.event

        medium = self.medium

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "channel": channel,
                "topic": topic,
                "event": event,
                "medium": medium,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        channel = d.pop("channel")

        topic = d.pop("topic")

        event = d.pop("event")

        medium = d.pop("medium")

        name = d.pop("name", UNSET)

        recipient_preference_target = cls(
            channel=channel,
            topic=topic,
            event=event,
            medium=medium,
            name=name,
        )

        recipient_preference_target.additional_properties = d
        return recipient_preference_target

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
