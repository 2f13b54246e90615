from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.primary_contact_input_medium import (
    PrimaryContactInputMedium,
    check_primary_contact_input_medium,
)

T = TypeVar("T", bound="PrimaryContactInput")


@_attrs_define
class PrimaryContactInput:
    """
    Attributes:
        medium (PrimaryContactInputMedium): email, sms, web_push or mobile_push
        address (str): email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits (spaces,
            dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text,
            JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096
            characters; others up to 320 characters
    """

    medium: PrimaryContactInputMedium
    address: str

    def to_dict(self) -> dict[str, Any]:
        medium: str = self.medium

        address = self.address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "medium": medium,
                "address": address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        medium = check_primary_contact_input_medium(d.pop("medium"))

        address = d.pop("address")

        primary_contact_input = cls(
            medium=medium,
            address=address,
        )

        return primary_contact_input
