from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.stats_counts import StatsCounts


T = TypeVar("T", bound="StatsTotals")


@_attrs_define
class StatsTotals:
    """
    Attributes:
        in_app (StatsCounts):
        email (StatsCounts):
        sms (StatsCounts):
        web_push (StatsCounts):
        chat (StatsCounts):
        mobile_push (StatsCounts):
        webhook (StatsCounts):
    """

    in_app: StatsCounts
    email: StatsCounts
    sms: StatsCounts
    web_push: StatsCounts
    chat: StatsCounts
    mobile_push: StatsCounts
    webhook: StatsCounts

    def to_dict(self) -> dict[str, Any]:
        in_app = self.in_app.to_dict()

        email = self.email.to_dict()

        sms = self.sms.to_dict()

        web_push = self.web_push.to_dict()

        chat = self.chat.to_dict()

        mobile_push = self.mobile_push.to_dict()

        webhook = self.webhook.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "in_app": in_app,
                "email": email,
                "sms": sms,
                "web_push": web_push,
                "chat": chat,
                "mobile_push": mobile_push,
                "webhook": webhook,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.stats_counts import StatsCounts

        d = dict(src_dict)
        in_app = StatsCounts.from_dict(d.pop("in_app"))

        email = StatsCounts.from_dict(d.pop("email"))

        sms = StatsCounts.from_dict(d.pop("sms"))

        web_push = StatsCounts.from_dict(d.pop("web_push"))

        chat = StatsCounts.from_dict(d.pop("chat"))

        mobile_push = StatsCounts.from_dict(d.pop("mobile_push"))

        webhook = StatsCounts.from_dict(d.pop("webhook"))

        stats_totals = cls(
            in_app=in_app,
            email=email,
            sms=sms,
            web_push=web_push,
            chat=chat,
            mobile_push=mobile_push,
            webhook=webhook,
        )

        return stats_totals
