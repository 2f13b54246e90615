from typing import Literal

GetReadyzResponse200ChecksAdditionalProperty = Literal["ok", "unavailable"]

GET_READYZ_RESPONSE_200_CHECKS_ADDITIONAL_PROPERTY_VALUES: set[
    GetReadyzResponse200ChecksAdditionalProperty
] = {
    "ok",
    "unavailable",
}


def check_get_readyz_response_200_checks_additional_property(
    value: str,
) -> GetReadyzResponse200ChecksAdditionalProperty:
    if value in GET_READYZ_RESPONSE_200_CHECKS_ADDITIONAL_PROPERTY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_READYZ_RESPONSE_200_CHECKS_ADDITIONAL_PROPERTY_VALUES!r}"
    )
