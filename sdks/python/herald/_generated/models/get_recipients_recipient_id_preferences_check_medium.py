from typing import Literal

GetRecipientsRecipientIdPreferencesCheckMedium = Literal[
    "chat", "email", "in_app", "mobile_push", "sms", "web_push"
]

GET_RECIPIENTS_RECIPIENT_ID_PREFERENCES_CHECK_MEDIUM_VALUES: set[
    GetRecipientsRecipientIdPreferencesCheckMedium
] = {
    "chat",
    "email",
    "in_app",
    "mobile_push",
    "sms",
    "web_push",
}


def check_get_recipients_recipient_id_preferences_check_medium(
    value: str,
) -> GetRecipientsRecipientIdPreferencesCheckMedium:
    if value in GET_RECIPIENTS_RECIPIENT_ID_PREFERENCES_CHECK_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_RECIPIENTS_RECIPIENT_ID_PREFERENCES_CHECK_MEDIUM_VALUES!r}"
    )
