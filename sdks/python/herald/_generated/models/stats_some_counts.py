from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="StatsSomeCounts")


@_attrs_define
class StatsSomeCounts:
    """
    Attributes:
        delivered (int | Unset):
        suppressed (int | Unset):
        quota (int | Unset):
        failed (int | Unset):
        bounced (int | Unset):
    """

    delivered: int | Unset = UNSET
    suppressed: int | Unset = UNSET
    quota: int | Unset = UNSET
    failed: int | Unset = UNSET
    bounced: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        delivered = self.delivered

        suppressed = self.suppressed

        quota = self.quota

        failed = self.failed

        bounced = self.bounced

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if delivered is not UNSET:
            field_dict["delivered"] = delivered
        if suppressed is not UNSET:
            field_dict["suppressed"] = suppressed
        if quota is not UNSET:
            field_dict["quota"] = quota
        if failed is not UNSET:
            field_dict["failed"] = failed
        if bounced is not UNSET:
            field_dict["bounced"] = bounced

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivered = d.pop("delivered", UNSET)

        suppressed = d.pop("suppressed", UNSET)

        quota = d.pop("quota", UNSET)

        failed = d.pop("failed", UNSET)

        bounced = d.pop("bounced", UNSET)

        stats_some_counts = cls(
            delivered=delivered,
            suppressed=suppressed,
            quota=quota,
            failed=failed,
            bounced=bounced,
        )

        return stats_some_counts
