"""The SDK against a live Herald (the stack of scripts/lib/sdk-tests.mjs): every call goes through
the generated operations, the real gateway and the services behind it."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TypeVar

import httpx
import pytest
from standardwebhooks import Webhook

import herald
from herald import (
    AsyncHerald,
    AuthenticationError,
    ConflictError,
    Herald,
    HeraldError,
    NotFoundError,
    RateLimitError,
    RetryPolicy,
    ValidationError,
    verify_webhook,
)
from herald._generated.api.catalog import post_preferences
from herald.models import CatalogDigest, CatalogEntry, CatalogEntryInput, Notification, PostPreferencesResponse201

from .conftest import Project, Receiver, make_project, unique

T = TypeVar("T")


def eventually(read: Callable[[], T], done: Callable[[T], bool], what: str, timeout: float = 60.0) -> T:
    """Polls `read` until `done` holds (the condition, not a fixed sleep; the bound only stops a hang)."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still {value!r} after {timeout} s")
        time.sleep(0.1)


def delivered(h: Herald, n: Notification) -> Notification:
    return eventually(lambda: h.notifications.get(n.id), lambda x: x.status != "enqueued", f"notification {n.id}")


def test_readme_tour(h: Herald) -> None:
    """The README's snippets, as written there."""
    alice = unique("alice")
    h.recipients.create(id=alice, name="Alice")
    h.contacts.set_primary(alice, medium="email", address="alice@example.com")
    n = h.notifications.send(recipient_id=alice, payload={"title": "Hi"})
    assert n.status == "enqueued" and n.payload == {"title": "Hi"}
    assert delivered(h, n).status == "delivered"
    assert any(r.id == alice for r in h.recipients.list())


def test_when_a_recipient_is_created_then_it_reads_back_updates_and_deletes(h: Herald) -> None:
    rid = unique("bob")
    created = h.recipients.create(id=rid, name="Bob")
    assert (created.id, created.name) == (rid, "Bob")
    assert h.recipients.get(rid).name == "Bob"
    assert h.recipients.update(rid, name="Robert").name == "Robert"
    with pytest.raises(ConflictError) as conflict:
        h.recipients.create(id=rid)
    assert (conflict.value.code, conflict.value.message, conflict.value.family) == (
        "recipient_exists",
        "Recipient already exists",
        "message",
    )
    h.recipients.delete(rid)
    with pytest.raises(NotFoundError) as missing:
        h.recipients.get(rid)
    assert (missing.value.status, missing.value.code, missing.value.message) == (
        404,
        "recipient_not_found",
        "Recipient not found",
    )


def test_when_contacts_change_then_the_primary_follows(h: Herald) -> None:
    rid = unique("carol")
    h.recipients.create(id=rid)
    first = h.contacts.set_primary(rid, medium="email", address="Carol@Example.com")
    assert (first.address, first.is_primary, first.verified_at) == ("carol@example.com", True, None)
    assert h.contacts.verify(rid, first.id).verified_at is not None
    moved = h.contacts.set_primary(rid, medium="email", address="carol@new.example")
    assert (moved.id, moved.address, moved.verified_at) == (first.id, "carol@new.example", None)
    sms = h.contacts.add(rid, medium="sms", address="+15550100")
    assert not sms.is_primary
    assert h.contacts.update(rid, sms.id, is_primary=True).is_primary
    assert sorted(c.medium for c in h.contacts.list(rid)) == ["email", "sms"]
    h.contacts.delete(rid, sms.id)
    assert [c.medium for c in h.contacts.list(rid)] == ["email"]
    with pytest.raises(ConflictError) as dup:
        h.contacts.add(rid, medium="email", address="carol@new.example")
    assert dup.value.message == "Contact already exists"


def test_when_errors_of_each_family_come_back_then_both_read_alike(h: Herald, base_url: str) -> None:
    # {message, code}: recipients, notifications
    with pytest.raises(NotFoundError) as message_family:
        h.notifications.get(999_999_999)
    err = message_family.value
    assert (err.status, err.code, err.message, err.family) == (
        404,
        "notification_not_found",
        "Notification not found",
        "message",
    )
    with pytest.raises(ValidationError) as no_medium:
        h.notifications.send(recipient_id=unique("dave"))
    assert (no_medium.value.status, no_medium.value.code, no_medium.value.family) == (400, "no_medium", "message")
    # {error, details}: set primary contact
    rid = unique("erin")
    h.recipients.create(id=rid)
    with pytest.raises(ValidationError) as error_family:
        h.contacts.set_primary(rid, medium="email", address="not-an-address")
    invalid = error_family.value
    assert (invalid.status, invalid.code, invalid.family) == (400, "validation_failed", "error")
    assert invalid.message and [e["property_path"] for e in invalid.errors] == ["address"]
    with (
        Herald(base_url=base_url, api_key="nk_full_" + "0" * 43) as stranger,
        pytest.raises(AuthenticationError) as unauthorized,
    ):
        stranger.recipients.get(rid)
    assert (unauthorized.value.status, unauthorized.value.code) == (401, "unauthorized")


