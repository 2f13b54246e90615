from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_webhooks_id_deliveries_response_200 import (
    GetWebhooksIdDeliveriesResponse200,
)
from ...models.get_webhooks_id_deliveries_status import (
    GetWebhooksIdDeliveriesStatus,
)
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: GetWebhooksIdDeliveriesStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/webhooks/{id}/deliveries".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetWebhooksIdDeliveriesResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetWebhooksIdDeliveriesResponse200.from_dict(response.json())

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
) -> Response[GetWebhooksIdDeliveriesResponse200 | MessageError]:
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: GetWebhooksIdDeliveriesStatus | Unset = UNSET,
) -> Response[GetWebhooksIdDeliveriesResponse200 | MessageError]:
    """List an endpoint's deliveries

    Args:
        id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (GetWebhooksIdDeliveriesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhooksIdDeliveriesResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: GetWebhooksIdDeliveriesStatus | Unset = UNSET,
) -> GetWebhooksIdDeliveriesResponse200 | MessageError | None:
    """List an endpoint's deliveries

    Args:
        id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (GetWebhooksIdDeliveriesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhooksIdDeliveriesResponse200 | MessageError
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
        status=status,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: GetWebhooksIdDeliveriesStatus | Unset = UNSET,
) -> Response[GetWebhooksIdDeliveriesResponse200 | MessageError]:
    """List an endpoint's deliveries

    Args:
        id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (GetWebhooksIdDeliveriesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhooksIdDeliveriesResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    status: GetWebhooksIdDeliveriesStatus | Unset = UNSET,
) -> GetWebhooksIdDeliveriesResponse200 | MessageError | None:
    """List an endpoint's deliveries

    Args:
        id (str):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        status (GetWebhooksIdDeliveriesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhooksIdDeliveriesResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            cursor=cursor,
            status=status,
        )
    ).parsed
