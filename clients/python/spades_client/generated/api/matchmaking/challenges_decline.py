from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.decline_request import DeclineRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    challenge_id: UUID,
    *,
    body: DeclineRequest | Unset = UNSET,
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
        "url": "/api/v1/challenges/{challenge_id}/decline/".format(
            challenge_id=quote(str(challenge_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 200:
        response_200 = Challenge.from_dict(response.json())

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
    challenge_id: UUID,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Decline a challenge to you, with a reason code

    Args:
        challenge_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (DeclineRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    challenge_id: UUID,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Decline a challenge to you, with a reason code

    Args:
        challenge_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (DeclineRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return sync_detailed(
        challenge_id=challenge_id,
        client=client,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    challenge_id: UUID,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Challenge | Problem]:
    """Decline a challenge to you, with a reason code

    Args:
        challenge_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (DeclineRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    challenge_id: UUID,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest | Unset = UNSET,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Challenge | Problem | None:
    """Decline a challenge to you, with a reason code

    Args:
        challenge_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (DeclineRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            challenge_id=challenge_id,
            client=client,
            body=body,
            accept_language=accept_language,
            idempotency_key=idempotency_key,
        )
    ).parsed
