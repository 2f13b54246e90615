from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListSubscriptionsInput")


@_attrs_define
class ListSubscriptionsInput:
    """
    Attributes:
        recipient_ids (list[str]): Repeated ids count once; an id failing the recipient id rules is reported in failed,
            the others are written
    """

    recipient_ids: list[str]

    def to_dict(self) -> dict[str, Any]:
        recipient_ids = self.recipient_ids

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "recipient_ids": recipient_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recipient_ids = cast(list[str], d.pop("recipient_ids"))

        list_subscriptions_input = cls(
            recipient_ids=recipient_ids,
        )

        return list_subscriptions_input
