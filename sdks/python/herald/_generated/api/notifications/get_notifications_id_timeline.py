from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_notifications_id_timeline_response_200 import (
    GetNotificationsIdTimelineResponse200,
)
from ...models.message_error import MessageError
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/notifications/{id}/timeline".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetNotificationsIdTimelineResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetNotificationsIdTimelineResponse200.from_dict(response.json())

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
) -> Response[GetNotificationsIdTimelineResponse200 | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[GetNotificationsIdTimelineResponse200 | MessageError]:
    """A notification's timeline

     Its steps in time order: accepted, the decision of each medium, each outbound medium's outcome
    (provider, attempts, error), a delayed email's escalation timer (scheduled, fired or canceled), the
    digest its email joined, and each attempt to deliver its outcome events to the project's webhook
    endpoints. Read by key: it costs the same on any store.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetNotificationsIdTimelineResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
) -> GetNotificationsIdTimelineResponse200 | MessageError | None:
    """A notification's timeline

     Its steps in time order: accepted, the decision of each medium, each outbound medium's outcome
    (provider, attempts, error), a delayed email's escalation timer (scheduled, fired or canceled), the
    digest its email joined, and each attempt to deliver its outcome events to the project's webhook
    endpoints. Read by key: it costs the same on any store.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetNotificationsIdTimelineResponse200 | MessageError
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
) -> Response[GetNotificationsIdTimelineResponse200 | MessageError]:
    """A notification's timeline

     Its steps in time order: accepted, the decision of each medium, each outbound medium's outcome
    (provider, attempts, error), a delayed email's escalation timer (scheduled, fired or canceled), the
    digest its email joined, and each attempt to deliver its outcome events to the project's webhook
    endpoints. Read by key: it costs the same on any store.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetNotificationsIdTimelineResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
) -> GetNotificationsIdTimelineResponse200 | MessageError | None:
    """A notification's timeline

     Its steps in time order: accepted, the decision of each medium, each outbound medium's outcome
    (provider, attempts, error), a delayed email's escalation timer (scheduled, fired or canceled), the
    digest its email joined, and each attempt to deliver its outcome events to the project's webhook
    endpoints. Read by key: it costs the same on any store.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetNotificationsIdTimelineResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
