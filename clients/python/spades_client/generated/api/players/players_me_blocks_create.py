from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.block import Block
from ...models.block_create_request import BlockCreateRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BlockCreateRequest,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/players/me/blocks/",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Block | Problem | None:
    if response.status_code == 200:
        response_200 = Block.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = Block.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Block | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BlockCreateRequest,
    accept_language: str | Unset = UNSET,
) -> Response[Block | Problem]:
    """Refuse challenges from an account

     A challenge from an account you block is refused when it is sent: it is not made, you hear nothing
    of it, and its sender is told only challenge_refused (as when you take no challenges at all). A
    block is about challenges only. Its challenges to you that still wait for your answer are declined
    (reason declined, as a decline without a reason).

    Args:
        accept_language (str | Unset):
        body (BlockCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Block | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BlockCreateRequest,
    accept_language: str | Unset = UNSET,
) -> Block | Problem | None:
    """Refuse challenges from an account

     A challenge from an account you block is refused when it is sent: it is not made, you hear nothing
    of it, and its sender is told only challenge_refused (as when you take no challenges at all). A
    block is about challenges only. Its challenges to you that still wait for your answer are declined
    (reason declined, as a decline without a reason).

    Args:
        accept_language (str | Unset):
        body (BlockCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Block | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BlockCreateRequest,
    accept_language: str | Unset = UNSET,
) -> Response[Block | Problem]:
    """Refuse challenges from an account

     A challenge from an account you block is refused when it is sent: it is not made, you hear nothing
    of it, and its sender is told only challenge_refused (as when you take no challenges at all). A
    block is about challenges only. Its challenges to you that still wait for your answer are declined
    (reason declined, as a decline without a reason).

    Args:
        accept_language (str | Unset):
        body (BlockCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Block | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BlockCreateRequest,
    accept_language: str | Unset = UNSET,
) -> Block | Problem | None:
    """Refuse challenges from an account

     A challenge from an account you block is refused when it is sent: it is not made, you hear nothing
    of it, and its sender is told only challenge_refused (as when you take no challenges at all). A
    block is about challenges only. Its challenges to you that still wait for your answer are declined
    (reason declined, as a decline without a reason).

    Args:
        accept_language (str | Unset):
        body (BlockCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Block | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            accept_language=accept_language,
        )
    ).parsed
