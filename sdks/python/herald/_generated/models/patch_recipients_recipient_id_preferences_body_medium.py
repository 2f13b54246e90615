from typing import Literal

PatchRecipientsRecipientIdPreferencesBodyMedium = Literal[
    "chat", "email", "in_app", "mobile_push", "sms", "web_push"
]

PATCH_RECIPIENTS_RECIPIENT_ID_PREFERENCES_BODY_MEDIUM_VALUES: set[
    PatchRecipientsRecipientIdPreferencesBodyMedium
] = {
    "chat",
    "email",
    "in_app",
    "mobile_push",
    "sms",
    "web_push",
}


def check_patch_recipients_recipient_id_preferences_body_medium(
    value: str,
) -> PatchRecipientsRecipientIdPreferencesBodyMedium:
    if value in PATCH_RECIPIENTS_RECIPIENT_ID_PREFERENCES_BODY_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PATCH_RECIPIENTS_RECIPIENT_ID_PREFERENCES_BODY_MEDIUM_VALUES!r}"
    )
