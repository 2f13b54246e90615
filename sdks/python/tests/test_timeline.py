"""The notification timeline helper against a scripted answer (httpx.MockTransport)."""

from __future__ import annotations

import asyncio

import httpx

from herald import AsyncHerald, Herald

NONE = {
    "medium": None,
    "provider": None,
    "detail": None,
    "attempts": None,
    "digest_id": None,
    "webhook_id": None,
    "webhook_url": None,
    "event_type": None,
    "response_status": None,
    "latency_ms": None,
    "attempt": None,
    "message_id": None,
}
STEPS = [
    {**NONE, "at": "2026-03-02T09:00:00Z", "kind": "accepted", "status": "delivered"},
    {
        **NONE,
        "at": "2026-03-02T09:00:01Z",
        "kind": "outbound",
        "medium": "email",
        "status": "sent",
        "provider": "smtp",
        "attempts": 1,
    },
    {
        **NONE,
        "at": "2026-03-02T09:00:02Z",
        "kind": "webhook",
        "status": "succeeded",
        "webhook_id": 3,
        "webhook_url": "https://hooks.test/h",
        "event_type": "email.sent",
        "response_status": 204,
        "latency_ms": 12,
    },
]


def answer(seen: list[str]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(200, json={"data": {"steps": STEPS}})

    return httpx.MockTransport(handle)


def test_when_a_timeline_is_read_then_its_steps_come_in_order() -> None:
    seen: list[str] = []
    with Herald(base_url="http://herald.test", api_key="k", transport=answer(seen)) as h:
        timeline = h.notifications.timeline(42)
    assert seen == ["http://herald.test/notifications/42/timeline"]
    assert [(s.kind, s.status) for s in timeline.steps] == [
        ("accepted", "delivered"),
        ("outbound", "sent"),
        ("webhook", "succeeded"),
    ]
    assert timeline.steps[2].response_status == 204


def test_when_the_async_client_reads_a_timeline_then_it_answers_the_same() -> None:
    async def read() -> int:
        async with AsyncHerald(base_url="http://herald.test", api_key="k", transport=answer([])) as h:
            return len((await h.notifications.timeline(42)).steps)

    assert asyncio.run(read()) == 3
