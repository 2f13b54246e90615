from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailFrom")


@_attrs_define
class EmailFrom:
    """
    Attributes:
        address (str): Exactly one addr-spec (like a contact address), e.g. alerts@example.com
        name (None | str | Unset): Display name; no control characters
    """

    address: str
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address = d.pop("address")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        email_from = cls(
            address=address,
            name=name,
        )

        return email_from
