from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.patch_admin_projects_id_body_settings import (
        PatchAdminProjectsIdBodySettings,
    )


T = TypeVar("T", bound="PatchAdminProjectsIdBody")


@_attrs_define
class PatchAdminProjectsIdBody:
    """
    Attributes:
        name (str | Unset):
        settings (PatchAdminProjectsIdBodySettings | Unset):
    """

    name: str | Unset = UNSET
    settings: PatchAdminProjectsIdBodySettings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.patch_admin_projects_id_body_settings import (
            PatchAdminProjectsIdBodySettings,
        )

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: PatchAdminProjectsIdBodySettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = PatchAdminProjectsIdBodySettings.from_dict(_settings)

        patch_admin_projects_id_body = cls(
            name=name,
            settings=settings,
        )

        return patch_admin_projects_id_body
