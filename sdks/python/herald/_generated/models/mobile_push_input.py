from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mobile_push_input_badge_type_0 import (
    MobilePushInputBadgeType0,
    check_mobile_push_input_badge_type_0,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mobile_push_input_data import MobilePushInputData


T = TypeVar("T", bound="MobilePushInput")


@_attrs_define
class MobilePushInput:
    """Asks for the `mobile_push` medium: pushed to every device of the recipient (FCM or APNs by the device's platform,
    with the project's provider credentials) when (target, mobile_push) is cataloged and the preference is on. More than
    4 KiB of APNs payload or FCM message is a 400 naming `mobile_push`. Not on broadcasts or list sends.

        Attributes:
            title (str):
            body (str):
            data (MobilePushInputData | Unset): Key-value data for the app (FCM `data`; custom keys beside `aps` on APNs)
            badge (int | MobilePushInputBadgeType0 | Unset): The app icon's badge: a whole number, or `unread`: the
                recipient's in-app unread count at the time of sending
            sound (str | Unset): A sound file of the app (`default`: the system sound)
            collapse_key (str | Unset): A newer push of the same key replaces an undelivered one (APNs collapse id, FCM
                collapse key), at most 64 bytes
            ttl_seconds (int | Unset): How long the service keeps the push for an offline device (at most 28 days)
    """

    title: str
    body: str
    data: MobilePushInputData | Unset = UNSET
    badge: int | MobilePushInputBadgeType0 | Unset = UNSET
    sound: str | Unset = UNSET
    collapse_key: str | Unset = UNSET
    ttl_seconds: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        body = self.body

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        badge: int | str | Unset
        if isinstance(self.badge, Unset):
            badge = UNSET
        elif isinstance(self.badge, str):
            badge = self.badge
        else:
            badge = self.badge

        sound = self.sound

        collapse_key = self.collapse_key

        ttl_seconds = self.ttl_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "body": body,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data
        if badge is not UNSET:
            field_dict["badge"] = badge
        if sound is not UNSET:
            field_dict["sound"] = sound
        if collapse_key is not UNSET:
            field_dict["collapse_key"] = collapse_key
        if ttl_seconds is not UNSET:
            field_dict["ttl_seconds"] = ttl_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mobile_push_input_data import MobilePushInputData

        d = dict(src_dict)
        title = d.pop("title")

        body = d.pop("body")

        _data = d.pop("data", UNSET)
        data: MobilePushInputData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = MobilePushInputData.from_dict(_data)

        def _parse_badge(data: object) -> int | MobilePushInputBadgeType0 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                badge_type_0 = check_mobile_push_input_badge_type_0(data)

                return badge_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | MobilePushInputBadgeType0 | Unset, data)

        badge = _parse_badge(d.pop("badge", UNSET))

        sound = d.pop("sound", UNSET)

        collapse_key = d.pop("collapse_key", UNSET)

        ttl_seconds = d.pop("ttl_seconds", UNSET)

        mobile_push_input = cls(
            title=title,
            body=body,
            data=data,
            badge=badge,
            sound=sound,
            collapse_key=collapse_key,
            ttl_seconds=ttl_seconds,
        )

        return mobile_push_input
