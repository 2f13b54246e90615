from typing import Literal

GetWebhooksIdDeliveriesStatus = Literal["failed", "pending", "succeeded"]

GET_WEBHOOKS_ID_DELIVERIES_STATUS_VALUES: set[GetWebhooksIdDeliveriesStatus] = {
    "failed",
    "pending",
    "succeeded",
}


def check_get_webhooks_id_deliveries_status(
    value: str,
) -> GetWebhooksIdDeliveriesStatus:
    if value in GET_WEBHOOKS_ID_DELIVERIES_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOKS_ID_DELIVERIES_STATUS_VALUES!r}"
    )
