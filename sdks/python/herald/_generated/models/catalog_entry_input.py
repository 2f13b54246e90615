from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.catalog_entry_input_medium import (
    CatalogEntryInputMedium,
    check_catalog_entry_input_medium,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.catalog_digest import CatalogDigest
    from ..models.catalog_throttle import CatalogThrottle


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
        medium (CatalogEntryInputMedium | Unset): `in_app` (default), `email`, `sms`, `web_push`, `chat` or
            `mobile_push`
        description (None | str | Unset):
        mandatory (bool | Unset):  Default: False.
        digest (CatalogDigest | None | Unset):
        throttle (CatalogThrottle | None | Unset):
    """

    channel: str
    topic: str
    event: str
    name: str
    default_enabled: bool
    medium: CatalogEntryInputMedium | Unset = UNSET
    description: None | str | Unset = UNSET
    mandatory: bool | Unset = False
    digest: CatalogDigest | None | Unset = UNSET
    throttle: CatalogThrottle | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_digest import CatalogDigest
        from ..models.catalog_throttle import CatalogThrottle

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

        digest: dict[str, Any] | None | Unset
        if isinstance(self.digest, Unset):
            digest = UNSET
        elif isinstance(self.digest, CatalogDigest):
            digest = self.digest.to_dict()
        else:
            digest = self.digest

        throttle: dict[str, Any] | None | Unset
        if isinstance(self.throttle, Unset):
            throttle = UNSET
        elif isinstance(self.throttle, CatalogThrottle):
            throttle = self.throttle.to_dict()
        else:
            throttle = self.throttle

        field_dict: dict[str, Any] = {}

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
        if digest is not UNSET:
            field_dict["digest"] = digest
        if throttle is not UNSET:
            field_dict["throttle"] = throttle

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.catalog_digest import CatalogDigest
        from ..models.catalog_throttle import CatalogThrottle

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

        def _parse_digest(data: object) -> CatalogDigest | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                digest_type_0 = CatalogDigest.from_dict(data)

                return digest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CatalogDigest | None | Unset, data)

        digest = _parse_digest(d.pop("digest", UNSET))

        def _parse_throttle(data: object) -> CatalogThrottle | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                throttle_type_0 = CatalogThrottle.from_dict(data)

                return throttle_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CatalogThrottle | None | Unset, data)

        throttle = _parse_throttle(d.pop("throttle", UNSET))

        catalog_entry_input = cls(
            channel=channel,
            topic=topic,
            event=event,
            name=name,
            default_enabled=default_enabled,
            medium=medium,
            description=description,
            mandatory=mandatory,
            digest=digest,
            throttle=throttle,
        )

        return catalog_entry_input
