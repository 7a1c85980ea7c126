from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_events import PlayerEvents
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/me/events/",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayerEvents | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerEvents.from_dict(response.json())

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
) -> Response[PlayerEvents | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Response[PlayerEvents | Problem]:
    """Your own events: tables opened for you, your turn, challenges, tournaments, ladders

     Every event of your log with seq above 'after', oldest first, at most 100 at a time. The log is
    kept: reconnect with the last seq you saw and you miss nothing. your_turn is sent only when a table
    begins to wait for you after you have not moved there for a while; play from the table's own feed.
    Browsers can use the Server-Sent Events form at events/stream/.

    Args:
        after (int | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerEvents | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> PlayerEvents | Problem | None:
    """Your own events: tables opened for you, your turn, challenges, tournaments, ladders

     Every event of your log with seq above 'after', oldest first, at most 100 at a time. The log is
    kept: reconnect with the last seq you saw and you miss nothing. your_turn is sent only when a table
    begins to wait for you after you have not moved there for a while; play from the table's own feed.
    Browsers can use the Server-Sent Events form at events/stream/.

    Args:
        after (int | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerEvents | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Response[PlayerEvents | Problem]:
    """Your own events: tables opened for you, your turn, challenges, tournaments, ladders

     Every event of your log with seq above 'after', oldest first, at most 100 at a time. The log is
    kept: reconnect with the last seq you saw and you miss nothing. your_turn is sent only when a table
    begins to wait for you after you have not moved there for a while; play from the table's own feed.
    Browsers can use the Server-Sent Events form at events/stream/.

    Args:
        after (int | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerEvents | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> PlayerEvents | Problem | None:
    """Your own events: tables opened for you, your turn, challenges, tournaments, ladders

     Every event of your log with seq above 'after', oldest first, at most 100 at a time. The log is
    kept: reconnect with the last seq you saw and you miss nothing. your_turn is sent only when a table
    begins to wait for you after you have not moved there for a while; play from the table's own feed.
    Browsers can use the Server-Sent Events form at events/stream/.

    Args:
        after (int | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerEvents | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            wait=wait,
        )
    ).parsed
