from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.preference_state import PreferenceState
    from ..models.recipient_preference_target import RecipientPreferenceTarget


T = TypeVar("T", bound="RecipientPreference")


@_attrs_define
class RecipientPreference:
    """
    Attributes:
        target (RecipientPreferenceTarget):
        state (PreferenceState):
    """

    target: RecipientPreferenceTarget
    state: PreferenceState
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target": target,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preference_state import PreferenceState
        from ..models.recipient_preference_target import RecipientPreferenceTarget

        d = dict(src_dict)
        target = RecipientPreferenceTarget.from_dict(d.pop("target"))

        state = PreferenceState.from_dict(d.pop("state"))

        recipient_preference = cls(
            target=target,
            state=state,
        )

        recipient_preference.additional_properties = d
        return recipient_preference

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
