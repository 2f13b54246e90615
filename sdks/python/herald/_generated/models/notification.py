from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notification_chat import NotificationChat
    from ..models.notification_decision import NotificationDecision
    from ..models.notification_email import NotificationEmail
    from ..models.notification_mobile_push import NotificationMobilePush
    from ..models.notification_push import NotificationPush
    from ..models.notification_sms import NotificationSms
    from ..models.target import Target


T = TypeVar("T", bound="Notification")


@_attrs_define
class Notification:
    """
    Attributes:
        id (int):
        recipient_id (str):
        payload (Any):
        broadcast_id (int | None):
        target (None | Target):
        read (bool):
        opened (bool):
        seen (bool): The recipient has seen it in a list (the badge can count unseen rather than unread)
        archived (bool): Out of the default feed, kept (`?archived=true` lists these)
        action_taken (None | str):
        created_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        updated_at (str): UTC, second precision: YYYY-MM-DDTHH:MM:SSZ
        status (str): enqueued, scheduled, canceled, delivered, suppressed, throttled, failed, not_requested
        email (NotificationEmail):
        sms (NotificationSms):
        push (NotificationPush):
        decision (None | NotificationDecision):
        snoozed_until (str | Unset): Only while snoozed: when it comes back to the feed as new
        send_at (None | str | Unset):
        chat (NotificationChat | Unset):
        mobile_push (NotificationMobilePush | Unset):
    """

    id: int
    recipient_id: str
    payload: Any
    broadcast_id: int | None
    target: None | Target
    read: bool
    opened: bool
    seen: bool
    archived: bool
    action_taken: None | str
    created_at: str
    updated_at: str
    status: str
    email: NotificationEmail
    sms: NotificationSms
    push: NotificationPush
    decision: None | NotificationDecision
    snoozed_until: str | Unset = UNSET
    send_at: None | str | Unset = UNSET
    chat: NotificationChat | Unset = UNSET
    mobile_push: NotificationMobilePush | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.notification_decision import NotificationDecision
        from ..models.target import Target

        id = self.id

        recipient_id = self.recipient_id

        payload = self.payload

        broadcast_id: int | None
        broadcast_id = self.broadcast_id

        target: dict[str, Any] | None
        if isinstance(self.target, Target):
            target = self.target.to_dict()
        else:
            target = self.target

        read = self.read

        opened = self.opened

        seen = self.seen

        archived = self.archived

        action_taken: None | str
        action_taken = self.action_taken

        created_at = self.created_at

        updated_at = self.updated_at

        status = self.status

        email = self.email.to_dict()

        sms = self.sms.to_dict()

        push = self.push.to_dict()

        decision: dict[str, Any] | None
        if isinstance(self.decision, NotificationDecision):
            decision = self.decision.to_dict()
        else:
            decision = self.decision

        snoozed_until = self.snoozed_until

        send_at: None | str | Unset
        if isinstance(self.send_at, Unset):
            send_at = UNSET
        else:
            send_at = self.send_at

        chat: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chat, Unset):
            chat = self.chat.to_dict()

        mobile_push: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mobile_push, Unset):
            mobile_push = self.mobile_push.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "recipient_id": recipient_id,
                "payload": payload,
                "broadcast_id": broadcast_id,
                "target": target,
                "read": read,
                "opened": opened,
                "seen": seen,
                "archived": archived,
                "action_taken": action_taken,
                "created_at": created_at,
                "updated_at": updated_at,
                "status": status,
                "email": email,
                "sms": sms,
                "push": push,
                "decision": decision,
            }
        )
        if snoozed_until is not UNSET:
            field_dict["snoozed_until"] = snoozed_until
        if send_at is not UNSET:
            field_dict["send_at"] = send_at
        if chat is not UNSET:
            field_dict["chat"] = chat
        if mobile_push is not UNSET:
            field_dict["mobile_push"] = mobile_push

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_chat import NotificationChat
        from ..models.notification_decision import NotificationDecision
        from ..models.notification_email import NotificationEmail
        from ..models.notification_mobile_push import NotificationMobilePush
        from ..models.notification_push import NotificationPush
        from ..models.notification_sms import NotificationSms
        from ..models.target import Target

        d = dict(src_dict)
        id = d.pop("id")

        recipient_id = d.pop("recipient_id")

        payload = d.pop("payload")

        def _parse_broadcast_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        broadcast_id = _parse_broadcast_id(d.pop("broadcast_id"))

        def _parse_target(data: object) -> None | Target:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_type_0 = Target.from_dict(data)

                return target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Target, data)

        target = _parse_target(d.pop("target"))

        read = d.pop("read")

        opened = d.pop("opened")

        seen = d.pop("seen")

        archived = d.pop("archived")

        def _parse_action_taken(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        action_taken = _parse_action_taken(d.pop("action_taken"))

        created_at = d.pop("created_at")

        updated_at = d.pop("updated_at")

        status = d.pop("status")

        email = NotificationEmail.from_dict(d.pop("email"))

        sms = NotificationSms.from_dict(d.pop("sms"))

        push = NotificationPush.from_dict(d.pop("push"))

        def _parse_decision(data: object) -> None | NotificationDecision:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decision_type_0 = NotificationDecision.from_dict(data)

                return decision_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NotificationDecision, data)

        decision = _parse_decision(d.pop("decision"))

        snoozed_until = d.pop("snoozed_until", UNSET)

        def _parse_send_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        send_at = _parse_send_at(d.pop("send_at", UNSET))

        _chat = d.pop("chat", UNSET)
        chat: NotificationChat | Unset
        if isinstance(_chat, Unset):
            chat = UNSET
        else:
            chat = NotificationChat.from_dict(_chat)

        _mobile_push = d.pop("mobile_push", UNSET)
        mobile_push: NotificationMobilePush | Unset
        if isinstance(_mobile_push, Unset):
            mobile_push = UNSET
        else:
            mobile_push = NotificationMobilePush.from_dict(_mobile_push)

        notification = cls(
            id=id,
            recipient_id=recipient_id,
            payload=payload,
            broadcast_id=broadcast_id,
            target=target,
            read=read,
            opened=opened,
            seen=seen,
            archived=archived,
            action_taken=action_taken,
            created_at=created_at,
            updated_at=updated_at,
            status=status,
            email=email,
            sms=sms,
            push=push,
            decision=decision,
            snoozed_until=snoozed_until,
            send_at=send_at,
            chat=chat,
            mobile_push=mobile_push,
        )

        notification.additional_properties = d
        return notification

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
