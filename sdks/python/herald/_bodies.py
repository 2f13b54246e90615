"""Request bodies of the generated operations, from the plain arguments of the hand-written methods.

Shared by `Herald` and `AsyncHerald`. Optional arguments left at None are omitted from the body
(the generated models' UNSET); nested objects may be given as generated models or plain mappings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

from ._generated.models.email_input import EmailInput
from ._generated.models.get_recipients_recipient_id_notifications_read import GetRecipientsRecipientIdNotificationsRead
from ._generated.models.patch_recipients_recipient_id_contacts_contact_id_body import (
    PatchRecipientsRecipientIdContactsContactIdBody as ContactPatch,
)
from ._generated.models.patch_recipients_recipient_id_notifications_notification_id_body import (
    PatchRecipientsRecipientIdNotificationsNotificationIdBody as NotificationPatch,
)
from ._generated.models.post_admin_projects_body import PostAdminProjectsBody
from ._generated.models.post_recipients_batch_body import PostRecipientsBatchBody
from ._generated.models.post_recipients_recipient_id_tokens_body import PostRecipientsRecipientIdTokensBody
from ._generated.models.post_webhooks_body import PostWebhooksBody
from ._generated.models.recipient_input import RecipientInput
from ._generated.models.send_input import SendInput
from ._generated.models.send_input_payload_type_0 import SendInputPayloadType0
from ._generated.models.sms_input import SmsInput
from ._generated.models.target_input import TargetInput
from ._generated.types import UNSET, Unset

T = TypeVar("T")
Json = Mapping[str, Any]


def opt(value: T | None) -> T | Unset:
    """None (argument not given) becomes UNSET (field omitted)."""
    return UNSET if value is None else value


def _target(target: TargetInput | Json | None) -> TargetInput | Unset:
    if target is None:
        return UNSET
    return target if isinstance(target, TargetInput) else TargetInput.from_dict(target)


def _email(email: EmailInput | Json | None) -> EmailInput | Unset:
    if email is None:
        return UNSET
    return email if isinstance(email, EmailInput) else EmailInput.from_dict(email)


def send_at(value: datetime | str | None) -> datetime | Unset:
    """A send's `send_at`: an aware datetime, or an RFC 3339 string with `Z` or an offset."""
    if value is None:
        return UNSET
    at = datetime.fromisoformat(value) if isinstance(value, str) else value
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError(f"send_at needs a time zone (an aware datetime, or RFC 3339 with Z or an offset): {value!r}")
    return at


def send(
    recipient_id: str | None,
    payload: Json | None,
    email: EmailInput | Json | None,
    target: TargetInput | Json | None,
    at: datetime | str | None = None,
) -> SendInput:
    return SendInput(
        recipient_id=recipient_id,
        target=_target(target),
        payload=UNSET if payload is None else SendInputPayloadType0.from_dict(payload),
        email=_email(email),
        send_at=send_at(at),
    )


def send_to_many(
    recipient_ids: Sequence[str] | None,
    list_key: str | None,
    exclude_recipient_ids: Sequence[str] | None,
    payload: Json | None,
    email: EmailInput | Json | None,
    target: TargetInput | Json | None,
    at: datetime | str | None = None,
    sms: SmsInput | Json | None = None,
) -> SendInput:
    body = send(None, payload, email, target, at)
    body.sms = UNSET if sms is None else sms if isinstance(sms, SmsInput) else SmsInput.from_dict(sms)
    body.recipient_id = UNSET
    body.recipient_ids = UNSET if recipient_ids is None else list(recipient_ids)
    body.list_ = opt(list_key)
    body.exclude_recipient_ids = UNSET if exclude_recipient_ids is None else list(exclude_recipient_ids)
    return body


def recipient(id: str, name: str | None) -> RecipientInput:
    return RecipientInput(id=id, name=opt(name))


def batch(recipients: Sequence[RecipientInput | Json]) -> PostRecipientsBatchBody:
    return PostRecipientsBatchBody(
        recipients=[r.to_dict() if isinstance(r, RecipientInput) else dict(r) for r in recipients]
    )


def contact_patch(address: str | None, is_primary: bool | None) -> ContactPatch:
    return ContactPatch(address=opt(address), is_primary=opt(is_primary))


def notification_patch(
    read: bool | None, opened: bool | None, seen: bool | None = None, archived: bool | None = None
) -> NotificationPatch:
    return NotificationPatch(read=opt(read), opened=opt(opened), seen=opt(seen), archived=opt(archived))


def snooze_patch(until: datetime | None) -> NotificationPatch:
    """`snoozed_until`: an aware datetime; None ends the snooze."""
    if until is not None and (until.tzinfo is None or until.utcoffset() is None):
        raise ValueError(f"snoozed_until needs a time zone (an aware datetime): {until!r}")
    return NotificationPatch(snoozed_until=None if until is None else until.isoformat())


def token(ttl_seconds: int | None) -> PostRecipientsRecipientIdTokensBody:
    return PostRecipientsRecipientIdTokensBody(ttl_seconds=opt(ttl_seconds))


def webhook(url: str, description: str | None, event_types: Sequence[str] | None) -> PostWebhooksBody:
    body: dict[str, Any] = {"url": url}
    if description is not None:
        body["description"] = description
    if event_types is not None:
        body["event_types"] = list(event_types)
    return PostWebhooksBody.from_dict(body)


def project(name: str, settings: Json | None) -> PostAdminProjectsBody:
    body: dict[str, Any] = {"name": name}
    if settings is not None:
        body["settings"] = dict(settings)
    return PostAdminProjectsBody.from_dict(body)


def read_filter(read: bool | None) -> GetRecipientsRecipientIdNotificationsRead | Unset:
    if read is None:
        return UNSET
    return "true" if read else "false"
