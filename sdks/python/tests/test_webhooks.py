"""verify_webhook against the Standard Webhooks specification's published test vector."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks import Webhook

from herald import WebhookVerificationError, verify_webhook

# The specification's vector (standard-webhooks repository, spec/standard-webhooks.md and the
# reference libraries' "sign function works" tests).
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
MSG_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
TIMESTAMP = 1614265330
BODY = '{"test": 2432232314}'
SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
AT = datetime.fromtimestamp(TIMESTAMP, tz=UTC)


def headers(signature: str = SIGNATURE, msg_id: str = MSG_ID, timestamp: int = TIMESTAMP) -> dict[str, str]:
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


def test_when_verifying_the_specification_vector_then_it_passes_and_returns_the_body() -> None:
    assert verify_webhook(BODY, headers(), SECRET, now=AT + timedelta(seconds=10)) == {"test": 2432232314}
    assert verify_webhook(BODY.encode(), headers(), SECRET.removeprefix("whsec_"), now=AT) == {"test": 2432232314}


def test_when_headers_come_in_another_case_then_they_are_read() -> None:
    upper = {k.title(): v for k, v in headers().items()}
    assert verify_webhook(BODY, upper, SECRET, now=AT) == {"test": 2432232314}


def test_when_a_rotated_secret_still_signs_then_any_listed_signature_may_match() -> None:
    other = "v1," + base64.b64encode(b"x" * 32).decode()
    assert verify_webhook(BODY, headers(f"{other} {SIGNATURE}"), SECRET, now=AT) == {"test": 2432232314}


@pytest.mark.parametrize(
    ("body", "hdrs", "secret", "reason"),
    [
        ('{"test": 2432232315}', headers(), SECRET, "No matching signature"),
        (BODY, headers(msg_id="msg_other"), SECRET, "No matching signature"),
        (BODY, headers(), "whsec_" + base64.b64encode(b"k" * 32).decode(), "No matching signature"),
        (BODY, headers(signature="v2," + SIGNATURE[3:]), SECRET, "No matching signature"),
        (BODY, {"webhook-id": MSG_ID, "webhook-timestamp": str(TIMESTAMP)}, SECRET, "Missing required headers"),
        (BODY, headers(timestamp=TIMESTAMP - 301), SECRET, "too old"),
        (BODY, headers(timestamp=TIMESTAMP + 301), SECRET, "too new"),
    ],
)
def test_when_anything_differs_then_verification_fails(
    body: str, hdrs: dict[str, str], secret: str, reason: str
) -> None:
    with pytest.raises(WebhookVerificationError, match=reason):
        verify_webhook(body, hdrs, secret, now=AT)


def test_when_no_clock_is_given_then_the_vector_is_too_old() -> None:
    with pytest.raises(WebhookVerificationError, match="too old"):
        verify_webhook(BODY, headers(), SECRET)


def test_when_the_reference_library_signs_now_then_verify_webhook_accepts_it() -> None:
    now = datetime.now(UTC)
    signature = Webhook(SECRET).sign(MSG_ID, now, BODY)
    assert verify_webhook(BODY, headers(signature, timestamp=int(now.timestamp())), SECRET) == {"test": 2432232314}
