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


def test_when_self_service_lists_are_walked_then_each_says_subscribed_and_the_cursor_is_followed() -> None:
    seen: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url.query, "ascii"))
        if "cursor" not in request.url.params:
            entry = {**LIST, "self_service": True, "subscribed": False}
            return httpx.Response(200, json={"data": {"lists": [entry], "next_cursor": "bDE6dGVhbTph"}})
        entry = {**LIST, "key": "team:b", "self_service": True, "subscribed": True}
        return httpx.Response(200, json={"data": {"lists": [entry], "next_cursor": None}})

    with Herald(base_url="http://herald.test", api_key="k", transport=httpx.MockTransport(handle)) as h:
        walked = [(item.key, item.subscribed) for item in h.lists.self_service("me", page_size=1)]
        assert [item.key for item in h.lists.of_recipient("me")] == ["team:a"]
    assert walked == [("team:a", False), ("team:b", True)]
    assert seen[:2] == ["self_service=true&limit=1", "self_service=true&limit=1&cursor=bDE6dGVhbTph"]
    assert seen[2] == ""
