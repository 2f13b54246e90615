from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.post_admin_projects_body_settings import PostAdminProjectsBodySettings


T = TypeVar("T", bound="PostAdminProjectsBody")


@_attrs_define
class PostAdminProjectsBody:
    """
    Attributes:
        name (str):
        settings (PostAdminProjectsBodySettings | Unset):
    """

    name: str
    settings: PostAdminProjectsBodySettings | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
            }
        )
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_admin_projects_body_settings import (
            PostAdminProjectsBodySettings,
        )

        d = dict(src_dict)
        name = d.pop("name")

        _settings = d.pop("settings", UNSET)
        settings: PostAdminProjectsBodySettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = PostAdminProjectsBodySettings.from_dict(_settings)

        post_admin_projects_body = cls(
            name=name,
            settings=settings,
        )

        post_admin_projects_body.additional_properties = d
        return post_admin_projects_body

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
