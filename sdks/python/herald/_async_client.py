"""`AsyncHerald`: the asyncio client (httpx), the twin of `Herald` (same methods, awaited)."""

from __future__ import annotations

import builtins
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self, TypeVar

import httpx

from . import _list_operations as lops
from . import _operations as ops
from . import models
from ._feed import IDLE_TIMEOUT, AsyncFeedStream
from ._generated.client import AuthenticatedClient
from ._transport import (
    REDACTED,
    AsyncRetryTransport,
    CredentialedClient,
    RetryPolicy,
    acall,
    araise_for_error,
    default_headers,
)

T = TypeVar("T")

Json = Mapping[str, Any]


class _Resource:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._c = client

    async def _run(self, operation: ops.Operation[T]) -> T:
        endpoint = operation.endpoint.asyncio_detailed
        return operation.read(await acall(endpoint, *operation.args, client=self._c, **operation.kwargs))


class AsyncRecipients(_Resource):
    async def create(self, *, id: str, name: str | None = None) -> models.Recipient:
        return await self._run(ops.create_recipient(id, name))

    async def get(self, recipient_id: str) -> models.Recipient:
        return await self._run(ops.get_recipient(recipient_id))

    async def update(self, recipient_id: str, *, name: str | None) -> models.Recipient:
        return await self._run(ops.update_recipient(recipient_id, name))

    async def delete(self, recipient_id: str) -> None:
        await self._run(ops.delete_recipient(recipient_id))

    async def batch(
        self, recipients: Sequence[models.RecipientInput | Json]
    ) -> models.PostRecipientsBatchResponse200Data:
        """Creates or updates up to 1,000 recipients; `created`, `updated` and `failed` say which."""
        return await self._run(ops.batch_recipients(recipients))

    async def page(self, *, limit: int | None = None, cursor: str | None = None) -> models.GetRecipientsResponse200Data:
        """One page in creation order; `next_cursor` is None on the last."""
        return await self._run(ops.recipients_page(limit, cursor))

    async def search(self, q: str, *, limit: int | None = None) -> builtins.list[models.Recipient]:
        """The recipients whose id, name or a contact address starts with `q` (case as typed), in id order."""
        return (await self._run(ops.search_recipients(q, limit))).recipients

    async def list(self, *, page_size: int = 100) -> AsyncIterator[models.Recipient]:
        """Every recipient in creation order, fetching pages of `page_size` as the loop goes."""
        cursor: str | None = None
        while True:
            page = await self.page(limit=page_size, cursor=cursor)
            for recipient in page.recipients:
                yield recipient
            if not page.next_cursor:
                return
            cursor = page.next_cursor


class AsyncLists(_Resource):
    """Lists (audiences recipients subscribe to) and their subscriptions."""

    async def create(
        self, *, key: str, name: str, description: str | None = None, self_service: bool = False
    ) -> models.List:
        return await self._run(lops.create_list(key, name, description, self_service))

    async def get(self, key: str) -> models.List:
        return await self._run(lops.get_list(key))

    async def delete(self, key: str) -> None:
        """Deletes the list and its subscriptions."""
        await self._run(lops.delete_list(key))

    async def page(self, *, limit: int | None = None, cursor: str | None = None) -> models.GetListsResponse200Data:
        """One page in key order; `next_cursor` is None on the last."""
        return await self._run(lops.lists_page(limit, cursor))

    async def list(self, *, page_size: int = 100) -> AsyncIterator[models.List]:
        """Every list in key order, fetching pages of `page_size` as the loop goes."""
        cursor: str | None = None
        while True:
            page = await self.page(limit=page_size, cursor=cursor)
            for item in page.lists:
                yield item
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def subscribe(self, key: str, recipient_ids: Sequence[str]) -> models.ListSubscribeResult:
        """Subscribes 1 to 1,000 recipients (unknown ones are created); idempotent."""
        return await self._run(lops.subscribe(key, builtins.list(recipient_ids)))

    async def unsubscribe(self, key: str, recipient_ids: Sequence[str]) -> models.ListUnsubscribeResult:
        return await self._run(lops.unsubscribe(key, builtins.list(recipient_ids)))

    async def of_recipient(self, recipient_id: str) -> builtins.list[models.List]:
        """The lists a recipient is subscribed to (a recipient token may read its own)."""
        return await self._run(lops.recipient_lists(recipient_id))

    async def self_service(
        self, recipient_id: str, *, page_size: int = 100
    ) -> AsyncIterator[models.RecipientListEntry]:
        """The project's self-service lists (those the recipient may follow or leave) in key order, each
        with `subscribed` for this recipient (a recipient token may read its own)."""
        cursor: str | None = None
        while True:
            page = await self._run(lops.self_service_page(recipient_id, page_size, cursor))
            for item in page.lists:
                yield item
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def join(self, recipient_id: str, key: str) -> None:
        """Subscribes a recipient; with a recipient token only self_service lists accept it."""
        await self._run(lops.join(recipient_id, key))

    async def leave(self, recipient_id: str, key: str) -> None:
        await self._run(lops.leave(recipient_id, key))


