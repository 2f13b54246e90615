from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PostRecipientsRecipientIdTokensBody")


@_attrs_define
class PostRecipientsRecipientIdTokensBody:
    """
    Attributes:
        ttl_seconds (int | Unset):  Default: 3600.
    """

    ttl_seconds: int | Unset = 3600

    def to_dict(self) -> dict[str, Any]:
        ttl_seconds = self.ttl_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ttl_seconds is not UNSET:
            field_dict["ttl_seconds"] = ttl_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ttl_seconds = d.pop("ttl_seconds", UNSET)

        post_recipients_recipient_id_tokens_body = cls(
            ttl_seconds=ttl_seconds,
        )

        return post_recipients_recipient_id_tokens_body
