from typing import Literal

PostRecipientsRecipientIdNotificationsMarkAllArchivedRead = Literal["false", "true"]

POST_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_MARK_ALL_ARCHIVED_READ_VALUES: set[
    PostRecipientsRecipientIdNotificationsMarkAllArchivedRead
] = {
    "false",
    "true",
}


def check_post_recipients_recipient_id_notifications_mark_all_archived_read(
    value: str,
) -> PostRecipientsRecipientIdNotificationsMarkAllArchivedRead:
    if (
        value
        in POST_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_MARK_ALL_ARCHIVED_READ_VALUES
    ):
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_RECIPIENTS_RECIPIENT_ID_NOTIFICATIONS_MARK_ALL_ARCHIVED_READ_VALUES!r}"
    )
