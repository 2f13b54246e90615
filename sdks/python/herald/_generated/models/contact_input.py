from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.contact_input_medium import ContactInputMedium, check_contact_input_medium
from ..models.contact_input_provider import (
    ContactInputProvider,
    check_contact_input_provider,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContactInput")


@_attrs_define
class ContactInput:
    """
    Attributes:
        medium (ContactInputMedium): email, sms, web_push, mobile_push or chat
        address (str): email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits (spaces,
            dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text,
            JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096
            characters; chat: a Slack conversation id (C…, G…, D…, U…; sent with the project's bot token) or the provider's
            incoming-webhook URL (https on the provider's hosts: hooks.slack.com, *.webhook.office.com or *.logic.azure.com,
            discord.com), up to 1,024 characters; others up to 320 characters
        provider (ContactInputProvider | Unset): A chat contact's service (required for chat, refused for other
            mediums): slack, teams or discord
        is_primary (bool | Unset):
    """

    medium: ContactInputMedium
    address: str
    provider: ContactInputProvider | Unset = UNSET
    is_primary: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        medium: str = self.medium

        address = self.address

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider

        is_primary = self.is_primary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "medium": medium,
                "address": address,
            }
        )
        if provider is not UNSET:
            field_dict["provider"] = provider
        if is_primary is not UNSET:
            field_dict["is_primary"] = is_primary

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        medium = check_contact_input_medium(d.pop("medium"))

        address = d.pop("address")

        _provider = d.pop("provider", UNSET)
        provider: ContactInputProvider | Unset
        if isinstance(_provider, Unset):
            provider = UNSET
        else:
            provider = check_contact_input_provider(_provider)

        is_primary = d.pop("is_primary", UNSET)

        contact_input = cls(
            medium=medium,
            address=address,
            provider=provider,
            is_primary=is_primary,
        )

        return contact_input
