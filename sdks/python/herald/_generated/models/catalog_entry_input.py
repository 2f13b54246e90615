from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.catalog_entry_input_medium import (
    CatalogEntryInputMedium,
    check_catalog_entry_input_medium,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CatalogEntryInput")


@_attrs_define
class CatalogEntryInput:
    """
    Attributes:
        channel (str): Broad category: 1–128 characters
        topic (str): Subcategory; `any` matches every topic, `none` is the base: 1–128 characters
        event (str): Event that triggers the notification: 1–128 characters
        name (str): Human-readable name (returned as `label`)
        default_enabled (bool):
        medium (CatalogEntryInputMedium | Unset): `in_app` (default), `email`, `sms` or `web_push`
        description (None | str | Unset):
        mandatory (bool | Unset):  Default: False.
    """

    channel: str
    topic: str
    event: str
    name: str
    default_enabled: bool
    medium: CatalogEntryInputMedium | Unset = UNSET
    description: None | str | Unset = UNSET
    mandatory: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        channel = self.channel

        topic = self.topic

        event = self.event

        name = self.name

        default_enabled = self.default_enabled

        medium: str | Unset = UNSET
        if not isinstance(self.medium, Unset):
            medium = self.medium

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        mandatory = self.mandatory

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "channel": channel,
                "topic": topic,
                "event": event,
                "name": name,
                "default_enabled": default_enabled,
            }
        )
        if medium is not UNSET:
            field_dict["medium"] = medium
        if description is not UNSET:
            field_dict["description"] = description
        if mandatory is not UNSET:
            field_dict["mandatory"] = mandatory

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        channel = d.pop("channel")

        topic = d.pop("topic")

        event = d.pop("event")

        name = d.pop("name")

        default_enabled = d.pop("default_enabled")

        _medium = d.pop("medium", UNSET)
        medium: CatalogEntryInputMedium | Unset
        if isinstance(_medium, Unset):
            medium = UNSET
        else:
            medium = check_catalog_entry_input_medium(_medium)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        mandatory = d.pop("mandatory", UNSET)

        catalog_entry_input = cls(
            channel=channel,
            topic=topic,
            event=event,
            name=name,
            default_enabled=default_enabled,
            medium=medium,
            description=description,
            mandatory=mandatory,
        )

        catalog_entry_input.additional_properties = d
        return catalog_entry_input

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
