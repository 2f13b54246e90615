from typing import Literal

ProviderInputEnvironment = Literal["production", "sandbox"]

PROVIDER_INPUT_ENVIRONMENT_VALUES: set[ProviderInputEnvironment] = {
    "production",
    "sandbox",
}


def check_provider_input_environment(value: str) -> ProviderInputEnvironment:
    if value in PROVIDER_INPUT_ENVIRONMENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PROVIDER_INPUT_ENVIRONMENT_VALUES!r}"
    )
