from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_family_error import ErrorFamilyError
from ...models.post_admin_projects_id_keys_body import PostAdminProjectsIdKeysBody
from ...models.post_admin_projects_id_keys_response_201 import (
    PostAdminProjectsIdKeysResponse201,
)
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: PostAdminProjectsIdKeysBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/admin/projects/{id}/keys".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorFamilyError | PostAdminProjectsIdKeysResponse201 | None:
    if response.status_code == 201:
        response_201 = PostAdminProjectsIdKeysResponse201.from_dict(response.json())

        return response_201

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
) -> Response[ErrorFamilyError | PostAdminProjectsIdKeysResponse201]:
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
    body: PostAdminProjectsIdKeysBody,
) -> Response[ErrorFamilyError | PostAdminProjectsIdKeysResponse201]:
    """Create an API key

    Args:
        id (str):
        body (PostAdminProjectsIdKeysBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PostAdminProjectsIdKeysResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PostAdminProjectsIdKeysBody,
) -> ErrorFamilyError | PostAdminProjectsIdKeysResponse201 | None:
    """Create an API key

    Args:
        id (str):
        body (PostAdminProjectsIdKeysBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PostAdminProjectsIdKeysResponse201
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PostAdminProjectsIdKeysBody,
) -> Response[ErrorFamilyError | PostAdminProjectsIdKeysResponse201]:
    """Create an API key

    Args:
        id (str):
        body (PostAdminProjectsIdKeysBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorFamilyError | PostAdminProjectsIdKeysResponse201]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: PostAdminProjectsIdKeysBody,
) -> ErrorFamilyError | PostAdminProjectsIdKeysResponse201 | None:
    """Create an API key

    Args:
        id (str):
        body (PostAdminProjectsIdKeysBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorFamilyError | PostAdminProjectsIdKeysResponse201
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
