from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.challenge_create_request import ChallengeCreateRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ChallengeCreateRequest,
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
        "url": "/api/v1/challenges/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 201:
        response_201 = Challenge.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeCreateRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Challenge a named player or bot account, or a built-in bot

     They hear of it on their event stream (challenge_received) and accept or decline it before it
    expires; you hear the answer on yours. On accept the table opens with you both seated and built-in
    bots in the other seats. A built-in bot (opponent bot:LEVEL) answers at once: the answer is the
    challenge already accepted, with its table (you sit in seat, the bot in opponent_seat), or declined
    with decline_reason; you hear challenge_accepted and table_opened, or challenge_declined. It plays
    every rule set; it declines (clock) a move clock shorter than its move can take: the wait for a
    worker and, at the hard level, its thinking time. An account that refuses your challenges (it blocks
    you, or takes none) answers challenge_refused, and hears nothing of it. At most 20 of your
    challenges wait for an answer at a time (too_many_challenges), 3 for one account's
    (too_many_challenges_to_opponent). A built-in bot's table is one of your own tables, of which you
    may have 5 not finished (too_many_open_tables).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (ChallengeCreateRequest): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: ChallengeCreateRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Challenge a named player or bot account, or a built-in bot

     They hear of it on their event stream (challenge_received) and accept or decline it before it
    expires; you hear the answer on yours. On accept the table opens with you both seated and built-in
    bots in the other seats. A built-in bot (opponent bot:LEVEL) answers at once: the answer is the
    challenge already accepted, with its table (you sit in seat, the bot in opponent_seat), or declined
    with decline_reason; you hear challenge_accepted and table_opened, or challenge_declined. It plays
    every rule set; it declines (clock) a move clock shorter than its move can take: the wait for a
    worker and, at the hard level, its thinking time. An account that refuses your challenges (it blocks
    you, or takes none) answers challenge_refused, and hears nothing of it. At most 20 of your
    challenges wait for an answer at a time (too_many_challenges), 3 for one account's
    (too_many_challenges_to_opponent). A built-in bot's table is one of your own tables, of which you
    may have 5 not finished (too_many_open_tables).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (ChallengeCreateRequest): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
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
    body: ChallengeCreateRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Challenge a named player or bot account, or a built-in bot

     They hear of it on their event stream (challenge_received) and accept or decline it before it
    expires; you hear the answer on yours. On accept the table opens with you both seated and built-in
    bots in the other seats. A built-in bot (opponent bot:LEVEL) answers at once: the answer is the
    challenge already accepted, with its table (you sit in seat, the bot in opponent_seat), or declined
    with decline_reason; you hear challenge_accepted and table_opened, or challenge_declined. It plays
    every rule set; it declines (clock) a move clock shorter than its move can take: the wait for a
    worker and, at the hard level, its thinking time. An account that refuses your challenges (it blocks
    you, or takes none) answers challenge_refused, and hears nothing of it. At most 20 of your
    challenges wait for an answer at a time (too_many_challenges), 3 for one account's
    (too_many_challenges_to_opponent). A built-in bot's table is one of your own tables, of which you
    may have 5 not finished (too_many_open_tables).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (ChallengeCreateRequest): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: ChallengeCreateRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Challenge a named player or bot account, or a built-in bot

     They hear of it on their event stream (challenge_received) and accept or decline it before it
    expires; you hear the answer on yours. On accept the table opens with you both seated and built-in
    bots in the other seats. A built-in bot (opponent bot:LEVEL) answers at once: the answer is the
    challenge already accepted, with its table (you sit in seat, the bot in opponent_seat), or declined
    with decline_reason; you hear challenge_accepted and table_opened, or challenge_declined. It plays
    every rule set; it declines (clock) a move clock shorter than its move can take: the wait for a
    worker and, at the hard level, its thinking time. An account that refuses your challenges (it blocks
    you, or takes none) answers challenge_refused, and hears nothing of it. At most 20 of your
    challenges wait for an answer at a time (too_many_challenges), 3 for one account's
    (too_many_challenges_to_opponent). A built-in bot's table is one of your own tables, of which you
    may have 5 not finished (too_many_open_tables).

    Args:
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (ChallengeCreateRequest): The rule set and clock of a challenge or a seek.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            accept_language=accept_language,
            idempotency_key=idempotency_key,
        )
    ).parsed
