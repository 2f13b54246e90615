"""`Herald`: the synchronous client (httpx), a thin layer over the generated operations."""

from __future__ import annotations

import builtins
import uuid
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Self

import httpx

from . import _bodies as bodies
from ._feed import IDLE_TIMEOUT, FeedStream
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
from ._transport import RetryPolicy, RetryTransport, call, default_headers, parsed, raise_for_error

Json = Mapping[str, Any]


class _Resource:
    def __init__(self, client: AuthenticatedClient) -> None:
        self._c = client


class Recipients(_Resource):
    def create(self, *, id: str, name: str | None = None) -> Recipient:
        r = call(post_recipients.sync_detailed, client=self._c, body=bodies.recipient(id, name))
        return parsed(r, PostRecipientsResponse201).data

    def get(self, recipient_id: str) -> Recipient:
        r = call(get_recipients_recipient_id.sync_detailed, recipient_id, client=self._c)
        return parsed(r, GetRecipientsRecipientIdResponse200).data

    def update(self, recipient_id: str, *, name: str | None) -> Recipient:
        body = PatchRecipientsRecipientIdBody(name=name)
        r = call(patch_recipients_recipient_id.sync_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdResponse200).data

    def delete(self, recipient_id: str) -> None:
        r = call(delete_recipients_recipient_id.sync_detailed, recipient_id, client=self._c)
        parsed(r, DeleteRecipientsRecipientIdResponse200)

    def batch(self, recipients: Sequence[RecipientInput | Json]) -> PostRecipientsBatchResponse200Data:
        """Creates or updates up to 1,000 recipients; `created`, `updated` and `failed` say which."""
        r = call(post_recipients_batch.sync_detailed, client=self._c, body=bodies.batch(recipients))
        return parsed(r, PostRecipientsBatchResponse200).data

    def page(self, *, limit: int | None = None, cursor: str | None = None) -> GetRecipientsResponse200Data:
        """One page in creation order; `next_cursor` is None on the last."""
        r = call(get_recipients.sync_detailed, client=self._c, limit=bodies.opt(limit), cursor=bodies.opt(cursor))
        return parsed(r, GetRecipientsResponse200).data

    def list(self, *, page_size: int = 100) -> Iterator[Recipient]:
        """Every recipient in creation order, fetching pages of `page_size` as the loop goes."""
        cursor: str | None = None
        while True:
            page = self.page(limit=page_size, cursor=cursor)
            yield from page.recipients
            if not page.next_cursor:
                return
            cursor = page.next_cursor


class Contacts(_Resource):
    def add(self, recipient_id: str, *, medium: ContactInputMedium, address: str, is_primary: bool = False) -> Contact:
        body = ContactInput(medium=medium, address=address, is_primary=is_primary)
        r = call(post_recipients_recipient_id_contacts.sync_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PostRecipientsRecipientIdContactsResponse201).data

    def list(self, recipient_id: str) -> builtins.list[Contact]:
        r = call(get_recipients_recipient_id_contacts.sync_detailed, recipient_id, client=self._c)
        return parsed(r, GetRecipientsRecipientIdContactsResponse200).data.contacts

    def set_primary(self, recipient_id: str, *, medium: PrimaryContactInputMedium, address: str) -> Contact:
        """Makes `address` the recipient's primary contact for `medium` (creating or updating it)."""
        body = PrimaryContactInput(medium=medium, address=address)
        r = call(put_recipients_recipient_id_contacts.sync_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PutRecipientsRecipientIdContactsResponse200).data

    def update(
        self, recipient_id: str, contact_id: int, *, address: str | None = None, is_primary: bool | None = None
    ) -> Contact:
        body = bodies.contact_patch(address, is_primary)
        op = patch_recipients_recipient_id_contacts_contact_id.sync_detailed
        r = call(op, recipient_id, str(contact_id), client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdContactsContactIdResponse200).data

    def delete(self, recipient_id: str, contact_id: int) -> None:
        op = delete_recipients_recipient_id_contacts_contact_id.sync_detailed
        parsed(
            call(op, recipient_id, str(contact_id), client=self._c),
            DeleteRecipientsRecipientIdContactsContactIdResponse200,
        )

    def verify(self, recipient_id: str, contact_id: int) -> Contact:
        op = post_recipients_recipient_id_contacts_contact_id_verify.sync_detailed
        r = call(op, recipient_id, str(contact_id), client=self._c)
        return parsed(r, PostRecipientsRecipientIdContactsContactIdVerifyResponse200).data


