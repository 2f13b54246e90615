"""`AsyncHerald`: the asyncio client (httpx), the twin of `Herald` (same methods, awaited)."""

from __future__ import annotations

import builtins
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self

import httpx

from . import _bodies as bodies
from ._feed import IDLE_TIMEOUT, AsyncFeedStream
from ._generated.api.admin import post_admin_projects
from ._generated.api.contacts import (
    delete_recipients_recipient_id_contacts_contact_id,
    get_recipients_recipient_id_contacts,
    patch_recipients_recipient_id_contacts_contact_id,
    post_recipients_recipient_id_contacts,
    post_recipients_recipient_id_contacts_contact_id_verify,
    put_recipients_recipient_id_contacts,
)
from ._generated.api.notifications import (
    get_broadcasts_id,
    get_digests_id,
    get_notifications_id,
    get_recipients_recipient_id_notifications,
    get_recipients_recipient_id_notifications_unread_count,
    patch_recipients_recipient_id_notifications_notification_id,
    post_broadcasts_id_cancel,
    post_notifications_id_cancel,
    post_notifications_send,
    post_recipients_recipient_id_notifications_mark_all_read,
)
from ._generated.api.recipients import (
    delete_recipients_recipient_id,
    get_recipients,
    get_recipients_recipient_id,
    patch_recipients_recipient_id,
    post_recipients,
    post_recipients_batch,
    post_recipients_recipient_id_tokens,
)
from ._generated.api.webhooks import delete_webhooks_id, get_webhooks, post_webhooks, post_webhooks_id_test
from ._generated.client import AuthenticatedClient
from ._generated.models import (
    Broadcast,
    Contact,
    ContactInput,
    ContactInputMedium,
    DeleteRecipientsRecipientIdContactsContactIdResponse200,
    DeleteRecipientsRecipientIdResponse200,
    DeleteWebhooksIdResponse200,
    Digest,
    EmailInput,
    GetBroadcastsIdResponse200,
    GetDigestsIdResponse200,
    GetNotificationsIdResponse200,
    GetRecipientsRecipientIdContactsResponse200,
    GetRecipientsRecipientIdNotificationsResponse200,
    GetRecipientsRecipientIdNotificationsResponse200Data,
    GetRecipientsRecipientIdNotificationsUnreadCountResponse200,
    GetRecipientsRecipientIdResponse200,
    GetRecipientsResponse200,
    GetRecipientsResponse200Data,
    GetWebhooksResponse200,
    Notification,
    PatchRecipientsRecipientIdBody,
    PatchRecipientsRecipientIdContactsContactIdResponse200,
    PatchRecipientsRecipientIdNotificationsNotificationIdResponse200,
    PatchRecipientsRecipientIdResponse200,
    PostAdminProjectsResponse201,
    PostAdminProjectsResponse201Data,
    PostBroadcastsIdCancelResponse200,
    PostNotificationsIdCancelResponse200,
    PostNotificationsSendResponse201,
    PostNotificationsSendResponse201Data,
    PostRecipientsBatchResponse200,
    PostRecipientsBatchResponse200Data,
    PostRecipientsRecipientIdContactsContactIdVerifyResponse200,
    PostRecipientsRecipientIdContactsResponse201,
    PostRecipientsRecipientIdNotificationsMarkAllReadResponse200,
    PostRecipientsRecipientIdTokensResponse201,
    PostRecipientsResponse201,
    PostWebhooksIdTestResponse200,
    PostWebhooksResponse201,
    PrimaryContactInput,
    PrimaryContactInputMedium,
    PutRecipientsRecipientIdContactsResponse200,
    Recipient,
    RecipientInput,
    RecipientToken,
    TargetInput,
    Webhook,
    WebhookDelivery,
    WebhookWithSecret,
)
from ._transport import AsyncRetryTransport, RetryPolicy, acall, araise_for_error, default_headers, parsed

Json = Mapping[str, Any]


class _Resource:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._c = client


