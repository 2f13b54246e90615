from typing import Literal

StreamUnreadCountEventEvent = Literal["unread_count"]

STREAM_UNREAD_COUNT_EVENT_EVENT_VALUES: set[StreamUnreadCountEventEvent] = {
    "unread_count",
}


def check_stream_unread_count_event_event(value: str) -> StreamUnreadCountEventEvent:
    if value in STREAM_UNREAD_COUNT_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_UNREAD_COUNT_EVENT_EVENT_VALUES!r}"
    )
