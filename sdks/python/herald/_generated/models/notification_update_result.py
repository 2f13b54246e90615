from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification import Notification
    from ..models.notification_update_result_error_type_0 import (
        NotificationUpdateResultErrorType0,
    )


T = TypeVar("T", bound="NotificationUpdateResult")


@_attrs_define
class NotificationUpdateResult:
    """
    Attributes:
        id (int):
        notification (None | Notification): After the update; null when this recipient has no such delivered
            notification (see error)
        error (None | NotificationUpdateResultErrorType0):
    """

    id: int
    notification: None | Notification
    error: None | NotificationUpdateResultErrorType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.notification import Notification
        from ..models.notification_update_result_error_type_0 import (
            NotificationUpdateResultErrorType0,
        )

        id = self.id

        notification: dict[str, Any] | None
        if isinstance(self.notification, Notification):
            notification = self.notification.to_dict()
        else:
            notification = self.notification

        error: dict[str, Any] | None
        if isinstance(self.error, NotificationUpdateResultErrorType0):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "notification": notification,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification import Notification
        from ..models.notification_update_result_error_type_0 import (
            NotificationUpdateResultErrorType0,
        )

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_notification(data: object) -> None | Notification:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                notification_type_0 = Notification.from_dict(data)

                return notification_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Notification, data)

        notification = _parse_notification(d.pop("notification"))

        def _parse_error(data: object) -> None | NotificationUpdateResultErrorType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = NotificationUpdateResultErrorType0.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NotificationUpdateResultErrorType0, data)

        error = _parse_error(d.pop("error"))

        notification_update_result = cls(
            id=id,
            notification=notification,
            error=error,
        )

        notification_update_result.additional_properties = d
        return notification_update_result

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