class AsyncRecipients(_Resource):
    async def create(self, *, id: str, name: str | None = None) -> Recipient:
        r = await acall(post_recipients.asyncio_detailed, client=self._c, body=bodies.recipient(id, name))
        return parsed(r, PostRecipientsResponse201).data

    async def get(self, recipient_id: str) -> Recipient:
        r = await acall(get_recipients_recipient_id.asyncio_detailed, recipient_id, client=self._c)
        return parsed(r, GetRecipientsRecipientIdResponse200).data

    async def update(self, recipient_id: str, *, name: str | None) -> Recipient:
        body = PatchRecipientsRecipientIdBody(name=name)
        r = await acall(patch_recipients_recipient_id.asyncio_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdResponse200).data

    async def delete(self, recipient_id: str) -> None:
        r = await acall(delete_recipients_recipient_id.asyncio_detailed, recipient_id, client=self._c)
        parsed(r, DeleteRecipientsRecipientIdResponse200)

    async def batch(self, recipients: Sequence[RecipientInput | Json]) -> PostRecipientsBatchResponse200Data:
        """Creates or updates up to 1,000 recipients; `created`, `updated` and `failed` say which."""
        r = await acall(post_recipients_batch.asyncio_detailed, client=self._c, body=bodies.batch(recipients))
        return parsed(r, PostRecipientsBatchResponse200).data

    async def page(self, *, limit: int | None = None, cursor: str | None = None) -> GetRecipientsResponse200Data:
        """One page in creation order; `next_cursor` is None on the last."""
        r = await acall(
            get_recipients.asyncio_detailed, client=self._c, limit=bodies.opt(limit), cursor=bodies.opt(cursor)
        )
        return parsed(r, GetRecipientsResponse200).data

    async def list(self, *, page_size: int = 100) -> AsyncIterator[Recipient]:
        """Every recipient in creation order, fetching pages of `page_size` as the loop goes."""
        cursor: str | None = None
        while True:
            page = await self.page(limit=page_size, cursor=cursor)
            for recipient in page.recipients:
                yield recipient
            if not page.next_cursor:
                return
            cursor = page.next_cursor


class AsyncContacts(_Resource):
    async def add(
        self, recipient_id: str, *, medium: ContactInputMedium, address: str, is_primary: bool = False
    ) -> Contact:
        body = ContactInput(medium=medium, address=address, is_primary=is_primary)
        r = await acall(post_recipients_recipient_id_contacts.asyncio_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PostRecipientsRecipientIdContactsResponse201).data

    async def list(self, recipient_id: str) -> builtins.list[Contact]:
        r = await acall(get_recipients_recipient_id_contacts.asyncio_detailed, recipient_id, client=self._c)
        return parsed(r, GetRecipientsRecipientIdContactsResponse200).data.contacts

    async def set_primary(self, recipient_id: str, *, medium: PrimaryContactInputMedium, address: str) -> Contact:
        """Makes `address` the recipient's primary contact for `medium` (creating or updating it)."""
        body = PrimaryContactInput(medium=medium, address=address)
        r = await acall(put_recipients_recipient_id_contacts.asyncio_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PutRecipientsRecipientIdContactsResponse200).data

    async def update(
        self, recipient_id: str, contact_id: int, *, address: str | None = None, is_primary: bool | None = None
    ) -> Contact:
        body = bodies.contact_patch(address, is_primary)
        op = patch_recipients_recipient_id_contacts_contact_id.asyncio_detailed
        r = await acall(op, recipient_id, str(contact_id), client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdContactsContactIdResponse200).data

    async def delete(self, recipient_id: str, contact_id: int) -> None:
        op = delete_recipients_recipient_id_contacts_contact_id.asyncio_detailed
        parsed(
            await acall(op, recipient_id, str(contact_id), client=self._c),
            DeleteRecipientsRecipientIdContactsContactIdResponse200,
        )

    async def verify(self, recipient_id: str, contact_id: int) -> Contact:
        op = post_recipients_recipient_id_contacts_contact_id_verify.asyncio_detailed
        r = await acall(op, recipient_id, str(contact_id), client=self._c)
        return parsed(r, PostRecipientsRecipientIdContactsContactIdVerifyResponse200).data


class AsyncTokens(_Resource):
    async def create(self, recipient_id: str, *, ttl_seconds: int | None = None) -> RecipientToken:
        """A recipient token (Full key only): the credential for that recipient's browser or app."""
        body = bodies.token(ttl_seconds)
        r = await acall(post_recipients_recipient_id_tokens.asyncio_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PostRecipientsRecipientIdTokensResponse201).data


