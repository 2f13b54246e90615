from typing import Literal

GetRecipientsRecipientIdNotificationsArchived = Literal["false", "true"]

GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_ARCHIVED_VALUES: set[
    GetRecipientsRecipientIdNotificationsArchived
] = {
    "false",
    "true",
}


def check_get_recipients_recipient_id_notifications_archived(
    value: str,
) -> GetRecipientsRecipientIdNotificationsArchived:
    if value in GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_ARCHIVED_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_ARCHIVED_VALUES!r}"
    )
