from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchRecipientsRecipientIdContactsContactIdBody")


@_attrs_define
class PatchRecipientsRecipientIdContactsContactIdBody:
    """
    Attributes:
        address (str | Unset): email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits
            (spaces, dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text,
            JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096
            characters; chat: a Slack conversation id (C…, G…, D…, U…; sent with the project's bot token) or the provider's
            incoming-webhook URL (https on the provider's hosts: hooks.slack.com, *.webhook.office.com or *.logic.azure.com,
            discord.com), up to 1,024 characters; others up to 320 characters
        is_primary (bool | Unset):
    """

    address: str | Unset = UNSET
    is_primary: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        is_primary = self.is_primary

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if address is not UNSET:
            field_dict["address"] = address
        if is_primary is not UNSET:
            field_dict["is_primary"] = is_primary

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address = d.pop("address", UNSET)

        is_primary = d.pop("is_primary", UNSET)

        patch_recipients_recipient_id_contacts_contact_id_body = cls(
            address=address,
            is_primary=is_primary,
        )

        return patch_recipients_recipient_id_contacts_contact_id_body
