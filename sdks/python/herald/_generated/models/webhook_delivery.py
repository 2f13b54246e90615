from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_delivery_status import (
    WebhookDeliveryStatus,
    check_webhook_delivery_status,
)

if TYPE_CHECKING:
    from ..models.webhook_attempt import WebhookAttempt


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (int):
        webhook_id (int):
        event_id (str): The webhook-id header: the same on every attempt
        event_type (str):
        status (WebhookDeliveryStatus):
        attempts (int):
        last_response_status (int | None):
        last_latency_ms (int | None):
        last_response_body (None | str):
        last_error (None | str):
        next_attempt_at (None | str):
        attempt_log (list[WebhookAttempt]):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
    """

    id: int
    webhook_id: int
    event_id: str
    event_type: str
    status: WebhookDeliveryStatus
    attempts: int
    last_response_status: int | None
    last_latency_ms: int | None
    last_response_body: None | str
    last_error: None | str
    next_attempt_at: None | str
    attempt_log: list[WebhookAttempt]
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        webhook_id = self.webhook_id

        event_id = self.event_id

        event_type = self.event_type

        status: str = self.status

        attempts = self.attempts

        last_response_status: int | None
        last_response_status = self.last_response_status

        last_latency_ms: int | None
        last_latency_ms = self.last_latency_ms

        last_response_body: None | str
        last_response_body = self.last_response_body

        last_error: None | str
        last_error = self.last_error

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at

        attempt_log = []
        for attempt_log_item_data in self.attempt_log:
            attempt_log_item = attempt_log_item_data.to_dict()
            attempt_log.append(attempt_log_item)

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event_id": event_id,
                "event_type": event_type,
                "status": status,
                "attempts": attempts,
                "last_response_status": last_response_status,
                "last_latency_ms": last_latency_ms,
                "last_response_body": last_response_body,
                "last_error": last_error,
                "next_attempt_at": next_attempt_at,
                "attempt_log": attempt_log,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_attempt import WebhookAttempt

        d = dict(src_dict)
        id = d.pop("id")

        webhook_id = d.pop("webhook_id")

        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        status = check_webhook_delivery_status(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_response_status = _parse_last_response_status(
            d.pop("last_response_status")
        )

        def _parse_last_latency_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_latency_ms = _parse_last_latency_ms(d.pop("last_latency_ms"))

        def _parse_last_response_body(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_response_body = _parse_last_response_body(d.pop("last_response_body"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        attempt_log = []
        _attempt_log = d.pop("attempt_log")
        for attempt_log_item_data in _attempt_log:
            attempt_log_item = WebhookAttempt.from_dict(attempt_log_item_data)

            attempt_log.append(attempt_log_item)

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        webhook_delivery = cls(
            id=id,
            webhook_id=webhook_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            last_response_status=last_response_status,
            last_latency_ms=last_latency_ms,
            last_response_body=last_response_body,
            last_error=last_error,
            next_attempt_at=next_attempt_at,
            attempt_log=attempt_log,
            created_at=created_at,
            updated_at=updated_at,
        )

        webhook_delivery.additional_properties = d
        return webhook_delivery

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
