from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchRecipientsRecipientIdNotificationsBody")


@_attrs_define
class PatchRecipientsRecipientIdNotificationsBody:
    """
    Attributes:
        ids (list[int]): 1 to 100 notification ids of this recipient
        read (bool | Unset):
        seen (bool | Unset):
        archived (bool | Unset): true also marks it seen (and ends a snooze)
        snoozed_until (None | str | Unset):
    """

    ids: list[int]
    read: bool | Unset = UNSET
    seen: bool | Unset = UNSET
    archived: bool | Unset = UNSET
    snoozed_until: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ids = self.ids

        read = self.read

        seen = self.seen

        archived = self.archived

        snoozed_until: None | str | Unset
        if isinstance(self.snoozed_until, Unset):
            snoozed_until = UNSET
        else:
            snoozed_until = self.snoozed_until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ids": ids,
            }
        )
        if read is not UNSET:
            field_dict["read"] = read
        if seen is not UNSET:
            field_dict["seen"] = seen
        if archived is not UNSET:
            field_dict["archived"] = archived
        if snoozed_until is not UNSET:
            field_dict["snoozed_until"] = snoozed_until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ids = cast(list[int], d.pop("ids"))

        read = d.pop("read", UNSET)

        seen = d.pop("seen", UNSET)

        archived = d.pop("archived", UNSET)

        def _parse_snoozed_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        snoozed_until = _parse_snoozed_until(d.pop("snoozed_until", UNSET))

        patch_recipients_recipient_id_notifications_body = cls(
            ids=ids,
            read=read,
            seen=seen,
            archived=archived,
            snoozed_until=snoozed_until,
        )

        return patch_recipients_recipient_id_notifications_body
