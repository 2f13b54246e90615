from typing import Literal

PostWebhooksBodyEventTypesItem = Literal[
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
    "notification.canceled",
    "notification.delivered",
    "notification.failed",
    "notification.opened",
    "notification.push_failed",
    "notification.push_sent",
    "notification.quota_exceeded",
    "notification.read",
    "notification.snoozed",
    "notification.suppressed",
    "notification.throttled",
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

POST_WEBHOOKS_BODY_EVENT_TYPES_ITEM_VALUES: set[PostWebhooksBodyEventTypesItem] = {
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
    "notification.canceled",
    "notification.delivered",
    "notification.failed",
    "notification.opened",
    "notification.push_failed",
    "notification.push_sent",
    "notification.quota_exceeded",
    "notification.read",
    "notification.snoozed",
    "notification.suppressed",
    "notification.throttled",
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


def check_post_webhooks_body_event_types_item(
    value: str,
) -> PostWebhooksBodyEventTypesItem:
    if value in POST_WEBHOOKS_BODY_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_WEBHOOKS_BODY_EVENT_TYPES_ITEM_VALUES!r}"
    )
