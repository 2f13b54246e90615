from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SmsInput")


@_attrs_define
class SmsInput:
    """Asks for the `sms` medium: sent when (target, sms) is cataloged, the preference is on and the recipient has a
    primary sms contact (E.164)

        Attributes:
            text (str): The message, 1 to 1600 characters (the provider splits it into segments)
    """

    text: str

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        sms_input = cls(
            text=text,
        )

        return sms_input
