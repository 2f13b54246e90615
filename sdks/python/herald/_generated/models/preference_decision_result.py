from typing import Literal

PreferenceDecisionResult = Literal["disabled", "enabled"]

PREFERENCE_DECISION_RESULT_VALUES: set[PreferenceDecisionResult] = {
    "disabled",
    "enabled",
}


def check_preference_decision_result(value: str) -> PreferenceDecisionResult:
    if value in PREFERENCE_DECISION_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PREFERENCE_DECISION_RESULT_VALUES!r}"
    )
