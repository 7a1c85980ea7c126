from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_page import TournamentPage
from ...models.tournaments_list_kind import TournamentsListKind
from ...models.tournaments_list_status import TournamentsListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    kind: TournamentsListKind | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: TournamentsListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tournaments/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentPage | None:
    if response.status_code == 200:
        response_200 = TournamentPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[Problem | TournamentPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    kind: TournamentsListKind | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: TournamentsListStatus | Unset = UNSET,
) -> Response[Problem | TournamentPage]:
    """List tournaments, newest first

    Args:
        cursor (str | Unset):
        kind (TournamentsListKind | Unset):
        limit (int | Unset):
        status (TournamentsListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentPage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        kind=kind,
        limit=limit,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    kind: TournamentsListKind | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: TournamentsListStatus | Unset = UNSET,
) -> Problem | TournamentPage | None:
    """List tournaments, newest first

    Args:
        cursor (str | Unset):
        kind (TournamentsListKind | Unset):
        limit (int | Unset):
        status (TournamentsListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentPage
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        kind=kind,
        limit=limit,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    kind: TournamentsListKind | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: TournamentsListStatus | Unset = UNSET,
) -> Response[Problem | TournamentPage]:
    """List tournaments, newest first

    Args:
        cursor (str | Unset):
        kind (TournamentsListKind | Unset):
        limit (int | Unset):
        status (TournamentsListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentPage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        kind=kind,
        limit=limit,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    kind: TournamentsListKind | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: TournamentsListStatus | Unset = UNSET,
) -> Problem | TournamentPage | None:
    """List tournaments, newest first

    Args:
        cursor (str | Unset):
        kind (TournamentsListKind | Unset):
        limit (int | Unset):
        status (TournamentsListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentPage
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            kind=kind,
            limit=limit,
            status=status,
        )
    ).parsed
