from typing import Literal

WebhookDisabledReasonType0 = Literal["failing", "gone", "manual"]

WEBHOOK_DISABLED_REASON_TYPE_0_VALUES: set[WebhookDisabledReasonType0] = {
    "failing",
    "gone",
    "manual",
}


def check_webhook_disabled_reason_type_0(value: str) -> WebhookDisabledReasonType0:
    if value in WEBHOOK_DISABLED_REASON_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_DISABLED_REASON_TYPE_0_VALUES!r}"
    )
