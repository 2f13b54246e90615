from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ListInput")


@_attrs_define
class ListInput:
    """
    Attributes:
        key (str): 1–128 characters of A-Z, a-z, 0-9, `.`, `_`, `:` and `-`; unique per project
        name (str):
        description (None | str | Unset):
        self_service (bool | Unset):  Default: False.
    """

    key: str
    name: str
    description: None | str | Unset = UNSET
    self_service: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        self_service = self.self_service

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if self_service is not UNSET:
            field_dict["self_service"] = self_service

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        self_service = d.pop("self_service", UNSET)

        list_input = cls(
            key=key,
            name=name,
            description=description,
            self_service=self_service,
        )

        return list_input
