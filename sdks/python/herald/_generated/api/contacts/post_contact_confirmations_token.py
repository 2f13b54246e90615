from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_contact_confirmations_token_response_200 import (
    PostContactConfirmationsTokenResponse200,
)
from ...types import Response


def _get_kwargs(
    token: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/contact-confirmations/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PostContactConfirmationsTokenResponse200 | None:
    if response.status_code == 200:
        response_200 = PostContactConfirmationsTokenResponse200.from_dict(
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
) -> Response[MessageError | PostContactConfirmationsTokenResponse200]:
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
) -> Response[MessageError | PostContactConfirmationsTokenResponse200]:
    """Confirm an email address

     The token is the capability (no key). A tampered, unknown or expired link names no confirmation: 404
    `contact_confirmation_invalid` or `contact_confirmation_expired`; a contact or recipient since
    deleted: 404; a link for an address the contact no longer has: 400 `contact_confirmation_stale`.
    Confirming again is harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostContactConfirmationsTokenResponse200]
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
) -> MessageError | PostContactConfirmationsTokenResponse200 | None:
    """Confirm an email address

     The token is the capability (no key). A tampered, unknown or expired link names no confirmation: 404
    `contact_confirmation_invalid` or `contact_confirmation_expired`; a contact or recipient since
    deleted: 404; a link for an address the contact no longer has: 400 `contact_confirmation_stale`.
    Confirming again is harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostContactConfirmationsTokenResponse200
    """

    return sync_detailed(
        token=token,
        client=client,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[MessageError | PostContactConfirmationsTokenResponse200]:
    """Confirm an email address

     The token is the capability (no key). A tampered, unknown or expired link names no confirmation: 404
    `contact_confirmation_invalid` or `contact_confirmation_expired`; a contact or recipient since
    deleted: 404; a link for an address the contact no longer has: 400 `contact_confirmation_stale`.
    Confirming again is harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostContactConfirmationsTokenResponse200]
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
) -> MessageError | PostContactConfirmationsTokenResponse200 | None:
    """Confirm an email address

     The token is the capability (no key). A tampered, unknown or expired link names no confirmation: 404
    `contact_confirmation_invalid` or `contact_confirmation_expired`; a contact or recipient since
    deleted: 404; a link for an address the contact no longer has: 400 `contact_confirmation_stale`.
    Confirming again is harmless.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostContactConfirmationsTokenResponse200
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
        )
    ).parsed
