from typing import Literal

UnsubscribeResultTargetMedium = Literal["email"]

UNSUBSCRIBE_RESULT_TARGET_MEDIUM_VALUES: set[UnsubscribeResultTargetMedium] = {
    "email",
}


def check_unsubscribe_result_target_medium(value: str) -> UnsubscribeResultTargetMedium:
    if value in UNSUBSCRIBE_RESULT_TARGET_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UNSUBSCRIBE_RESULT_TARGET_MEDIUM_VALUES!r}"
    )
