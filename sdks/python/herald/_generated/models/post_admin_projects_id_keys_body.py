from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_admin_projects_id_keys_body_scope import (
    PostAdminProjectsIdKeysBodyScope,
    check_post_admin_projects_id_keys_body_scope,
)

T = TypeVar("T", bound="PostAdminProjectsIdKeysBody")


@_attrs_define
class PostAdminProjectsIdKeysBody:
    """
    Attributes:
        scope (PostAdminProjectsIdKeysBodyScope):
    """

    scope: PostAdminProjectsIdKeysBodyScope
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scope: str = self.scope

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scope": scope,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scope = check_post_admin_projects_id_keys_body_scope(d.pop("scope"))

        post_admin_projects_id_keys_body = cls(
            scope=scope,
        )

        post_admin_projects_id_keys_body.additional_properties = d
        return post_admin_projects_id_keys_body

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
