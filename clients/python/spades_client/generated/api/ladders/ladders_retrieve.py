from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ladder import Ladder
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    ladder_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ladders/{ladder_id}/".format(
            ladder_id=quote(str(ladder_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Ladder | Problem | None:
    if response.status_code == 200:
        response_200 = Ladder.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Ladder | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Ladder | Problem]:
    """A ladder

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        ladder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Ladder | Problem]
    """

    kwargs = _get_kwargs(
        ladder_id=ladder_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Ladder | Problem | None:
    """A ladder

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        ladder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Ladder | Problem
    """

    return sync_detailed(
        ladder_id=ladder_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Ladder | Problem]:
    """A ladder

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        ladder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Ladder | Problem]
    """

    kwargs = _get_kwargs(
        ladder_id=ladder_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Ladder | Problem | None:
    """A ladder

     For an ``APIView`` whose GET is a read: its view function gets :data:`conditional_get`.

    Args:
        ladder_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Ladder | Problem
    """

    return (
        await asyncio_detailed(
            ladder_id=ladder_id,
            client=client,
        )
    ).parsed
