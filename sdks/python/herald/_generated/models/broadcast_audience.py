from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BroadcastAudience")


@_attrs_define
class BroadcastAudience:
    """Who a send to many goes to; absent: every recipient of the project

    Attributes:
        excluded (int): How many recipients the send left out by name (exclude_recipient_ids)
        list_ (str | Unset): A send to a list: its key
        recipient_ids (int | Unset): A send to recipient ids: how many (duplicates and excluded ids taken out)
    """

    excluded: int
    list_: str | Unset = UNSET
    recipient_ids: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        excluded = self.excluded

        list_ = self.list_

        recipient_ids = self.recipient_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "excluded": excluded,
            }
        )
        if list_ is not UNSET:
            field_dict["list"] = list_
        if recipient_ids is not UNSET:
            field_dict["recipient_ids"] = recipient_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        excluded = d.pop("excluded")

        list_ = d.pop("list", UNSET)

        recipient_ids = d.pop("recipient_ids", UNSET)

        broadcast_audience = cls(
            excluded=excluded,
            list_=list_,
            recipient_ids=recipient_ids,
        )

        broadcast_audience.additional_properties = d
        return broadcast_audience

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
