"""Every hand-written operation of `Herald` and `AsyncHerald`, described once.

An `Operation` names the generated endpoint module it runs, the arguments it sends (bodies from
`_bodies`) and how its answer is read (the success body, typed errors come from the transport).
`Herald` runs one with the endpoint's `sync_detailed`, `AsyncHerald` with its `asyncio_detailed`:
the two clients differ only in how they wait.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

from . import _bodies as bodies
from ._generated.api.admin import post_admin_projects
from ._generated.api.contacts import (
    delete_recipients_recipient_id_contacts_contact_id,
    get_recipients_recipient_id_contacts,
    patch_recipients_recipient_id_contacts_contact_id,
    post_recipients_recipient_id_contacts,
    post_recipients_recipient_id_contacts_contact_id_confirm,
    post_recipients_recipient_id_contacts_contact_id_verify,
    put_recipients_recipient_id_contacts,
)
from ._generated.api.devices import (
    delete_recipients_recipient_id_devices_device_id,
    get_recipients_recipient_id_devices,
    post_recipients_recipient_id_devices,
)
from ._generated.api.notifications import (
    get_broadcasts,
    get_broadcasts_id,
    get_digests_id,
    get_notifications,
    get_notifications_id,
    get_notifications_id_timeline,
    get_recipients_recipient_id_notifications,
    get_recipients_recipient_id_notifications_unread_count,
    patch_recipients_recipient_id_notifications_notification_id,
    post_broadcasts_id_cancel,
    post_notifications_id_cancel,
    post_notifications_send,
    post_recipients_recipient_id_notifications_mark_all_read,
    post_recipients_recipient_id_notifications_mark_all_seen,
    post_recipients_recipient_id_notifications_notification_id_actions_action_id,
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
from ._generated.models import (
    ActivityPage,
    Broadcast,
    BroadcastPage,
    Contact,
    ContactCodeInput,
    ContactInput,
    ContactInputMedium,
    DeleteRecipientsRecipientIdContactsContactIdResponse200,
    DeleteRecipientsRecipientIdDevicesDeviceIdResponse200,
    DeleteRecipientsRecipientIdResponse200,
    DeleteWebhooksIdResponse200,
    Device,
    DeviceInput,
    DeviceInputPlatform,
    Digest,
    EmailInput,
    GetBroadcastsIdResponse200,
    GetBroadcastsResponse200,
    GetDigestsIdResponse200,
    GetNotificationsIdResponse200,
    GetNotificationsIdTimelineResponse200,
    GetNotificationsMedium,
    GetNotificationsResponse200,
    GetRecipientsRecipientIdContactsResponse200,
    GetRecipientsRecipientIdDevicesResponse200,
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
    PostRecipientsRecipientIdContactsContactIdConfirmResponse200,
    PostRecipientsRecipientIdContactsContactIdVerifyResponse200,
    PostRecipientsRecipientIdContactsResponse201,
    PostRecipientsRecipientIdDevicesResponse201,
    PostRecipientsRecipientIdNotificationsMarkAllReadResponse200,
    PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200,
    PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200,
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
    SmsInput,
    TargetInput,
    Timeline,
    Webhook,
    WebhookDelivery,
    WebhookWithSecret,
)
from ._generated.types import Response
from ._transport import parsed

T = TypeVar("T")
D_co = TypeVar("D_co", covariant=True)
Json = Mapping[str, Any]


@dataclass(frozen=True)
class Operation(Generic[T]):
    """One call of a generated endpoint: `endpoint.sync_detailed(*args, client=…, **kwargs)` (or
    `asyncio_detailed`), its answer read by `read`."""

    endpoint: ModuleType
    read: Callable[[Response[Any]], T]
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)


class _Envelope(Protocol[D_co]):
    """A success answer of the API: `{"data": …}`."""

    @property
    def data(self) -> D_co: ...


def _data(kind: type[_Envelope[T]]) -> Callable[[Response[Any]], T]:
    """Reads the success answer as `kind` and returns its `data`."""
    return lambda response: parsed(response, kind).data


def _checked(kind: type[Any]) -> Callable[[Response[Any]], None]:
    """Reads a success answer as `kind` (an answer without content worth returning)."""

    def read(response: Response[Any]) -> None:
        parsed(response, kind)

    return read


# Recipients


def create_recipient(id: str, name: str | None) -> Operation[Recipient]:
    return Operation(post_recipients, _data(PostRecipientsResponse201), kwargs={"body": bodies.recipient(id, name)})


def get_recipient(recipient_id: str) -> Operation[Recipient]:
    return Operation(get_recipients_recipient_id, _data(GetRecipientsRecipientIdResponse200), (recipient_id,))


def update_recipient(recipient_id: str, name: str | None) -> Operation[Recipient]:
    body = PatchRecipientsRecipientIdBody(name=name)
    return Operation(
        patch_recipients_recipient_id, _data(PatchRecipientsRecipientIdResponse200), (recipient_id,), {"body": body}
    )


def delete_recipient(recipient_id: str) -> Operation[None]:
    return Operation(delete_recipients_recipient_id, _checked(DeleteRecipientsRecipientIdResponse200), (recipient_id,))


def batch_recipients(recipients: Sequence[RecipientInput | Json]) -> Operation[PostRecipientsBatchResponse200Data]:
    return Operation(
        post_recipients_batch, _data(PostRecipientsBatchResponse200), kwargs={"body": bodies.batch(recipients)}
    )


def recipients_page(limit: int | None, cursor: str | None) -> Operation[GetRecipientsResponse200Data]:
    query = {"limit": bodies.opt(limit), "cursor": bodies.opt(cursor)}
    return Operation(get_recipients, _data(GetRecipientsResponse200), kwargs=query)


def search_recipients(q: str, limit: int | None) -> Operation[GetRecipientsResponse200Data]:
    query = {"q": q, "limit": bodies.opt(limit)}
    return Operation(get_recipients, _data(GetRecipientsResponse200), kwargs=query)


# Contacts


def add_contact(recipient_id: str, medium: ContactInputMedium, address: str, is_primary: bool) -> Operation[Contact]:
    body = ContactInput(medium=medium, address=address, is_primary=is_primary)
    return Operation(
        post_recipients_recipient_id_contacts,
        _data(PostRecipientsRecipientIdContactsResponse201),
        (recipient_id,),
        {"body": body},
    )


def list_contacts(recipient_id: str) -> Operation[list[Contact]]:
    return Operation(
        get_recipients_recipient_id_contacts,
        lambda response: parsed(response, GetRecipientsRecipientIdContactsResponse200).data.contacts,
        (recipient_id,),
    )


def set_primary_contact(recipient_id: str, medium: PrimaryContactInputMedium, address: str) -> Operation[Contact]:
    body = PrimaryContactInput(medium=medium, address=address)
    return Operation(
        put_recipients_recipient_id_contacts,
        _data(PutRecipientsRecipientIdContactsResponse200),
        (recipient_id,),
        {"body": body},
    )


def update_contact(
    recipient_id: str, contact_id: int, address: str | None, is_primary: bool | None
) -> Operation[Contact]:
    return Operation(
        patch_recipients_recipient_id_contacts_contact_id,
        _data(PatchRecipientsRecipientIdContactsContactIdResponse200),
        (recipient_id, str(contact_id)),
        {"body": bodies.contact_patch(address, is_primary)},
    )


def delete_contact(recipient_id: str, contact_id: int) -> Operation[None]:
    return Operation(
        delete_recipients_recipient_id_contacts_contact_id,
        _checked(DeleteRecipientsRecipientIdContactsContactIdResponse200),
        (recipient_id, str(contact_id)),
    )


def verify_contact(recipient_id: str, contact_id: int) -> Operation[Contact]:
    return Operation(
        post_recipients_recipient_id_contacts_contact_id_verify,
        _data(PostRecipientsRecipientIdContactsContactIdVerifyResponse200),
        (recipient_id, str(contact_id)),
    )


def confirm_contact(recipient_id: str, contact_id: int, code: str) -> Operation[Contact]:
    return Operation(
        post_recipients_recipient_id_contacts_contact_id_confirm,
        _data(PostRecipientsRecipientIdContactsContactIdConfirmResponse200),
        (recipient_id, str(contact_id)),
        {"body": ContactCodeInput(code=code)},
    )


# Devices


def add_device(
    recipient_id: str, platform: DeviceInputPlatform, token: str, app_id: str | None, locale: str | None
) -> Operation[Device]:
    body = DeviceInput(platform=platform, token=token, app_id=bodies.opt(app_id), locale=bodies.opt(locale))
    return Operation(
        post_recipients_recipient_id_devices,
        _data(PostRecipientsRecipientIdDevicesResponse201),
        (recipient_id,),
        {"body": body},
    )


def list_devices(recipient_id: str) -> Operation[list[Device]]:
    return Operation(
        get_recipients_recipient_id_devices,
        lambda response: parsed(response, GetRecipientsRecipientIdDevicesResponse200).data.devices,
        (recipient_id,),
    )


def delete_device(recipient_id: str, device_id: int) -> Operation[None]:
    return Operation(
        delete_recipients_recipient_id_devices_device_id,
        _checked(DeleteRecipientsRecipientIdDevicesDeviceIdResponse200),
        (recipient_id, str(device_id)),
    )


# Tokens


def create_token(recipient_id: str, ttl_seconds: int | None) -> Operation[RecipientToken]:
    return Operation(
        post_recipients_recipient_id_tokens,
        _data(PostRecipientsRecipientIdTokensResponse201),
        (recipient_id,),
        {"body": bodies.token(ttl_seconds)},
    )


# Notifications and broadcasts


def _send(
    recipient_id: str | None,
    payload: Json | None,
    email: EmailInput | Json | None,
    target: TargetInput | Json | None,
    send_at: datetime | str | None,
    idempotency_key: str | None,
    read: Callable[[PostNotificationsSendResponse201Data], T],
) -> Operation[T]:
    # One key per call, kept across its retries: a retried send is delivered once.
    kwargs = {
        "body": bodies.send(recipient_id, payload, email, target, send_at),
        "idempotency_key": idempotency_key or str(uuid.uuid4()),
    }
    data = _data(PostNotificationsSendResponse201)
    return Operation(post_notifications_send, lambda response: read(data(response)), kwargs=kwargs)


def _sent_notification(sent: PostNotificationsSendResponse201Data) -> Notification:
    if sent.notification is None:
        raise ValueError("the send answered without a notification")
    return sent.notification


def _sent_broadcast(sent: PostNotificationsSendResponse201Data) -> Broadcast:
    if sent.broadcast is None:
        raise ValueError("the broadcast answered without a broadcast")
    return sent.broadcast


def send(
    recipient_id: str,
    payload: Json | None,
    email: EmailInput | Json | None,
    target: TargetInput | Json | None,
    send_at: datetime | str | None,
    idempotency_key: str | None,
) -> Operation[Notification]:
    return _send(recipient_id, payload, email, target, send_at, idempotency_key, _sent_notification)


def broadcast(
    target: TargetInput | Json,
    payload: Json,
    email: EmailInput | Json | None,
    send_at: datetime | str | None,
    idempotency_key: str | None,
) -> Operation[Broadcast]:
    return _send(None, payload, email, target, send_at, idempotency_key, _sent_broadcast)


def send_to_many(
    recipient_ids: Sequence[str] | None,
    list_key: str | None,
    exclude_recipient_ids: Sequence[str] | None,
    target: TargetInput | Json,
    payload: Json,
    email: EmailInput | Json | None,
    send_at: datetime | str | None,
    idempotency_key: str | None,
    sms: SmsInput | Json | None = None,
) -> Operation[PostNotificationsSendResponse201Data]:
    if not recipient_ids and list_key is None:
        raise ValueError("send_to_many needs recipient_ids or a list_key (broadcast sends to every recipient)")
    kwargs = {
        "body": bodies.send_to_many(
            recipient_ids, list_key, exclude_recipient_ids, payload, email, target, send_at, sms
        ),
        "idempotency_key": idempotency_key or str(uuid.uuid4()),
    }
    return Operation(post_notifications_send, _data(PostNotificationsSendResponse201), kwargs=kwargs)


def get_notification(notification_id: int) -> Operation[Notification]:
    return Operation(get_notifications_id, _data(GetNotificationsIdResponse200), (str(notification_id),))


def notification_timeline(notification_id: int) -> Operation[Timeline]:
    return Operation(
        get_notifications_id_timeline, _data(GetNotificationsIdTimelineResponse200), (str(notification_id),)
    )


def cancel_notification(notification_id: int) -> Operation[Notification]:
    return Operation(post_notifications_id_cancel, _data(PostNotificationsIdCancelResponse200), (str(notification_id),))


@dataclass(frozen=True)
class Tab:
    """A tab of the feed: only the notifications of this target (any subset of channel, topic, event)."""

    channel: str | None = None
    topic: str | None = None
    event: str | None = None

    def query(self) -> dict[str, Any]:
        return {"channel": bodies.opt(self.channel), "topic": bodies.opt(self.topic), "event": bodies.opt(self.event)}


def notifications_page(
    recipient_id: str, limit: int | None, cursor: str | None, read: bool | None, tab: Tab = Tab()
) -> Operation[GetRecipientsRecipientIdNotificationsResponse200Data]:
    query = {"limit": bodies.opt(limit), "cursor": bodies.opt(cursor), "read": bodies.read_filter(read), **tab.query()}
    return Operation(
        get_recipients_recipient_id_notifications,
        _data(GetRecipientsRecipientIdNotificationsResponse200),
        (recipient_id,),
        query,
    )


@dataclass(frozen=True)
class ActivityFilters:
    """The activity log's filters (only the combinations the API has an index for; see docs/console.md)."""

    recipient_id: str | None = None
    channel: str | None = None
    topic: str | None = None
    event: str | None = None
    status: str | None = None
    medium: GetNotificationsMedium | None = None
    outcome: str | None = None
    broadcast_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None