class AsyncNotifications(_Resource):
    async def _send(self, body: Any, idempotency_key: str | None) -> PostNotificationsSendResponse201Data:
        # One key per call, kept across its retries: a retried send is delivered once.
        key = idempotency_key or str(uuid.uuid4())
        r = await acall(post_notifications_send.asyncio_detailed, client=self._c, body=body, idempotency_key=key)
        return parsed(r, PostNotificationsSendResponse201).data

    async def send(
        self,
        *,
        recipient_id: str,
        payload: Json | None = None,
        email: EmailInput | Json | None = None,
        target: TargetInput | Json | None = None,
        send_at: datetime | str | None = None,
        idempotency_key: str | None = None,
    ) -> Notification:
        """A direct send; returns the notification (status `enqueued`, or `not_requested` for email only).

        `send_at`: when to send (an aware datetime or an RFC 3339 string, at most 90 days ahead):
        in the future, the status is `scheduled` until then and `cancel` can still stop it.
        `email` may carry `delay_seconds` and `unless` (`read`/`opened`): the email waits and is
        skipped if the in-app notification was read by then.
        `idempotency_key`: a repeat with the same key within 24 h returns the first notification
        and creates nothing (default: a fresh key per call, reused by this call's retries).
        """
        notification = (
            await self._send(bodies.send(recipient_id, payload, email, target, send_at), idempotency_key)
        ).notification
        if notification is None:
            raise ValueError("the send answered without a notification")
        return notification

    async def broadcast(
        self,
        *,
        target: TargetInput | Json,
        payload: Json,
        email: EmailInput | Json | None = None,
        send_at: datetime | str | None = None,
        idempotency_key: str | None = None,
    ) -> Broadcast:
        """A send to every recipient of the project; returns the broadcast (read it back with `broadcasts.get`).

        `send_at`: as for `send` (a scheduled broadcast is stopped with `broadcasts.cancel`).
        """
        broadcast = (await self._send(bodies.send(None, payload, email, target, send_at), idempotency_key)).broadcast
        if broadcast is None:
            raise ValueError("the broadcast answered without a broadcast")
        return broadcast

    async def get(self, notification_id: int) -> Notification:
        r = await acall(get_notifications_id.asyncio_detailed, str(notification_id), client=self._c)
        return parsed(r, GetNotificationsIdResponse200).data

    async def cancel(self, notification_id: int) -> Notification:
        """Stops a scheduled send (made with a future `send_at`): returns it, status `canceled`.

        Once it has started (or for a send made at once): `ConflictError`, code `not_cancelable`;
        an unknown id: `NotFoundError`. A repeated cancel returns the canceled send again (so a
        cancel is retried like a read).
        """
        r = await acall(post_notifications_id_cancel.asyncio_detailed, str(notification_id), client=self._c)
        return parsed(r, PostNotificationsIdCancelResponse200).data

    async def page(
        self, recipient_id: str, *, limit: int | None = None, cursor: str | None = None, read: bool | None = None
    ) -> GetRecipientsRecipientIdNotificationsResponse200Data:
        """One page of a recipient's feed (delivered notifications), newest first."""
        r = await acall(
            get_recipients_recipient_id_notifications.asyncio_detailed,
            recipient_id,
            client=self._c,
            limit=bodies.opt(limit),
            cursor=bodies.opt(cursor),
            read=bodies.read_filter(read),
        )
        return parsed(r, GetRecipientsRecipientIdNotificationsResponse200).data

    async def list(
        self, recipient_id: str, *, read: bool | None = None, page_size: int = 100
    ) -> AsyncIterator[Notification]:
        """A recipient's whole feed, newest first, page by page."""
        cursor: str | None = None
        while True:
            page = await self.page(recipient_id, limit=page_size, cursor=cursor, read=read)
            for notification in page.notifications:
                yield notification
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    async def unread_count(self, recipient_id: str) -> int:
        r = await acall(
            get_recipients_recipient_id_notifications_unread_count.asyncio_detailed, recipient_id, client=self._c
        )
        return parsed(r, GetRecipientsRecipientIdNotificationsUnreadCountResponse200).data.unread_count

    async def update(
        self, recipient_id: str, notification_id: int, *, read: bool | None = None, opened: bool | None = None
    ) -> Notification:
        op = patch_recipients_recipient_id_notifications_notification_id.asyncio_detailed
        body = bodies.notification_patch(read, opened)
        r = await acall(op, recipient_id, str(notification_id), client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdNotificationsNotificationIdResponse200).data

    async def mark_all_read(self, recipient_id: str) -> int:
        """Marks the whole feed read; returns how many notifications changed."""
        r = await acall(
            post_recipients_recipient_id_notifications_mark_all_read.asyncio_detailed, recipient_id, client=self._c
        )
        return parsed(r, PostRecipientsRecipientIdNotificationsMarkAllReadResponse200).data.updated


