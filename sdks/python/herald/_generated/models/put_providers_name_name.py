from typing import Literal

PutProvidersNameName = Literal["apns", "fcm", "slack"]

PUT_PROVIDERS_NAME_NAME_VALUES: set[PutProvidersNameName] = {
    "apns",
    "fcm",
    "slack",
}


def check_put_providers_name_name(value: str) -> PutProvidersNameName:
    if value in PUT_PROVIDERS_NAME_NAME_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_PROVIDERS_NAME_NAME_VALUES!r}"
    )
