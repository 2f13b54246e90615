from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PreferenceState")


@_attrs_define
class PreferenceState:
    """
    Attributes:
        enabled (bool):
        inherited (bool):
        cataloged (bool):
        mandatory (bool):
    """

    enabled: bool
    inherited: bool
    cataloged: bool
    mandatory: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        inherited = self.inherited

        cataloged = self.cataloged

        mandatory = self.mandatory

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "enabled": enabled,
                "inherited": inherited,
                "cataloged": cataloged,
                "mandatory": mandatory,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        inherited = d.pop("inherited")

        cataloged = d.pop("cataloged")

        mandatory = d.pop("mandatory")

        preference_state = cls(
            enabled=enabled,
            inherited=inherited,
            cataloged=cataloged,
            mandatory=mandatory,
        )

        preference_state.additional_properties = d
        return preference_state

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
