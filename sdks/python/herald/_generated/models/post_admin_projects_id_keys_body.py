from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        scope: str = self.scope

        field_dict: dict[str, Any] = {}

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

        return post_admin_projects_id_keys_body