class Tokens(_Resource):
    def create(self, recipient_id: str, *, ttl_seconds: int | None = None) -> RecipientToken:
        """A recipient token (Full key only): the credential for that recipient's browser or app."""
        body = bodies.token(ttl_seconds)
        r = call(post_recipients_recipient_id_tokens.sync_detailed, recipient_id, client=self._c, body=body)
        return parsed(r, PostRecipientsRecipientIdTokensResponse201).data


class Notifications(_Resource):
    def _send(self, body: Any, idempotency_key: str | None) -> PostNotificationsSendResponse201Data:
        # One key per call, kept across its retries: a retried send is delivered once.
        key = idempotency_key or str(uuid.uuid4())
        r = call(post_notifications_send.sync_detailed, client=self._c, body=body, idempotency_key=key)
        return parsed(r, PostNotificationsSendResponse201).data

    def send(
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
        notification = self._send(
            bodies.send(recipient_id, payload, email, target, send_at), idempotency_key
        ).notification
        if notification is None:
            raise ValueError("the send answered without a notification")
        return notification

    def broadcast(
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
        broadcast = self._send(bodies.send(None, payload, email, target, send_at), idempotency_key).broadcast
        if broadcast is None:
            raise ValueError("the broadcast answered without a broadcast")
        return broadcast

    def get(self, notification_id: int) -> Notification:
        r = call(get_notifications_id.sync_detailed, str(notification_id), client=self._c)
        return parsed(r, GetNotificationsIdResponse200).data

    def cancel(self, notification_id: int) -> Notification:
        """Stops a scheduled send (made with a future `send_at`): returns it, status `canceled`.

        Once it has started (or for a send made at once): `ConflictError`, code `not_cancelable`;
        an unknown id: `NotFoundError`. A repeated cancel returns the canceled send again (so a
        cancel is retried like a read).
        """
        r = call(post_notifications_id_cancel.sync_detailed, str(notification_id), client=self._c)
        return parsed(r, PostNotificationsIdCancelResponse200).data

    def page(
        self, recipient_id: str, *, limit: int | None = None, cursor: str | None = None, read: bool | None = None
    ) -> GetRecipientsRecipientIdNotificationsResponse200Data:
        """One page of a recipient's feed (delivered notifications), newest first."""
        r = call(
            get_recipients_recipient_id_notifications.sync_detailed,
            recipient_id,
            client=self._c,
            limit=bodies.opt(limit),
            cursor=bodies.opt(cursor),
            read=bodies.read_filter(read),
        )
        return parsed(r, GetRecipientsRecipientIdNotificationsResponse200).data

    def list(self, recipient_id: str, *, read: bool | None = None, page_size: int = 100) -> Iterator[Notification]:
        """A recipient's whole feed, newest first, page by page."""
        cursor: str | None = None
        while True:
            page = self.page(recipient_id, limit=page_size, cursor=cursor, read=read)
            yield from page.notifications
            if not page.next_cursor:
                return
            cursor = page.next_cursor

    def unread_count(self, recipient_id: str) -> int:
        r = call(get_recipients_recipient_id_notifications_unread_count.sync_detailed, recipient_id, client=self._c)
        return parsed(r, GetRecipientsRecipientIdNotificationsUnreadCountResponse200).data.unread_count

    def update(
        self, recipient_id: str, notification_id: int, *, read: bool | None = None, opened: bool | None = None
    ) -> Notification:
        op = patch_recipients_recipient_id_notifications_notification_id.sync_detailed
        body = bodies.notification_patch(read, opened)
        r = call(op, recipient_id, str(notification_id), client=self._c, body=body)
        return parsed(r, PatchRecipientsRecipientIdNotificationsNotificationIdResponse200).data

    def mark_all_read(self, recipient_id: str) -> int:
        """Marks the whole feed read; returns how many notifications changed."""
        r = call(post_recipients_recipient_id_notifications_mark_all_read.sync_detailed, recipient_id, client=self._c)
        return parsed(r, PostRecipientsRecipientIdNotificationsMarkAllReadResponse200).data.updated


class Broadcasts(_Resource):
    def get(self, broadcast_id: int) -> Broadcast:
        r = call(get_broadcasts_id.sync_detailed, str(broadcast_id), client=self._c)
        return parsed(r, GetBroadcastsIdResponse200).data

    def cancel(self, broadcast_id: int) -> Broadcast:
        """Stops a scheduled broadcast: returns it, status `canceled` (errors as `notifications.cancel`)."""
        r = call(post_broadcasts_id_cancel.sync_detailed, str(broadcast_id), client=self._c)
        return parsed(r, PostBroadcastsIdCancelResponse200).data


class Digests(_Resource):
    """The email digests of catalog entries with a `digest` (a collected email's `email.digest_id`)."""

    def get(self, digest_id: int) -> Digest:
        """A digest: `status` (`open`, `sent`, `skipped`, `failed`), its window, `message_id`, and
        `notification_ids` in the mail's order. An unknown id: `NotFoundError`."""
        r = call(get_digests_id.sync_detailed, str(digest_id), client=self._c)
        return parsed(r, GetDigestsIdResponse200).data


class Webhooks(_Resource):
    def create(
        self, *, url: str, description: str | None = None, event_types: Sequence[str] | None = None
    ) -> WebhookWithSecret:
        """Registers an endpoint; the result's `secret` (shown only here) verifies its requests."""
        body = bodies.webhook(url, description, event_types)
        return parsed(call(post_webhooks.sync_detailed, client=self._c, body=body), PostWebhooksResponse201).data

    def list(self) -> builtins.list[Webhook]:
        return parsed(call(get_webhooks.sync_detailed, client=self._c), GetWebhooksResponse200).data.webhooks

    def delete(self, webhook_id: int) -> None:
        parsed(call(delete_webhooks_id.sync_detailed, str(webhook_id), client=self._c), DeleteWebhooksIdResponse200)

    def test(self, webhook_id: int) -> WebhookDelivery:
        """Queues a `webhook.test` event to the endpoint."""
        r = call(post_webhooks_id_test.sync_detailed, str(webhook_id), client=self._c)
        return parsed(r, PostWebhooksIdTestResponse200).data


class Feed:
    def __init__(self, http: httpx.Client) -> None:
        self._http = http

    def stream(
        self,
        recipient_id: str,
        *,
        token: str | None = None,
        last_event_id: str | None = None,
        reconnect: bool = True,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> FeedStream:
        """Follows a recipient's live feed (SSE); iterate it for `FeedEvent`s.

        `token`: a recipient token to connect with (default: the client's key). `last_event_id`:
        resume after that event (a previous stream's `last_event_id`): the gateway replays what
        came after it. Dropped connections reconnect with Last-Event-ID unless `reconnect=False`.
        """
        return FeedStream(
            self._http,
            recipient_id,
            token=token,
            last_event_id=last_event_id,
            reconnect=reconnect,
            idle_timeout=idle_timeout,
        )


class Admin(_Resource):
    """Operator API: construct the client with the gateway's ADMIN_TOKEN as `api_key`."""

    def create_project(self, *, name: str, settings: Json | None = None) -> PostAdminProjectsResponse201Data:
        """A project and its two keys (`keys[i].scope` `full` or `recipient`; shown only here)."""
        body = bodies.project(name, settings)
        return parsed(
            call(post_admin_projects.sync_detailed, client=self._c, body=body), PostAdminProjectsResponse201
        ).data


class Herald:
    """A client of the Herald REST API.

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
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.http = httpx.Client(
            base_url=base_url,
            headers=default_headers(api_key, headers),
            timeout=timeout,
            transport=RetryTransport(transport or httpx.HTTPTransport(), retry or RetryPolicy()),
            event_hooks={"response": [raise_for_error]},
        )
        self.client = AuthenticatedClient(base_url=base_url, token=api_key).set_httpx_client(self.http)
        self.recipients = Recipients(self.client)
        self.contacts = Contacts(self.client)
        self.tokens = Tokens(self.client)
        self.notifications = Notifications(self.client)
        self.broadcasts = Broadcasts(self.client)
        self.digests = Digests(self.client)
        self.webhooks = Webhooks(self.client)
        self.admin = Admin(self.client)
        self.feed = Feed(self.http)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
