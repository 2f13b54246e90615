from typing import Literal

StreamNotificationUpdatedEventEvent = Literal["notification.updated"]

STREAM_NOTIFICATION_UPDATED_EVENT_EVENT_VALUES: set[
    StreamNotificationUpdatedEventEvent
] = {
    "notification.updated",
}


def check_stream_notification_updated_event_event(
    value: str,
) -> StreamNotificationUpdatedEventEvent:
    if value in STREAM_NOTIFICATION_UPDATED_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_NOTIFICATION_UPDATED_EVENT_EVENT_VALUES!r}"
    )
