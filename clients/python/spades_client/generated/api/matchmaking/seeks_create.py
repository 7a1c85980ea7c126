from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.seek import Seek
from ...models.seek_create_request import SeekCreateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SeekCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/seeks/",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Seek | None:
    if response.status_code == 201:
        response_201 = Seek.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Seek]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Seek]:
    """Seek a game of a rule set against anyone

     When enough players seek the same rule set and clock to fill a table, it opens at once with the
    seekers closest to you in ladder rating; otherwise, after fill_with_bots_after seconds, with whoever
    seeks it then and built-in bots. You hear table_opened on your event stream. One waiting seek per
    player.

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (SeekCreateRequest | Unset): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Seek]
    """

    kwargs = _get_kwargs(
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SeekCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Seek | None:
    """Seek a game of a rule set against anyone

     When enough players seek the same rule set and clock to fill a table, it opens at once with the
    seekers closest to you in ladder rating; otherwise, after fill_with_bots_after seconds, with whoever
    seeks it then and built-in bots. You hear table_opened on your event stream. One waiting seek per
    player.

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (SeekCreateRequest | Unset): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Seek
    """

    return sync_detailed(
        client=client,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Seek]:
    """Seek a game of a rule set against anyone

     When enough players seek the same rule set and clock to fill a table, it opens at once with the
    seekers closest to you in ladder rating; otherwise, after fill_with_bots_after seconds, with whoever
    seeks it then and built-in bots. You hear table_opened on your event stream. One waiting seek per
    player.

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (SeekCreateRequest | Unset): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Seek]
    """

    kwargs = _get_kwargs(
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SeekCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Seek | None:
    """Seek a game of a rule set against anyone

     When enough players seek the same rule set and clock to fill a table, it opens at once with the
    seekers closest to you in ladder rating; otherwise, after fill_with_bots_after seconds, with whoever
    seeks it then and built-in bots. You hear table_opened on your event stream. One waiting seek per
    player.

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (SeekCreateRequest | Unset): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Seek
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            accept_language=accept_language,
            idempotency_key=idempotency_key,
        )
    ).parsed
