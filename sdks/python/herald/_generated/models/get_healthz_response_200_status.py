from typing import Literal

GetHealthzResponse200Status = Literal["ok"]

GET_HEALTHZ_RESPONSE_200_STATUS_VALUES: set[GetHealthzResponse200Status] = {
    "ok",
}


def check_get_healthz_response_200_status(value: str) -> GetHealthzResponse200Status:
    if value in GET_HEALTHZ_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_HEALTHZ_RESPONSE_200_STATUS_VALUES!r}"
    )