def test_when_a_notification_is_sent_then_it_reads_back_and_the_feed_lists_it(h: Herald) -> None:
    rid = unique("frank")
    n = h.notifications.send(
        recipient_id=rid,
        payload={"title": "Hi", "body": "there"},
        target={"channel": "c", "topic": "none", "event": "e"},
    )
    assert (n.recipient_id, n.status, n.broadcast_id) == (rid, "enqueued", None)
    read_back = delivered(h, n)
    assert (read_back.id, read_back.status, read_back.payload) == (n.id, "delivered", {"title": "Hi", "body": "there"})
    assert read_back.target is not None and read_back.target.channel == "c"
    assert [x.id for x in h.notifications.list(rid)] == [n.id]
    assert [x.id for x in h.notifications.activity(recipient_id=rid, status="delivered").notifications] == [n.id]
    assert h.notifications.unread_count(rid) == 1
    assert h.notifications.update(rid, n.id, read=True).read is True
    assert h.notifications.unread_count(rid) == 0


def test_when_a_send_repeats_its_idempotency_key_then_nothing_new_is_created(h: Herald) -> None:
    rid = unique("gina")
    key = unique("key")
    first = h.notifications.send(recipient_id=rid, payload={"n": 1}, idempotency_key=key)
    again = h.notifications.send(recipient_id=rid, payload={"n": 1}, idempotency_key=key)
    assert again.id == first.id
    with pytest.raises(ConflictError) as conflict:
        h.notifications.send(recipient_id=rid, payload={"n": 2}, idempotency_key=key)
    assert conflict.value.code == "idempotency_conflict"


def test_when_250_recipients_exist_then_list_follows_next_cursor_through_every_page(
    admin: Herald, base_url: str
) -> None:
    project = make_project(admin, "sdk-python-pages")
    ids = [f"r{i:03d}" for i in range(250)]
    with Herald(base_url=base_url, api_key=project.full_key) as h:
        result = h.recipients.batch([{"id": rid} for rid in ids])
        assert (len(result.created), result.failed) == (250, [])
        first = h.recipients.page(limit=100)
        assert len(first.recipients) == 100 and first.next_cursor
        assert [r.id for r in h.recipients.list(page_size=100)] == ids
        assert len(list(h.recipients.list(page_size=1000))) == 250


def test_when_recipients_are_searched_then_the_ones_starting_with_the_text_answer_in_id_order(
    admin: Herald, base_url: str
) -> None:
    project = make_project(admin, "sdk-python-search")
    with Herald(base_url=base_url, api_key=project.full_key) as h:
        h.recipients.batch([{"id": "ada", "name": "Countess"}, {"id": "adam"}, {"id": "grace", "name": "Admiral"}])
        assert [r.id for r in h.recipients.search("ada")] == ["ada", "adam"]
        assert [r.id for r in h.recipients.search("Ad", limit=5)] == ["grace"]


def test_when_following_the_stream_then_an_event_arrives_and_a_new_stream_resumes_after_it(h: Herald) -> None:
    rid = unique("hana")
    h.recipients.create(id=rid)
    token = h.tokens.create(rid).token
    with h.feed.stream(rid, token=token) as stream:
        connect = next(stream)
        assert (connect.event, connect.unread_count) == ("unread_count", 0)
        first = h.notifications.send(recipient_id=rid, payload={"title": "one"})
        event = next(e for e in stream if e.event == "notification")
        assert event.notification is not None and event.notification.id == first.id
        assert event.notification.payload == {"title": "one"} and event.unread_count == 1
        resume_after = stream.last_event_id
        assert resume_after == event.id
    # Missed while no stream was open: replayed to the stream that resumes with Last-Event-ID.
    second = h.notifications.send(recipient_id=rid, payload={"title": "two"})
    assert delivered(h, second).status == "delivered"
    with h.feed.stream(rid, token=token, last_event_id=resume_after) as resumed:
        replayed = next(e for e in resumed if e.event == "notification")
    assert replayed.notification is not None and replayed.notification.id == second.id
    assert replayed.id is not None and resume_after is not None and int(replayed.id) > int(resume_after)


