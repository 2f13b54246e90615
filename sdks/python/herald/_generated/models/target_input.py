from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TargetInput")


@_attrs_define
class TargetInput:
    """
    Attributes:
        channel (str):
        topic (str):
        event (str):
    """

    channel: str
    topic: str
    event: str

    def to_dict(self) -> dict[str, Any]:
        channel = self.channel

        topic = self.topic

        event = self.event

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "channel": channel,
                "topic": topic,
                "event": event,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        channel = d.pop("channel")

        topic = d.pop("topic")

        event = d.pop("event")

        target_input = cls(
            channel=channel,
            topic=topic,
            event=event,
        )

        return target_input
