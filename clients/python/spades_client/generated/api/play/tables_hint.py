from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hint import Hint
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/hint/".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hint | Problem | None:
    if response.status_code == 200:
        response_200 = Hint.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hint | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
) -> Response[Hint | Problem]:
    """A suggested move: your bid and the cards counted for it, or the card to play

     The normal-level bot's choice from your seat view alone: it never sees other hands. Refused with
    not_your_turn when you have nothing to do.

    Args:
        table_id (UUID):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
) -> Hint | Problem | None:
    """A suggested move: your bid and the cards counted for it, or the card to play

     The normal-level bot's choice from your seat view alone: it never sees other hands. Refused with
    not_your_turn when you have nothing to do.

    Args:
        table_id (UUID):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
) -> Response[Hint | Problem]:
    """A suggested move: your bid and the cards counted for it, or the card to play

     The normal-level bot's choice from your seat view alone: it never sees other hands. Refused with
    not_your_turn when you have nothing to do.

    Args:
        table_id (UUID):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    accept_language: str | Unset = UNSET,
) -> Hint | Problem | None:
    """A suggested move: your bid and the cards counted for it, or the card to play

     The normal-level bot's choice from your seat view alone: it never sees other hands. Refused with
    not_your_turn when you have nothing to do.

    Args:
        table_id (UUID):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            accept_language=accept_language,
        )
    ).parsed
