from typing import Literal

GetReadyzResponse503Status = Literal["ready", "unavailable"]

GET_READYZ_RESPONSE_503_STATUS_VALUES: set[GetReadyzResponse503Status] = {
    "ready",
    "unavailable",
}


def check_get_readyz_response_503_status(value: str) -> GetReadyzResponse503Status:
    if value in GET_READYZ_RESPONSE_503_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_READYZ_RESPONSE_503_STATUS_VALUES!r}"
    )
