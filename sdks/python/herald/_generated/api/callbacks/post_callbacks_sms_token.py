from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_callbacks_sms_token_response_200 import (
    PostCallbacksSmsTokenResponse200,
)
from ...models.sms_status_callback import SmsStatusCallback
from ...types import UNSET, Response, Unset


def _get_kwargs(
    token: str,
    *,
    body: SmsStatusCallback | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/callbacks/sms/{token}".format(
            token=quote(str(token), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PostCallbacksSmsTokenResponse200 | None:
    if response.status_code == 200:
        response_200 = PostCallbacksSmsTokenResponse200.from_dict(response.json())

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
) -> Response[MessageError | PostCallbacksSmsTokenResponse200]:
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
    body: SmsStatusCallback | Unset = UNSET,
) -> Response[MessageError | PostCallbacksSmsTokenResponse200]:
    """Report an SMS delivery status (providers)

     The token is the capability (no key), signed for one notification: a forged or foreign one names no
    callback, 404 `callback_token_invalid`.

    Args:
        token (str):
        body (SmsStatusCallback | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostCallbacksSmsTokenResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: SmsStatusCallback | Unset = UNSET,
) -> MessageError | PostCallbacksSmsTokenResponse200 | None:
    """Report an SMS delivery status (providers)

     The token is the capability (no key), signed for one notification: a forged or foreign one names no
    callback, 404 `callback_token_invalid`.

    Args:
        token (str):
        body (SmsStatusCallback | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostCallbacksSmsTokenResponse200
    """

    return sync_detailed(
        token=token,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: SmsStatusCallback | Unset = UNSET,
) -> Response[MessageError | PostCallbacksSmsTokenResponse200]:
    """Report an SMS delivery status (providers)

     The token is the capability (no key), signed for one notification: a forged or foreign one names no
    callback, 404 `callback_token_invalid`.

    Args:
        token (str):
        body (SmsStatusCallback | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostCallbacksSmsTokenResponse200]
    """

    kwargs = _get_kwargs(
        token=token,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: SmsStatusCallback | Unset = UNSET,
) -> MessageError | PostCallbacksSmsTokenResponse200 | None:
    """Report an SMS delivery status (providers)

     The token is the capability (no key), signed for one notification: a forged or foreign one names no
    callback, 404 `callback_token_invalid`.

    Args:
        token (str):
        body (SmsStatusCallback | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostCallbacksSmsTokenResponse200
    """

    return (
        await asyncio_detailed(
            token=token,
            client=client,
            body=body,
        )
    ).parsed
