from typing import Literal

MediumDecisionBecauseType0 = Literal[
    "address_rejected",
    "address_undeliverable",
    "broadcast_limit_exceeded",
    "canceled",
    "catalog_entry",
    "catalog_topic_any_entry",
    "contact_unconfirmed",
    "device_gone",
    "mandatory_entry",
    "medium_default",
    "no_device",
    "no_primary_contact",
    "no_target",
    "not_cataloged",
    "provider_error",
    "provider_not_configured",
    "quota_exceeded",
    "read_in_app",
    "recipient_rule",
    "recipient_topic_any_rule",
    "sms_country_not_allowed",
    "subscription_expired",
    "throttled",
]

MEDIUM_DECISION_BECAUSE_TYPE_0_VALUES: set[MediumDecisionBecauseType0] = {
    "address_rejected",
    "address_undeliverable",
    "broadcast_limit_exceeded",
    "canceled",
    "catalog_entry",
    "catalog_topic_any_entry",
    "contact_unconfirmed",
    "device_gone",
    "mandatory_entry",
    "medium_default",
    "no_device",
    "no_primary_contact",
    "no_target",
    "not_cataloged",
    "provider_error",
    "provider_not_configured",
    "quota_exceeded",
    "read_in_app",
    "recipient_rule",
    "recipient_topic_any_rule",
    "sms_country_not_allowed",
    "subscription_expired",
    "throttled",
}


def check_medium_decision_because_type_0(value: str) -> MediumDecisionBecauseType0:
    if value in MEDIUM_DECISION_BECAUSE_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MEDIUM_DECISION_BECAUSE_TYPE_0_VALUES!r}"
    )
