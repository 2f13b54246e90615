from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_recipients_recipient_id_preferences_check_response_200_data_target import (
        GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget,
    )
    from ..models.preference_decision import PreferenceDecision
    from ..models.preference_state import PreferenceState


T = TypeVar("T", bound="GetRecipientsRecipientIdPreferencesCheckResponse200Data")


@_attrs_define
class GetRecipientsRecipientIdPreferencesCheckResponse200Data:
    """
    Attributes:
        target (GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget):
        state (PreferenceState):
        decision (PreferenceDecision):
    """

    target: GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget
    state: PreferenceState
    decision: PreferenceDecision
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        state = self.state.to_dict()

        decision = self.decision.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target": target,
                "state": state,
                "decision": decision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_recipients_recipient_id_preferences_check_response_200_data_target import (
            GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget,
        )
        from ..models.preference_decision import PreferenceDecision
        from ..models.preference_state import PreferenceState

        d = dict(src_dict)
        target = (
            GetRecipientsRecipientIdPreferencesCheckResponse200DataTarget.from_dict(
                d.pop("target")
            )
        )

        state = PreferenceState.from_dict(d.pop("state"))

        decision = PreferenceDecision.from_dict(d.pop("decision"))

        get_recipients_recipient_id_preferences_check_response_200_data = cls(
            target=target,
            state=state,
            decision=decision,
        )

        get_recipients_recipient_id_preferences_check_response_200_data.additional_properties = d
        return get_recipients_recipient_id_preferences_check_response_200_data

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