def activity_page(filters: ActivityFilters, limit: int | None, cursor: str | None) -> Operation[ActivityPage]:
    f = filters
    query = {
        "recipient_id": bodies.opt(f.recipient_id),
        "channel": bodies.opt(f.channel),
        "topic": bodies.opt(f.topic),
        "event": bodies.opt(f.event),
        "status": bodies.opt(f.status),
        "medium": bodies.opt(f.medium),
        "outcome": bodies.opt(f.outcome),
        "broadcast_id": bodies.opt(None if f.broadcast_id is None else str(f.broadcast_id)),
        "since": bodies.opt(f.since),
        "until": bodies.opt(f.until),
        "limit": bodies.opt(limit),
        "cursor": bodies.opt(cursor),
    }
    return Operation(get_notifications, _data(GetNotificationsResponse200), (), query)


def unread_count(recipient_id: str) -> Operation[int]:
    return Operation(
        get_recipients_recipient_id_notifications_unread_count,
        lambda response: (
            parsed(response, GetRecipientsRecipientIdNotificationsUnreadCountResponse200).data.unread_count
        ),
        (recipient_id,),
    )


def update_notification(
    recipient_id: str,
    notification_id: int,
    read: bool | None,
    opened: bool | None,
    seen: bool | None = None,
    archived: bool | None = None,
) -> Operation[Notification]:
    return Operation(
        patch_recipients_recipient_id_notifications_notification_id,
        _data(PatchRecipientsRecipientIdNotificationsNotificationIdResponse200),
        (recipient_id, str(notification_id)),
        {"body": bodies.notification_patch(read, opened, seen, archived)},
    )


