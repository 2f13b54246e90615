from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.provider_settings import ProviderSettings


T = TypeVar("T", bound="Provider")


@_attrs_define
class Provider:
    """
    Attributes:
        name (str): fcm, apns or slack
        configured (bool):
        fingerprint (None | str): The first 16 hex digits of the SHA-256 of the stored settings: tells two settings
            apart; never the secret itself
        settings (ProviderSettings): The settings that are not secret (FCM: project_id, client_email, token_uri; APNs:
            key_id, team_id, bundle_id, environment)
        updated_at (None | str):
    """

    name: str
    configured: bool
    fingerprint: None | str
    settings: ProviderSettings
    updated_at: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        configured = self.configured

        fingerprint: None | str
        fingerprint = self.fingerprint

        settings = self.settings.to_dict()

        updated_at: None | str
        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "configured": configured,
                "fingerprint": fingerprint,
                "settings": settings,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_settings import ProviderSettings

        d = dict(src_dict)
        name = d.pop("name")

        configured = d.pop("configured")

        def _parse_fingerprint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fingerprint = _parse_fingerprint(d.pop("fingerprint"))

        settings = ProviderSettings.from_dict(d.pop("settings"))

        def _parse_updated_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        provider = cls(
            name=name,
            configured=configured,
            fingerprint=fingerprint,
            settings=settings,
            updated_at=updated_at,
        )

        provider.additional_properties = d
        return provider

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
