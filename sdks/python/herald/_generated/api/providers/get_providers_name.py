from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_providers_name_name import (
    GetProvidersNameName,
)
from ...models.get_providers_name_response_200 import GetProvidersNameResponse200
from ...models.message_error import MessageError
from ...types import Response


def _get_kwargs(
    name: GetProvidersNameName,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{name}".format(
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetProvidersNameResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetProvidersNameResponse200.from_dict(response.json())

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
) -> Response[GetProvidersNameResponse200 | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: GetProvidersNameName,
    *,
    client: AuthenticatedClient,
) -> Response[GetProvidersNameResponse200 | MessageError]:
    """Get a provider

    Args:
        name (GetProvidersNameName):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetProvidersNameResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: GetProvidersNameName,
    *,
    client: AuthenticatedClient,
) -> GetProvidersNameResponse200 | MessageError | None:
    """Get a provider

    Args:
        name (GetProvidersNameName):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetProvidersNameResponse200 | MessageError
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: GetProvidersNameName,
    *,
    client: AuthenticatedClient,
) -> Response[GetProvidersNameResponse200 | MessageError]:
    """Get a provider

    Args:
        name (GetProvidersNameName):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetProvidersNameResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: GetProvidersNameName,
    *,
    client: AuthenticatedClient,
) -> GetProvidersNameResponse200 | MessageError | None:
    """Get a provider

    Args:
        name (GetProvidersNameName):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetProvidersNameResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
