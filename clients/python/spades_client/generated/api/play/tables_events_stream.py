from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tables_events_stream_format import TablesEventsStreamFormat
from ...models.tables_events_stream_response_200 import TablesEventsStreamResponse200
from ...models.tables_events_stream_until import TablesEventsStreamUntil
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    format_: TablesEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
    until: TablesEventsStreamUntil | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["token"] = token

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.value

    params["until"] = json_until

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/events/stream/".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TablesEventsStreamResponse200 | None:
    if response.status_code == 200:
        response_200 = TablesEventsStreamResponse200.from_dict(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Problem | TablesEventsStreamResponse200]:
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
    after: int | Unset = UNSET,
    format_: TablesEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
    until: TablesEventsStreamUntil | Unset = UNSET,
) -> Response[Problem | TablesEventsStreamResponse200]:
    """The events feed as Server-Sent Events, each move pushed

     Each stream of a table is served from one read of the table a move in each server process, whatever
    the number of listeners, so a table's watchers cost the service little each. To play on it: open it
    with until=turn, and when a 'turn' event's 'legal' is not empty POST one of them to actions/ with
    its seq; the action's answer says what you may do next.

    Args:
        table_id (UUID):
        after (int | Unset):
        format_ (TablesEventsStreamFormat | Unset):
        token (str | Unset):
        until (TablesEventsStreamUntil | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TablesEventsStreamResponse200]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        format_=format_,
        token=token,
        until=until,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: TablesEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
    until: TablesEventsStreamUntil | Unset = UNSET,
) -> Problem | TablesEventsStreamResponse200 | None:
    """The events feed as Server-Sent Events, each move pushed

     Each stream of a table is served from one read of the table a move in each server process, whatever
    the number of listeners, so a table's watchers cost the service little each. To play on it: open it
    with until=turn, and when a 'turn' event's 'legal' is not empty POST one of them to actions/ with
    its seq; the action's answer says what you may do next.

    Args:
        table_id (UUID):
        after (int | Unset):
        format_ (TablesEventsStreamFormat | Unset):
        token (str | Unset):
        until (TablesEventsStreamUntil | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TablesEventsStreamResponse200
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        format_=format_,
        token=token,
        until=until,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: TablesEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
    until: TablesEventsStreamUntil | Unset = UNSET,
) -> Response[Problem | TablesEventsStreamResponse200]:
    """The events feed as Server-Sent Events, each move pushed

     Each stream of a table is served from one read of the table a move in each server process, whatever
    the number of listeners, so a table's watchers cost the service little each. To play on it: open it
    with until=turn, and when a 'turn' event's 'legal' is not empty POST one of them to actions/ with
    its seq; the action's answer says what you may do next.

    Args:
        table_id (UUID):
        after (int | Unset):
        format_ (TablesEventsStreamFormat | Unset):
        token (str | Unset):
        until (TablesEventsStreamUntil | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TablesEventsStreamResponse200]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        format_=format_,
        token=token,
        until=until,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    format_: TablesEventsStreamFormat | Unset = UNSET,
    token: str | Unset = UNSET,
    until: TablesEventsStreamUntil | Unset = UNSET,
) -> Problem | TablesEventsStreamResponse200 | None:
    """The events feed as Server-Sent Events, each move pushed

     Each stream of a table is served from one read of the table a move in each server process, whatever
    the number of listeners, so a table's watchers cost the service little each. To play on it: open it
    with until=turn, and when a 'turn' event's 'legal' is not empty POST one of them to actions/ with
    its seq; the action's answer says what you may do next.

    Args:
        table_id (UUID):
        after (int | Unset):
        format_ (TablesEventsStreamFormat | Unset):
        token (str | Unset):
        until (TablesEventsStreamUntil | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TablesEventsStreamResponse200
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            format_=format_,
            token=token,
            until=until,
        )
    ).parsed
