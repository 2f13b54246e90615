from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_notifications_send_response_201 import (
    PostNotificationsSendResponse201,
)
from ...models.send_input import SendInput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SendInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/notifications/send",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PostNotificationsSendResponse201 | None:
    if response.status_code == 201:
        response_201 = PostNotificationsSendResponse201.from_dict(response.json())

        return response_201

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
) -> Response[MessageError | PostNotificationsSendResponse201]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SendInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[MessageError | PostNotificationsSendResponse201]:
    """Send a notification (to one recipient, or broadcast)

    Args:
        idempotency_key (str | Unset):
        body (SendInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostNotificationsSendResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SendInput,
    idempotency_key: str | Unset = UNSET,
) -> MessageError | PostNotificationsSendResponse201 | None:
    """Send a notification (to one recipient, or broadcast)

    Args:
        idempotency_key (str | Unset):
        body (SendInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostNotificationsSendResponse201
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SendInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[MessageError | PostNotificationsSendResponse201]:
    """Send a notification (to one recipient, or broadcast)

    Args:
        idempotency_key (str | Unset):
        body (SendInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostNotificationsSendResponse201]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SendInput,
    idempotency_key: str | Unset = UNSET,
) -> MessageError | PostNotificationsSendResponse201 | None:
    """Send a notification (to one recipient, or broadcast)

    Args:
        idempotency_key (str | Unset):
        body (SendInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostNotificationsSendResponse201
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
