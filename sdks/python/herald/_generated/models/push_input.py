from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PushInput")


@_attrs_define
class PushInput:
    """Asks for the `web_push` medium (at most 3000 bytes serialized): sent to the recipient's primary web_push contact (a
    PushSubscription) when (target, web_push) is cataloged and the preference is on

        Attributes:
            title (str):
            body (str):
            url (str | Unset): Opened when the notification is clicked; an absolute http(s) URL, at most 2048 characters
            icon (str | Unset): Icon shown with the notification; an absolute http(s) URL, at most 2048 characters
            tag (str | Unset): A newer notification of the same tag replaces the shown one
    """

    title: str
    body: str
    url: str | Unset = UNSET
    icon: str | Unset = UNSET
    tag: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        body = self.body

        url = self.url

        icon = self.icon

        tag = self.tag

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "body": body,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if icon is not UNSET:
            field_dict["icon"] = icon
        if tag is not UNSET:
            field_dict["tag"] = tag

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        title = d.pop("title")

        body = d.pop("body")

        url = d.pop("url", UNSET)

        icon = d.pop("icon", UNSET)

        tag = d.pop("tag", UNSET)

        push_input = cls(
            title=title,
            body=body,
            url=url,
            icon=icon,
            tag=tag,
        )

        return push_input
