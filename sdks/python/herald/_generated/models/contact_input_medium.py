from typing import Literal

ContactInputMedium = Literal["chat", "email", "mobile_push", "sms", "web_push"]

CONTACT_INPUT_MEDIUM_VALUES: set[ContactInputMedium] = {
    "chat",
    "email",
    "mobile_push",
    "sms",
    "web_push",
}


def check_contact_input_medium(value: str) -> ContactInputMedium:
    if value in CONTACT_INPUT_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTACT_INPUT_MEDIUM_VALUES!r}"
    )
