from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}

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

        return post_admin_projects_body
