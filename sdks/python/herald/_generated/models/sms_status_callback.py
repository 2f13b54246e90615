from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SmsStatusCallback")


@_attrs_define
class SmsStatusCallback:
    """
    Attributes:
        message_sid (str | Unset):
        message_status (str | Unset):
        error_code (str | Unset):
    """

    message_sid: str | Unset = UNSET
    message_status: str | Unset = UNSET
    error_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message_sid = self.message_sid

        message_status = self.message_status

        error_code = self.error_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if message_sid is not UNSET:
            field_dict["MessageSid"] = message_sid
        if message_status is not UNSET:
            field_dict["MessageStatus"] = message_status
        if error_code is not UNSET:
            field_dict["ErrorCode"] = error_code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message_sid = d.pop("MessageSid", UNSET)

        message_status = d.pop("MessageStatus", UNSET)

        error_code = d.pop("ErrorCode", UNSET)

        sms_status_callback = cls(
            message_sid=message_sid,
            message_status=message_status,
            error_code=error_code,
        )

        sms_status_callback.additional_properties = d
        return sms_status_callback

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
