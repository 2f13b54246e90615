from typing import Literal

GetReadyzResponse503ChecksAdditionalProperty = Literal["ok", "unavailable"]

GET_READYZ_RESPONSE_503_CHECKS_ADDITIONAL_PROPERTY_VALUES: set[
    GetReadyzResponse503ChecksAdditionalProperty
] = {
    "ok",
    "unavailable",
}


def check_get_readyz_response_503_checks_additional_property(
    value: str,
) -> GetReadyzResponse503ChecksAdditionalProperty:
    if value in GET_READYZ_RESPONSE_503_CHECKS_ADDITIONAL_PROPERTY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_READYZ_RESPONSE_503_CHECKS_ADDITIONAL_PROPERTY_VALUES!r}"
    )
