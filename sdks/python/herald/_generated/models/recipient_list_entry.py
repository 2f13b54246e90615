from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecipientListEntry")


@_attrs_define
class RecipientListEntry:
    """
    Attributes:
        key (str):
        name (str):
        description (None | str):
        self_service (bool): A recipient token may subscribe and unsubscribe its own recipient
        subscriber_count (int):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        subscribed (bool | Unset): With self_service=true: whether this recipient is subscribed
    """

    key: str
    name: str
    description: None | str
    self_service: bool
    subscriber_count: int
    created_at: str
    updated_at: str
    subscribed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        name = self.name

        description: None | str
        description = self.description

        self_service = self.self_service

        subscriber_count = self.subscriber_count

        created_at = self.created_at

        updated_at = self.updated_at

        subscribed = self.subscribed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "name": name,
                "description": description,
                "self_service": self_service,
                "subscriber_count": subscriber_count,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if subscribed is not UNSET:
            field_dict["subscribed"] = subscribed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        self_service = d.pop("self_service")

        subscriber_count = d.pop("subscriber_count")

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        subscribed = d.pop("subscribed", UNSET)

        recipient_list_entry = cls(
            key=key,
            name=name,
            description=description,
            self_service=self_service,
            subscriber_count=subscriber_count,
            created_at=created_at,
            updated_at=updated_at,
            subscribed=subscribed,
        )

        recipient_list_entry.additional_properties = d
        return recipient_list_entry

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
