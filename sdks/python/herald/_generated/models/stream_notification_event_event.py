from typing import Literal

StreamNotificationEventEvent = Literal["notification"]

STREAM_NOTIFICATION_EVENT_EVENT_VALUES: set[StreamNotificationEventEvent] = {
    "notification",
}


def check_stream_notification_event_event(value: str) -> StreamNotificationEventEvent:
    if value in STREAM_NOTIFICATION_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_NOTIFICATION_EVENT_EVENT_VALUES!r}"
    )
