from typing import Literal

PrimaryContactInputProvider = Literal["discord", "slack", "teams"]

PRIMARY_CONTACT_INPUT_PROVIDER_VALUES: set[PrimaryContactInputProvider] = {
    "discord",
    "slack",
    "teams",
}


def check_primary_contact_input_provider(value: str) -> PrimaryContactInputProvider:
    if value in PRIMARY_CONTACT_INPUT_PROVIDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PRIMARY_CONTACT_INPUT_PROVIDER_VALUES!r}"
    )
