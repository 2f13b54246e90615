from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_failure import BatchFailure
    from ..models.broadcast import Broadcast
    from ..models.notification import Notification


T = TypeVar("T", bound="PostNotificationsSendResponse201Data")


@_attrs_define
class PostNotificationsSendResponse201Data:
    """
    Attributes:
        notification (None | Notification):
        broadcast (Broadcast | None):
        failed (list[BatchFailure] | Unset): A send to recipient_ids: the ids that failed the recipient id rules (left
            out; the others were sent)
    """

    notification: None | Notification
    broadcast: Broadcast | None
    failed: list[BatchFailure] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.broadcast import Broadcast
        from ..models.notification import Notification

        notification: dict[str, Any] | None
        if isinstance(self.notification, Notification):
            notification = self.notification.to_dict()
        else:
            notification = self.notification

        broadcast: dict[str, Any] | None
        if isinstance(self.broadcast, Broadcast):
            broadcast = self.broadcast.to_dict()
        else:
            broadcast = self.broadcast

        failed: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.failed, Unset):
            failed = []
            for failed_item_data in self.failed:
                failed_item = failed_item_data.to_dict()
                failed.append(failed_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "notification": notification,
                "broadcast": broadcast,
            }
        )
        if failed is not UNSET:
            field_dict["failed"] = failed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.batch_failure import BatchFailure
        from ..models.broadcast import Broadcast
        from ..models.notification import Notification

        d = dict(src_dict)

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

        def _parse_broadcast(data: object) -> Broadcast | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                broadcast_type_0 = Broadcast.from_dict(data)

                return broadcast_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Broadcast | None, data)

        broadcast = _parse_broadcast(d.pop("broadcast"))

        _failed = d.pop("failed", UNSET)
        failed: list[BatchFailure] | Unset = UNSET
        if _failed is not UNSET:
            failed = []
            for failed_item_data in _failed:
                failed_item = BatchFailure.from_dict(failed_item_data)

                failed.append(failed_item)

        post_notifications_send_response_201_data = cls(
            notification=notification,
            broadcast=broadcast,
            failed=failed,
        )

        post_notifications_send_response_201_data.additional_properties = d
        return post_notifications_send_response_201_data

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
