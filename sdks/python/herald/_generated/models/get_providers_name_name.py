from typing import Literal

GetProvidersNameName = Literal["apns", "fcm", "slack"]

GET_PROVIDERS_NAME_NAME_VALUES: set[GetProvidersNameName] = {
    "apns",
    "fcm",
    "slack",
}


def check_get_providers_name_name(value: str) -> GetProvidersNameName:
    if value in GET_PROVIDERS_NAME_NAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_PROVIDERS_NAME_NAME_VALUES!r}"
    )
