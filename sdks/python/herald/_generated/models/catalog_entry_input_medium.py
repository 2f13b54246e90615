from typing import Literal

CatalogEntryInputMedium = Literal[
    "chat", "email", "in_app", "mobile_push", "sms", "web_push"
]

CATALOG_ENTRY_INPUT_MEDIUM_VALUES: set[CatalogEntryInputMedium] = {
    "chat",
    "email",
    "in_app",
    "mobile_push",
    "sms",
    "web_push",
}


def check_catalog_entry_input_medium(value: str) -> CatalogEntryInputMedium:
    if value in CATALOG_ENTRY_INPUT_MEDIUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CATALOG_ENTRY_INPUT_MEDIUM_VALUES!r}"
    )
