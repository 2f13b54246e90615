from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.patch_recipients_recipient_id_notifications_body import (
    PatchRecipientsRecipientIdNotificationsBody,
)
from ...models.patch_recipients_recipient_id_notifications_response_200 import (
    PatchRecipientsRecipientIdNotificationsResponse200,
)
from ...types import Response


def _get_kwargs(
    recipient_id: str,
    *,
    body: PatchRecipientsRecipientIdNotificationsBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/recipients/{recipient_id}/notifications".format(
            recipient_id=quote(str(recipient_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PatchRecipientsRecipientIdNotificationsResponse200 | None:
    if response.status_code == 200:
        response_200 = PatchRecipientsRecipientIdNotificationsResponse200.from_dict(
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
) -> Response[MessageError | PatchRecipientsRecipientIdNotificationsResponse200]:
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
    body: PatchRecipientsRecipientIdNotificationsBody,
) -> Response[MessageError | PatchRecipientsRecipientIdNotificationsResponse200]:
    """Set read, seen or archived on several notifications, or snooze them

     Up to 100 ids; more: 400 and nothing changes. An id this recipient does not have fails alone
    (`notification_not_found`), the others change.

    Args:
        recipient_id (str):
        body (PatchRecipientsRecipientIdNotificationsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PatchRecipientsRecipientIdNotificationsResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdNotificationsBody,
) -> MessageError | PatchRecipientsRecipientIdNotificationsResponse200 | None:
    """Set read, seen or archived on several notifications, or snooze them

     Up to 100 ids; more: 400 and nothing changes. An id this recipient does not have fails alone
    (`notification_not_found`), the others change.

    Args:
        recipient_id (str):
        body (PatchRecipientsRecipientIdNotificationsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PatchRecipientsRecipientIdNotificationsResponse200
    """

    return sync_detailed(
        recipient_id=recipient_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdNotificationsBody,
) -> Response[MessageError | PatchRecipientsRecipientIdNotificationsResponse200]:
    """Set read, seen or archived on several notifications, or snooze them

     Up to 100 ids; more: 400 and nothing changes. An id this recipient does not have fails alone
    (`notification_not_found`), the others change.

    Args:
        recipient_id (str):
        body (PatchRecipientsRecipientIdNotificationsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PatchRecipientsRecipientIdNotificationsResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdNotificationsBody,
) -> MessageError | PatchRecipientsRecipientIdNotificationsResponse200 | None:
    """Set read, seen or archived on several notifications, or snooze them

     Up to 100 ids; more: 400 and nothing changes. An id this recipient does not have fails alone
    (`notification_not_found`), the others change.

    Args:
        recipient_id (str):
        body (PatchRecipientsRecipientIdNotificationsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PatchRecipientsRecipientIdNotificationsResponse200
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            client=client,
            body=body,
        )
    ).parsed
