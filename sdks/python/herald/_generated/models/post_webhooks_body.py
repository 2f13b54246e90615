from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.post_webhooks_body_event_types_item import (
    PostWebhooksBodyEventTypesItem,
    check_post_webhooks_body_event_types_item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="PostWebhooksBody")


@_attrs_define
class PostWebhooksBody:
    """
    Attributes:
        url (str): An absolute http or https URL (a host name or IPv4 address, an optional port; no credentials)
        description (None | str | Unset):
        event_types (list[PostWebhooksBodyEventTypesItem] | Unset): Omitted or empty: every event type
    """

    url: str
    description: None | str | Unset = UNSET
    event_types: list[PostWebhooksBodyEventTypesItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item: str = event_types_item_data
                event_types.append(event_types_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if event_types is not UNSET:
            field_dict["event_types"] = event_types

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _event_types = d.pop("event_types", UNSET)
        event_types: list[PostWebhooksBodyEventTypesItem] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:
                event_types_item = check_post_webhooks_body_event_types_item(
                    event_types_item_data
                )

                event_types.append(event_types_item)

        post_webhooks_body = cls(
            url=url,
            description=description,
            event_types=event_types,
        )

        return post_webhooks_body
