from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.players_me_events_stream_format import PlayersMeEventsStreamFormat
from ...models.players_me_events_stream_response_200 import PlayersMeEventsStreamResponse200
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: int | Unset = UNSET,
    format_: PlayersMeEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["token"] = token

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/me/events/stream/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayersMeEventsStreamResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = PlayersMeEventsStreamResponse200.from_dict(response.text)

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
) -> Response[PlayersMeEventsStreamResponse200 | Problem]:
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
    format_: PlayersMeEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
) -> Response[PlayersMeEventsStreamResponse200 | Problem]:
    """Your own events as Server-Sent Events

    Args:
        after (int | Unset):
        format_ (PlayersMeEventsStreamFormat | Unset):
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersMeEventsStreamResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        format_=format_,
        token=token,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: PlayersMeEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
) -> PlayersMeEventsStreamResponse200 | Problem | None:
    """Your own events as Server-Sent Events

    Args:
        after (int | Unset):
        format_ (PlayersMeEventsStreamFormat | Unset):
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersMeEventsStreamResponse200 | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
        format_=format_,
        token=token,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: PlayersMeEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
) -> Response[PlayersMeEventsStreamResponse200 | Problem]:
    """Your own events as Server-Sent Events

    Args:
        after (int | Unset):
        format_ (PlayersMeEventsStreamFormat | Unset):
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersMeEventsStreamResponse200 | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        format_=format_,
        token=token,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: PlayersMeEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
) -> PlayersMeEventsStreamResponse200 | Problem | None:
    """Your own events as Server-Sent Events

    Args:
        after (int | Unset):
        format_ (PlayersMeEventsStreamFormat | Unset):
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersMeEventsStreamResponse200 | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            format_=format_,
            token=token,
        )
    ).parsed