class AsyncBroadcasts(_Resource):
    async def get(self, broadcast_id: int) -> Broadcast:
        r = await acall(get_broadcasts_id.asyncio_detailed, str(broadcast_id), client=self._c)
        return parsed(r, GetBroadcastsIdResponse200).data

    async def cancel(self, broadcast_id: int) -> Broadcast:
        """Stops a scheduled broadcast: returns it, status `canceled` (errors as `notifications.cancel`)."""
        r = await acall(post_broadcasts_id_cancel.asyncio_detailed, str(broadcast_id), client=self._c)
        return parsed(r, PostBroadcastsIdCancelResponse200).data


class AsyncDigests(_Resource):
    """The email digests of catalog entries with a `digest` (a collected email's `email.digest_id`)."""

    async def get(self, digest_id: int) -> Digest:
        """A digest: `status` (`open`, `sent`, `skipped`, `failed`), its window, `message_id`, and
        `notification_ids` in the mail's order. An unknown id: `NotFoundError`."""
        r = await acall(get_digests_id.asyncio_detailed, str(digest_id), client=self._c)
        return parsed(r, GetDigestsIdResponse200).data


class AsyncWebhooks(_Resource):
    async def create(
        self, *, url: str, description: str | None = None, event_types: Sequence[str] | None = None
    ) -> WebhookWithSecret:
        """Registers an endpoint; the result's `secret` (shown only here) verifies its requests."""
        body = bodies.webhook(url, description, event_types)
        return parsed(
            await acall(post_webhooks.asyncio_detailed, client=self._c, body=body), PostWebhooksResponse201
        ).data

    async def list(self) -> builtins.list[Webhook]:
        return parsed(await acall(get_webhooks.asyncio_detailed, client=self._c), GetWebhooksResponse200).data.webhooks

    async def delete(self, webhook_id: int) -> None:
        parsed(
            await acall(delete_webhooks_id.asyncio_detailed, str(webhook_id), client=self._c),
            DeleteWebhooksIdResponse200,
        )

    async def test(self, webhook_id: int) -> WebhookDelivery:
        """Queues a `webhook.test` event to the endpoint."""
        r = await acall(post_webhooks_id_test.asyncio_detailed, str(webhook_id), client=self._c)
        return parsed(r, PostWebhooksIdTestResponse200).data


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
        """Follows a recipient's live feed (SSE); iterate it for `FeedEvent`s.

        `token`: a recipient token to connect with (default: the client's key). `last_event_id`:
        resume after that event (a previous stream's `last_event_id`): the gateway replays what
        came after it. Dropped connections reconnect with Last-Event-ID unless `reconnect=False`.
        """
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

    async def create_project(self, *, name: str, settings: Json | None = None) -> PostAdminProjectsResponse201Data:
        """A project and its two keys (`keys[i].scope` `full` or `recipient`; shown only here)."""
        body = bodies.project(name, settings)
        return parsed(
            await acall(post_admin_projects.asyncio_detailed, client=self._c, body=body), PostAdminProjectsResponse201
        ).data


class AsyncHerald:
    """An asyncio client of the Herald REST API (see `Herald`).

    `api_key`: a Full or Recipient key (servers), a recipient token, or the ADMIN_TOKEN (for
    `admin`). `retry`: see `RetryPolicy` (429 honours Retry-After; 503 and lost connections are
    retried when repeating is safe). `transport`: an httpx transport to send through (a proxy, a
    test double); the retries wrap it. Every other operation of the API: `client` is the generated
    client (herald._generated.api.*), with the same credentials, errors and retries.
    """

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
        self.client = AuthenticatedClient(base_url=base_url, token=api_key).set_async_httpx_client(self.http)
        self.recipients = AsyncRecipients(self.client)
        self.contacts = AsyncContacts(self.client)
        self.tokens = AsyncTokens(self.client)
        self.notifications = AsyncNotifications(self.client)
        self.broadcasts = AsyncBroadcasts(self.client)
        self.digests = AsyncDigests(self.client)
        self.webhooks = AsyncWebhooks(self.client)
        self.admin = AsyncAdmin(self.client)
        self.feed = AsyncFeed(self.http)

    async def aclose(self) -> None:
        await self.http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()
