from typing import Literal

DeviceInputPlatform = Literal["apns", "fcm"]

DEVICE_INPUT_PLATFORM_VALUES: set[DeviceInputPlatform] = {
    "apns",
    "fcm",
}


def check_device_input_platform(value: str) -> DeviceInputPlatform:
    if value in DEVICE_INPUT_PLATFORM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEVICE_INPUT_PLATFORM_VALUES!r}"
    )
