from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.stream_notification_event import StreamNotificationEvent
from ...models.stream_notification_updated_event import StreamNotificationUpdatedEvent
from ...models.stream_reset_event import StreamResetEvent
from ...models.stream_unread_count_event import StreamUnreadCountEvent
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
) -> (
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
    | None
):
    if response.status_code == 200:

        def _parse_response_200(
            data: object,
        ) -> (
            StreamNotificationEvent
            | StreamNotificationUpdatedEvent
            | StreamResetEvent
            | StreamUnreadCountEvent
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stream_event_type_0 = (
                    StreamNotificationEvent.from_dict(data)
                )

                return componentsschemas_stream_event_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stream_event_type_1 = (
                    StreamNotificationUpdatedEvent.from_dict(data)
                )

                return componentsschemas_stream_event_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stream_event_type_2 = (
                    StreamUnreadCountEvent.from_dict(data)
                )

                return componentsschemas_stream_event_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_stream_event_type_3 = StreamResetEvent.from_dict(data)

            return componentsschemas_stream_event_type_3

        response_200 = _parse_response_200(response.text)

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
) -> Response[
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
]:
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
) -> Response[
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
]:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream` of `StreamEvent`s: `notification` (newly delivered, or back from a snooze),
    `notification.updated` (read/opened/seen changed, archived or unarchived, mark-all included, an
    action taken, snoozed), `unread_count` (the unread and unseen counts, which every event also
    carries: on connect and after every change), `reset` (refetch the feed). Every event has an `id`
    (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (a bounded window
    of events and bytes, else `reset`). The stream starts with a `retry:` line; a comment line
    (heartbeat, every 15 s by default) keeps the connection open. The stream ends when its credential
    does (the recipient token expires, the key that opened it or minted its token is revoked, the
    recipient is erased) and after at most an hour (configurable): reconnect with Last-Event-ID.
    Browsers pass a recipient token as `?token=` (EventSource cannot set headers); an API key there is
    refused (401). 429 `too_many_streams` beyond the per-recipient or per-project limit, 503
    `unavailable` when the replica holds as many streams as it can (both with Retry-After).

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | StreamNotificationEvent | StreamNotificationUpdatedEvent | StreamResetEvent | StreamUnreadCountEvent]
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
) -> (
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
    | None
):
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream` of `StreamEvent`s: `notification` (newly delivered, or back from a snooze),
    `notification.updated` (read/opened/seen changed, archived or unarchived, mark-all included, an
    action taken, snoozed), `unread_count` (the unread and unseen counts, which every event also
    carries: on connect and after every change), `reset` (refetch the feed). Every event has an `id`
    (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (a bounded window
    of events and bytes, else `reset`). The stream starts with a `retry:` line; a comment line
    (heartbeat, every 15 s by default) keeps the connection open. The stream ends when its credential
    does (the recipient token expires, the key that opened it or minted its token is revoked, the
    recipient is erased) and after at most an hour (configurable): reconnect with Last-Event-ID.
    Browsers pass a recipient token as `?token=` (EventSource cannot set headers); an API key there is
    refused (401). 429 `too_many_streams` beyond the per-recipient or per-project limit, 503
    `unavailable` when the replica holds as many streams as it can (both with Retry-After).

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | StreamNotificationEvent | StreamNotificationUpdatedEvent | StreamResetEvent | StreamUnreadCountEvent
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
) -> Response[
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
]:
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream` of `StreamEvent`s: `notification` (newly delivered, or back from a snooze),
    `notification.updated` (read/opened/seen changed, archived or unarchived, mark-all included, an
    action taken, snoozed), `unread_count` (the unread and unseen counts, which every event also
    carries: on connect and after every change), `reset` (refetch the feed). Every event has an `id`
    (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (a bounded window
    of events and bytes, else `reset`). The stream starts with a `retry:` line; a comment line
    (heartbeat, every 15 s by default) keeps the connection open. The stream ends when its credential
    does (the recipient token expires, the key that opened it or minted its token is revoked, the
    recipient is erased) and after at most an hour (configurable): reconnect with Last-Event-ID.
    Browsers pass a recipient token as `?token=` (EventSource cannot set headers); an API key there is
    refused (401). 429 `too_many_streams` beyond the per-recipient or per-project limit, 503
    `unavailable` when the replica holds as many streams as it can (both with Retry-After).

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | StreamNotificationEvent | StreamNotificationUpdatedEvent | StreamResetEvent | StreamUnreadCountEvent]
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
) -> (
    MessageError
    | StreamNotificationEvent
    | StreamNotificationUpdatedEvent
    | StreamResetEvent
    | StreamUnreadCountEvent
    | None
):
    """Live feed of a recipient (Server-Sent Events)

     A `text/event-stream` of `StreamEvent`s: `notification` (newly delivered, or back from a snooze),
    `notification.updated` (read/opened/seen changed, archived or unarchived, mark-all included, an
    action taken, snoozed), `unread_count` (the unread and unseen counts, which every event also
    carries: on connect and after every change), `reset` (refetch the feed). Every event has an `id`
    (grows per recipient); reconnecting with `Last-Event-ID` replays what was missed (a bounded window
    of events and bytes, else `reset`). The stream starts with a `retry:` line; a comment line
    (heartbeat, every 15 s by default) keeps the connection open. The stream ends when its credential
    does (the recipient token expires, the key that opened it or minted its token is revoked, the
    recipient is erased) and after at most an hour (configurable): reconnect with Last-Event-ID.
    Browsers pass a recipient token as `?token=` (EventSource cannot set headers); an API key there is
    refused (401). 429 `too_many_streams` beyond the per-recipient or per-project limit, 503
    `unavailable` when the replica holds as many streams as it can (both with Retry-After).

    Args:
        recipient_id (str):
        token (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | StreamNotificationEvent | StreamNotificationUpdatedEvent | StreamResetEvent | StreamUnreadCountEvent
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            token=token,
            last_event_id=last_event_id,
        )
    ).parsed