class AsyncContacts(_Resource):
    async def add(
        self, recipient_id: str, *, medium: models.ContactInputMedium, address: str, is_primary: bool = False
    ) -> models.Contact:
        return await self._run(ops.add_contact(recipient_id, medium, address, is_primary))

    async def list(self, recipient_id: str) -> builtins.list[models.Contact]:
        return await self._run(ops.list_contacts(recipient_id))

    async def set_primary(
        self, recipient_id: str, *, medium: models.PrimaryContactInputMedium, address: str
    ) -> models.Contact:
        """Makes `address` the recipient's primary contact for `medium` (creating or updating it)."""
        return await self._run(ops.set_primary_contact(recipient_id, medium, address))

    async def update(
        self, recipient_id: str, contact_id: int, *, address: str | None = None, is_primary: bool | None = None
    ) -> models.Contact:
        return await self._run(ops.update_contact(recipient_id, contact_id, address, is_primary))

    async def delete(self, recipient_id: str, contact_id: int) -> None:
        await self._run(ops.delete_contact(recipient_id, contact_id))

    async def verify(self, recipient_id: str, contact_id: int) -> models.Contact:
        return await self._run(ops.verify_contact(recipient_id, contact_id))

    async def confirm(self, recipient_id: str, contact_id: int, code: str) -> models.Contact:
        """Confirms an sms number set with a recipient token with the 6-digit code texted to it."""
        return await self._run(ops.confirm_contact(recipient_id, contact_id, code))


class AsyncDevices(_Resource):
    async def add(
        self,
        recipient_id: str,
        *,
        platform: models.DeviceInputPlatform,
        token: str,
        app_id: str | None = None,
        locale: str | None = None,
    ) -> models.Device:
        """Registers a device; the same token again is the same device, one from another recipient moves here."""
        return await self._run(ops.add_device(recipient_id, platform, token, app_id, locale))

    async def list(self, recipient_id: str) -> builtins.list[models.Device]:
        return await self._run(ops.list_devices(recipient_id))

    async def delete(self, recipient_id: str, device_id: int) -> None:
        await self._run(ops.delete_device(recipient_id, device_id))


class AsyncTokens(_Resource):
    async def create(self, recipient_id: str, *, ttl_seconds: int | None = None) -> models.RecipientToken:
        """A recipient token (Full key only): the credential for that recipient's browser or app."""
        return await self._run(ops.create_token(recipient_id, ttl_seconds))


