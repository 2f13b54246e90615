"""Errors, retries and stream reconnection against scripted answers (httpx.MockTransport)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest

from herald import (
    AsyncHerald,
    ConflictError,
    FeedStream,
    Herald,
    HeraldError,
    NetworkError,
    NotFoundError,
    RateLimitError,
    RetryPolicy,
    ServerError,
    ValidationError,
)
from herald._transport import RetryTransport

Handler = Callable[[httpx.Request], httpx.Response]
RECIPIENT = {"id": "alice", "name": None, "created_at": "2025-01-31T12:00:00Z", "updated_at": "2025-01-31T12:00:00Z"}


def scripted(*answers: httpx.Response | Exception) -> tuple[list[httpx.Request], Handler]:
    """A handler answering in order (the last answer repeats), recording the requests."""
    seen: list[httpx.Request] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        answer = answers[min(len(seen), len(answers)) - 1]
        if isinstance(answer, Exception):
            raise answer
        return answer

    return seen, handle


def client(handler: Handler, sleeps: list[float] | None = None, **policy: float) -> Herald:
    h = Herald(base_url="http://herald.test", api_key="nk_full_test")
    record = sleeps if sleeps is not None else []
    transport = RetryTransport(httpx.MockTransport(handler), RetryPolicy(**policy), sleep=record.append)  # type: ignore[arg-type]
    h.http._transport = transport
    return h


def ok(body: object, status: int = 200, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, json=body, headers=headers)


def test_when_the_message_family_answers_then_the_error_carries_status_code_and_message() -> None:
    _, handle = scripted(
        ok({"message": "Recipient not found", "code": "recipient_not_found"}, 404, {"x-request-id": "r1"})
    )
    with pytest.raises(NotFoundError) as caught:
        client(handle).recipients.get("alice")
    err = caught.value
    assert (err.status, err.code, err.message, err.family, err.request_id) == (
        404,
        "recipient_not_found",
        "Recipient not found",
        "message",
        "r1",
    )


def test_when_the_error_family_answers_then_error_is_the_code_and_details_the_message() -> None:
    violation = {"message": "must contain @", "description": "", "property_path": "address", "invalid_value": "x"}
    body = {"error": "validation_failed", "details": "address: must contain @", "errors": [violation]}
    _, handle = scripted(ok(body, 400))
    with pytest.raises(ValidationError) as caught:
        client(handle).contacts.set_primary("alice", medium="email", address="x")
    err = caught.value
    assert (err.status, err.code, err.message, err.family) == (
        400,
        "validation_failed",
        "address: must contain @",
        "error",
    )
    assert err.errors == [violation]


def test_when_a_proxy_answers_a_page_then_the_error_keeps_its_text() -> None:
    _, handle = scripted(httpx.Response(502, text="<html>bad gateway</html>"))
    with pytest.raises(ServerError) as caught:
        client(handle).recipients.get("alice")
    assert (caught.value.status, caught.value.code, caught.value.body) == (502, "http_502", "<html>bad gateway</html>")


def test_when_429_carries_retry_after_then_the_request_is_repeated_after_it() -> None:
    limited = ok({"message": "Too many requests", "code": "rate_limited"}, 429, {"retry-after": "2"})
    seen, handle = scripted(limited, ok({"message": "created", "data": RECIPIENT}, 201))
    sleeps: list[float] = []
    assert client(handle, sleeps).recipients.create(id="alice").id == "alice"
    assert len(seen) == 2 and sleeps == [2.0]
    assert json.loads(seen[1].content) == {"id": "alice"}


def test_when_429_persists_then_the_retries_are_bounded() -> None:
    seen, handle = scripted(ok({"message": "Too many requests", "code": "rate_limited"}, 429, {"retry-after": "1"}))
    sleeps: list[float] = []
    with pytest.raises(RateLimitError) as caught:
        client(handle, sleeps, max_retries=2).recipients.get("alice")
    assert len(seen) == 3 and sleeps == [1.0, 1.0] and caught.value.retry_after == 1.0


def test_when_retry_after_is_longer_than_allowed_then_it_is_raised_at_once() -> None:
    seen, handle = scripted(ok({"message": "slow down", "code": "rate_limited"}, 429, {"retry-after": "3600"}))
    sleeps: list[float] = []
    with pytest.raises(RateLimitError):
        client(handle, sleeps).recipients.get("alice")
    assert len(seen) == 1 and sleeps == []


def test_when_a_send_meets_503_then_it_is_retried_with_the_same_idempotency_key() -> None:
    # The retry's answer is an error, so this test does not depend on the Notification's shape.
    unavailable = ok({"message": "unavailable", "code": "internal"}, 503)
    seen, handle = scripted(unavailable, ok({"message": "Idempotency-Key reused", "code": "idempotency_conflict"}, 409))
    with pytest.raises(ConflictError):
        client(handle).notifications.send(recipient_id="alice", payload={"title": "Hi"})
    keys = [r.headers["idempotency-key"] for r in seen]
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) >= 32
    assert json.loads(seen[1].content) == {"recipient_id": "alice", "payload": {"title": "Hi"}}


def test_when_a_cancel_meets_503_then_it_is_repeated() -> None:
    # A repeated cancel answers the same, so it is retried like a read.
    unavailable = ok({"message": "unavailable", "code": "internal"}, 503)
    seen, handle = scripted(
        unavailable, ok({"message": "Notification not found", "code": "notification_not_found"}, 404)
    )
    with pytest.raises(NotFoundError):
        client(handle).notifications.cancel(7)
    assert [(r.method, r.url.path) for r in seen] == [("POST", "/notifications/7/cancel")] * 2


def test_when_a_send_has_send_at_then_the_body_carries_it_with_its_offset() -> None:
    seen, handle = scripted(ok({"message": "Idempotency-Key reused", "code": "idempotency_conflict"}, 409))
    for at in ("2030-01-31T09:00:00Z", datetime(2030, 1, 31, 10, tzinfo=timezone(timedelta(hours=1)))):
        with pytest.raises(ConflictError):
            client(handle).notifications.send(recipient_id="alice", payload={"title": "Hi"}, send_at=at)
    assert [datetime.fromisoformat(json.loads(r.content)["send_at"]) for r in seen] == [
        datetime(2030, 1, 31, 9, tzinfo=UTC)
    ] * 2
    with pytest.raises(ValueError, match="time zone"):
        client(handle).notifications.send(recipient_id="alice", payload={"title": "Hi"}, send_at="2030-01-31T09:00:00")
    assert len(seen) == 2


def test_when_a_create_without_idempotency_key_meets_503_then_it_is_not_repeated() -> None:
    seen, handle = scripted(ok({"message": "unavailable", "code": "internal"}, 503))
    with pytest.raises(ServerError):
        client(handle).recipients.create(id="alice")
    assert len(seen) == 1


def test_when_the_connection_fails_then_reads_are_retried_and_a_network_error_is_raised() -> None:
    seen, handle = scripted(httpx.ConnectError("refused"))
    with pytest.raises(NetworkError) as caught:
        client(handle, max_retries=1).recipients.get("alice")
    assert len(seen) == 2 and caught.value.status == 0


def test_when_an_idempotency_key_is_reused_with_another_body_then_conflict() -> None:
    _, handle = scripted(ok({"message": "Idempotency-Key reused", "code": "idempotency_conflict"}, 409))
    with pytest.raises(ConflictError) as caught:
        client(handle).notifications.send(recipient_id="alice", payload={"a": 1}, idempotency_key="k1")
    assert caught.value.code == "idempotency_conflict"


def sse(*events: str) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content="".join(events).encode())


def test_when_the_stream_drops_then_it_reconnects_with_last_event_id() -> None:
    first = sse(
        "retry: 10\n\n",
        'event: unread_count\nid: 4\ndata: {"unread_count": 0}\n\n',
        'event: notification\nid: 5\ndata: {"unread_count": 1}\n\n',
    )
    second = sse('event: notification\nid: 6\ndata: {"unread_count": 2}\n\n')
    seen, handle = scripted(first, second)
    h = client(handle)
    waits: list[float] = []
    with FeedStream(h.http, "alice/1", token="nk_tok_x", sleep=waits.append) as stream:
        events = [next(stream) for _ in range(3)]
    assert [(e.event, e.id, e.unread_count) for e in events] == [
        ("unread_count", "4", 0),
        ("notification", "5", 1),
        ("notification", "6", 2),
    ]
    assert seen[0].url.raw_path == b"/recipients/alice%2F1/notifications/stream"
    assert "last-event-id" not in seen[0].headers and seen[1].headers["last-event-id"] == "5"
    assert seen[1].headers["authorization"] == "Bearer nk_tok_x"
    assert len(waits) == 1 and 0 < waits[0] <= 0.01  # the server's `retry: 10` (ms)


def test_when_the_stream_is_refused_then_it_raises_instead_of_reconnecting() -> None:
    _, handle = scripted(ok({"message": "forbidden", "code": "forbidden"}, 403))
    with pytest.raises(HeraldError) as caught:
        next(FeedStream(client(handle).http, "alice", sleep=lambda _: None))
    assert caught.value.status == 403


def test_when_the_async_client_meets_429_then_it_retries_too() -> None:
    limited = ok({"message": "Too many requests", "code": "rate_limited"}, 429, {"retry-after": "0"})
    seen, handle = scripted(limited, ok({"data": RECIPIENT}))

    async def run() -> str:
        async with AsyncHerald(base_url="http://herald.test", api_key="k", transport=httpx.MockTransport(handle)) as h:
            return (await h.recipients.get("alice")).id

    assert asyncio.run(run()) == "alice" and len(seen) == 2


@pytest.mark.parametrize("make", [Herald, AsyncHerald])
def test_when_a_client_is_printed_then_its_api_key_is_not(make: Callable[[str, str], object]) -> None:
    key = "nk_full_s3cr3t-key-material"
    client = make("http://herald.test", key)
    shown = [repr(client), str(client), repr(client.client), str(client.client), repr(client.http.headers)]  # type: ignore[attr-defined]
    assert all(key not in s for s in shown), shown
    assert "http://herald.test" in repr(client)
