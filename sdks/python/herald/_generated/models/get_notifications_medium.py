from typing import Literal

GetNotificationsMedium = Literal["chat", "email", "mobile_push", "sms", "web_push"]

GET_NOTIFICATIONS_MEDIUM_VALUES: set[GetNotificationsMedium] = {
    "chat",
    "email",
    "mobile_push",
    "sms",
    "web_push",
}


def check_get_notifications_medium(value: str) -> GetNotificationsMedium:
    if value in GET_NOTIFICATIONS_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_NOTIFICATIONS_MEDIUM_VALUES!r}"
    )