class AsyncNotifications(_Resource):
    async def send(
        self,
        *,
        recipient_id: str,
        payload: Json | None = None,
        email: models.EmailInput | Json | None = None,
        target: models.TargetInput | Json | None = None,
        send_at: datetime | str | None = None,
        idempotency_key: str | None = None,
    ) -> models.Notification:
        """A direct send; returns the notification (status `enqueued`, or `not_requested` for email only).

        `send_at`: when to send (an aware datetime or an RFC 3339 string, at most 90 days ahead):
        in the future, the status is `scheduled` until then and `cancel` can still stop it.
        `email` may carry `delay_seconds` and `unless` (`read`/`opened`): the email waits and is
        skipped if the in-app notification was read by then.
        `idempotency_key`: a repeat with the same key within 24 h returns the first notification
        and creates nothing (default: a fresh key per call, reused by this call's retries).
        """
        return await self._run(ops.send(recipient_id, payload, email, target, send_at, idempotency_key))

    async def broadcast(
        self,
        *,
        target: models.TargetInput | Json,
        payload: Json,
        email: models.EmailInput | Json | None = None,
        send_at: datetime | str | None = None,
        idempotency_key: str | None = None,
    ) -> models.Broadcast:
        """A send to every recipient of the project; returns the broadcast (read it back with `broadcasts.get`).

        `send_at`: as for `send` (a scheduled broadcast is stopped with `broadcasts.cancel`).
        """
        return await self._run(ops.broadcast(target, payload, email, send_at, idempotency_key))

    async def send_to_many(
        self,
        *,
        target: models.TargetInput | Json,
        payload: Json,
        recipient_ids: Sequence[str] | None = None,
        list_key: str | None = None,
        exclude_recipient_ids: Sequence[str] | None = None,
        email: models.EmailInput | Json | None = None,
        sms: models.SmsInput | Json | None = None,
        send_at: datetime | str | None = None,
        idempotency_key: str | None = None,
    ) -> models.PostNotificationsSendResponse201Data:
        """A send to the recipients `recipient_ids` (1 to 1,000, duplicates counted once; unknown ones
        are created) or to the subscribers of the list `list_key`, leaving out `exclude_recipient_ids`
        (at most 100), with an optional `email` and `sms` (each capped by the project's
        `max_list_recipients_for_<medium>`). Returns the send's data: its `broadcast` (progress,
        with its `email` and `sms`: `broadcasts.get`) and `failed`, the ids that failed the
        recipient id rules (left out; the others were sent).
        """
        return await self._run(
            ops.send_to_many(
                recipient_ids, list_key, exclude_recipient_ids, target, payload, email, send_at, idempotency_key, sms
            )
        )

    async def get(self, notification_id: int) -> models.Notification:
        return await self._run(ops.get_notification(notification_id))

    async def timeline(self, notification_id: int) -> models.Timeline:
        """The notification's steps in time order: accepted, decided, each medium's send, escalation, digest, each webhook attempt."""
        return await self._run(ops.notification_timeline(notification_id))

    async def cancel(self, notification_id: int) -> models.Notification:
        """Stops a scheduled send (made with a future `send_at`): returns it, status `canceled`.

        Once it has started (or for a send made at once): `ConflictError`, code `not_cancelable`;
        an unknown id: `NotFoundError`. A repeated cancel returns the canceled send again (so a
        cancel is retried like a read).
        """
        return await self._run(ops.cancel_notification(notification_id))

    async def activity(
        self,
        *,
        limit: int | None = None,
        cursor: str | None = None,
        recipient_id: str | None = None,
        channel: str | None = None,
        topic: str | None = None,
        event: str | None = None,
        status: str | None = None,
        medium: models.GetNotificationsMedium | None = None,
        outcome: str | None = None,
        broadcast_id: int | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
    ) -> models.ActivityPage:
        """One page of the project's notifications, newest first (`GET /notifications`).

        Only the filter combinations the API has an index for; any other: `ValidationError`, code
        `filter_not_indexed`.
        """
        filters = ops.ActivityFilters(
            recipient_id, channel, topic, event, status, medium, outcome, broadcast_id, since, until
        )
        return await self._run(ops.activity_page(filters, limit, cursor))

    async def page(
        self,
        recipient_id: str,
        *,
        limit: int | None = None,
        cursor: str | None = None,
        read: bool | None = None,
        channel: str | None = None,
        topic: str | None = None,
        event: str | None = None,
    ) -> models.GetRecipientsRecipientIdNotificationsResponse200Data:
        """One page of a recipient's feed (delivered notifications), newest first; `channel`, `topic`, `event`: one tab of it."""
        return await self._run(
            ops.notifications_page(recipient_id, limit, cursor, read, ops.Tab(channel, topic, event))
        )

    async def list(
        self,
        recipient_id: str,
        *,
        read: bool | None = None,
        page_size: int = 100,
        channel: str | None = None,
        topic: str | None = None,
        event: str | None = None,
    ) -> AsyncIterator[models.Notification]:
        """A recipient's whole feed (or one tab of it), newest first, page by page."""
        cursor: str | None = None
        while True:
            page = await self.page(
                recipient_id, limit=page_size, cursor=cursor, read=read, channel=channel, topic=topic, event=event
            )
            for notification in page.notifications:
                yield notification
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def unread_count(self, recipient_id: str) -> int:
        return await self._run(ops.unread_count(recipient_id))

    async def update(
        self,
        recipient_id: str,
        notification_id: int,
        *,
        read: bool | None = None,
        opened: bool | None = None,
        seen: bool | None = None,
        archived: bool | None = None,
    ) -> models.Notification:
        return await self._run(ops.update_notification(recipient_id, notification_id, read, opened, seen, archived))

    async def mark_all_read(
        self, recipient_id: str, *, channel: str | None = None, topic: str | None = None, event: str | None = None
    ) -> int:
        """Marks the whole feed (or one tab of it: `channel`, `topic`, `event`) read; returns how many changed."""
        return await self._run(ops.mark_all_read(recipient_id, ops.Tab(channel, topic, event)))

    async def mark_all_seen(
        self, recipient_id: str, *, channel: str | None = None, topic: str | None = None, event: str | None = None
    ) -> int:
        """Marks the whole feed (or one tab of it) seen (read flags stay); returns how many changed."""
        return await self._run(ops.mark_all_seen(recipient_id, ops.Tab(channel, topic, event)))

    async def snooze(self, recipient_id: str, notification_id: int, until: datetime | None) -> models.Notification:
        """Snoozes a notification until `until` (at most 90 days ahead): out of the feed and the counts, then back as
        new; None ends the snooze now."""
        return await self._run(ops.snooze_notification(recipient_id, notification_id, until))

    async def take_action(self, recipient_id: str, notification_id: int, action_id: str) -> models.Notification:
        """Records the action (of `payload.actions`) the recipient chose; the same action again changes nothing."""
        return await self._run(ops.take_action(recipient_id, notification_id, action_id))


