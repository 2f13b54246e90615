from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.medium_decision import MediumDecision


T = TypeVar("T", bound="NotificationDecision")


@_attrs_define
class NotificationDecision:
    """One entry per medium the send asked for; null for notifications written before decisions were recorded

    Attributes:
        in_app (MediumDecision | Unset):
        email (MediumDecision | Unset):
        sms (MediumDecision | Unset):
        web_push (MediumDecision | Unset):
        chat (MediumDecision | Unset):
        mobile_push (MediumDecision | Unset):
    """

    in_app: MediumDecision | Unset = UNSET
    email: MediumDecision | Unset = UNSET
    sms: MediumDecision | Unset = UNSET
    web_push: MediumDecision | Unset = UNSET
    chat: MediumDecision | Unset = UNSET
    mobile_push: MediumDecision | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        in_app: dict[str, Any] | Unset = UNSET
        if not isinstance(self.in_app, Unset):
            in_app = self.in_app.to_dict()

        email: dict[str, Any] | Unset = UNSET
        if not isinstance(self.email, Unset):
            email = self.email.to_dict()

        sms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sms, Unset):
            sms = self.sms.to_dict()

        web_push: dict[str, Any] | Unset = UNSET
        if not isinstance(self.web_push, Unset):
            web_push = self.web_push.to_dict()

        chat: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chat, Unset):
            chat = self.chat.to_dict()

        mobile_push: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mobile_push, Unset):
            mobile_push = self.mobile_push.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if in_app is not UNSET:
            field_dict["in_app"] = in_app
        if email is not UNSET:
            field_dict["email"] = email
        if sms is not UNSET:
            field_dict["sms"] = sms
        if web_push is not UNSET:
            field_dict["web_push"] = web_push
        if chat is not UNSET:
            field_dict["chat"] = chat
        if mobile_push is not UNSET:
            field_dict["mobile_push"] = mobile_push

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.medium_decision import MediumDecision

        d = dict(src_dict)
        _in_app = d.pop("in_app", UNSET)
        in_app: MediumDecision | Unset
        if isinstance(_in_app, Unset):
            in_app = UNSET
        else:
            in_app = MediumDecision.from_dict(_in_app)

        _email = d.pop("email", UNSET)
        email: MediumDecision | Unset
        if isinstance(_email, Unset):
            email = UNSET
        else:
            email = MediumDecision.from_dict(_email)

        _sms = d.pop("sms", UNSET)
        sms: MediumDecision | Unset
        if isinstance(_sms, Unset):
            sms = UNSET
        else:
            sms = MediumDecision.from_dict(_sms)

        _web_push = d.pop("web_push", UNSET)
        web_push: MediumDecision | Unset
        if isinstance(_web_push, Unset):
            web_push = UNSET
        else:
            web_push = MediumDecision.from_dict(_web_push)

        _chat = d.pop("chat", UNSET)
        chat: MediumDecision | Unset
        if isinstance(_chat, Unset):
            chat = UNSET
        else:
            chat = MediumDecision.from_dict(_chat)

        _mobile_push = d.pop("mobile_push", UNSET)
        mobile_push: MediumDecision | Unset
        if isinstance(_mobile_push, Unset):
            mobile_push = UNSET
        else:
            mobile_push = MediumDecision.from_dict(_mobile_push)

        notification_decision = cls(
            in_app=in_app,
            email=email,
            sms=sms,
            web_push=web_push,
            chat=chat,
            mobile_push=mobile_push,
        )

        notification_decision.additional_properties = d
        return notification_decision

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
