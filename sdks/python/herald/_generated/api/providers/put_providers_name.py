from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.provider_input import ProviderInput
from ...models.put_providers_name_name import (
    PutProvidersNameName,
)
from ...models.put_providers_name_response_200 import PutProvidersNameResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    name: PutProvidersNameName,
    *,
    body: ProviderInput | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/providers/{name}".format(
            name=quote(str(name), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PutProvidersNameResponse200 | None:
    if response.status_code == 200:
        response_200 = PutProvidersNameResponse200.from_dict(response.json())

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
) -> Response[MessageError | PutProvidersNameResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: PutProvidersNameName,
    *,
    client: AuthenticatedClient,
    body: ProviderInput | Unset = UNSET,
) -> Response[MessageError | PutProvidersNameResponse200]:
    """Set a provider's credentials

    Args:
        name (PutProvidersNameName):
        body (ProviderInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PutProvidersNameResponse200]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: PutProvidersNameName,
    *,
    client: AuthenticatedClient,
    body: ProviderInput | Unset = UNSET,
) -> MessageError | PutProvidersNameResponse200 | None:
    """Set a provider's credentials

    Args:
        name (PutProvidersNameName):
        body (ProviderInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PutProvidersNameResponse200
    """

    return sync_detailed(
        name=name,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    name: PutProvidersNameName,
    *,
    client: AuthenticatedClient,
    body: ProviderInput | Unset = UNSET,
) -> Response[MessageError | PutProvidersNameResponse200]:
    """Set a provider's credentials

    Args:
        name (PutProvidersNameName):
        body (ProviderInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PutProvidersNameResponse200]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: PutProvidersNameName,
    *,
    client: AuthenticatedClient,
    body: ProviderInput | Unset = UNSET,
) -> MessageError | PutProvidersNameResponse200 | None:
    """Set a provider's credentials

    Args:
        name (PutProvidersNameName):
        body (ProviderInput | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PutProvidersNameResponse200
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
            body=body,
        )
    ).parsed
