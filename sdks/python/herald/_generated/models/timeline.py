from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.timeline_step import TimelineStep


T = TypeVar("T", bound="Timeline")


@_attrs_define
class Timeline:
    """
    Attributes:
        steps (list[TimelineStep]):
    """

    steps: list[TimelineStep]

    def to_dict(self) -> dict[str, Any]:
        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "steps": steps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.timeline_step import TimelineStep

        d = dict(src_dict)
        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = TimelineStep.from_dict(steps_item_data)

            steps.append(steps_item)

        timeline = cls(
            steps=steps,
        )

        return timeline
