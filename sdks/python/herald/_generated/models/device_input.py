from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.device_input_platform import (
    DeviceInputPlatform,
    check_device_input_platform,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeviceInput")


@_attrs_define
class DeviceInput:
    """
    Attributes:
        platform (DeviceInputPlatform): fcm (Firebase Cloud Messaging) or apns (Apple Push Notification service)
        token (str): apns: the device token, 64 hexadecimal digits; fcm: the registration token, 32 to 4,096 letters,
            digits, -, _ or :
        app_id (str | Unset): The Android package or iOS bundle id
        locale (str | Unset): A language tag such as en or pt-BR
    """

    platform: DeviceInputPlatform
    token: str
    app_id: str | Unset = UNSET
    locale: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        platform: str = self.platform

        token = self.token

        app_id = self.app_id

        locale = self.locale

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "platform": platform,
                "token": token,
            }
        )
        if app_id is not UNSET:
            field_dict["app_id"] = app_id
        if locale is not UNSET:
            field_dict["locale"] = locale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        platform = check_device_input_platform(d.pop("platform"))

        token = d.pop("token")

        app_id = d.pop("app_id", UNSET)

        locale = d.pop("locale", UNSET)

        device_input = cls(
            platform=platform,
            token=token,
            app_id=app_id,
            locale=locale,
        )

        return device_input
