"""The list operations of `Herald` and `AsyncHerald` (lists and their subscriptions), described once."""

from __future__ import annotations

from ._bodies import opt
from ._generated.api.lists import (
    delete_lists_list_key,
    delete_lists_list_key_subscriptions,
    delete_recipients_recipient_id_lists_list_key,
    get_lists,
    get_lists_list_key,
    get_recipients_recipient_id_lists,
    post_lists,
    put_lists_list_key_subscriptions,
    put_recipients_recipient_id_lists_list_key,
)
from ._generated.models import (
    DeleteListsListKeyResponse200,
    DeleteListsListKeySubscriptionsResponse200,
    DeleteRecipientsRecipientIdListsListKeyResponse200,
    GetListsListKeyResponse200,
    GetListsResponse200,
    GetListsResponse200Data,
    GetRecipientsRecipientIdListsResponse200,
    GetRecipientsRecipientIdListsResponse200Data,
    List,
    ListInput,
    ListSubscribeResult,
    ListSubscriptionsInput,
    ListUnsubscribeResult,
    PostListsResponse201,
    PutListsListKeySubscriptionsResponse200,
    PutRecipientsRecipientIdListsListKeyResponse200,
)
from ._operations import Operation, _checked, _data
from ._transport import parsed


def create_list(key: str, name: str, description: str | None, self_service: bool) -> Operation[List]:
    body = ListInput(key=key, name=name, description=opt(description), self_service=self_service)
    return Operation(post_lists, _data(PostListsResponse201), kwargs={"body": body})


def get_list(key: str) -> Operation[List]:
    return Operation(get_lists_list_key, _data(GetListsListKeyResponse200), (key,))


def delete_list(key: str) -> Operation[None]:
    return Operation(delete_lists_list_key, _checked(DeleteListsListKeyResponse200), (key,))


def lists_page(limit: int | None, cursor: str | None) -> Operation[GetListsResponse200Data]:
    return Operation(get_lists, _data(GetListsResponse200), kwargs={"limit": opt(limit), "cursor": opt(cursor)})


def subscribe(key: str, recipient_ids: list[str]) -> Operation[ListSubscribeResult]:
    body = ListSubscriptionsInput(recipient_ids=recipient_ids)
    return Operation(
        put_lists_list_key_subscriptions, _data(PutListsListKeySubscriptionsResponse200), (key,), {"body": body}
    )


def unsubscribe(key: str, recipient_ids: list[str]) -> Operation[ListUnsubscribeResult]:
    body = ListSubscriptionsInput(recipient_ids=recipient_ids)
    return Operation(
        delete_lists_list_key_subscriptions, _data(DeleteListsListKeySubscriptionsResponse200), (key,), {"body": body}
    )


def recipient_lists(recipient_id: str) -> Operation[list[List]]:
    return Operation(
        get_recipients_recipient_id_lists,
        lambda response: [
            List.from_dict(entry.to_dict())
            for entry in parsed(response, GetRecipientsRecipientIdListsResponse200).data.lists
        ],
        (recipient_id,),
    )


def self_service_page(
    recipient_id: str, limit: int | None, cursor: str | None
) -> Operation[GetRecipientsRecipientIdListsResponse200Data]:
    return Operation(
        get_recipients_recipient_id_lists,
        _data(GetRecipientsRecipientIdListsResponse200),
        (recipient_id,),
        {"self_service": True, "limit": opt(limit), "cursor": opt(cursor)},
    )


def join(recipient_id: str, key: str) -> Operation[None]:
    return Operation(
        put_recipients_recipient_id_lists_list_key,
        _checked(PutRecipientsRecipientIdListsListKeyResponse200),
        (recipient_id, key),
    )


def leave(recipient_id: str, key: str) -> Operation[None]:
    return Operation(
        delete_recipients_recipient_id_lists_list_key,
        _checked(DeleteRecipientsRecipientIdListsListKeyResponse200),
        (recipient_id, key),
    )
