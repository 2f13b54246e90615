from typing import Literal

WebhookStatus = Literal["disabled", "enabled"]

WEBHOOK_STATUS_VALUES: set[WebhookStatus] = {
    "disabled",
    "enabled",
}


def check_webhook_status(value: str) -> WebhookStatus:
    if value in WEBHOOK_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_STATUS_VALUES!r}"
    )
