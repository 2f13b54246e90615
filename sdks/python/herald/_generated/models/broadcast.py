from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.broadcast_audience import BroadcastAudience
    from ..models.broadcast_outbound import BroadcastOutbound
    from ..models.target import Target


T = TypeVar("T", bound="Broadcast")


@_attrs_define
class Broadcast:
    """
    Attributes:
        id (int):
        target (Target):
        payload (Any):
        status (str):
        recipients_total (int):
        notifications_created (int):
        email (BroadcastOutbound | None):
        push (BroadcastOutbound | None):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        sms (BroadcastOutbound | Unset):
        mobile_push (BroadcastOutbound | Unset):
        send_at (None | str | Unset):
        audience (BroadcastAudience | Unset): Who a send to many goes to; absent: every recipient of the project
    """

    id: int
    target: Target
    payload: Any
    status: str
    recipients_total: int
    notifications_created: int
    email: BroadcastOutbound | None
    push: BroadcastOutbound | None
    created_at: str
    updated_at: str
    sms: BroadcastOutbound | Unset = UNSET
    mobile_push: BroadcastOutbound | Unset = UNSET
    send_at: None | str | Unset = UNSET
    audience: BroadcastAudience | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.broadcast_outbound import BroadcastOutbound

        id = self.id

        target = self.target.to_dict()

        payload = self.payload

        status = self.status

        recipients_total = self.recipients_total

        notifications_created = self.notifications_created

        email: dict[str, Any] | None
        if isinstance(self.email, BroadcastOutbound):
            email = self.email.to_dict()
        else:
            email = self.email

        push: dict[str, Any] | None
        if isinstance(self.push, BroadcastOutbound):
            push = self.push.to_dict()
        else:
            push = self.push

        created_at = self.created_at

        updated_at = self.updated_at

        sms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sms, Unset):
            sms = self.sms.to_dict()

        mobile_push: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mobile_push, Unset):
            mobile_push = self.mobile_push.to_dict()

        send_at: None | str | Unset
        if isinstance(self.send_at, Unset):
            send_at = UNSET
        else:
            send_at = self.send_at

        audience: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audience, Unset):
            audience = self.audience.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "target": target,
                "payload": payload,
                "status": status,
                "recipients_total": recipients_total,
                "notifications_created": notifications_created,
                "email": email,
                "push": push,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if sms is not UNSET:
            field_dict["sms"] = sms
        if mobile_push is not UNSET:
            field_dict["mobile_push"] = mobile_push
        if send_at is not UNSET:
            field_dict["send_at"] = send_at
        if audience is not UNSET:
            field_dict["audience"] = audience

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.broadcast_audience import BroadcastAudience
        from ..models.broadcast_outbound import BroadcastOutbound
        from ..models.target import Target

        d = dict(src_dict)
        id = d.pop("id")

        target = Target.from_dict(d.pop("target"))

        payload = d.pop("payload")

        status = d.pop("status")

        recipients_total = d.pop("recipients_total")

        notifications_created = d.pop("notifications_created")

        def _parse_email(data: object) -> BroadcastOutbound | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_type_0 = BroadcastOutbound.from_dict(data)

                return email_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BroadcastOutbound | None, data)

        email = _parse_email(d.pop("email"))

        def _parse_push(data: object) -> BroadcastOutbound | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                push_type_0 = BroadcastOutbound.from_dict(data)

                return push_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BroadcastOutbound | None, data)

        push = _parse_push(d.pop("push"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        _sms = d.pop("sms", UNSET)
        sms: BroadcastOutbound | Unset
        if isinstance(_sms, Unset):
            sms = UNSET
        else:
            sms = BroadcastOutbound.from_dict(_sms)

        _mobile_push = d.pop("mobile_push", UNSET)
        mobile_push: BroadcastOutbound | Unset
        if isinstance(_mobile_push, Unset):
            mobile_push = UNSET
        else:
            mobile_push = BroadcastOutbound.from_dict(_mobile_push)

        def _parse_send_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        send_at = _parse_send_at(d.pop("send_at", UNSET))

        _audience = d.pop("audience", UNSET)
        audience: BroadcastAudience | Unset
        if isinstance(_audience, Unset):
            audience = UNSET
        else:
            audience = BroadcastAudience.from_dict(_audience)

        broadcast = cls(
            id=id,
            target=target,
            payload=payload,
            status=status,
            recipients_total=recipients_total,
            notifications_created=notifications_created,
            email=email,
            push=push,
            created_at=created_at,
            updated_at=updated_at,
            sms=sms,
            mobile_push=mobile_push,
            send_at=send_at,
            audience=audience,
        )

        broadcast.additional_properties = d
        return broadcast

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
