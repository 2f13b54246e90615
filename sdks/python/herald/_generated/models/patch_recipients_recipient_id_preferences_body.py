from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

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
        medium (PatchRecipientsRecipientIdPreferencesBodyMedium | Unset): `in_app` (default), `email`, `sms`,
            `web_push`, `chat` or `mobile_push`
    """

    target: TargetInput
    state: PatchRecipientsRecipientIdPreferencesBodyState
    medium: PatchRecipientsRecipientIdPreferencesBodyMedium | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        state = self.state.to_dict()

        medium: str | Unset = UNSET
        if not isinstance(self.medium, Unset):
            medium = self.medium

        field_dict: dict[str, Any] = {}

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

        return patch_recipients_recipient_id_preferences_body
