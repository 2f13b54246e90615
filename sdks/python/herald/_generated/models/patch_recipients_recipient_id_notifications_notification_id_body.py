from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchRecipientsRecipientIdNotificationsNotificationIdBody")


@_attrs_define
class PatchRecipientsRecipientIdNotificationsNotificationIdBody:
    """
    Attributes:
        read (bool | Unset):
        opened (bool | Unset):
        seen (bool | Unset):
        archived (bool | Unset): true also marks it seen
    """

    read: bool | Unset = UNSET
    opened: bool | Unset = UNSET
    seen: bool | Unset = UNSET
    archived: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        read = self.read

        opened = self.opened

        seen = self.seen

        archived = self.archived

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if read is not UNSET:
            field_dict["read"] = read
        if opened is not UNSET:
            field_dict["opened"] = opened
        if seen is not UNSET:
            field_dict["seen"] = seen
        if archived is not UNSET:
            field_dict["archived"] = archived

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        read = d.pop("read", UNSET)

        opened = d.pop("opened", UNSET)

        seen = d.pop("seen", UNSET)

        archived = d.pop("archived", UNSET)

        patch_recipients_recipient_id_notifications_notification_id_body = cls(
            read=read,
            opened=opened,
            seen=seen,
            archived=archived,
        )

        return patch_recipients_recipient_id_notifications_notification_id_body
