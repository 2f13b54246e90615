from typing import Literal

MobilePushInputBadgeType0 = Literal["unread"]

MOBILE_PUSH_INPUT_BADGE_TYPE_0_VALUES: set[MobilePushInputBadgeType0] = {
    "unread",
}


def check_mobile_push_input_badge_type_0(value: str) -> MobilePushInputBadgeType0:
    if value in MOBILE_PUSH_INPUT_BADGE_TYPE_0_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {MOBILE_PUSH_INPUT_BADGE_TYPE_0_VALUES!r}"
    )
