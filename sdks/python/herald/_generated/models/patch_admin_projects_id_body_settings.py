from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.email_from import EmailFrom


T = TypeVar("T", bound="PatchAdminProjectsIdBodySettings")


@_attrs_define
class PatchAdminProjectsIdBodySettings:
    """
    Attributes:
        strict_targets (bool | Unset):
        max_broadcast_recipients_for_email (int | Unset):
        max_broadcast_recipients_for_push (int | Unset):
        max_list_recipients_for_email (int | Unset):
        max_list_recipients_for_push (int | Unset):
        monthly_quota (int | None | Unset):
        rate_limit_per_second (int | None | Unset):
        email_from (EmailFrom | None | Unset): Sender of the project's emails; null: the server's default (SMTP_FROM)
        email_reply_to (None | str | Unset): Reply-To of the project's emails; null: none
        retention_days (int | None | Unset):
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

    strict_targets: bool | Unset = UNSET
    max_broadcast_recipients_for_email: int | Unset = UNSET
    max_broadcast_recipients_for_push: int | Unset = UNSET
    max_list_recipients_for_email: int | Unset = UNSET
    max_list_recipients_for_push: int | Unset = UNSET
    monthly_quota: int | None | Unset = UNSET
    rate_limit_per_second: int | None | Unset = UNSET
    email_from: EmailFrom | None | Unset = UNSET
    email_reply_to: None | str | Unset = UNSET
    retention_days: int | None | Unset = UNSET
    max_list_recipients_for_sms: int | None | Unset = UNSET
    max_broadcast_recipients_for_mobile_push: int | None | Unset = UNSET
    max_list_recipients_for_mobile_push: int | None | Unset = UNSET
    sms_country_codes: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.email_from import EmailFrom

        strict_targets = self.strict_targets

        max_broadcast_recipients_for_email = self.max_broadcast_recipients_for_email

        max_broadcast_recipients_for_push = self.max_broadcast_recipients_for_push

        max_list_recipients_for_email = self.max_list_recipients_for_email

        max_list_recipients_for_push = self.max_list_recipients_for_push

        monthly_quota: int | None | Unset
        if isinstance(self.monthly_quota, Unset):
            monthly_quota = UNSET
        else:
            monthly_quota = self.monthly_quota

        rate_limit_per_second: int | None | Unset
        if isinstance(self.rate_limit_per_second, Unset):
            rate_limit_per_second = UNSET
        else:
            rate_limit_per_second = self.rate_limit_per_second

        email_from: dict[str, Any] | None | Unset
        if isinstance(self.email_from, Unset):
            email_from = UNSET
        elif isinstance(self.email_from, EmailFrom):
            email_from = self.email_from.to_dict()
        else:
            email_from = self.email_from

        email_reply_to: None | str | Unset
        if isinstance(self.email_reply_to, Unset):
            email_reply_to = UNSET
        else:
            email_reply_to = self.email_reply_to

        retention_days: int | None | Unset
        if isinstance(self.retention_days, Unset):
            retention_days = UNSET
        else:
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

        field_dict.update({})
        if strict_targets is not UNSET:
            field_dict["strict_targets"] = strict_targets
        if max_broadcast_recipients_for_email is not UNSET:
            field_dict["max_broadcast_recipients_for_email"] = (
                max_broadcast_recipients_for_email
            )
        if max_broadcast_recipients_for_push is not UNSET:
            field_dict["max_broadcast_recipients_for_push"] = (
                max_broadcast_recipients_for_push
            )
        if max_list_recipients_for_email is not UNSET:
            field_dict["max_list_recipients_for_email"] = max_list_recipients_for_email
        if max_list_recipients_for_push is not UNSET:
            field_dict["max_list_recipients_for_push"] = max_list_recipients_for_push
        if monthly_quota is not UNSET:
            field_dict["monthly_quota"] = monthly_quota
        if rate_limit_per_second is not UNSET:
            field_dict["rate_limit_per_second"] = rate_limit_per_second
        if email_from is not UNSET:
            field_dict["email_from"] = email_from
        if email_reply_to is not UNSET:
            field_dict["email_reply_to"] = email_reply_to
        if retention_days is not UNSET:
            field_dict["retention_days"] = retention_days
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
        strict_targets = d.pop("strict_targets", UNSET)

        max_broadcast_recipients_for_email = d.pop(
            "max_broadcast_recipients_for_email", UNSET
        )

        max_broadcast_recipients_for_push = d.pop(
            "max_broadcast_recipients_for_push", UNSET
        )

        max_list_recipients_for_email = d.pop("max_list_recipients_for_email", UNSET)

        max_list_recipients_for_push = d.pop("max_list_recipients_for_push", UNSET)

        def _parse_monthly_quota(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        monthly_quota = _parse_monthly_quota(d.pop("monthly_quota", UNSET))

        def _parse_rate_limit_per_second(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rate_limit_per_second = _parse_rate_limit_per_second(
            d.pop("rate_limit_per_second", UNSET)
        )

        def _parse_email_from(data: object) -> EmailFrom | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_from_type_0 = EmailFrom.from_dict(data)

                return email_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailFrom | None | Unset, data)

        email_from = _parse_email_from(d.pop("email_from", UNSET))

        def _parse_email_reply_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_reply_to = _parse_email_reply_to(d.pop("email_reply_to", UNSET))

        def _parse_retention_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        retention_days = _parse_retention_days(d.pop("retention_days", UNSET))

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

        patch_admin_projects_id_body_settings = cls(
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

        return patch_admin_projects_id_body_settings
