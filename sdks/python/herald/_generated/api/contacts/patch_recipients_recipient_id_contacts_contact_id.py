from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_error import MessageError
from ...models.patch_recipients_recipient_id_contacts_contact_id_body import (
    PatchRecipientsRecipientIdContactsContactIdBody,
)
from ...models.patch_recipients_recipient_id_contacts_contact_id_response_200 import (
    PatchRecipientsRecipientIdContactsContactIdResponse200,
)
from ...types import Response


def _get_kwargs(
    recipient_id: str,
    contact_id: str,
    *,
    body: PatchRecipientsRecipientIdContactsContactIdBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/recipients/{recipient_id}/contacts/{contact_id}".format(
            recipient_id=quote(str(recipient_id), safe=""),
            contact_id=quote(str(contact_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200 | None:
    if response.status_code == 200:
        response_200 = PatchRecipientsRecipientIdContactsContactIdResponse200.from_dict(
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
) -> Response[MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    recipient_id: str,
    contact_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdContactsContactIdBody,
) -> Response[MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200]:
    """Change a contact

     A new `address` follows the rules of the contact's stored medium (an email addr-spec, an E.164
    number, a web_push PushSubscription as JSON text, a chat conversation or webhook): 400
    `validation_failed` on `address` otherwise.

    Args:
        recipient_id (str):
        contact_id (str):
        body (PatchRecipientsRecipientIdContactsContactIdBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        contact_id=contact_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    recipient_id: str,
    contact_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdContactsContactIdBody,
) -> MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200 | None:
    """Change a contact

     A new `address` follows the rules of the contact's stored medium (an email addr-spec, an E.164
    number, a web_push PushSubscription as JSON text, a chat conversation or webhook): 400
    `validation_failed` on `address` otherwise.

    Args:
        recipient_id (str):
        contact_id (str):
        body (PatchRecipientsRecipientIdContactsContactIdBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200
    """

    return sync_detailed(
        recipient_id=recipient_id,
        contact_id=contact_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    recipient_id: str,
    contact_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdContactsContactIdBody,
) -> Response[MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200]:
    """Change a contact

     A new `address` follows the rules of the contact's stored medium (an email addr-spec, an E.164
    number, a web_push PushSubscription as JSON text, a chat conversation or webhook): 400
    `validation_failed` on `address` otherwise.

    Args:
        recipient_id (str):
        contact_id (str):
        body (PatchRecipientsRecipientIdContactsContactIdBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200]
    """

    kwargs = _get_kwargs(
        recipient_id=recipient_id,
        contact_id=contact_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    recipient_id: str,
    contact_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchRecipientsRecipientIdContactsContactIdBody,
) -> MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200 | None:
    """Change a contact

     A new `address` follows the rules of the contact's stored medium (an email addr-spec, an E.164
    number, a web_push PushSubscription as JSON text, a chat conversation or webhook): 400
    `validation_failed` on `address` otherwise.

    Args:
        recipient_id (str):
        contact_id (str):
        body (PatchRecipientsRecipientIdContactsContactIdBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MessageError | PatchRecipientsRecipientIdContactsContactIdResponse200
    """

    return (
        await asyncio_detailed(
            recipient_id=recipient_id,
            contact_id=contact_id,
            client=client,
            body=body,
        )
    ).parsed
