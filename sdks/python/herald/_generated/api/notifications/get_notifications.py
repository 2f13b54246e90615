import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_notifications_medium import (
    GetNotificationsMedium,
)
from ...models.get_notifications_response_200 import GetNotificationsResponse200
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    status: str | Unset = UNSET,
    medium: GetNotificationsMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["recipient_id"] = recipient_id

    params["channel"] = channel

    params["topic"] = topic

    params["event"] = event

    params["status"] = status

    json_medium: str | Unset = UNSET
    if not isinstance(medium, Unset):
        json_medium = medium

    params["medium"] = json_medium

    params["outcome"] = outcome

    params["broadcast_id"] = broadcast_id

    json_since: str | Unset = UNSET
    if not isinstance(since, Unset):
        json_since = since.isoformat()
    params["since"] = json_since

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.isoformat()
    params["until"] = json_until

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/notifications",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetNotificationsResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetNotificationsResponse200.from_dict(response.json())

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
) -> Response[GetNotificationsResponse200 | MessageError]:
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
    status: str | Unset = UNSET,
    medium: GetNotificationsMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[GetNotificationsResponse200 | MessageError]:
    """List the project's notifications (activity)

     Newest first. Served filter combinations: none; recipient_id; recipient_id+status; status; channel
    (+topic (+event)); medium+outcome; broadcast_id; each with since/until. Any other combination: 400
    filter_not_indexed.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        status (str | Unset):
        medium (GetNotificationsMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetNotificationsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        status=status,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
        since=since,
        until=until,
        limit=limit,
        cursor=cursor,
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
    status: str | Unset = UNSET,
    medium: GetNotificationsMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> GetNotificationsResponse200 | MessageError | None:
    """List the project's notifications (activity)

     Newest first. Served filter combinations: none; recipient_id; recipient_id+status; status; channel
    (+topic (+event)); medium+outcome; broadcast_id; each with since/until. Any other combination: 400
    filter_not_indexed.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        status (str | Unset):
        medium (GetNotificationsMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetNotificationsResponse200 | MessageError
    """

    return sync_detailed(
        client=client,
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        status=status,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
        since=since,
        until=until,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    recipient_id: str | Unset = UNSET,
    channel: str | Unset = UNSET,
    topic: str | Unset = UNSET,
    event: str | Unset = UNSET,
    status: str | Unset = UNSET,
    medium: GetNotificationsMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[GetNotificationsResponse200 | MessageError]:
    """List the project's notifications (activity)

     Newest first. Served filter combinations: none; recipient_id; recipient_id+status; status; channel
    (+topic (+event)); medium+outcome; broadcast_id; each with since/until. Any other combination: 400
    filter_not_indexed.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        status (str | Unset):
        medium (GetNotificationsMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetNotificationsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        channel=channel,
        topic=topic,
        event=event,
        status=status,
        medium=medium,
        outcome=outcome,
        broadcast_id=broadcast_id,
        since=since,
        until=until,
        limit=limit,
        cursor=cursor,
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
    status: str | Unset = UNSET,
    medium: GetNotificationsMedium | Unset = UNSET,
    outcome: str | Unset = UNSET,
    broadcast_id: str | Unset = UNSET,
    since: datetime.datetime | Unset = UNSET,
    until: datetime.datetime | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> GetNotificationsResponse200 | MessageError | None:
    """List the project's notifications (activity)

     Newest first. Served filter combinations: none; recipient_id; recipient_id+status; status; channel
    (+topic (+event)); medium+outcome; broadcast_id; each with since/until. Any other combination: 400
    filter_not_indexed.

    Args:
        recipient_id (str | Unset):
        channel (str | Unset):
        topic (str | Unset):
        event (str | Unset):
        status (str | Unset):
        medium (GetNotificationsMedium | Unset):
        outcome (str | Unset):
        broadcast_id (str | Unset):
        since (datetime.datetime | Unset):
        until (datetime.datetime | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetNotificationsResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            client=client,
            recipient_id=recipient_id,
            channel=channel,
            topic=topic,
            event=event,
            status=status,
            medium=medium,
            outcome=outcome,
            broadcast_id=broadcast_id,
            since=since,
            until=until,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
