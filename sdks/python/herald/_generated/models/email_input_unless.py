from typing import Literal

EmailInputUnless = Literal["opened", "read"]

EMAIL_INPUT_UNLESS_VALUES: set[EmailInputUnless] = {
    "opened",
    "read",
}


def check_email_input_unless(value: str) -> EmailInputUnless:
    if value in EMAIL_INPUT_UNLESS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EMAIL_INPUT_UNLESS_VALUES!r}"
    )
