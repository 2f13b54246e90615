from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_recipients_recipient_id_lists_response_200 import (
    GetRecipientsRecipientIdListsResponse200,
)
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    recipient_id: str,
    *,
    self_service: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["self_service"] = self_service

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/recipients/{recipient_id}/lists".format(
            recipient_id=quote(str(recipient_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetRecipientsRecipientIdListsResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetRecipientsRecipientIdListsResponse200.from_dict(
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
) -> Response[GetRecipientsRecipientIdListsResponse200 | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    self_service: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[GetRecipientsRecipientIdListsResponse200 | MessageError]:
    """List a recipient's lists

    Args:
        recipient_id (str):
        self_service (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetRecipientsRecipientIdListsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        self_service=self_service,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    self_service: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> GetRecipientsRecipientIdListsResponse200 | MessageError | None:
    """List a recipient's lists

    Args:
        recipient_id (str):
        self_service (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetRecipientsRecipientIdListsResponse200 | MessageError
    """

    return sync_detailed(
        recipient_id=recipient_id,
        client=client,
        self_service=self_service,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    self_service: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> Response[GetRecipientsRecipientIdListsResponse200 | MessageError]:
    """List a recipient's lists

    Args:
        recipient_id (str):
        self_service (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetRecipientsRecipientIdListsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        self_service=self_service,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    self_service: bool | Unset = UNSET,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
) -> GetRecipientsRecipientIdListsResponse200 | MessageError | None:
    """List a recipient's lists

    Args:
        recipient_id (str):
        self_service (bool | Unset):
        limit (int | Unset):
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetRecipientsRecipientIdListsResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            self_service=self_service,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
