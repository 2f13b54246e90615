from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.email_from import EmailFrom


T = TypeVar("T", bound="ProjectSettings")


@_attrs_define
class ProjectSettings:
    """
    Attributes:
        strict_targets (bool):
        max_broadcast_recipients_for_email (int):
        max_broadcast_recipients_for_push (int):
        max_list_recipients_for_email (int):
        max_list_recipients_for_push (int):
        monthly_quota (int | None):
        rate_limit_per_second (int | None):
        email_from (EmailFrom | None): Sender of the project's emails; null: the server's default (SMTP_FROM)
        email_reply_to (None | str): Reply-To of the project's emails; null: none
        retention_days (int | None):
        max_list_recipients_for_sms (int | None | Unset): Most recipients a send to a list or to recipient ids may text
            (more eligible: no SMS is sent); 0 refuses SMS on such sends (400 list_sms_not_allowed). Absent or null: 10,000.
        max_broadcast_recipients_for_mobile_push (int | None | Unset): Most recipients a broadcast's mobile push may
            reach (more eligible: no mobile push is sent); 0 refuses mobile push on broadcasts (400
            broadcast_mobile_push_not_allowed). Absent or null: 0.
        max_list_recipients_for_mobile_push (int | None | Unset): Most recipients a send to a list or to recipient ids
            may reach by mobile push (more eligible: no mobile push is sent); 0 refuses mobile push on such sends (400
            list_mobile_push_not_allowed). Absent or null: 10,000.
        sms_country_codes (list[str] | None | Unset): The country calling codes (e.g. ["49", "44", "1"]) whose numbers
            the project may text: an sms contact outside them is refused (400 sms_country_not_allowed). Absent or null: all.
    """

    strict_targets: bool
    max_broadcast_recipients_for_email: int
    max_broadcast_recipients_for_push: int
    max_list_recipients_for_email: int
    max_list_recipients_for_push: int
    monthly_quota: int | None
    rate_limit_per_second: int | None
    email_from: EmailFrom | None
    email_reply_to: None | str
    retention_days: int | None
    max_list_recipients_for_sms: int | None | Unset = UNSET
    max_broadcast_recipients_for_mobile_push: int | None | Unset = UNSET
    max_list_recipients_for_mobile_push: int | None | Unset = UNSET
    sms_country_codes: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.email_from import EmailFrom

        strict_targets = self.strict_targets

        max_broadcast_recipients_for_email = self.max_broadcast_recipients_for_email

        max_broadcast_recipients_for_push = self.max_broadcast_recipients_for_push

        max_list_recipients_for_email = self.max_list_recipients_for_email

        max_list_recipients_for_push = self.max_list_recipients_for_push

        monthly_quota: int | None
        monthly_quota = self.monthly_quota

        rate_limit_per_second: int | None
        rate_limit_per_second = self.rate_limit_per_second

        email_from: dict[str, Any] | None
        if isinstance(self.email_from, EmailFrom):
            email_from = self.email_from.to_dict()
        else:
            email_from = self.email_from

        email_reply_to: None | str
        email_reply_to = self.email_reply_to

        retention_days: int | None
        retention_days = self.retention_days

        max_list_recipients_for_sms: int | None | Unset
        if isinstance(self.max_list_recipients_for_sms, Unset):
            max_list_recipients_for_sms = UNSET
        else:
            max_list_recipients_for_sms = self.max_list_recipients_for_sms

        max_broadcast_recipients_for_mobile_push: int | None | Unset
        if isinstance(self.max_broadcast_recipients_for_mobile_push, Unset):
            max_broadcast_recipients_for_mobile_push = UNSET
        else:
            max_broadcast_recipients_for_mobile_push = (
                self.max_broadcast_recipients_for_mobile_push
            )

        max_list_recipients_for_mobile_push: int | None | Unset
        if isinstance(self.max_list_recipients_for_mobile_push, Unset):
            max_list_recipients_for_mobile_push = UNSET
        else:
            max_list_recipients_for_mobile_push = (
                self.max_list_recipients_for_mobile_push
            )

        sms_country_codes: list[str] | None | Unset
        if isinstance(self.sms_country_codes, Unset):
            sms_country_codes = UNSET
        elif isinstance(self.sms_country_codes, list):
            sms_country_codes = self.sms_country_codes

        else:
            sms_country_codes = self.sms_country_codes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "strict_targets": strict_targets,
                "max_broadcast_recipients_for_email": max_broadcast_recipients_for_email,
                "max_broadcast_recipients_for_push": max_broadcast_recipients_for_push,
                "max_list_recipients_for_email": max_list_recipients_for_email,
                "max_list_recipients_for_push": max_list_recipients_for_push,
                "monthly_quota": monthly_quota,
                "rate_limit_per_second": rate_limit_per_second,
                "email_from": email_from,
                "email_reply_to": email_reply_to,
                "retention_days": retention_days,
            }
        )
        if max_list_recipients_for_sms is not UNSET:
            field_dict["max_list_recipients_for_sms"] = max_list_recipients_for_sms
        if max_broadcast_recipients_for_mobile_push is not UNSET:
            field_dict["max_broadcast_recipients_for_mobile_push"] = (
                max_broadcast_recipients_for_mobile_push
            )
        if max_list_recipients_for_mobile_push is not UNSET:
            field_dict["max_list_recipients_for_mobile_push"] = (
                max_list_recipients_for_mobile_push
            )
        if sms_country_codes is not UNSET:
            field_dict["sms_country_codes"] = sms_country_codes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.email_from import EmailFrom

        d = dict(src_dict)
        strict_targets = d.pop("strict_targets")

        max_broadcast_recipients_for_email = d.pop("max_broadcast_recipients_for_email")

        max_broadcast_recipients_for_push = d.pop("max_broadcast_recipients_for_push")

        max_list_recipients_for_email = d.pop("max_list_recipients_for_email")

        max_list_recipients_for_push = d.pop("max_list_recipients_for_push")

        def _parse_monthly_quota(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        monthly_quota = _parse_monthly_quota(d.pop("monthly_quota"))

        def _parse_rate_limit_per_second(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rate_limit_per_second = _parse_rate_limit_per_second(
            d.pop("rate_limit_per_second")
        )

        def _parse_email_from(data: object) -> EmailFrom | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_from_type_0 = EmailFrom.from_dict(data)

                return email_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailFrom | None, data)

        email_from = _parse_email_from(d.pop("email_from"))

        def _parse_email_reply_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email_reply_to = _parse_email_reply_to(d.pop("email_reply_to"))

        def _parse_retention_days(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        retention_days = _parse_retention_days(d.pop("retention_days"))

        def _parse_max_list_recipients_for_sms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_list_recipients_for_sms = _parse_max_list_recipients_for_sms(
            d.pop("max_list_recipients_for_sms", UNSET)
        )

        def _parse_max_broadcast_recipients_for_mobile_push(
            data: object,
        ) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_broadcast_recipients_for_mobile_push = (
            _parse_max_broadcast_recipients_for_mobile_push(
                d.pop("max_broadcast_recipients_for_mobile_push", UNSET)
            )
        )

        def _parse_max_list_recipients_for_mobile_push(
            data: object,
        ) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_list_recipients_for_mobile_push = (
            _parse_max_list_recipients_for_mobile_push(
                d.pop("max_list_recipients_for_mobile_push", UNSET)
            )
        )

        def _parse_sms_country_codes(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sms_country_codes_type_0 = cast(list[str], data)

                return sms_country_codes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        sms_country_codes = _parse_sms_country_codes(d.pop("sms_country_codes", UNSET))

        project_settings = cls(
            strict_targets=strict_targets,
            max_broadcast_recipients_for_email=max_broadcast_recipients_for_email,
            max_broadcast_recipients_for_push=max_broadcast_recipients_for_push,
            max_list_recipients_for_email=max_list_recipients_for_email,
            max_list_recipients_for_push=max_list_recipients_for_push,
            monthly_quota=monthly_quota,
            rate_limit_per_second=rate_limit_per_second,
            email_from=email_from,
            email_reply_to=email_reply_to,
            retention_days=retention_days,
            max_list_recipients_for_sms=max_list_recipients_for_sms,
            max_broadcast_recipients_for_mobile_push=max_broadcast_recipients_for_mobile_push,
            max_list_recipients_for_mobile_push=max_list_recipients_for_mobile_push,
            sms_country_codes=sms_country_codes,
        )

        project_settings.additional_properties = d
        return project_settings

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
