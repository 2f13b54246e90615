from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.post_admin_projects_response_201_data_keys_item import (
        PostAdminProjectsResponse201DataKeysItem,
    )
    from ..models.project import Project


T = TypeVar("T", bound="PostAdminProjectsResponse201Data")


@_attrs_define
class PostAdminProjectsResponse201Data:
    """
    Attributes:
        project (Project):
        keys (list[PostAdminProjectsResponse201DataKeysItem]):
    """

    project: Project
    keys: list[PostAdminProjectsResponse201DataKeysItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project = self.project.to_dict()

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "project": project,
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.post_admin_projects_response_201_data_keys_item import (
            PostAdminProjectsResponse201DataKeysItem,
        )
        from ..models.project import Project

        d = dict(src_dict)
        project = Project.from_dict(d.pop("project"))

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = PostAdminProjectsResponse201DataKeysItem.from_dict(
                keys_item_data
            )

            keys.append(keys_item)

        post_admin_projects_response_201_data = cls(
            project=project,
            keys=keys,
        )

        post_admin_projects_response_201_data.additional_properties = d
        return post_admin_projects_response_201_data

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
