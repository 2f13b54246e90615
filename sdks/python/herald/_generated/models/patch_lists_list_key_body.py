from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchListsListKeyBody")


@_attrs_define
class PatchListsListKeyBody:
    """
    Attributes:
        name (str | Unset):
        description (None | str | Unset):
        self_service (bool | Unset):
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    self_service: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        self_service = self.self_service

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if self_service is not UNSET:
            field_dict["self_service"] = self_service

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        self_service = d.pop("self_service", UNSET)

        patch_lists_list_key_body = cls(
            name=name,
            description=description,
            self_service=self_service,
        )

        return patch_lists_list_key_body
