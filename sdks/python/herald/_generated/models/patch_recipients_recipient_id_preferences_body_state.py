from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PatchRecipientsRecipientIdPreferencesBodyState")


@_attrs_define
class PatchRecipientsRecipientIdPreferencesBodyState:
    """
    Attributes:
        enabled (bool):
    """

    enabled: bool

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled")

        patch_recipients_recipient_id_preferences_body_state = cls(
            enabled=enabled,
        )

        return patch_recipients_recipient_id_preferences_body_state
