"""The feed helpers' tab filters and the stream's unseen count, against scripted answers (httpx.MockTransport)."""

from __future__ import annotations

import httpx
from httpx_sse import ServerSentEvent

from herald import Herald, RetryPolicy
from herald._feed import FeedEvent
from herald._transport import RetryTransport


def client(requests: list[httpx.Request], body: object) -> Herald:
    def handle(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(200, json=body)

    h = Herald(base_url="http://herald.test", api_key="nk_full_test")
    h.http._transport = RetryTransport(httpx.MockTransport(handle), RetryPolicy())
    return h


def test_when_mark_all_read_and_seen_name_a_tab_then_only_the_given_filters_are_sent() -> None:
    requests: list[httpx.Request] = []
    h = client(requests, {"message": "ok", "data": {"updated": 2}})
    assert h.notifications.mark_all_read("alice", channel="mentions") == 2
    assert h.notifications.mark_all_seen("alice", topic="billing", event="invoice") == 2
    assert h.notifications.mark_all_read("alice") == 2
    assert [dict(r.url.params) for r in requests] == [
        {"channel": "mentions"},
        {"topic": "billing", "event": "invoice"},
        {},
    ]


def test_when_a_page_names_a_tab_then_the_feed_is_asked_for_that_tab() -> None:
    requests: list[httpx.Request] = []
    h = client(requests, {"data": {"notifications": [], "next_cursor": None}})
    h.notifications.page("alice", limit=5, channel="orders", topic="shipping")
    assert dict(requests[0].url.params) == {"limit": "5", "channel": "orders", "topic": "shipping"}


def test_when_a_stream_event_carries_the_unseen_count_then_the_event_has_it() -> None:
    e = FeedEvent.from_sse(ServerSentEvent(event="unread_count", data='{"unread_count":3,"unseen_count":1}', id="7"))
    assert (e.unread_count, e.unseen_count) == (3, 1)
    assert (
        FeedEvent.from_sse(ServerSentEvent(event="unread_count", data='{"unread_count":3}', id="8")).unseen_count
        is None
    )
