"""The broadcast history helper against scripted answers (httpx.MockTransport)."""

from __future__ import annotations

import asyncio

import httpx

from herald import AsyncHerald, Herald

BROADCAST = {
    "id": 13,
    "target": {"channel": "news", "topic": "weekly", "event": "digest"},
    "payload": {"title": "Weekly"},
    "status": "fanning_out",
    "recipients_total": 1250,
    "notifications_created": 600,
    "email": None,
    "push": None,
    "created_at": "2026-03-02T09:30:00Z",
    "updated_at": "2026-03-02T09:30:05Z",
    "audience": {"list": "weekly-digest", "excluded": 0},
}


def answer(seen: list[str]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(200, json={"data": {"broadcasts": [BROADCAST], "next_cursor": "13"}})

    return httpx.MockTransport(handle)


def test_when_a_page_of_broadcasts_is_read_then_limit_and_cursor_are_sent_and_the_page_is_read() -> None:
    seen: list[str] = []
    with Herald(base_url="http://herald.test", api_key="k", transport=answer(seen)) as h:
        page = h.broadcasts.page(limit=1, cursor="20")
    assert seen == ["http://herald.test/broadcasts?limit=1&cursor=20"]
    assert [(b.id, b.status, b.notifications_created) for b in page.broadcasts] == [(13, "fanning_out", 600)]
    assert page.next_cursor == "13"


def test_when_the_async_client_reads_the_first_page_then_neither_limit_nor_cursor_is_sent() -> None:
    seen: list[str] = []

    async def read() -> str | None:
        async with AsyncHerald(base_url="http://herald.test", api_key="k", transport=answer(seen)) as h:
            return (await h.broadcasts.page()).next_cursor

    assert asyncio.run(read()) == "13"
    assert seen == ["http://herald.test/broadcasts"]
