from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_recipients_recipient_id_notifications_mark_all_read_response_200 import (
    PostRecipientsRecipientIdNotificationsMarkAllReadResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    recipient_id: str,
    *,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["channel"] = channel

    params["topic"] = topic

    params["event"] = event

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/recipients/{recipient_id}/notifications/mark_all_read".format(
            recipient_id=quote(str(recipient_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200 | None:
    if response.status_code == 200:
        response_200 = (
            PostRecipientsRecipientIdNotificationsMarkAllReadResponse200.from_dict(
                response.json()
            )
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
) -> Response[
    MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200
]:
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
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> Response[
    MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200
]:
    """Mark a recipient's whole feed (or one tab) read

    Args:
        recipient_id (str):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
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
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200 | None:
    """Mark a recipient's whole feed (or one tab) read

    Args:
        recipient_id (str):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200
    """

    return sync_detailed(
        recipient_id=recipient_id,
        client=client,
        channel=channel,
        topic=topic,
        event=event,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> Response[
    MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200
]:
    """Mark a recipient's whole feed (or one tab) read

    Args:
        recipient_id (str):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
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
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
) -> MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200 | None:
    """Mark a recipient's whole feed (or one tab) read

    Args:
        recipient_id (str):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostRecipientsRecipientIdNotificationsMarkAllReadResponse200
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            channel=channel,
            topic=topic,
            event=event,
        )
    ).parsed
