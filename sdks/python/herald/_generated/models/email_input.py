from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.email_input_unless import EmailInputUnless, check_email_input_unless
from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailInput")


@_attrs_define
class EmailInput:
    """
    Attributes:
        subject (str):
        html (str): Up to 524288 bytes (UTF-8)
        text (str | Unset): Up to 524288 bytes (UTF-8); derived from html when omitted
        from_name (str | Unset): Sender display name for this send only (1-256 characters); the address stays the
            project's
        delay_seconds (int | Unset): Escalation: send the email this many seconds after the in-app delivery (0-604800;
            default 0)
        unless (EmailInputUnless | Unset): Escalation: `read` or `opened`. When the email is due, it is skipped (reason
            `read_in_app`) if the in-app notification is read (or opened) by then. Needs a `payload`.
    """

    subject: str
    html: str
    text: str | Unset = UNSET
    from_name: str | Unset = UNSET
    delay_seconds: int | Unset = UNSET
    unless: EmailInputUnless | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        subject = self.subject

        html = self.html

        text = self.text

        from_name = self.from_name

        delay_seconds = self.delay_seconds

        unless: str | Unset = UNSET
        if not isinstance(self.unless, Unset):
            unless = self.unless

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "subject": subject,
                "html": html,
            }
        )
        if text is not UNSET:
            field_dict["text"] = text
        if from_name is not UNSET:
            field_dict["from_name"] = from_name
        if delay_seconds is not UNSET:
            field_dict["delay_seconds"] = delay_seconds
        if unless is not UNSET:
            field_dict["unless"] = unless

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        subject = d.pop("subject")

        html = d.pop("html")

        text = d.pop("text", UNSET)

        from_name = d.pop("from_name", UNSET)

        delay_seconds = d.pop("delay_seconds", UNSET)

        _unless = d.pop("unless", UNSET)
        unless: EmailInputUnless | Unset
        if isinstance(_unless, Unset):
            unless = UNSET
        else:
            unless = check_email_input_unless(_unless)

        email_input = cls(
            subject=subject,
            html=html,
            text=text,
            from_name=from_name,
            delay_seconds=delay_seconds,
            unless=unless,
        )

        return email_input
