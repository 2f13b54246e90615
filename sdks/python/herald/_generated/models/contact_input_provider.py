from typing import Literal

ContactInputProvider = Literal["discord", "slack", "teams"]

CONTACT_INPUT_PROVIDER_VALUES: set[ContactInputProvider] = {
    "discord",
    "slack",
    "teams",
}


def check_contact_input_provider(value: str) -> ContactInputProvider:
    if value in CONTACT_INPUT_PROVIDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTACT_INPUT_PROVIDER_VALUES!r}"
    )
