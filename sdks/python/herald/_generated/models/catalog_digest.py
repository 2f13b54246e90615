from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CatalogDigest")


@_attrs_define
class CatalogDigest:
    """Email entries only: a recipient's emails governed by this entry are collected and sent as one mail

    Attributes:
        window_seconds (int): From the first email, how long the window collects (60-86,400)
        max_items (int): A window reaching this many items is sent at once (2-100)
        subject (str): The digest mail's subject; `{count}` becomes the number of items
    """

    window_seconds: int
    max_items: int
    subject: str

    def to_dict(self) -> dict[str, Any]:
        window_seconds = self.window_seconds

        max_items = self.max_items

        subject = self.subject

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "window_seconds": window_seconds,
                "max_items": max_items,
                "subject": subject,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        window_seconds = d.pop("window_seconds")

        max_items = d.pop("max_items")

        subject = d.pop("subject")

        catalog_digest = cls(
            window_seconds=window_seconds,
            max_items=max_items,
            subject=subject,
        )

        return catalog_digest
