"""The list helpers against scripted answers (httpx.MockTransport)."""

from __future__ import annotations

import asyncio
import json

import httpx

from herald import AsyncHerald, Herald

LIST = {
    "key": "team:a",
    "name": "Team A",
    "description": None,
    "self_service": False,
    "subscriber_count": 2,
    "created_at": "2025-01-31T12:00:00Z",
    "updated_at": "2025-01-31T12:00:00Z",
}


def test_when_ids_are_subscribed_then_they_go_in_the_body_and_the_counts_are_read() -> None:
    seen: list[tuple[str, str, object]] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append((request.method, request.url.path, json.loads(request.content)))
        return httpx.Response(200, json={"data": {"subscribed": 1, "already": 1, "failed": []}})

    with Herald(base_url="http://herald.test", api_key="k", transport=httpx.MockTransport(handle)) as h:
        result = h.lists.subscribe("team:a", ["u1", "u2"])
    assert (result.subscribed, result.already, result.failed) == (1, 1, [])
    assert seen == [("PUT", "/lists/team:a/subscriptions", {"recipient_ids": ["u1", "u2"]})]


def test_when_lists_are_walked_then_pages_are_followed_by_their_cursor() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        if "cursor" not in request.url.params:
            return httpx.Response(200, json={"data": {"lists": [LIST], "next_cursor": "bDE6dGVhbTph"}})
        return httpx.Response(200, json={"data": {"lists": [{**LIST, "key": "team:b"}], "next_cursor": None}})

    async def walk() -> list[str]:
        async with AsyncHerald(base_url="http://herald.test", api_key="k", transport=httpx.MockTransport(handle)) as h:
            return [item.key async for item in h.lists.list(page_size=1)]

    assert asyncio.run(walk()) == ["team:a", "team:b"]
