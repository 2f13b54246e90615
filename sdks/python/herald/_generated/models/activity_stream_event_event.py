from typing import Literal

ActivityStreamEventEvent = Literal["outcome"]

ACTIVITY_STREAM_EVENT_EVENT_VALUES: set[ActivityStreamEventEvent] = {
    "outcome",
}


def check_activity_stream_event_event(value: str) -> ActivityStreamEventEvent:
    if value in ACTIVITY_STREAM_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ACTIVITY_STREAM_EVENT_EVENT_VALUES!r}"
    )
