from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.recipient_preference import RecipientPreference


T = TypeVar("T", bound="GetRecipientsRecipientIdPreferencesResponse200Data")


@_attrs_define
class GetRecipientsRecipientIdPreferencesResponse200Data:
    """
    Attributes:
        preferences (list[RecipientPreference]):
    """

    preferences: list[RecipientPreference]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preferences = []
        for preferences_item_data in self.preferences:
            preferences_item = preferences_item_data.to_dict()
            preferences.append(preferences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preferences": preferences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recipient_preference import RecipientPreference

        d = dict(src_dict)
        preferences = []
        _preferences = d.pop("preferences")
        for preferences_item_data in _preferences:
            preferences_item = RecipientPreference.from_dict(preferences_item_data)

            preferences.append(preferences_item)

        get_recipients_recipient_id_preferences_response_200_data = cls(
            preferences=preferences,
        )

        get_recipients_recipient_id_preferences_response_200_data.additional_properties = d
        return get_recipients_recipient_id_preferences_response_200_data

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
