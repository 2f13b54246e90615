from typing import Literal

GetRecipientsRecipientIdNotificationsRead = Literal["false", "true"]

GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_READ_VALUES: set[
    GetRecipientsRecipientIdNotificationsRead
] = {
    "false",
    "true",
}


def check_get_recipients_recipient_id_notifications_read(
    value: str,
) -> GetRecipientsRecipientIdNotificationsRead:
    if value in GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_READ_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_READ_VALUES!r}"
    )