def test_when_herald_calls_a_webhook_then_verify_webhook_accepts_it(h: Herald, receiver: Receiver) -> None:
    url, received = receiver
    created = h.webhooks.create(url=url, description="sdk test")
    try:
        h.webhooks.test(created.webhook.id)
        body, headers = received.get(timeout=60)
        event = verify_webhook(body, headers, created.secret)
        assert event["type"] == "webhook.test" and event["data"]["webhook_id"] == created.webhook.id
        # The reference library agrees, and a tampered body is refused.
        assert Webhook(created.secret).verify(body, headers) == event
        with pytest.raises(herald.WebhookVerificationError):
            verify_webhook(body.replace(b"webhook.test", b"webhook.fake"), headers, created.secret)
    finally:
        h.webhooks.delete(created.webhook.id)


class _Counting(httpx.HTTPTransport):
    def __init__(self) -> None:
        super().__init__()
        self.statuses: list[int] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        self.statuses.append(response.status_code)
        return response


def test_when_the_project_rate_limit_is_exceeded_then_429_is_retried_after_retry_after(
    admin: Herald, base_url: str
) -> None:
    project = make_project(admin, "sdk-python-rate", {"rate_limit_per_second": 1})
    wire = _Counting()
    with Herald(base_url=base_url, api_key=project.full_key, transport=wire, retry=RetryPolicy(max_retries=5)) as h:
        rid = unique("ivan")
        h.recipients.create(id=rid)
        # 1 request/s with a burst of 2: a few quick reads meet a 429, each retried until it passes.
        reads = 0
        while 429 not in wire.statuses and reads < 20:
            assert h.recipients.get(rid).id == rid
            reads += 1
        assert 429 in wire.statuses, f"no 429 after {reads} reads at 1/s: {wire.statuses}"
        assert wire.statuses[-1] == 200
    no_retries = Herald(base_url=base_url, api_key=project.full_key, retry=RetryPolicy(max_retries=0))
    with no_retries, pytest.raises(RateLimitError) as limited:
        for _ in range(10):
            no_retries.recipients.get(rid)
    assert (
        limited.value.code == "rate_limited"
        and limited.value.retry_after is not None
        and limited.value.retry_after >= 1
    )


def test_when_using_the_async_client_then_the_same_calls_work(base_url: str, project: Project) -> None:
    async def run() -> None:
        async with AsyncHerald(base_url=base_url, api_key=project.full_key) as h:
            rid = unique("async")
            await h.recipients.create(id=rid, name="Async")
            await h.contacts.set_primary(rid, medium="email", address="async@example.com")
            token = (await h.tokens.create(rid)).token
            async with h.feed.stream(rid, token=token) as stream:
                assert (await anext(stream)).event == "unread_count"
                n = await h.notifications.send(recipient_id=rid, payload={"title": "async"})
                event = await anext(e async for e in stream if e.event == "notification")
            assert event.notification is not None and event.notification.id == n.id
            assert (await h.notifications.get(n.id)).id == n.id
            assert rid in [r.id async for r in h.recipients.list()]
            with pytest.raises(HeraldError) as missing:
                await h.recipients.get(unique("nobody"))
            assert missing.value.status == 404

    asyncio.run(run())


def test_when_a_payload_is_sent_then_its_json_round_trips_exactly(h: Herald) -> None:
    payload = {"title": "Ünïcødé ✓", "nested": {"list": [1, 2.5, None, True]}, "url": "https://example.com/?a=1&b=2"}
    n = h.notifications.send(recipient_id=unique("json"), payload=payload)
    assert json.dumps(h.notifications.get(n.id).payload, sort_keys=True) == json.dumps(payload, sort_keys=True)


def email_entry(h: Herald, channel: str, digest: CatalogDigest | None = None) -> CatalogEntry:
    """A default-on email catalog entry (the SDK has no catalog helper: the generated operation)."""
    body = CatalogEntryInput(
        channel=channel, topic="none", event="happened", name=channel, default_enabled=True, medium="email"
    )
    if digest is not None:
        body.digest = digest
    created = post_preferences.sync_detailed(client=h.client, body=body).parsed
    assert isinstance(created, PostPreferencesResponse201)
    return created.data


def with_mailbox(h: Herald, prefix: str) -> str:
    rid = unique(prefix)
    h.recipients.create(id=rid)
    h.contacts.set_primary(rid, medium="email", address=f"{rid}@inbox.example")
    return rid


