from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stats_some_counts import StatsSomeCounts


T = TypeVar("T", bound="StatsIntervalSends")


@_attrs_define
class StatsIntervalSends:
    """
    Attributes:
        in_app (StatsSomeCounts | Unset):
        email (StatsSomeCounts | Unset):
        sms (StatsSomeCounts | Unset):
        web_push (StatsSomeCounts | Unset):
        chat (StatsSomeCounts | Unset):
        mobile_push (StatsSomeCounts | Unset):
        webhook (StatsSomeCounts | Unset):
    """

    in_app: StatsSomeCounts | Unset = UNSET
    email: StatsSomeCounts | Unset = UNSET
    sms: StatsSomeCounts | Unset = UNSET
    web_push: StatsSomeCounts | Unset = UNSET
    chat: StatsSomeCounts | Unset = UNSET
    mobile_push: StatsSomeCounts | Unset = UNSET
    webhook: StatsSomeCounts | Unset = UNSET

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

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

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
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stats_some_counts import StatsSomeCounts

        d = dict(src_dict)
        _in_app = d.pop("in_app", UNSET)
        in_app: StatsSomeCounts | Unset
        if isinstance(_in_app, Unset):
            in_app = UNSET
        else:
            in_app = StatsSomeCounts.from_dict(_in_app)

        _email = d.pop("email", UNSET)
        email: StatsSomeCounts | Unset
        if isinstance(_email, Unset):
            email = UNSET
        else:
            email = StatsSomeCounts.from_dict(_email)

        _sms = d.pop("sms", UNSET)
        sms: StatsSomeCounts | Unset
        if isinstance(_sms, Unset):
            sms = UNSET
        else:
            sms = StatsSomeCounts.from_dict(_sms)

        _web_push = d.pop("web_push", UNSET)
        web_push: StatsSomeCounts | Unset
        if isinstance(_web_push, Unset):
            web_push = UNSET
        else:
            web_push = StatsSomeCounts.from_dict(_web_push)

        _chat = d.pop("chat", UNSET)
        chat: StatsSomeCounts | Unset
        if isinstance(_chat, Unset):
            chat = UNSET
        else:
            chat = StatsSomeCounts.from_dict(_chat)

        _mobile_push = d.pop("mobile_push", UNSET)
        mobile_push: StatsSomeCounts | Unset
        if isinstance(_mobile_push, Unset):
            mobile_push = UNSET
        else:
            mobile_push = StatsSomeCounts.from_dict(_mobile_push)

        _webhook = d.pop("webhook", UNSET)
        webhook: StatsSomeCounts | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = StatsSomeCounts.from_dict(_webhook)

        stats_interval_sends = cls(
            in_app=in_app,
            email=email,
            sms=sms,
            web_push=web_push,
            chat=chat,
            mobile_push=mobile_push,
            webhook=webhook,
        )

        return stats_interval_sends
