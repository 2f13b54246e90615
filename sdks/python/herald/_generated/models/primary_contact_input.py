from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.primary_contact_input_medium import (
    PrimaryContactInputMedium,
    check_primary_contact_input_medium,
)
from ..models.primary_contact_input_provider import (
    PrimaryContactInputProvider,
    check_primary_contact_input_provider,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="PrimaryContactInput")


@_attrs_define
class PrimaryContactInput:
    """
    Attributes:
        medium (PrimaryContactInputMedium): email, sms, web_push, mobile_push or chat
        address (str): email: one address (trimmed, lowercased); sms: an E.164 number, + and 8 to 15 digits (spaces,
            dashes, dots and parentheses are dropped); web_push: the browser PushSubscription as JSON text,
            JSON.stringify(subscription) (endpoint an https URL on a public host, keys.p256dh, keys.auth), up to 4,096
            characters; chat: a Slack conversation id (C…, G…, D…, U…; sent with the project's bot token) or the provider's
            incoming-webhook URL (https on the provider's hosts: hooks.slack.com, *.webhook.office.com or *.logic.azure.com,
            discord.com), up to 1,024 characters; others up to 320 characters
        provider (PrimaryContactInputProvider | Unset): A chat contact's service (required for chat, refused for other
            mediums): slack, teams or discord
    """

    medium: PrimaryContactInputMedium
    address: str
    provider: PrimaryContactInputProvider | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        medium: str = self.medium

        address = self.address

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "medium": medium,
                "address": address,
            }
        )
        if provider is not UNSET:
            field_dict["provider"] = provider

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        medium = check_primary_contact_input_medium(d.pop("medium"))

        address = d.pop("address")

        _provider = d.pop("provider", UNSET)
        provider: PrimaryContactInputProvider | Unset
        if isinstance(_provider, Unset):
            provider = UNSET
        else:
            provider = check_primary_contact_input_provider(_provider)

        primary_contact_input = cls(
            medium=medium,
            address=address,
            provider=provider,
        )

        return primary_contact_input
