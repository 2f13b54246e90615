from typing import Literal

PostAdminProjectsResponse201DataKeysItemScope = Literal["full", "recipient"]

POST_ADMIN_PROJECTS_RESPONSE_201_DATA_KEYS_ITEM_SCOPE_VALUES: set[
    PostAdminProjectsResponse201DataKeysItemScope
] = {
    "full",
    "recipient",
}


def check_post_admin_projects_response_201_data_keys_item_scope(
    value: str,
) -> PostAdminProjectsResponse201DataKeysItemScope:
    if value in POST_ADMIN_PROJECTS_RESPONSE_201_DATA_KEYS_ITEM_SCOPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {POST_ADMIN_PROJECTS_RESPONSE_201_DATA_KEYS_ITEM_SCOPE_VALUES!r}"
    )
