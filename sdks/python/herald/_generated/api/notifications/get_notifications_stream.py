from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_notifications_stream_medium import (
    GetNotificationsStreamMedium,
)
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    medium: GetNotificationsStreamMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["recipient_id"] = recipient_id

    params["channel"] = channel

    params["topic"] = topic

    params["event"] = event

    json_medium: str | Unset = UNSET
    if not isinstance(medium, Unset):
        json_medium = medium

    params["medium"] = json_medium

    params["outcome"] = outcome

    params["broadcast_id"] = broadcast_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/notifications/stream",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | MessageError | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
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
) -> Response[Any | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    medium: GetNotificationsStreamMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
) -> Response[Any | MessageError]:
    """Live activity of the project (Server-Sent Events)

     New outcomes of the project's sends as they happen: one `outcome` event each (its `type`, such as
    notification.delivered or email.failed, and the notification after it, payload left out). Filters:
    recipient_id, channel, topic, event, medium+outcome, broadcast_id (any combination); status, since,
    until, cursor and limit are refused (400). No replay on reconnection: read GET /notifications again.
    Ends when the key is revoked or the console session ends; 429 too_many_streams past the per-project
    limit.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        medium (GetNotificationsStreamMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    medium: GetNotificationsStreamMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
) -> Any | MessageError | None:
    """Live activity of the project (Server-Sent Events)

     New outcomes of the project's sends as they happen: one `outcome` event each (its `type`, such as
    notification.delivered or email.failed, and the notification after it, payload left out). Filters:
    recipient_id, channel, topic, event, medium+outcome, broadcast_id (any combination); status, since,
    until, cursor and limit are refused (400). No replay on reconnection: read GET /notifications again.
    Ends when the key is revoked or the console session ends; 429 too_many_streams past the per-project
    limit.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        medium (GetNotificationsStreamMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MessageError
    """

    return sync_detailed(
        client=client,
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    medium: GetNotificationsStreamMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
) -> Response[Any | MessageError]:
    """Live activity of the project (Server-Sent Events)

     New outcomes of the project's sends as they happen: one `outcome` event each (its `type`, such as
    notification.delivered or email.failed, and the notification after it, payload left out). Filters:
    recipient_id, channel, topic, event, medium+outcome, broadcast_id (any combination); status, since,
    until, cursor and limit are refused (400). No replay on reconnection: read GET /notifications again.
    Ends when the key is revoked or the console session ends; 429 too_many_streams past the per-project
    limit.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        medium (GetNotificationsStreamMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    medium: GetNotificationsStreamMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
) -> Any | MessageError | None:
    """Live activity of the project (Server-Sent Events)

     New outcomes of the project's sends as they happen: one `outcome` event each (its `type`, such as
    notification.delivered or email.failed, and the notification after it, payload left out). Filters:
    recipient_id, channel, topic, event, medium+outcome, broadcast_id (any combination); status, since,
    until, cursor and limit are refused (400). No replay on reconnection: read GET /notifications again.
    Ends when the key is revoked or the console session ends; 429 too_many_streams past the per-project
    limit.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        medium (GetNotificationsStreamMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MessageError
    """

    return (
        await asyncio_detailed(
            client=client,
            recipient_id=recipient_id,
            channel=channel,
            topic=topic,
            event=event,
            medium=medium,
            outcome=outcome,
            broadcast_id=broadcast_id,
        )
    ).parsed
