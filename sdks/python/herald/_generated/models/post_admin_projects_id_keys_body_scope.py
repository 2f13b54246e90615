from typing import Literal

PostAdminProjectsIdKeysBodyScope = Literal["full", "recipient"]

POST_ADMIN_PROJECTS_ID_KEYS_BODY_SCOPE_VALUES: set[PostAdminProjectsIdKeysBodyScope] = {
    "full",
    "recipient",
}


def check_post_admin_projects_id_keys_body_scope(
    value: str,
) -> PostAdminProjectsIdKeysBodyScope:
    if value in POST_ADMIN_PROJECTS_ID_KEYS_BODY_SCOPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_ADMIN_PROJECTS_ID_KEYS_BODY_SCOPE_VALUES!r}"
    )
