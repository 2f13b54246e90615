from typing import Literal

GetNotificationsStreamMedium = Literal[
    "chat", "email", "mobile_push", "sms", "web_push"
]

GET_NOTIFICATIONS_STREAM_MEDIUM_VALUES: set[GetNotificationsStreamMedium] = {
    "chat",
    "email",
    "mobile_push",
    "sms",
    "web_push",
}


def check_get_notifications_stream_medium(value: str) -> GetNotificationsStreamMedium:
    if value in GET_NOTIFICATIONS_STREAM_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_NOTIFICATIONS_STREAM_MEDIUM_VALUES!r}"
    )
