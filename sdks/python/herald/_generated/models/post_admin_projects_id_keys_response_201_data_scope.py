from typing import Literal

PostAdminProjectsIdKeysResponse201DataScope = Literal["full", "recipient"]

POST_ADMIN_PROJECTS_ID_KEYS_RESPONSE_201_DATA_SCOPE_VALUES: set[
    PostAdminProjectsIdKeysResponse201DataScope
] = {
    "full",
    "recipient",
}


def check_post_admin_projects_id_keys_response_201_data_scope(
    value: str,
) -> PostAdminProjectsIdKeysResponse201DataScope:
    if value in POST_ADMIN_PROJECTS_ID_KEYS_RESPONSE_201_DATA_SCOPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_ADMIN_PROJECTS_ID_KEYS_RESPONSE_201_DATA_SCOPE_VALUES!r}"
    )
