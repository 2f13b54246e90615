"""Herald's error answers as exceptions, whichever of the two error-body families a path uses."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any, Literal

ErrorFamily = Literal["message", "error"]


class HeraldError(Exception):
    """An error answer of the Herald API (or no answer at all: `NetworkError`).

    `code` is the machine code (`code` in the `{message, code}` family, `error` in the
    `{error, details}` family), `message` the sentence (`message` or `details`), `errors` one entry
    per offending property on a validation failure, `retry_after` the seconds of a Retry-After.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        family: ErrorFamily = "message",
        errors: list[dict[str, Any]] | None = None,
        request_id: str | None = None,
        retry_after: float | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.family: ErrorFamily = family
        self.errors = errors or []
        self.request_id = request_id
        self.retry_after = retry_after
        self.body = body

    def __str__(self) -> str:
        text = f"{self.status} {self.code}: {self.message}" if self.status else f"{self.code}: {self.message}"
        # Each offending property of a validation failure, by name.
        return "".join(
            [text]
            + [
                f"; {e.get('property_path', '')}: {e.get('message', 'invalid')}"
                for e in self.errors
                if isinstance(e, dict)
            ]
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r})"


class ValidationError(HeraldError):
    """400: the request is invalid (`validation_failed`, `no_medium`, `immutable_field`, ...)."""


class AuthenticationError(HeraldError):
    """401: missing, unknown, revoked or expired key or token."""


class PermissionDeniedError(HeraldError):
    """403: the credential may not do this (its scope, or another recipient's token)."""


class NotFoundError(HeraldError):
    """404: the resource (or route) does not exist."""


class ConflictError(HeraldError):
    """409: already exists, or an Idempotency-Key reused with another body."""


class RateLimitError(HeraldError):
    """429: past a rate limit; `retry_after` says when to come back."""


class ServerError(HeraldError):
    """5xx: the service failed or is unavailable."""


class NetworkError(HeraldError):
    """No HTTP answer at all (connection refused or reset, timeout): `status` is 0."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=0, code="network_error")


_BY_STATUS: dict[int, type[HeraldError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds of a Retry-After header (delta-seconds or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return max(0.0, (at - (now or datetime.now(UTC))).total_seconds())


def error_from_response(status: int, headers: Mapping[str, str], content: bytes) -> HeraldError:
    """The typed error of an error answer (either family; a body that is not JSON keeps its text)."""
    body: Any
    try:
        body = json.loads(content) if content else None
    except ValueError:
        body = content.decode("utf-8", "replace")
    fields: dict[str, Any] = body if isinstance(body, dict) else {}
    family: ErrorFamily = (
        "error" if isinstance(fields.get("error"), str) and isinstance(fields.get("details"), str) else "message"
    )
    code = fields.get("error") if family == "error" else fields.get("code")
    message = fields.get("details") if family == "error" else fields.get("message")
    errors = fields.get("errors")
    cls = _BY_STATUS.get(status) or (ServerError if status >= 500 else HeraldError)
    return cls(
        str(message) if message is not None else f"HTTP {status}",
        status=status,
        code=str(code) if code is not None else f"http_{status}",
        family=family,
        errors=[e for e in errors if isinstance(e, dict)] if isinstance(errors, list) else [],
        request_id=headers.get("x-request-id"),
        retry_after=parse_retry_after(headers.get("retry-after")),
        body=body,
    )
