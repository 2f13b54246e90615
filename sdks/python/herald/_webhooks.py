"""Verifying Herald's webhook requests (Standard Webhooks; docs/webhooks.md).

The signature is computed by the reference `standardwebhooks` library (secret decoding, HMAC);
the timestamp check is done here so that `now` can be given (replays, tests with the
specification's vector).
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from standardwebhooks import Webhook
from standardwebhooks.webhooks import EmptyWebhookSecretError

DEFAULT_TOLERANCE = timedelta(minutes=5)


class WebhookVerificationError(ValueError):
    """The request is not a genuine, fresh webhook of the endpoint with this secret."""


def verify_webhook(
    body: bytes | str,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: timedelta = DEFAULT_TOLERANCE,
    now: datetime | None = None,
) -> Any:
    """Checks a webhook request and returns its parsed JSON body.

    `body` is the raw request body (not re-serialized JSON), `headers` the request's headers (any
    case), `secret` the endpoint's `whsec_...` secret. Raises `WebhookVerificationError` when a
    header is missing, the timestamp is more than `tolerance` away from `now` (default: the clock),
    or no `v1` signature of the header (several while a rotated secret still signs) matches.
    """
    lowered = {k.lower(): v for k, v in headers.items()}
    msg_id = lowered.get("webhook-id")
    msg_timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not (msg_id and msg_timestamp and signatures):
        raise WebhookVerificationError("Missing required headers")
    try:
        timestamp = datetime.fromtimestamp(int(msg_timestamp), tz=UTC)
    except (ValueError, OverflowError, OSError) as err:
        raise WebhookVerificationError("Invalid webhook-timestamp header") from err
    current = now or datetime.now(UTC)
    if current.tzinfo is None:
        current = current.replace(tzinfo=UTC)
    if timestamp < current - tolerance:
        raise WebhookVerificationError("Message timestamp too old")
    if timestamp > current + tolerance:
        raise WebhookVerificationError("Message timestamp too new")

    text = body if isinstance(body, str) else body.decode("utf-8")
    try:
        expected = base64.b64decode(Webhook(secret).sign(msg_id, timestamp, text).split(",", 1)[1])
    except (binascii.Error, ValueError, EmptyWebhookSecretError) as err:
        raise WebhookVerificationError("Invalid webhook secret") from err
    for versioned in signatures.split(" "):
        version, _, signature = versioned.partition(",")
        if version != "v1":
            continue
        try:
            candidate = base64.b64decode(signature, validate=True)
        except binascii.Error:
            continue
        if hmac.compare_digest(expected, candidate):
            return json.loads(text)
    raise WebhookVerificationError("No matching signature found")
