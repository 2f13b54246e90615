from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.target import Target


T = TypeVar("T", bound="Digest")


@_attrs_define
class Digest:
    """
    Attributes:
        id (int):
        recipient_id (str):
        entry_id (int): The catalog entry whose digest this is (`/preferences/{preference_id}`)
        target (Target):
        status (str): open (collecting), sent, skipped (nothing left to send), failed
        subject (str):
        max_items (int):
        opened_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        closes_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        sent_at (None | str):
        message_id (None | str):
        address (None | str):
        reason (None | str):
        notification_ids (list[int]): In the order collected (the mail's order)
    """

    id: int
    recipient_id: str
    entry_id: int
    target: Target
    status: str
    subject: str
    max_items: int
    opened_at: str
    closes_at: str
    sent_at: None | str
    message_id: None | str
    address: None | str
    reason: None | str
    notification_ids: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        recipient_id = self.recipient_id

        entry_id = self.entry_id

        target = self.target.to_dict()

        status = self.status

        subject = self.subject

        max_items = self.max_items

        opened_at = self.opened_at

        closes_at = self.closes_at

        sent_at: None | str
        sent_at = self.sent_at

        message_id: None | str
        message_id = self.message_id

        address: None | str
        address = self.address

        reason: None | str
        reason = self.reason

        notification_ids = self.notification_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "recipient_id": recipient_id,
                "entry_id": entry_id,
                "target": target,
                "status": status,
                "subject": subject,
                "max_items": max_items,
                "opened_at": opened_at,
                "closes_at": closes_at,
                "sent_at": sent_at,
                "message_id": message_id,
                "address": address,
                "reason": reason,
                "notification_ids": notification_ids,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.target import Target

        d = dict(src_dict)
        id = d.pop("id")

        recipient_id = d.pop("recipient_id")

        entry_id = d.pop("entry_id")

        target = Target.from_dict(d.pop("target"))

        status = d.pop("status")

        subject = d.pop("subject")

        max_items = d.pop("max_items")

        opened_at = d.pop("opened_at")

        closes_at = d.pop("closes_at")

        def _parse_sent_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sent_at = _parse_sent_at(d.pop("sent_at"))

        def _parse_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message_id = _parse_message_id(d.pop("message_id"))

        def _parse_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        address = _parse_address(d.pop("address"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        notification_ids = cast(list[int], d.pop("notification_ids"))

        digest = cls(
            id=id,
            recipient_id=recipient_id,
            entry_id=entry_id,
            target=target,
            status=status,
            subject=subject,
            max_items=max_items,
            opened_at=opened_at,
            closes_at=closes_at,
            sent_at=sent_at,
            message_id=message_id,
            address=address,
            reason=reason,
            notification_ids=notification_ids,
        )

        digest.additional_properties = d
        return digest

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
