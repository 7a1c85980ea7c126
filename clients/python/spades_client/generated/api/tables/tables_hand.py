from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hand_record import HandRecord
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    table_id: UUID,
    number: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/hands/{number}/".format(
            table_id=quote(str(table_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> HandRecord | Problem | None:
    if response.status_code == 200:
        response_200 = HandRecord.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[HandRecord | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[HandRecord | Problem]:
    """A finished hand: every seat's cards, every trick, the score breakdown

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandRecord | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> HandRecord | Problem | None:
    """A finished hand: every seat's cards, every trick, the score breakdown

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandRecord | Problem
    """

    return sync_detailed(
        table_id=table_id,
        number=number,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[HandRecord | Problem]:
    """A finished hand: every seat's cards, every trick, the score breakdown

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HandRecord | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> HandRecord | Problem | None:
    """A finished hand: every seat's cards, every trick, the score breakdown

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HandRecord | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            number=number,
            client=client,
        )
    ).parsed
