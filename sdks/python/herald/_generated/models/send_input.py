from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_input import ChatInput
    from ..models.email_input import EmailInput
    from ..models.mobile_push_input import MobilePushInput
    from ..models.push_input import PushInput
    from ..models.send_input_payload_type_0 import SendInputPayloadType0
    from ..models.sms_input import SmsInput
    from ..models.target_input import TargetInput


T = TypeVar("T", bound="SendInput")


@_attrs_define
class SendInput:
    """
    Attributes:
        recipient_id (None | str | Unset):
        recipient_ids (list[str] | Unset): Instead of recipient_id: send to these recipients (1 to 1000, duplicates
            counted once; unknown ones are created). Answers 201 with a broadcast; an id failing the recipient id rules is
            left out and listed in `failed`.
        list_ (str | Unset): Instead of recipient_id: send to the list's subscribers (its key). Answers 201 with a
            broadcast; an unknown list is 404 list_not_found.
        exclude_recipient_ids (list[str] | Unset): A send to many (recipient_ids, list or a broadcast) leaves these
            recipients out, e.g. the one who acted (at most 100)
        target (None | TargetInput | Unset):
        payload (None | SendInputPayloadType0 | Unset):
        email (EmailInput | None | Unset):
        sms (None | SmsInput | Unset):
        push (None | PushInput | Unset):
        chat (ChatInput | None | Unset):
        mobile_push (MobilePushInput | None | Unset):
        send_at (datetime.datetime | None | Unset):
    """

    recipient_id: None | str | Unset = UNSET
    recipient_ids: list[str] | Unset = UNSET
    list_: str | Unset = UNSET
    exclude_recipient_ids: list[str] | Unset = UNSET
    target: None | TargetInput | Unset = UNSET
    payload: None | SendInputPayloadType0 | Unset = UNSET
    email: EmailInput | None | Unset = UNSET
    sms: None | SmsInput | Unset = UNSET
    push: None | PushInput | Unset = UNSET
    chat: ChatInput | None | Unset = UNSET
    mobile_push: MobilePushInput | None | Unset = UNSET
    send_at: datetime.datetime | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.chat_input import ChatInput
        from ..models.email_input import EmailInput
        from ..models.mobile_push_input import MobilePushInput
        from ..models.push_input import PushInput
        from ..models.send_input_payload_type_0 import SendInputPayloadType0
        from ..models.sms_input import SmsInput
        from ..models.target_input import TargetInput

        recipient_id: None | str | Unset
        if isinstance(self.recipient_id, Unset):
            recipient_id = UNSET
        else:
            recipient_id = self.recipient_id

        recipient_ids: list[str] | Unset = UNSET
        if not isinstance(self.recipient_ids, Unset):
            recipient_ids = self.recipient_ids

        list_ = self.list_

        exclude_recipient_ids: list[str] | Unset = UNSET
        if not isinstance(self.exclude_recipient_ids, Unset):
            exclude_recipient_ids = self.exclude_recipient_ids

        target: dict[str, Any] | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        elif isinstance(self.target, TargetInput):
            target = self.target.to_dict()
        else:
            target = self.target

        payload: dict[str, Any] | None | Unset
        if isinstance(self.payload, Unset):
            payload = UNSET
        elif isinstance(self.payload, SendInputPayloadType0):
            payload = self.payload.to_dict()
        else:
            payload = self.payload

        email: dict[str, Any] | None | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        elif isinstance(self.email, EmailInput):
            email = self.email.to_dict()
        else:
            email = self.email

        sms: dict[str, Any] | None | Unset
        if isinstance(self.sms, Unset):
            sms = UNSET
        elif isinstance(self.sms, SmsInput):
            sms = self.sms.to_dict()
        else:
            sms = self.sms

        push: dict[str, Any] | None | Unset
        if isinstance(self.push, Unset):
            push = UNSET
        elif isinstance(self.push, PushInput):
            push = self.push.to_dict()
        else:
            push = self.push

        chat: dict[str, Any] | None | Unset
        if isinstance(self.chat, Unset):
            chat = UNSET
        elif isinstance(self.chat, ChatInput):
            chat = self.chat.to_dict()
        else:
            chat = self.chat

        mobile_push: dict[str, Any] | None | Unset
        if isinstance(self.mobile_push, Unset):
            mobile_push = UNSET
        elif isinstance(self.mobile_push, MobilePushInput):
            mobile_push = self.mobile_push.to_dict()
        else:
            mobile_push = self.mobile_push

        send_at: None | str | Unset
        if isinstance(self.send_at, Unset):
            send_at = UNSET
        elif isinstance(self.send_at, datetime.datetime):
            send_at = self.send_at.isoformat()
        else:
            send_at = self.send_at

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if recipient_id is not UNSET:
            field_dict["recipient_id"] = recipient_id
        if recipient_ids is not UNSET:
            field_dict["recipient_ids"] = recipient_ids
        if list_ is not UNSET:
            field_dict["list"] = list_
        if exclude_recipient_ids is not UNSET:
            field_dict["exclude_recipient_ids"] = exclude_recipient_ids
        if target is not UNSET:
            field_dict["target"] = target
        if payload is not UNSET:
            field_dict["payload"] = payload
        if email is not UNSET:
            field_dict["email"] = email
        if sms is not UNSET:
            field_dict["sms"] = sms
        if push is not UNSET:
            field_dict["push"] = push
        if chat is not UNSET:
            field_dict["chat"] = chat
        if mobile_push is not UNSET:
            field_dict["mobile_push"] = mobile_push
        if send_at is not UNSET:
            field_dict["send_at"] = send_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_input import ChatInput
        from ..models.email_input import EmailInput
        from ..models.mobile_push_input import MobilePushInput
        from ..models.push_input import PushInput
        from ..models.send_input_payload_type_0 import SendInputPayloadType0
        from ..models.sms_input import SmsInput
        from ..models.target_input import TargetInput

        d = dict(src_dict)

        def _parse_recipient_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        recipient_id = _parse_recipient_id(d.pop("recipient_id", UNSET))

        recipient_ids = cast(list[str], d.pop("recipient_ids", UNSET))

        list_ = d.pop("list", UNSET)

        exclude_recipient_ids = cast(list[str], d.pop("exclude_recipient_ids", UNSET))

        def _parse_target(data: object) -> None | TargetInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                target_type_0 = TargetInput.from_dict(data)

                return target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TargetInput | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        def _parse_payload(data: object) -> None | SendInputPayloadType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                payload_type_0 = SendInputPayloadType0.from_dict(data)

                return payload_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SendInputPayloadType0 | Unset, data)

        payload = _parse_payload(d.pop("payload", UNSET))

        def _parse_email(data: object) -> EmailInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                email_type_0 = EmailInput.from_dict(data)

                return email_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmailInput | None | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_sms(data: object) -> None | SmsInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sms_type_0 = SmsInput.from_dict(data)

                return sms_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SmsInput | Unset, data)

        sms = _parse_sms(d.pop("sms", UNSET))

        def _parse_push(data: object) -> None | PushInput | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                push_type_0 = PushInput.from_dict(data)

                return push_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PushInput | Unset, data)

        push = _parse_push(d.pop("push", UNSET))

        def _parse_chat(data: object) -> ChatInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                chat_type_0 = ChatInput.from_dict(data)

                return chat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatInput | None | Unset, data)

        chat = _parse_chat(d.pop("chat", UNSET))

        def _parse_mobile_push(data: object) -> MobilePushInput | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mobile_push_type_0 = MobilePushInput.from_dict(data)

                return mobile_push_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MobilePushInput | None | Unset, data)

        mobile_push = _parse_mobile_push(d.pop("mobile_push", UNSET))

        def _parse_send_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                send_at_type_0 = datetime.datetime.fromisoformat(data)

                return send_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        send_at = _parse_send_at(d.pop("send_at", UNSET))

        send_input = cls(
            recipient_id=recipient_id,
            recipient_ids=recipient_ids,
            list_=list_,
            exclude_recipient_ids=exclude_recipient_ids,
            target=target,
            payload=payload,
            email=email,
            sms=sms,
            push=push,
            chat=chat,
            mobile_push=mobile_push,
            send_at=send_at,
        )

        return send_input
