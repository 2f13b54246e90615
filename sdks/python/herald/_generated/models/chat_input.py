from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatInput")


@_attrs_define
class ChatInput:
    """Asks for the `chat` medium: posted to the recipient's primary chat contact (a Slack channel with the project's bot
    token, or a Slack, Teams or Discord incoming webhook) when (target, chat) is cataloged and the preference is on. Not
    on broadcasts.

        Attributes:
            text (str): The message, 1 to 3000 characters, shown as written (no mentions, no markup)
            url (str | Unset): A link shown as a button (Slack, Teams) or the embed's title link (Discord); an absolute
                http(s) URL, at most 2048 characters
    """

    text: str
    url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        url = d.pop("url", UNSET)

        chat_input = cls(
            text=text,
            url=url,
        )

        return chat_input
