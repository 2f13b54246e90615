from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.target import Target


T = TypeVar("T", bound="CatalogEntry")


@_attrs_define
class CatalogEntry:
    """
    Attributes:
        id (int):
        project_id (int):
        target (Target):
        medium (str):
        label (str):
        description (None | str):
        default_enabled (bool):
        mandatory (bool):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
    """

    id: int
    project_id: int
    target: Target
    medium: str
    label: str
    description: None | str
    default_enabled: bool
    mandatory: bool
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        project_id = self.project_id

        target = self.target.to_dict()

        medium = self.medium

        label = self.label

        description: None | str
        description = self.description

        default_enabled = self.default_enabled

        mandatory = self.mandatory

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "project_id": project_id,
                "target": target,
                "medium": medium,
                "label": label,
                "description": description,
                "default_enabled": default_enabled,
                "mandatory": mandatory,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.target import Target

        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("project_id")

        target = Target.from_dict(d.pop("target"))

        medium = d.pop("medium")

        label = d.pop("label")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        default_enabled = d.pop("default_enabled")

        mandatory = d.pop("mandatory")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        catalog_entry = cls(
            id=id,
            project_id=project_id,
            target=target,
            medium=medium,
            label=label,
            description=description,
            default_enabled=default_enabled,
            mandatory=mandatory,
            created_at=created_at,
            updated_at=updated_at,
        )

        catalog_entry.additional_properties = d
        return catalog_entry

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