class AsyncBroadcasts(_Resource):
    async def page(self, *, limit: int | None = None, cursor: str | None = None) -> models.BroadcastPage:
        """One page of the project's broadcasts and sends to many, newest first (`GET /broadcasts`):
        a running one with its progress so far; `next_cursor` continues (None on the last page)."""
        return await self._run(ops.broadcast_page(limit, cursor))

    async def get(self, broadcast_id: int) -> models.Broadcast:
        return await self._run(ops.get_broadcast(broadcast_id))

    async def cancel(self, broadcast_id: int) -> models.Broadcast:
        """Stops a scheduled broadcast: returns it, status `canceled` (errors as `notifications.cancel`)."""
        return await self._run(ops.cancel_broadcast(broadcast_id))


class AsyncDigests(_Resource):
    """The email digests of catalog entries with a `digest` (a collected email's `email.digest_id`)."""

    async def get(self, digest_id: int) -> models.Digest:
        """A digest: `status` (`open`, `sent`, `skipped`, `failed`), its window, `message_id`, and
        `notification_ids` in the mail's order. An unknown id: `NotFoundError`."""
        return await self._run(ops.get_digest(digest_id))


class AsyncWebhooks(_Resource):
    async def create(
        self, *, url: str, description: str | None = None, event_types: Sequence[str] | None = None
    ) -> models.WebhookWithSecret:
        """Registers an endpoint; the result's `secret` (shown only here) verifies its requests."""
        return await self._run(ops.create_webhook(url, description, event_types))

    async def list(self) -> builtins.list[models.Webhook]:
        return await self._run(ops.list_webhooks())

    async def delete(self, webhook_id: int) -> None:
        await self._run(ops.delete_webhook(webhook_id))

    async def test(self, webhook_id: int) -> models.WebhookDelivery:
        """Queues a `webhook.test` event to the endpoint."""
        return await self._run(ops.send_test_webhook(webhook_id))


class AsyncFeed:
    def __init__(self, http: httpx.AsyncClient) -> None:
        self._http = http

    def stream(
        self,
        recipient_id: str,
        *,
        token: str | None = None,
        last_event_id: str | None = None,
        reconnect: bool = True,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> AsyncFeedStream:
        """As `Herald.feed.stream`: follows a recipient's live feed (SSE), `async for` its `FeedEvent`s."""
        return AsyncFeedStream(
            self._http,
            recipient_id,
            token=token,
            last_event_id=last_event_id,
            reconnect=reconnect,
            idle_timeout=idle_timeout,
        )


class AsyncAdmin(_Resource):
    """Operator API: construct the client with the gateway's ADMIN_TOKEN as `api_key`."""

    async def create_project(
        self, *, name: str, settings: Json | None = None
    ) -> models.PostAdminProjectsResponse201Data:
        """A project and its two keys (`keys[i].scope` `full` or `recipient`; shown only here)."""
        return await self._run(ops.create_project(name, settings))


class AsyncHerald:
    """An asyncio client of the Herald REST API: the arguments, resources and `client` of `Herald`,
    with an asyncio `transport` (httpx.AsyncBaseTransport), awaited methods and `aclose()`."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        timeout: float | httpx.Timeout = 30.0,
        retry: RetryPolicy | None = None,
        headers: dict[str, str] | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.http = httpx.AsyncClient(
            base_url=base_url,
            headers=default_headers(api_key, headers),
            timeout=timeout,
            transport=AsyncRetryTransport(transport or httpx.AsyncHTTPTransport(), retry or RetryPolicy()),
            event_hooks={"response": [araise_for_error]},
        )
        self.client: AuthenticatedClient = CredentialedClient(base_url=base_url, token=api_key).set_async_httpx_client(
            self.http
        )
        self.recipients = AsyncRecipients(self.client)
        self.lists = AsyncLists(self.client)
        self.contacts = AsyncContacts(self.client)
        self.devices = AsyncDevices(self.client)
        self.tokens = AsyncTokens(self.client)
        self.notifications = AsyncNotifications(self.client)
        self.broadcasts = AsyncBroadcasts(self.client)
        self.digests = AsyncDigests(self.client)
        self.webhooks = AsyncWebhooks(self.client)
        self.admin = AsyncAdmin(self.client)
        self.feed = AsyncFeed(self.http)

    def __repr__(self) -> str:
        return f"AsyncHerald(base_url={str(self.http.base_url)!r}, api_key={REDACTED!r})"

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()