def mark_all_read(recipient_id: str, tab: Tab = Tab()) -> Operation[int]:
    return Operation(
        post_recipients_recipient_id_notifications_mark_all_read,
        lambda response: parsed(response, PostRecipientsRecipientIdNotificationsMarkAllReadResponse200).data.updated,
        (recipient_id,),
        tab.query(),
    )


def mark_all_seen(recipient_id: str, tab: Tab = Tab()) -> Operation[int]:
    return Operation(
        post_recipients_recipient_id_notifications_mark_all_seen,
        lambda response: parsed(response, PostRecipientsRecipientIdNotificationsMarkAllSeenResponse200).data.updated,
        (recipient_id,),
        tab.query(),
    )


def snooze_notification(recipient_id: str, notification_id: int, until: datetime | None) -> Operation[Notification]:
    return Operation(
        patch_recipients_recipient_id_notifications_notification_id,
        _data(PatchRecipientsRecipientIdNotificationsNotificationIdResponse200),
        (recipient_id, str(notification_id)),
        {"body": bodies.snooze_patch(until)},
    )


def take_action(recipient_id: str, notification_id: int, action_id: str) -> Operation[Notification]:
    return Operation(
        post_recipients_recipient_id_notifications_notification_id_actions_action_id,
        _data(PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200),
        (recipient_id, str(notification_id), action_id),
    )


