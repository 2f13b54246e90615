from typing import Literal

PreferenceDecisionBecauseType0 = Literal[
    "catalog_entry",
    "catalog_topic_any_entry",
    "mandatory_entry",
    "medium_default",
    "recipient_rule",
    "recipient_topic_any_rule",
]

PREFERENCE_DECISION_BECAUSE_TYPE_0_VALUES: set[PreferenceDecisionBecauseType0] = {
    "catalog_entry",
    "catalog_topic_any_entry",
    "mandatory_entry",
    "medium_default",
    "recipient_rule",
    "recipient_topic_any_rule",
}


def check_preference_decision_because_type_0(
    value: str,
) -> PreferenceDecisionBecauseType0:
    if value in PREFERENCE_DECISION_BECAUSE_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PREFERENCE_DECISION_BECAUSE_TYPE_0_VALUES!r}"
    )
