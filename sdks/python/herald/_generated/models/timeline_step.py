from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.timeline_step_kind import TimelineStepKind, check_timeline_step_kind

T = TypeVar("T", bound="TimelineStep")


@_attrs_define
class TimelineStep:
    """
    Attributes:
        at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        kind (TimelineStepKind): accepted; decided (per medium); outbound (a medium's send); attempt (one attempt of an
            outbound medium's send, with the provider's answer); escalation (a delayed email's timer); digest (the digest
            its email joined); webhook (one delivery attempt of one of its events)
        medium (None | str):
        status (str): accepted: the notification's status now; decided: the cascade step that decided; outbound: the
            outcome (sent, delivered, skipped, failed, pending…); attempt: sent (the provider took it), retried (tried again
            later) or failed; escalation: scheduled, fired or canceled; digest: open, sent, skipped or failed; webhook:
            succeeded or failed
        provider (None | str):
        detail (None | str):
        attempts (int | None):
        digest_id (int | None):
        webhook_id (int | None):
        webhook_url (None | str):
        event_type (None | str):
        response_status (int | None):
        latency_ms (int | None):
        attempt (int | None):
        message_id (None | str):
    """

    at: str
    kind: TimelineStepKind
    medium: None | str
    status: str
    provider: None | str
    detail: None | str
    attempts: int | None
    digest_id: int | None
    webhook_id: int | None
    webhook_url: None | str
    event_type: None | str
    response_status: int | None
    latency_ms: int | None
    attempt: int | None
    message_id: None | str

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        kind: str = self.kind

        medium: None | str
        medium = self.medium

        status = self.status

        provider: None | str
        provider = self.provider

        detail: None | str
        detail = self.detail

        attempts: int | None
        attempts = self.attempts

        digest_id: int | None
        digest_id = self.digest_id

        webhook_id: int | None
        webhook_id = self.webhook_id

        webhook_url: None | str
        webhook_url = self.webhook_url

        event_type: None | str
        event_type = self.event_type

        response_status: int | None
        response_status = self.response_status

        latency_ms: int | None
        latency_ms = self.latency_ms

        attempt: int | None
        attempt = self.attempt

        message_id: None | str
        message_id = self.message_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "kind": kind,
                "medium": medium,
                "status": status,
                "provider": provider,
                "detail": detail,
                "attempts": attempts,
                "digest_id": digest_id,
                "webhook_id": webhook_id,
                "webhook_url": webhook_url,
                "event_type": event_type,
                "response_status": response_status,
                "latency_ms": latency_ms,
                "attempt": attempt,
                "message_id": message_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        kind = check_timeline_step_kind(d.pop("kind"))

        def _parse_medium(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        medium = _parse_medium(d.pop("medium"))

        status = d.pop("status")

        def _parse_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider = _parse_provider(d.pop("provider"))

        def _parse_detail(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        detail = _parse_detail(d.pop("detail"))

        def _parse_attempts(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        attempts = _parse_attempts(d.pop("attempts"))

        def _parse_digest_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        digest_id = _parse_digest_id(d.pop("digest_id"))

        def _parse_webhook_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        webhook_id = _parse_webhook_id(d.pop("webhook_id"))

        def _parse_webhook_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook_url = _parse_webhook_url(d.pop("webhook_url"))

        def _parse_event_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_type = _parse_event_type(d.pop("event_type"))

        def _parse_response_status(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_status = _parse_response_status(d.pop("response_status"))

        def _parse_latency_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        latency_ms = _parse_latency_ms(d.pop("latency_ms"))

        def _parse_attempt(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        attempt = _parse_attempt(d.pop("attempt"))

        def _parse_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message_id = _parse_message_id(d.pop("message_id"))

        timeline_step = cls(
            at=at,
            kind=kind,
            medium=medium,
            status=status,
            provider=provider,
            detail=detail,
            attempts=attempts,
            digest_id=digest_id,
            webhook_id=webhook_id,
            webhook_url=webhook_url,
            event_type=event_type,
            response_status=response_status,
            latency_ms=latency_ms,
            attempt=attempt,
            message_id=message_id,
        )

        return timeline_step
