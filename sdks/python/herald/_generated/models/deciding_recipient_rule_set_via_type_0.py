from typing import Literal

DecidingRecipientRuleSetViaType0 = Literal[
    "api_key", "recipient_token", "unsubscribe_link"
]

DECIDING_RECIPIENT_RULE_SET_VIA_TYPE_0_VALUES: set[DecidingRecipientRuleSetViaType0] = {
    "api_key",
    "recipient_token",
    "unsubscribe_link",
}


def check_deciding_recipient_rule_set_via_type_0(
    value: str,
) -> DecidingRecipientRuleSetViaType0:
    if value in DECIDING_RECIPIENT_RULE_SET_VIA_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DECIDING_RECIPIENT_RULE_SET_VIA_TYPE_0_VALUES!r}"
    )
