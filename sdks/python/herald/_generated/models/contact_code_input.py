from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ContactCodeInput")


@_attrs_define
class ContactCodeInput:
    """
    Attributes:
        code (str): The 6-digit code texted to the number: valid 10 minutes and 5 tries
    """

    code: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        contact_code_input = cls(
            code=code,
        )

        return contact_code_input
