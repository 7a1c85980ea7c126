from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_page import ChallengePage
from ...models.challenges_list_box import ChallengesListBox
from ...models.challenges_list_status import ChallengesListStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    box: ChallengesListBox | Unset = UNSET,
    status: ChallengesListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_box: str | Unset = UNSET
    if not isinstance(box, Unset):
        json_box = box.value

    params["box"] = json_box

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/challenges/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChallengePage | Problem | None:
    if response.status_code == 200:
        response_200 = ChallengePage.from_dict(response.json())

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
) -> Response[ChallengePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    box: ChallengesListBox | Unset = UNSET,
    status: ChallengesListStatus | Unset = UNSET,
) -> Response[ChallengePage | Problem]:
    """Challenges you received or sent, newest first (the latest 100)

    Args:
        box (ChallengesListBox | Unset):
        status (ChallengesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengePage | Problem]
    """

    kwargs = _get_kwargs(
        box=box,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    box: ChallengesListBox | Unset = UNSET,
    status: ChallengesListStatus | Unset = UNSET,
) -> ChallengePage | Problem | None:
    """Challenges you received or sent, newest first (the latest 100)

    Args:
        box (ChallengesListBox | Unset):
        status (ChallengesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengePage | Problem
    """

    return sync_detailed(
        client=client,
        box=box,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    box: ChallengesListBox | Unset = UNSET,
    status: ChallengesListStatus | Unset = UNSET,
) -> Response[ChallengePage | Problem]:
    """Challenges you received or sent, newest first (the latest 100)

    Args:
        box (ChallengesListBox | Unset):
        status (ChallengesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengePage | Problem]
    """

    kwargs = _get_kwargs(
        box=box,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    box: ChallengesListBox | Unset = UNSET,
    status: ChallengesListStatus | Unset = UNSET,
) -> ChallengePage | Problem | None:
    """Challenges you received or sent, newest first (the latest 100)

    Args:
        box (ChallengesListBox | Unset):
        status (ChallengesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            box=box,
            status=status,
        )
    ).parsed
