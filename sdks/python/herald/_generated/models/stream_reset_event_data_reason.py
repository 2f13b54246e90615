from typing import Literal

StreamResetEventDataReason = Literal["replay_window_exceeded"]

STREAM_RESET_EVENT_DATA_REASON_VALUES: set[StreamResetEventDataReason] = {
    "replay_window_exceeded",
}


def check_stream_reset_event_data_reason(value: str) -> StreamResetEventDataReason:
    if value in STREAM_RESET_EVENT_DATA_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_RESET_EVENT_DATA_REASON_VALUES!r}"
    )
