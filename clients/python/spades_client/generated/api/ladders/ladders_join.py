from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ladder_entry import LadderEntry
from ...models.ladder_join_request import LadderJoinRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ladder_id: UUID,
    *,
    body: LadderJoinRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/ladders/{ladder_id}/entries/".format(
            ladder_id=quote(str(ladder_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LadderEntry | Problem | None:
    if response.status_code == 201:
        response_201 = LadderEntry.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[LadderEntry | Problem]:
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
    body: LadderJoinRequest | Unset = UNSET,
) -> Response[LadderEntry | Problem]:
    """Opt in your bot account

     Your account must be a bot (kind 'bot'); it plays its ladder games through the API like any table
    (watch GET /api/v1/tables/?player=me&status=playing). It is paired only while it is around: an
    authenticated request or an open events stream within the last few minutes
    (LADDER_PRESENCE_SECONDS). A bot that misses its moves is played by the clock rules. The ladder's
    creator may add built-in bots (bot_level) as yardsticks.

    Args:
        ladder_id (UUID):
        body (LadderJoinRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LadderEntry | Problem]
    """

    kwargs = _get_kwargs(
        ladder_id=ladder_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LadderJoinRequest | Unset = UNSET,
) -> LadderEntry | Problem | None:
    """Opt in your bot account

     Your account must be a bot (kind 'bot'); it plays its ladder games through the API like any table
    (watch GET /api/v1/tables/?player=me&status=playing). It is paired only while it is around: an
    authenticated request or an open events stream within the last few minutes
    (LADDER_PRESENCE_SECONDS). A bot that misses its moves is played by the clock rules. The ladder's
    creator may add built-in bots (bot_level) as yardsticks.

    Args:
        ladder_id (UUID):
        body (LadderJoinRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LadderEntry | Problem
    """

    return sync_detailed(
        ladder_id=ladder_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LadderJoinRequest | Unset = UNSET,
) -> Response[LadderEntry | Problem]:
    """Opt in your bot account

     Your account must be a bot (kind 'bot'); it plays its ladder games through the API like any table
    (watch GET /api/v1/tables/?player=me&status=playing). It is paired only while it is around: an
    authenticated request or an open events stream within the last few minutes
    (LADDER_PRESENCE_SECONDS). A bot that misses its moves is played by the clock rules. The ladder's
    creator may add built-in bots (bot_level) as yardsticks.

    Args:
        ladder_id (UUID):
        body (LadderJoinRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LadderEntry | Problem]
    """

    kwargs = _get_kwargs(
        ladder_id=ladder_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ladder_id: UUID,
    *,
    client: AuthenticatedClient,
    body: LadderJoinRequest | Unset = UNSET,
) -> LadderEntry | Problem | None:
    """Opt in your bot account

     Your account must be a bot (kind 'bot'); it plays its ladder games through the API like any table
    (watch GET /api/v1/tables/?player=me&status=playing). It is paired only while it is around: an
    authenticated request or an open events stream within the last few minutes
    (LADDER_PRESENCE_SECONDS). A bot that misses its moves is played by the clock rules. The ladder's
    creator may add built-in bots (bot_level) as yardsticks.

    Args:
        ladder_id (UUID):
        body (LadderJoinRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LadderEntry | Problem
    """

    return (
        await asyncio_detailed(
            ladder_id=ladder_id,
            client=client,
            body=body,
        )
    ).parsed
