import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_stats_interval import GetStatsInterval
from ...models.get_stats_response_200 import GetStatsResponse200
from ...models.message_error import MessageError
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    interval: GetStatsInterval | Unset = "minute",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    json_interval: str | Unset = UNSET
    if not isinstance(interval, Unset):
        json_interval = interval

    params["interval"] = json_interval

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/stats",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GetStatsResponse200 | MessageError | None:
    if response.status_code == 200:
        response_200 = GetStatsResponse200.from_dict(response.json())

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
) -> Response[GetStatsResponse200 | MessageError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    interval: GetStatsInterval | Unset = "minute",
) -> Response[GetStatsResponse200 | MessageError]:
    """Sends per interval by medium and outcome (the overview)

     Counted as each send ends (delivered, suppressed, quota, failed; bounced: an email address refused
    for good, also counted as failed), kept per minute (2 days), hour (62 days) and day (2 years): the
    answer costs the same whatever the store holds. A range spans at most a day by minute, 31 days by
    hour, 366 days by day (400 past it). Also the email bounce and failure rates and the backlog of due
    timers.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        interval (GetStatsInterval | Unset):  Default: 'minute'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetStatsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        interval=interval,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    interval: GetStatsInterval | Unset = "minute",
) -> GetStatsResponse200 | MessageError | None:
    """Sends per interval by medium and outcome (the overview)

     Counted as each send ends (delivered, suppressed, quota, failed; bounced: an email address refused
    for good, also counted as failed), kept per minute (2 days), hour (62 days) and day (2 years): the
    answer costs the same whatever the store holds. A range spans at most a day by minute, 31 days by
    hour, 366 days by day (400 past it). Also the email bounce and failure rates and the backlog of due
    timers.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        interval (GetStatsInterval | Unset):  Default: 'minute'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetStatsResponse200 | MessageError
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        interval=interval,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    interval: GetStatsInterval | Unset = "minute",
) -> Response[GetStatsResponse200 | MessageError]:
    """Sends per interval by medium and outcome (the overview)

     Counted as each send ends (delivered, suppressed, quota, failed; bounced: an email address refused
    for good, also counted as failed), kept per minute (2 days), hour (62 days) and day (2 years): the
    answer costs the same whatever the store holds. A range spans at most a day by minute, 31 days by
    hour, 366 days by day (400 past it). Also the email bounce and failure rates and the backlog of due
    timers.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        interval (GetStatsInterval | Unset):  Default: 'minute'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetStatsResponse200 | MessageError]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        interval=interval,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    interval: GetStatsInterval | Unset = "minute",
) -> GetStatsResponse200 | MessageError | None:
    """Sends per interval by medium and outcome (the overview)

     Counted as each send ends (delivered, suppressed, quota, failed; bounced: an email address refused
    for good, also counted as failed), kept per minute (2 days), hour (62 days) and day (2 years): the
    answer costs the same whatever the store holds. A range spans at most a day by minute, 31 days by
    hour, 366 days by day (400 past it). Also the email bounce and failure rates and the backlog of due
    timers.

    Args:
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):
        interval (GetStatsInterval | Unset):  Default: 'minute'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetStatsResponse200 | MessageError
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            interval=interval,
        )
    ).parsed
