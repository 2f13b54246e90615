from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Contact")


@_attrs_define
class Contact:
    """
    Attributes:
        id (int):
        medium (str):
        address (str):
        is_primary (bool):
        verified_at (None | str):
        deliverable (bool): False after a provider refused the address permanently (or a push service answered 404/410
            for the subscription); messages to it are skipped (address_undeliverable, subscription_expired) until the
            address changes or the contact is verified again.
        confirmed (bool): False while the address, set with a recipient token (a browser), waits for its owner: an email
            address for the confirmation link Herald mailed to it, an sms number for the code Herald texted to it (POST
            …/confirm); nothing is sent to it meanwhile (contact_unconfirmed). Addresses set with a key are confirmed at
            once; verifying a contact confirms it too.
        undeliverable_reason (None | str): The provider's refusal, e.g. 550 5.1.1 no such user, or the push service's
            410 for an expired web push subscription; null when deliverable.
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        provider (str | Unset): A chat contact's service: slack, teams or discord (only on chat contacts).
    """

    id: int
    medium: str
    address: str
    is_primary: bool
    verified_at: None | str
    deliverable: bool
    confirmed: bool
    undeliverable_reason: None | str
    created_at: str
    updated_at: str
    provider: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        medium = self.medium

        address = self.address

        is_primary = self.is_primary

        verified_at: None | str
        verified_at = self.verified_at

        deliverable = self.deliverable

        confirmed = self.confirmed

        undeliverable_reason: None | str
        undeliverable_reason = self.undeliverable_reason

        created_at = self.created_at

        updated_at = self.updated_at

        provider = self.provider

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "medium": medium,
                "address": address,
                "is_primary": is_primary,
                "verified_at": verified_at,
                "deliverable": deliverable,
                "confirmed": confirmed,
                "undeliverable_reason": undeliverable_reason,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if provider is not UNSET:
            field_dict["provider"] = provider

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        medium = d.pop("medium")

        address = d.pop("address")

        is_primary = d.pop("is_primary")

        def _parse_verified_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verified_at = _parse_verified_at(d.pop("verified_at"))

        deliverable = d.pop("deliverable")

        confirmed = d.pop("confirmed")

        def _parse_undeliverable_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        undeliverable_reason = _parse_undeliverable_reason(
            d.pop("undeliverable_reason")
        )

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        provider = d.pop("provider", UNSET)

        contact = cls(
            id=id,
            medium=medium,
            address=address,
            is_primary=is_primary,
            verified_at=verified_at,
            deliverable=deliverable,
            confirmed=confirmed,
            undeliverable_reason=undeliverable_reason,
            created_at=created_at,
            updated_at=updated_at,
            provider=provider,
        )

        contact.additional_properties = d
        return contact

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
