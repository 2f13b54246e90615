from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailInput")


@_attrs_define
class EmailInput:
    """
    Attributes:
        subject (str):
        html (str): Up to 524288 bytes (UTF-8)
        text (str | Unset): Up to 524288 bytes (UTF-8); derived from html when omitted
        from_name (str | Unset): Sender display name for this send only (1-256 characters); the address stays the
            project's
    """

    subject: str
    html: str
    text: str | Unset = UNSET
    from_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        html = self.html

        text = self.text

        from_name = self.from_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "subject": subject,
                "html": html,
            }
        )
        if text is not UNSET:
            field_dict["text"] = text
        if from_name is not UNSET:
            field_dict["from_name"] = from_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        subject = d.pop("subject")

        html = d.pop("html")

        text = d.pop("text", UNSET)

        from_name = d.pop("from_name", UNSET)

        email_input = cls(
            subject=subject,
            html=html,
            text=text,
            from_name=from_name,
        )

        email_input.additional_properties = d
        return email_input

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
