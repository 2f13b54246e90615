from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.post_admin_projects_id_keys_response_201_data_scope import (
    PostAdminProjectsIdKeysResponse201DataScope,
    check_post_admin_projects_id_keys_response_201_data_scope,
)

T = TypeVar("T", bound="PostAdminProjectsIdKeysResponse201Data")


@_attrs_define
class PostAdminProjectsIdKeysResponse201Data:
    """
    Attributes:
        id (int):
        scope (PostAdminProjectsIdKeysResponse201DataScope):
        key (str):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
    """

    id: int
    scope: PostAdminProjectsIdKeysResponse201DataScope
    key: str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        scope: str = self.scope

        key = self.key

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "scope": scope,
                "key": key,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        scope = check_post_admin_projects_id_keys_response_201_data_scope(
            d.pop("scope")
        )

        key = d.pop("key")

        created_at = d.pop("created_at")

        post_admin_projects_id_keys_response_201_data = cls(
            id=id,
            scope=scope,
            key=key,
            created_at=created_at,
        )

        post_admin_projects_id_keys_response_201_data.additional_properties = d
        return post_admin_projects_id_keys_response_201_data

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
