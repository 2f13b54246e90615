from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostRecipientsBatchBody")


@_attrs_define
class PostRecipientsBatchBody:
    """
    Attributes:
        recipients (list[Any]):
    """

    recipients: list[Any]

    def to_dict(self) -> dict[str, Any]:
        recipients = self.recipients

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "recipients": recipients,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recipients = cast(list[Any], d.pop("recipients"))

        post_recipients_batch_body = cls(
            recipients=recipients,
        )

        return post_recipients_batch_body
