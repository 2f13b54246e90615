from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.catalog_entry_patch import CatalogEntryPatch
from ...models.error_family_error import ErrorFamilyError
from ...models.patch_preferences_preference_id_response_200 import (
    PatchPreferencesPreferenceIdResponse200,
)
from ...types import Response


def _get_kwargs(
    preference_id: str,
    *,
    body: CatalogEntryPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/preferences/{preference_id}".format(
            preference_id=quote(str(preference_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorFamilyError | PatchPreferencesPreferenceIdResponse200 | None:
    if response.status_code == 200:
        response_200 = PatchPreferencesPreferenceIdResponse200.from_dict(
            response.json()
        )

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
) -> Response[ErrorFamilyError | PatchPreferencesPreferenceIdResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    preference_id: str,
    *,
    client: AuthenticatedClient,
    body: CatalogEntryPatch,
) -> Response[ErrorFamilyError | PatchPreferencesPreferenceIdResponse200]:
    """Change a catalog entry

     A `digest` is judged against the entry's stored medium: only an email entry takes one (400
    `validation_failed` on `digest` otherwise).

    Args:
        preference_id (str):
        body (CatalogEntryPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PatchPreferencesPreferenceIdResponse200]
    """

    kwargs = _get_kwargs(
        preference_id=preference_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    preference_id: str,
    *,
    client: AuthenticatedClient,
    body: CatalogEntryPatch,
) -> ErrorFamilyError | PatchPreferencesPreferenceIdResponse200 | None:
    """Change a catalog entry

     A `digest` is judged against the entry's stored medium: only an email entry takes one (400
    `validation_failed` on `digest` otherwise).

    Args:
        preference_id (str):
        body (CatalogEntryPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PatchPreferencesPreferenceIdResponse200
    """

    return sync_detailed(
        preference_id=preference_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    preference_id: str,
    *,
    client: AuthenticatedClient,
    body: CatalogEntryPatch,
) -> Response[ErrorFamilyError | PatchPreferencesPreferenceIdResponse200]:
    """Change a catalog entry

     A `digest` is judged against the entry's stored medium: only an email entry takes one (400
    `validation_failed` on `digest` otherwise).

    Args:
        preference_id (str):
        body (CatalogEntryPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PatchPreferencesPreferenceIdResponse200]
    """

    kwargs = _get_kwargs(
        preference_id=preference_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    preference_id: str,
    *,
    client: AuthenticatedClient,
    body: CatalogEntryPatch,
) -> ErrorFamilyError | PatchPreferencesPreferenceIdResponse200 | None:
    """Change a catalog entry

     A `digest` is judged against the entry's stored medium: only an email entry takes one (400
    `validation_failed` on `digest` otherwise).

    Args:
        preference_id (str):
        body (CatalogEntryPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PatchPreferencesPreferenceIdResponse200
    """

    return (
        await asyncio_detailed(
            preference_id=preference_id,
            client=client,
            body=body,
        )
    ).parsed
