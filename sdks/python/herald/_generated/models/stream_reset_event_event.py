from typing import Literal

StreamResetEventEvent = Literal["reset"]

STREAM_RESET_EVENT_EVENT_VALUES: set[StreamResetEventEvent] = {
    "reset",
}


def check_stream_reset_event_event(value: str) -> StreamResetEventEvent:
    if value in STREAM_RESET_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_RESET_EVENT_EVENT_VALUES!r}"
    )
