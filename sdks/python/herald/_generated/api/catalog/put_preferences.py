from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.catalog_entry_input import CatalogEntryInput
from ...models.error_family_error import ErrorFamilyError
from ...models.put_preferences_prune import (
    PutPreferencesPrune,
)
from ...models.put_preferences_response_200 import PutPreferencesResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: list[CatalogEntryInput],
    prune: PutPreferencesPrune | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    json_prune: str | Unset = UNSET
    if not isinstance(prune, Unset):
        json_prune = prune

    params["prune"] = json_prune

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/preferences",
        "params": params,
    }

    _kwargs["json"] = []
    for body_item_data in body:
        body_item = body_item_data.to_dict()
        _kwargs["json"].append(body_item)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorFamilyError | PutPreferencesResponse200 | None:
    if response.status_code == 200:
        response_200 = PutPreferencesResponse200.from_dict(response.json())

        return response_200

    if 400 <= response.status_code <= 499:
        response_4xx = ErrorFamilyError.from_dict(response.json())

        return response_4xx

    if 500 <= response.status_code <= 599:
        response_5xx = ErrorFamilyError.from_dict(response.json())

        return response_5xx

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorFamilyError | PutPreferencesResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: list[CatalogEntryInput],
    prune: PutPreferencesPrune | Unset = UNSET,
) -> Response[ErrorFamilyError | PutPreferencesResponse200]:
    """Create or update many catalog entries

    Args:
        prune (PutPreferencesPrune | Unset):
        body (list[CatalogEntryInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PutPreferencesResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: list[CatalogEntryInput],
    prune: PutPreferencesPrune | Unset = UNSET,
) -> ErrorFamilyError | PutPreferencesResponse200 | None:
    """Create or update many catalog entries

    Args:
        prune (PutPreferencesPrune | Unset):
        body (list[CatalogEntryInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PutPreferencesResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        prune=prune,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: list[CatalogEntryInput],
    prune: PutPreferencesPrune | Unset = UNSET,
) -> Response[ErrorFamilyError | PutPreferencesResponse200]:
    """Create or update many catalog entries

    Args:
        prune (PutPreferencesPrune | Unset):
        body (list[CatalogEntryInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PutPreferencesResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        prune=prune,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: list[CatalogEntryInput],
    prune: PutPreferencesPrune | Unset = UNSET,
) -> ErrorFamilyError | PutPreferencesResponse200 | None:
    """Create or update many catalog entries

    Args:
        prune (PutPreferencesPrune | Unset):
        body (list[CatalogEntryInput]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PutPreferencesResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            prune=prune,
        )
    ).parsed
