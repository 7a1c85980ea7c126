from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table import Table
from ...models.table_create_request import TableCreateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TableCreateRequest | Unset = UNSET,
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
        "url": "/api/v1/tables/",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Table | None:
    if response.status_code == 201:
        response_201 = Table.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Table]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TableCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Table]:
    """Open a table

     A rule set is a preset plus overrides; a combination that cannot be played is refused with
    invalid_rules and the switches at fault in 'errors'. Seats are open or kept for a built-in bot. The
    game starts as soon as every seat is taken. An account has at most 5 tables of its own that are not
    finished (too_many_open_tables): those it opened here and its challenges to built-in bots; the
    tables of tournaments, ladders, seeks and accepted challenges between accounts do not count. A table
    whose seats are not all taken 3600 s after it opened is closed (finished, result abandoned, reason
    unfilled).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (TableCreateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
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
    body: TableCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Table | None:
    """Open a table

     A rule set is a preset plus overrides; a combination that cannot be played is refused with
    invalid_rules and the switches at fault in 'errors'. Seats are open or kept for a built-in bot. The
    game starts as soon as every seat is taken. An account has at most 5 tables of its own that are not
    finished (too_many_open_tables): those it opened here and its challenges to built-in bots; the
    tables of tournaments, ladders, seeks and accepted challenges between accounts do not count. A table
    whose seats are not all taken 3600 s after it opened is closed (finished, result abandoned, reason
    unfilled).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (TableCreateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
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
    body: TableCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | Table]:
    """Open a table

     A rule set is a preset plus overrides; a combination that cannot be played is refused with
    invalid_rules and the switches at fault in 'errors'. Seats are open or kept for a built-in bot. The
    game starts as soon as every seat is taken. An account has at most 5 tables of its own that are not
    finished (too_many_open_tables): those it opened here and its challenges to built-in bots; the
    tables of tournaments, ladders, seeks and accepted challenges between accounts do not count. A table
    whose seats are not all taken 3600 s after it opened is closed (finished, result abandoned, reason
    unfilled).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (TableCreateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
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
    body: TableCreateRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Problem | Table | None:
    """Open a table

     A rule set is a preset plus overrides; a combination that cannot be played is refused with
    invalid_rules and the switches at fault in 'errors'. Seats are open or kept for a built-in bot. The
    game starts as soon as every seat is taken. An account has at most 5 tables of its own that are not
    finished (too_many_open_tables): those it opened here and its challenges to built-in bots; the
    tables of tournaments, ladders, seeks and accepted challenges between accounts do not count. A table
    whose seats are not all taken 3600 s after it opened is closed (finished, result abandoned, reason
    unfilled).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (TableCreateRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            accept_language=accept_language,
            idempotency_key=idempotency_key,
        )
    ).parsed
