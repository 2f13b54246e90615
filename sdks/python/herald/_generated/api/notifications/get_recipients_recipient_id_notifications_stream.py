from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    recipient_id: str,
    *,
    token: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["last-event-id"] = last_event_id

    params: dict[str, Any] = {}

    params["token"] = token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/recipients/{recipient_id}/notifications/stream".format(
            recipient_id=quote(str(recipient_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[MessageError | str]:
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
    token: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[MessageError | str]:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream`. Events: `notification` (`{"notification": <Notification>, "unread_count":
    n}`: newly delivered), `notification.updated` (same shape: read/opened changed, mark-all-read
    included), `unread_count` (`{"unread_count": n}`: on connect and after every change), `reset`
    (`{"reason": "replay_window_exceeded", "unread_count": n}`: refetch the feed). Every event has an
    `id` (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (bounded
    window, else `reset`). A comment line every 15 s keeps the connection open. Browsers pass a
    recipient token as `?token=` (EventSource cannot set headers). 429 `too_many_streams` beyond the
    per-recipient or per-project limit.

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | str]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        token=token,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> MessageError | str | None:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream`. Events: `notification` (`{"notification": <Notification>, "unread_count":
    n}`: newly delivered), `notification.updated` (same shape: read/opened changed, mark-all-read
    included), `unread_count` (`{"unread_count": n}`: on connect and after every change), `reset`
    (`{"reason": "replay_window_exceeded", "unread_count": n}`: refetch the feed). Every event has an
    `id` (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (bounded
    window, else `reset`). A comment line every 15 s keeps the connection open. Browsers pass a
    recipient token as `?token=` (EventSource cannot set headers). 429 `too_many_streams` beyond the
    per-recipient or per-project limit.

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | str
    """

    return sync_detailed(
        recipient_id=recipient_id,
        client=client,
        token=token,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[MessageError | str]:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream`. Events: `notification` (`{"notification": <Notification>, "unread_count":
    n}`: newly delivered), `notification.updated` (same shape: read/opened changed, mark-all-read
    included), `unread_count` (`{"unread_count": n}`: on connect and after every change), `reset`
    (`{"reason": "replay_window_exceeded", "unread_count": n}`: refetch the feed). Every event has an
    `id` (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (bounded
    window, else `reset`). A comment line every 15 s keeps the connection open. Browsers pass a
    recipient token as `?token=` (EventSource cannot set headers). 429 `too_many_streams` beyond the
    per-recipient or per-project limit.

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | str]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        token=token,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    token: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> MessageError | str | None:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream`. Events: `notification` (`{"notification": <Notification>, "unread_count":
    n}`: newly delivered), `notification.updated` (same shape: read/opened changed, mark-all-read
    included), `unread_count` (`{"unread_count": n}`: on connect and after every change), `reset`
    (`{"reason": "replay_window_exceeded", "unread_count": n}`: refetch the feed). Every event has an
    `id` (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (bounded
    window, else `reset`). A comment line every 15 s keeps the connection open. Browsers pass a
    recipient token as `?token=` (EventSource cannot set headers). 429 `too_many_streams` beyond the
    per-recipient or per-project limit.

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | str
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            token=token,
            last_event_id=last_event_id,
        )
    ).parsed
