from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_disabled_reason_type_0 import (
    WebhookDisabledReasonType0,
    check_webhook_disabled_reason_type_0,
)
from ..models.webhook_status import WebhookStatus, check_webhook_status

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (int):
        url (str):
        description (None | str):
        event_types (list[str]): Empty: every event type
        status (WebhookStatus):
        disabled_reason (None | WebhookDisabledReasonType0):
        failing_since (None | str):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
    """

    id: int
    url: str
    description: None | str
    event_types: list[str]
    status: WebhookStatus
    disabled_reason: None | WebhookDisabledReasonType0
    failing_since: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        description: None | str
        description = self.description

        event_types = self.event_types

        status: str = self.status

        disabled_reason: None | str
        if isinstance(self.disabled_reason, str):
            disabled_reason = self.disabled_reason
        else:
            disabled_reason = self.disabled_reason

        failing_since: None | str
        failing_since = self.failing_since

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "description": description,
                "event_types": event_types,
                "status": status,
                "disabled_reason": disabled_reason,
                "failing_since": failing_since,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        event_types = cast(list[str], d.pop("event_types"))

        status = check_webhook_status(d.pop("status"))

        def _parse_disabled_reason(data: object) -> None | WebhookDisabledReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_0 = check_webhook_disabled_reason_type_0(data)

                return disabled_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookDisabledReasonType0, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_failing_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        webhook = cls(
            id=id,
            url=url,
            description=description,
            event_types=event_types,
            status=status,
            disabled_reason=disabled_reason,
            failing_since=failing_since,
            created_at=created_at,
            updated_at=updated_at,
        )

        webhook.additional_properties = d
        return webhook

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
