from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_subscriptions_input import ListSubscriptionsInput
from ...models.message_error import MessageError
from ...models.put_lists_list_key_subscriptions_response_200 import (
    PutListsListKeySubscriptionsResponse200,
)
from ...types import Response


def _get_kwargs(
    list_key: str,
    *,
    body: ListSubscriptionsInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/lists/{list_key}/subscriptions".format(
            list_key=quote(str(list_key), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PutListsListKeySubscriptionsResponse200 | None:
    if response.status_code == 200:
        response_200 = PutListsListKeySubscriptionsResponse200.from_dict(
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
) -> Response[MessageError | PutListsListKeySubscriptionsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    list_key: str,
    *,
    client: AuthenticatedClient,
    body: ListSubscriptionsInput,
) -> Response[MessageError | PutListsListKeySubscriptionsResponse200]:
    """Subscribe recipients to a list

     Unknown recipients are created, as a direct send creates them. Idempotent: subscribing twice counts
    once.

    Args:
        list_key (str):
        body (ListSubscriptionsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PutListsListKeySubscriptionsResponse200]
    """

    kwargs = _get_kwargs(
        list_key=list_key,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    list_key: str,
    *,
    client: AuthenticatedClient,
    body: ListSubscriptionsInput,
) -> MessageError | PutListsListKeySubscriptionsResponse200 | None:
    """Subscribe recipients to a list

     Unknown recipients are created, as a direct send creates them. Idempotent: subscribing twice counts
    once.

    Args:
        list_key (str):
        body (ListSubscriptionsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PutListsListKeySubscriptionsResponse200
    """

    return sync_detailed(
        list_key=list_key,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    list_key: str,
    *,
    client: AuthenticatedClient,
    body: ListSubscriptionsInput,
) -> Response[MessageError | PutListsListKeySubscriptionsResponse200]:
    """Subscribe recipients to a list

     Unknown recipients are created, as a direct send creates them. Idempotent: subscribing twice counts
    once.

    Args:
        list_key (str):
        body (ListSubscriptionsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PutListsListKeySubscriptionsResponse200]
    """

    kwargs = _get_kwargs(
        list_key=list_key,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    list_key: str,
    *,
    client: AuthenticatedClient,
    body: ListSubscriptionsInput,
) -> MessageError | PutListsListKeySubscriptionsResponse200 | None:
    """Subscribe recipients to a list

     Unknown recipients are created, as a direct send creates them. Idempotent: subscribing twice counts
    once.

    Args:
        list_key (str):
        body (ListSubscriptionsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PutListsListKeySubscriptionsResponse200
    """

    return (
        await asyncio_detailed(
            list_key=list_key,
            client=client,
            body=body,
        )
    ).parsed
