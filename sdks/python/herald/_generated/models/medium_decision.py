from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.medium_decision_because_type_0 import (
    MediumDecisionBecauseType0,
    check_medium_decision_because_type_0,
)

if TYPE_CHECKING:
    from ..models.deciding_catalog_entry import DecidingCatalogEntry
    from ..models.deciding_recipient_rule import DecidingRecipientRule


T = TypeVar("T", bound="MediumDecision")


@_attrs_define
class MediumDecision:
    """
    Attributes:
        result (str): The medium outcome: delivered | suppressed | throttled | canceled | quota_exceeded | failed |
            pending (in_app); sent | skipped | failed | pending (email, web_push, chat, mobile_push); also delivered |
            undelivered (sms)
        because (MediumDecisionBecauseType0 | None):
        rule (DecidingCatalogEntry | DecidingRecipientRule | None):
    """

    result: str
    because: MediumDecisionBecauseType0 | None
    rule: DecidingCatalogEntry | DecidingRecipientRule | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.deciding_catalog_entry import DecidingCatalogEntry
        from ..models.deciding_recipient_rule import DecidingRecipientRule

        result = self.result

        because: None | str
        if isinstance(self.because, str):
            because = self.because
        else:
            because = self.because

        rule: dict[str, Any] | None
        if isinstance(self.rule, DecidingRecipientRule) or isinstance(
            self.rule, DecidingCatalogEntry
        ):
            rule = self.rule.to_dict()
        else:
            rule = self.rule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "result": result,
                "because": because,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deciding_catalog_entry import DecidingCatalogEntry
        from ..models.deciding_recipient_rule import DecidingRecipientRule

        d = dict(src_dict)
        result = d.pop("result")

        def _parse_because(data: object) -> MediumDecisionBecauseType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                because_type_0 = check_medium_decision_because_type_0(data)

                return because_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MediumDecisionBecauseType0 | None, data)

        because = _parse_because(d.pop("because"))

        def _parse_rule(
            data: object,
        ) -> DecidingCatalogEntry | DecidingRecipientRule | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_0 = DecidingRecipientRule.from_dict(data)

                return rule_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rule_type_0_type_1 = DecidingCatalogEntry.from_dict(data)

                return rule_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DecidingCatalogEntry | DecidingRecipientRule | None, data)

        rule = _parse_rule(d.pop("rule"))

        medium_decision = cls(
            result=result,
            because=because,
            rule=rule,
        )

        medium_decision.additional_properties = d
        return medium_decision

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
