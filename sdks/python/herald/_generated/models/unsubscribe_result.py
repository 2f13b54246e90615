from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.unsubscribe_result_state import UnsubscribeResultState
    from ..models.unsubscribe_result_target import UnsubscribeResultTarget


T = TypeVar("T", bound="UnsubscribeResult")


@_attrs_define
class UnsubscribeResult:
    """
    Attributes:
        recipient_id (str):
        target (UnsubscribeResultTarget):
        state (UnsubscribeResultState):
    """

    recipient_id: str
    target: UnsubscribeResultTarget
    state: UnsubscribeResultState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recipient_id = self.recipient_id

        target = self.target.to_dict()

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recipient_id": recipient_id,
                "target": target,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.unsubscribe_result_state import UnsubscribeResultState
        from ..models.unsubscribe_result_target import UnsubscribeResultTarget

        d = dict(src_dict)
        recipient_id = d.pop("recipient_id")

        target = UnsubscribeResultTarget.from_dict(d.pop("target"))

        state = UnsubscribeResultState.from_dict(d.pop("state"))

        unsubscribe_result = cls(
            recipient_id=recipient_id,
            target=target,
            state=state,
        )

        unsubscribe_result.additional_properties = d
        return unsubscribe_result

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
