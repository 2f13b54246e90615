from typing import Literal

GetReadyzResponse200Status = Literal["ready", "unavailable"]

GET_READYZ_RESPONSE_200_STATUS_VALUES: set[GetReadyzResponse200Status] = {
    "ready",
    "unavailable",
}


def check_get_readyz_response_200_status(value: str) -> GetReadyzResponse200Status:
    if value in GET_READYZ_RESPONSE_200_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_READYZ_RESPONSE_200_STATUS_VALUES!r}"
    )
