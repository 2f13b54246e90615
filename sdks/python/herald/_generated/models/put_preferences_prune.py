from typing import Literal

PutPreferencesPrune = Literal["false", "true"]

PUT_PREFERENCES_PRUNE_VALUES: set[PutPreferencesPrune] = {
    "false",
    "true",
}


def check_put_preferences_prune(value: str) -> PutPreferencesPrune:
    if value in PUT_PREFERENCES_PRUNE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUT_PREFERENCES_PRUNE_VALUES!r}"
    )
