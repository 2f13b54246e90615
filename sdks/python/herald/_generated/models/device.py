from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Device")


@_attrs_define
class Device:
    """
    Attributes:
        id (int):
        platform (str): fcm or apns
        token (str): The push service's token for this app installation
        app_id (None | str):
        locale (None | str):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): When the device was last registered (UTC, second precision); the least recent goes first past
            20 devices
    """

    id: int
    platform: str
    token: str
    app_id: None | str
    locale: None | str
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        platform = self.platform

        token = self.token

        app_id: None | str
        app_id = self.app_id

        locale: None | str
        locale = self.locale

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "platform": platform,
                "token": token,
                "app_id": app_id,
                "locale": locale,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        platform = d.pop("platform")

        token = d.pop("token")

        def _parse_app_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        app_id = _parse_app_id(d.pop("app_id"))

        def _parse_locale(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        locale = _parse_locale(d.pop("locale"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        device = cls(
            id=id,
            platform=platform,
            token=token,
            app_id=app_id,
            locale=locale,
            created_at=created_at,
            updated_at=updated_at,
        )

        device.additional_properties = d
        return device

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
