from typing import Literal

PatchWebhooksIdBodyEventTypesItem = Literal[
    "broadcast.canceled",
    "broadcast.completed",
    "chat.failed",
    "chat.sent",
    "chat.skipped",
    "device.removed",
    "email.failed",
    "email.sent",
    "email.skipped",
    "list.subscribed",
    "list.unsubscribed",
    "notification.action",
    "notification.archived",
    "notification.canceled",
    "notification.delivered",
    "notification.failed",
    "notification.opened",
    "notification.push_failed",
    "notification.push_sent",
    "notification.quota_exceeded",
    "notification.read",
    "notification.seen",
    "notification.snoozed",
    "notification.suppressed",
    "notification.throttled",
    "notification.unarchived",
    "notification.unsnoozed",
    "push.failed",
    "push.sent",
    "push.skipped",
    "sms.delivered",
    "sms.failed",
    "sms.sent",
    "sms.skipped",
    "sms.undelivered",
]

PATCH_WEBHOOKS_ID_BODY_EVENT_TYPES_ITEM_VALUES: set[
    PatchWebhooksIdBodyEventTypesItem
] = {
    "broadcast.canceled",
    "broadcast.completed",
    "chat.failed",
    "chat.sent",
    "chat.skipped",
    "device.removed",
    "email.failed",
    "email.sent",
    "email.skipped",
    "list.subscribed",
    "list.unsubscribed",
    "notification.action",
    "notification.archived",
    "notification.canceled",
    "notification.delivered",
    "notification.failed",
    "notification.opened",
    "notification.push_failed",
    "notification.push_sent",
    "notification.quota_exceeded",
    "notification.read",
    "notification.seen",
    "notification.snoozed",
    "notification.suppressed",
    "notification.throttled",
    "notification.unarchived",
    "notification.unsnoozed",
    "push.failed",
    "push.sent",
    "push.skipped",
    "sms.delivered",
    "sms.failed",
    "sms.sent",
    "sms.skipped",
    "sms.undelivered",
}


def check_patch_webhooks_id_body_event_types_item(
    value: str,
) -> PatchWebhooksIdBodyEventTypesItem:
    if value in PATCH_WEBHOOKS_ID_BODY_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_WEBHOOKS_ID_BODY_EVENT_TYPES_ITEM_VALUES!r}"
    )
