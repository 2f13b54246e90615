from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchRecipientsRecipientIdContactsContactIdBody")


@_attrs_define
class PatchRecipientsRecipientIdContactsContactIdBody:
    """
    Attributes:
        address (str | Unset): email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits
            (spaces, dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text,
            JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096
            characters; others up to 320 characters
        is_primary (bool | Unset):
    """

    address: str | Unset = UNSET
    is_primary: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        is_primary = self.is_primary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        patch_recipients_recipient_id_contacts_contact_id_body.additional_properties = d
        return patch_recipients_recipient_id_contacts_contact_id_body

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
