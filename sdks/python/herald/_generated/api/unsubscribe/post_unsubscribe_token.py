from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_unsubscribe_token_response_200 import (
    PostUnsubscribeTokenResponse200,
)
from ...types import Response


def _get_kwargs(
    token: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/unsubscribe/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PostUnsubscribeTokenResponse200 | None:
    if response.status_code == 200:
        response_200 = PostUnsubscribeTokenResponse200.from_dict(response.json())

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
) -> Response[MessageError | PostUnsubscribeTokenResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[MessageError | PostUnsubscribeTokenResponse200]:
    """Unsubscribe (one click)

     The token is the capability (no key). A tampered, unknown or expired link names no preference: 404
    `unsubscribe_token_invalid` or `unsubscribe_token_expired`. A second POST of the same token is
    harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostUnsubscribeTokenResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> MessageError | PostUnsubscribeTokenResponse200 | None:
    """Unsubscribe (one click)

     The token is the capability (no key). A tampered, unknown or expired link names no preference: 404
    `unsubscribe_token_invalid` or `unsubscribe_token_expired`. A second POST of the same token is
    harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostUnsubscribeTokenResponse200
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[MessageError | PostUnsubscribeTokenResponse200]:
    """Unsubscribe (one click)

     The token is the capability (no key). A tampered, unknown or expired link names no preference: 404
    `unsubscribe_token_invalid` or `unsubscribe_token_expired`. A second POST of the same token is
    harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostUnsubscribeTokenResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> MessageError | PostUnsubscribeTokenResponse200 | None:
    """Unsubscribe (one click)

     The token is the capability (no key). A tampered, unknown or expired link names no preference: 404
    `unsubscribe_token_invalid` or `unsubscribe_token_expired`. A second POST of the same token is
    harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostUnsubscribeTokenResponse200
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
