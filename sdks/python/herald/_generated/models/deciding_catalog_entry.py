from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.deciding_catalog_entry_target import DecidingCatalogEntryTarget


T = TypeVar("T", bound="DecidingCatalogEntry")


@_attrs_define
class DecidingCatalogEntry:
    """
    Attributes:
        id (int):
        label (str):
        target (DecidingCatalogEntryTarget):
        medium (str):
        default_enabled (bool):
        mandatory (bool):
    """

    id: int
    label: str
    target: DecidingCatalogEntryTarget
    medium: str
    default_enabled: bool
    mandatory: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        target = self.target.to_dict()

        medium = self.medium

        default_enabled = self.default_enabled

        mandatory = self.mandatory

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "label": label,
                "target": target,
                "medium": medium,
                "default_enabled": default_enabled,
                "mandatory": mandatory,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deciding_catalog_entry_target import DecidingCatalogEntryTarget

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        target = DecidingCatalogEntryTarget.from_dict(d.pop("target"))

        medium = d.pop("medium")

        default_enabled = d.pop("default_enabled")

        mandatory = d.pop("mandatory")

        deciding_catalog_entry = cls(
            id=id,
            label=label,
            target=target,
            medium=medium,
            default_enabled=default_enabled,
            mandatory=mandatory,
        )

        deciding_catalog_entry.additional_properties = d
        return deciding_catalog_entry

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