def broadcast_page(limit: int | None, cursor: str | None) -> Operation[BroadcastPage]:
    query = {"limit": bodies.opt(limit), "cursor": bodies.opt(cursor)}
    return Operation(get_broadcasts, _data(GetBroadcastsResponse200), (), query)


def get_broadcast(broadcast_id: int) -> Operation[Broadcast]:
    return Operation(get_broadcasts_id, _data(GetBroadcastsIdResponse200), (str(broadcast_id),))


def cancel_broadcast(broadcast_id: int) -> Operation[Broadcast]:
    return Operation(post_broadcasts_id_cancel, _data(PostBroadcastsIdCancelResponse200), (str(broadcast_id),))


def get_digest(digest_id: int) -> Operation[Digest]:
    return Operation(get_digests_id, _data(GetDigestsIdResponse200), (str(digest_id),))


# Webhooks


def create_webhook(
    url: str, description: str | None, event_types: Sequence[str] | None
) -> Operation[WebhookWithSecret]:
    body = bodies.webhook(url, description, event_types)
    return Operation(post_webhooks, _data(PostWebhooksResponse201), kwargs={"body": body})


def list_webhooks() -> Operation[list[Webhook]]:
    return Operation(get_webhooks, lambda response: parsed(response, GetWebhooksResponse200).data.webhooks)


def delete_webhook(webhook_id: int) -> Operation[None]:
    return Operation(delete_webhooks_id, _checked(DeleteWebhooksIdResponse200), (str(webhook_id),))


def send_test_webhook(webhook_id: int) -> Operation[WebhookDelivery]:
    return Operation(post_webhooks_id_test, _data(PostWebhooksIdTestResponse200), (str(webhook_id),))


# Admin


def create_project(name: str, settings: Json | None) -> Operation[PostAdminProjectsResponse201Data]:
    body = bodies.project(name, settings)
    return Operation(post_admin_projects, _data(PostAdminProjectsResponse201), kwargs={"body": body})
