from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.patch_recipients_recipient_id_preferences_body_medium import (
    PatchRecipientsRecipientIdPreferencesBodyMedium,
    check_patch_recipients_recipient_id_preferences_body_medium,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.patch_recipients_recipient_id_preferences_body_state import (
        PatchRecipientsRecipientIdPreferencesBodyState,
    )
    from ..models.target_input import TargetInput


T = TypeVar("T", bound="PatchRecipientsRecipientIdPreferencesBody")


@_attrs_define
class PatchRecipientsRecipientIdPreferencesBody:
    """
    Attributes:
        target (TargetInput):
        state (PatchRecipientsRecipientIdPreferencesBodyState):
        medium (PatchRecipientsRecipientIdPreferencesBodyMedium | Unset): `in_app` (default), `email`, `sms` or
            `web_push`
    """

    target: TargetInput
    state: PatchRecipientsRecipientIdPreferencesBodyState
    medium: PatchRecipientsRecipientIdPreferencesBodyMedium | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        state = self.state.to_dict()

        medium: str | Unset = UNSET
        if not isinstance(self.medium, Unset):
            medium = self.medium

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "target": target,
                "state": state,
            }
        )
        if medium is not UNSET:
            field_dict["medium"] = medium

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.patch_recipients_recipient_id_preferences_body_state import (
            PatchRecipientsRecipientIdPreferencesBodyState,
        )
        from ..models.target_input import TargetInput

        d = dict(src_dict)
        target = TargetInput.from_dict(d.pop("target"))

        state = PatchRecipientsRecipientIdPreferencesBodyState.from_dict(d.pop("state"))

        _medium = d.pop("medium", UNSET)
        medium: PatchRecipientsRecipientIdPreferencesBodyMedium | Unset
        if isinstance(_medium, Unset):
            medium = UNSET
        else:
            medium = check_patch_recipients_recipient_id_preferences_body_medium(
                _medium
            )

        patch_recipients_recipient_id_preferences_body = cls(
            target=target,
            state=state,
            medium=medium,
        )

        patch_recipients_recipient_id_preferences_body.additional_properties = d
        return patch_recipients_recipient_id_preferences_body

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
