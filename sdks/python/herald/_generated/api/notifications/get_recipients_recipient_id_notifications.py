from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_recipients_recipient_id_notifications_archived import (
    GetRecipientsRecipientIdNotificationsArchived,
)
from ...models.get_recipients_recipient_id_notifications_read import (
    GetRecipientsRecipientIdNotificationsRead,
)
from ...models.get_recipients_recipient_id_notifications_response_200 import (
    GetRecipientsRecipientIdNotificationsResponse200,
)
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    recipient_id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    read: GetRecipientsRecipientIdNotificationsRead | Unset = UNSET,
    archived: GetRecipientsRecipientIdNotificationsArchived | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_read: str | Unset = UNSET
    if not isinstance(read, Unset):
        json_read = read

    params["read"] = json_read

    json_archived: str | Unset = UNSET
    if not isinstance(archived, Unset):
        json_archived = archived

    params["archived"] = json_archived

    params["channel"] = channel

    params["topic"] = topic

    params["event"] = event

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/recipients/{recipient_id}/notifications".format(
            recipient_id=quote(str(recipient_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetRecipientsRecipientIdNotificationsResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetRecipientsRecipientIdNotificationsResponse200.from_dict(
            response.json()
        )

        return response_200

    if 400 <= response.status_code <= 499:
        response_4xx = MessageError.from_dict(response.json())

        return response_4xx

    if 500 <= response.status_code <= 599:
        response_5xx = MessageError.from_dict(response.json())

        return response_5xx

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GetRecipientsRecipientIdNotificationsResponse200 | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    read: GetRecipientsRecipientIdNotificationsRead | Unset = UNSET,
    archived: GetRecipientsRecipientIdNotificationsArchived | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> Response[GetRecipientsRecipientIdNotificationsResponse200 | MessageError]:
    """List a recipient's in-app feed

    Args:
        recipient_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        read (GetRecipientsRecipientIdNotificationsRead | Unset):
        archived (GetRecipientsRecipientIdNotificationsArchived | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetRecipientsRecipientIdNotificationsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        limit=limit,
        cursor=cursor,
        read=read,
        archived=archived,
        channel=channel,
        topic=topic,
        event=event,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    read: GetRecipientsRecipientIdNotificationsRead | Unset = UNSET,
    archived: GetRecipientsRecipientIdNotificationsArchived | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> GetRecipientsRecipientIdNotificationsResponse200 | MessageError | None:
    """List a recipient's in-app feed

    Args:
        recipient_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        read (GetRecipientsRecipientIdNotificationsRead | Unset):
        archived (GetRecipientsRecipientIdNotificationsArchived | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetRecipientsRecipientIdNotificationsResponse200 | MessageError
    """

    return sync_detailed(
        recipient_id=recipient_id,
        client=client,
        limit=limit,
        cursor=cursor,
        read=read,
        archived=archived,
        channel=channel,
        topic=topic,
        event=event,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    read: GetRecipientsRecipientIdNotificationsRead | Unset = UNSET,
    archived: GetRecipientsRecipientIdNotificationsArchived | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> Response[GetRecipientsRecipientIdNotificationsResponse200 | MessageError]:
    """List a recipient's in-app feed

    Args:
        recipient_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        read (GetRecipientsRecipientIdNotificationsRead | Unset):
        archived (GetRecipientsRecipientIdNotificationsArchived | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetRecipientsRecipientIdNotificationsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        limit=limit,
        cursor=cursor,
        read=read,
        archived=archived,
        channel=channel,
        topic=topic,
        event=event,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    read: GetRecipientsRecipientIdNotificationsRead | Unset = UNSET,
    archived: GetRecipientsRecipientIdNotificationsArchived | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> GetRecipientsRecipientIdNotificationsResponse200 | MessageError | None:
    """List a recipient's in-app feed

    Args:
        recipient_id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        read (GetRecipientsRecipientIdNotificationsRead | Unset):
        archived (GetRecipientsRecipientIdNotificationsArchived | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetRecipientsRecipientIdNotificationsResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            limit=limit,
            cursor=cursor,
            read=read,
            archived=archived,
            channel=channel,
            topic=topic,
            event=event,
        )
    ).parsed
