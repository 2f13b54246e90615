from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deciding_recipient_rule_set_via_type_0 import (
    DecidingRecipientRuleSetViaType0,
    check_deciding_recipient_rule_set_via_type_0,
)

if TYPE_CHECKING:
    from ..models.deciding_recipient_rule_target import DecidingRecipientRuleTarget


T = TypeVar("T", bound="DecidingRecipientRule")


@_attrs_define
class DecidingRecipientRule:
    """
    Attributes:
        target (DecidingRecipientRuleTarget):
        medium (str):
        enabled (bool):
        set_at (None | str):
        set_via (DecidingRecipientRuleSetViaType0 | None):
    """

    target: DecidingRecipientRuleTarget
    medium: str
    enabled: bool
    set_at: None | str
    set_via: DecidingRecipientRuleSetViaType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        medium = self.medium

        enabled = self.enabled

        set_at: None | str
        set_at = self.set_at

        set_via: None | str
        if isinstance(self.set_via, str):
            set_via = self.set_via
        else:
            set_via = self.set_via

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target": target,
                "medium": medium,
                "enabled": enabled,
                "set_at": set_at,
                "set_via": set_via,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deciding_recipient_rule_target import DecidingRecipientRuleTarget

        d = dict(src_dict)
        target = DecidingRecipientRuleTarget.from_dict(d.pop("target"))

        medium = d.pop("medium")

        enabled = d.pop("enabled")

        def _parse_set_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        set_at = _parse_set_at(d.pop("set_at"))

        def _parse_set_via(data: object) -> DecidingRecipientRuleSetViaType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                set_via_type_0 = check_deciding_recipient_rule_set_via_type_0(data)

                return set_via_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DecidingRecipientRuleSetViaType0 | None, data)

        set_via = _parse_set_via(d.pop("set_via"))

        deciding_recipient_rule = cls(
            target=target,
            medium=medium,
            enabled=enabled,
            set_at=set_at,
            set_via=set_via,
        )

        deciding_recipient_rule.additional_properties = d
        return deciding_recipient_rule

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
