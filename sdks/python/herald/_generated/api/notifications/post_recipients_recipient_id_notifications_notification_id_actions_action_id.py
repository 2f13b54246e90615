from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.post_recipients_recipient_id_notifications_notification_id_actions_action_id_response_200 import (
    PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200,
)
from ...types import Response


def _get_kwargs(
    recipient_id: str,
    notification_id: str,
    action_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/recipients/{recipient_id}/notifications/{notification_id}/actions/{action_id}".format(
            recipient_id=quote(str(recipient_id), safe=""),
            notification_id=quote(str(notification_id), safe=""),
            action_id=quote(str(action_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
    | None
):
    if response.status_code == 200:
        response_200 = PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200.from_dict(
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
) -> Response[
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    recipient_id: str,
    notification_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
]:
    """Record the action a recipient chose

     Records `action_taken` and sends the `notification.action` webhook. The same action again changes
    nothing and sends no second webhook. An action id the payload does not carry: 404
    `action_not_found`.

    Args:
        recipient_id (str):
        notification_id (str):
        action_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        notification_id=notification_id,
        action_id=action_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    notification_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
) -> (
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
    | None
):
    """Record the action a recipient chose

     Records `action_taken` and sends the `notification.action` webhook. The same action again changes
    nothing and sends no second webhook. An action id the payload does not carry: 404
    `action_not_found`.

    Args:
        recipient_id (str):
        notification_id (str):
        action_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
    """

    return sync_detailed(
        recipient_id=recipient_id,
        notification_id=notification_id,
        action_id=action_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    notification_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
]:
    """Record the action a recipient chose

     Records `action_taken` and sends the `notification.action` webhook. The same action again changes
    nothing and sends no second webhook. An action id the payload does not carry: 404
    `action_not_found`.

    Args:
        recipient_id (str):
        notification_id (str):
        action_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        notification_id=notification_id,
        action_id=action_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    notification_id: str,
    action_id: str,
    *,
    client: AuthenticatedClient,
) -> (
    MessageError
    | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
    | None
):
    """Record the action a recipient chose

     Records `action_taken` and sends the `notification.action` webhook. The same action again changes
    nothing and sends no second webhook. An action id the payload does not carry: 404
    `action_not_found`.

    Args:
        recipient_id (str):
        notification_id (str):
        action_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PostRecipientsRecipientIdNotificationsNotificationIdActionsActionIdResponse200
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            notification_id=notification_id,
            action_id=action_id,
            client=client,
        )
    ).parsed
