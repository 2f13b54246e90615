from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StatsCounts")


@_attrs_define
class StatsCounts:
    """
    Attributes:
        delivered (int):
        suppressed (int):
        quota (int):
        failed (int):
        bounced (int):
    """

    delivered: int
    suppressed: int
    quota: int
    failed: int
    bounced: int

    def to_dict(self) -> dict[str, Any]:
        delivered = self.delivered

        suppressed = self.suppressed

        quota = self.quota

        failed = self.failed

        bounced = self.bounced

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivered": delivered,
                "suppressed": suppressed,
                "quota": quota,
                "failed": failed,
                "bounced": bounced,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivered = d.pop("delivered")

        suppressed = d.pop("suppressed")

        quota = d.pop("quota")

        failed = d.pop("failed")

        bounced = d.pop("bounced")

        stats_counts = cls(
            delivered=delivered,
            suppressed=suppressed,
            quota=quota,
            failed=failed,
            bounced=bounced,
        )

        return stats_counts
