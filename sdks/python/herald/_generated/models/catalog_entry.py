from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.catalog_digest import CatalogDigest
    from ..models.catalog_throttle import CatalogThrottle
    from ..models.target import Target


T = TypeVar("T", bound="CatalogEntry")


@_attrs_define
class CatalogEntry:
    """
    Attributes:
        id (int):
        project_id (int):
        target (Target):
        medium (str):
        label (str):
        description (None | str):
        default_enabled (bool):
        mandatory (bool):
        digest (CatalogDigest | None):
        throttle (CatalogThrottle | None):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
    """

    id: int
    project_id: int
    target: Target
    medium: str
    label: str
    description: None | str
    default_enabled: bool
    mandatory: bool
    digest: CatalogDigest | None
    throttle: CatalogThrottle | None
    created_at: str
    updated_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_digest import CatalogDigest
        from ..models.catalog_throttle import CatalogThrottle

        id = self.id

        project_id = self.project_id

        target = self.target.to_dict()

        medium = self.medium

        label = self.label

        description: None | str
        description = self.description

        default_enabled = self.default_enabled

        mandatory = self.mandatory

        digest: dict[str, Any] | None
        if isinstance(self.digest, CatalogDigest):
            digest = self.digest.to_dict()
        else:
            digest = self.digest

        throttle: dict[str, Any] | None
        if isinstance(self.throttle, CatalogThrottle):
            throttle = self.throttle.to_dict()
        else:
            throttle = self.throttle

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "project_id": project_id,
                "target": target,
                "medium": medium,
                "label": label,
                "description": description,
                "default_enabled": default_enabled,
                "mandatory": mandatory,
                "digest": digest,
                "throttle": throttle,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.catalog_digest import CatalogDigest
        from ..models.catalog_throttle import CatalogThrottle
        from ..models.target import Target

        d = dict(src_dict)
        id = d.pop("id")

        project_id = d.pop("project_id")

        target = Target.from_dict(d.pop("target"))

        medium = d.pop("medium")

        label = d.pop("label")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        default_enabled = d.pop("default_enabled")

        mandatory = d.pop("mandatory")

        def _parse_digest(data: object) -> CatalogDigest | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                digest_type_0 = CatalogDigest.from_dict(data)

                return digest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CatalogDigest | None, data)

        digest = _parse_digest(d.pop("digest"))

        def _parse_throttle(data: object) -> CatalogThrottle | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                throttle_type_0 = CatalogThrottle.from_dict(data)

                return throttle_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CatalogThrottle | None, data)

        throttle = _parse_throttle(d.pop("throttle"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        catalog_entry = cls(
            id=id,
            project_id=project_id,
            target=target,
            medium=medium,
            label=label,
            description=description,
            default_enabled=default_enabled,
            mandatory=mandatory,
            digest=digest,
            throttle=throttle,
            created_at=created_at,
            updated_at=updated_at,
        )

        catalog_entry.additional_properties = d
        return catalog_entry

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
