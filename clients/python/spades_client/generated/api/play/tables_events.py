from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.events import Events
from ...models.problem import Problem
from ...models.tables_events_until import TablesEventsUntil
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    until: TablesEventsUntil | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    json_until: str | Unset = UNSET
    if not isinstance(until, Unset):
        json_until = until.value

    params["until"] = json_until

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/events/".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Events | Problem | None:
    if response.status_code == 200:
        response_200 = Events.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Events | Problem]:
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
    until: TablesEventsUntil | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Response[Events | Problem]:
    """Events after seq N, as your seat may see them

     Every log entry with seq above 'after', with the events it caused filtered for your seat (your own
    cards, never another seat's). Reconnect with the last seq you saw and you miss nothing. Browsers can
    use the Server-Sent Events form at events/stream/. The play loop, one round trip a move: this answer
    carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game waits for
    you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq; otherwise wait
    for your next 'turn' event on one open events/stream/?until=turn (each move pushed), or where a
    client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your turn. Nothing
    else is needed to play a whole game.

    Args:
        table_id (UUID):
        after (int | Unset):
        until (TablesEventsUntil | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Events | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        until=until,
        wait=wait,
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
    until: TablesEventsUntil | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Events | Problem | None:
    """Events after seq N, as your seat may see them

     Every log entry with seq above 'after', with the events it caused filtered for your seat (your own
    cards, never another seat's). Reconnect with the last seq you saw and you miss nothing. Browsers can
    use the Server-Sent Events form at events/stream/. The play loop, one round trip a move: this answer
    carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game waits for
    you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq; otherwise wait
    for your next 'turn' event on one open events/stream/?until=turn (each move pushed), or where a
    client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your turn. Nothing
    else is needed to play a whole game.

    Args:
        table_id (UUID):
        after (int | Unset):
        until (TablesEventsUntil | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Events | Problem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        until=until,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    until: TablesEventsUntil | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Response[Events | Problem]:
    """Events after seq N, as your seat may see them

     Every log entry with seq above 'after', with the events it caused filtered for your seat (your own
    cards, never another seat's). Reconnect with the last seq you saw and you miss nothing. Browsers can
    use the Server-Sent Events form at events/stream/. The play loop, one round trip a move: this answer
    carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game waits for
    you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq; otherwise wait
    for your next 'turn' event on one open events/stream/?until=turn (each move pushed), or where a
    client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your turn. Nothing
    else is needed to play a whole game.

    Args:
        table_id (UUID):
        after (int | Unset):
        until (TablesEventsUntil | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Events | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        until=until,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    until: TablesEventsUntil | Unset = UNSET,
    wait: int | Unset = UNSET,
) -> Events | Problem | None:
    """Events after seq N, as your seat may see them

     Every log entry with seq above 'after', with the events it caused filtered for your seat (your own
    cards, never another seat's). Reconnect with the last seq you saw and you miss nothing. Browsers can
    use the Server-Sent Events form at events/stream/. The play loop, one round trip a move: this answer
    carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game waits for
    you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq; otherwise wait
    for your next 'turn' event on one open events/stream/?until=turn (each move pushed), or where a
    client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your turn. Nothing
    else is needed to play a whole game.

    Args:
        table_id (UUID):
        after (int | Unset):
        until (TablesEventsUntil | Unset):
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Events | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            until=until,
            wait=wait,
        )
    ).parsed