def test_when_a_scheduled_send_is_canceled_then_it_is_canceled_and_a_started_one_is_not_cancelable(h: Herald) -> None:
    channel = unique("billing")
    email_entry(h, channel)
    rid = with_mailbox(h, "sched")
    target = {"channel": channel, "topic": "none", "event": "happened"}
    at = datetime.now(UTC) + timedelta(hours=1)
    n = h.notifications.send(
        recipient_id=rid,
        target=target,
        payload={"title": "Your trial ends tomorrow"},
        email={"subject": "Trial", "html": "<p>Tomorrow</p>"},
        send_at=at,
    )
    assert n.status == "scheduled" and isinstance(n.send_at, str)
    assert abs(datetime.fromisoformat(n.send_at) - at) < timedelta(seconds=1)
    canceled = h.notifications.cancel(n.id)
    assert (canceled.id, canceled.status, canceled.email.status, canceled.email.reason) == (
        n.id,
        "canceled",
        "skipped",
        "canceled",
    )
    assert h.notifications.cancel(n.id).status == "canceled"  # a repeat answers the same
    assert h.notifications.get(n.id).status == "canceled"

    # A send made at once has started: 409 not_cancelable (here after its delivery).
    now = h.notifications.send(recipient_id=rid, target=target, payload={"title": "Now"})
    eventually(lambda: h.notifications.get(now.id), lambda x: x.status == "delivered", "the immediate send")
    with pytest.raises(ConflictError) as late:
        h.notifications.cancel(now.id)
    assert (late.value.status, late.value.code) == (409, "not_cancelable")

    with pytest.raises(NotFoundError) as missing:
        h.notifications.cancel(999999999999)
    assert missing.value.code == "notification_not_found"
    with pytest.raises(NotFoundError) as missing:
        h.broadcasts.cancel(999999999999)
    assert missing.value.code == "broadcast_not_found"
    with pytest.raises(ValueError, match="time zone"):
        h.notifications.send(recipient_id=rid, payload={"title": "naive"}, send_at=datetime(2030, 1, 1, 9))


def test_when_a_scheduled_broadcast_is_canceled_then_it_reads_back_canceled(h: Herald) -> None:
    b = h.notifications.broadcast(
        target={"channel": "news", "topic": "none", "event": "launch"},
        payload={"title": "Launching in an hour"},
        send_at=(datetime.now(UTC) + timedelta(hours=1)).isoformat(),
    )
    assert b.status == "scheduled" and b.send_at
    assert h.broadcasts.cancel(b.id).status == "canceled"
    assert h.broadcasts.get(b.id).status == "canceled"


def test_when_an_entry_has_a_digest_then_two_emails_make_one_digest_read_back_by_id(h: Herald) -> None:
    channel = unique("social")
    entry = email_entry(h, channel, CatalogDigest(window_seconds=3600, max_items=2, subject="{count} new comments"))
    rid = with_mailbox(h, "digest")
    target = {"channel": channel, "topic": "none", "event": "happened"}
    ids = [
        h.notifications.send(
            recipient_id=rid, target=target, email={"subject": f"comment {i}", "html": f"<p>comment-{i}</p>"}
        ).id
        for i in (1, 2)
    ]

    def settled(notification_id: int) -> Notification:
        read = lambda: h.notifications.get(notification_id)
        return eventually(read, lambda x: x.email.status != "pending", f"digest item {notification_id}")

    items = [settled(i) for i in ids]
    digest_ids = {n.email.digest_id for n in items}
    assert [n.email.status for n in items] == ["sent", "sent"] and len(digest_ids) == 1
    digest_id = digest_ids.pop()
    assert isinstance(digest_id, int)
    d = h.digests.get(digest_id)
    assert (d.id, d.status, d.entry_id, d.recipient_id, sorted(d.notification_ids)) == (
        digest_id,
        "sent",
        entry.id,
        rid,
        sorted(ids),
    )
    assert d.message_id and d.message_id == items[0].email.message_id
    with pytest.raises(NotFoundError) as missing:
        h.digests.get(999999999999)
    assert missing.value.code == "digest_not_found"


def test_when_the_async_client_cancels_then_it_is_canceled(base_url: str, project: Project) -> None:
    async def run() -> None:
        async with AsyncHerald(base_url=base_url, api_key=project.full_key) as h:
            at = datetime.now(UTC) + timedelta(hours=1)
            n = await h.notifications.send(recipient_id=unique("async-sched"), payload={"title": "later"}, send_at=at)
            assert n.status == "scheduled"
            assert (await h.notifications.cancel(n.id)).status == "canceled"
            b = await h.notifications.broadcast(
                target={"channel": "news", "topic": "none", "event": "launch"}, payload={"title": "later"}, send_at=at
            )
            assert (await h.broadcasts.cancel(b.id)).status == "canceled"
            with pytest.raises(NotFoundError):
                await h.digests.get(999999999999)

    asyncio.run(run())
