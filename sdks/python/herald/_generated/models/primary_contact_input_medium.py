from typing import Literal

PrimaryContactInputMedium = Literal["chat", "email", "mobile_push", "sms", "web_push"]

PRIMARY_CONTACT_INPUT_MEDIUM_VALUES: set[PrimaryContactInputMedium] = {
    "chat",
    "email",
    "mobile_push",
    "sms",
    "web_push",
}


def check_primary_contact_input_medium(value: str) -> PrimaryContactInputMedium:
    if value in PRIMARY_CONTACT_INPUT_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PRIMARY_CONTACT_INPUT_MEDIUM_VALUES!r}"
    )
