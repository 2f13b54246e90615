from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.catalog_digest import CatalogDigest
    from ..models.catalog_throttle import CatalogThrottle


T = TypeVar("T", bound="CatalogEntryPatch")


@_attrs_define
class CatalogEntryPatch:
    """
    Attributes:
        name (str | Unset): Human-readable name (returned as `label`)
        description (None | str | Unset):
        default_enabled (bool | Unset):
        mandatory (bool | Unset):
        digest (CatalogDigest | None | Unset):
        throttle (CatalogThrottle | None | Unset):
    """

    name: str | Unset = UNSET
    description: None | str | Unset = UNSET
    default_enabled: bool | Unset = UNSET
    mandatory: bool | Unset = UNSET
    digest: CatalogDigest | None | Unset = UNSET
    throttle: CatalogThrottle | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.catalog_digest import CatalogDigest
        from ..models.catalog_throttle import CatalogThrottle

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        default_enabled = self.default_enabled

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

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if default_enabled is not UNSET:
            field_dict["default_enabled"] = default_enabled
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
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        default_enabled = d.pop("default_enabled", UNSET)

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

        catalog_entry_patch = cls(
            name=name,
            description=description,
            default_enabled=default_enabled,
            mandatory=mandatory,
            digest=digest,
            throttle=throttle,
        )

        return catalog_entry_patch
