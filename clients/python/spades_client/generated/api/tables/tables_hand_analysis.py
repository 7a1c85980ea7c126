from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.analysis_pending import AnalysisPending
from ...models.hand_analysis import HandAnalysis
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    table_id: UUID,
    number: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/hands/{number}/analysis/".format(
            table_id=quote(str(table_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnalysisPending | HandAnalysis | Problem | None:
    if response.status_code == 200:
        response_200 = HandAnalysis.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = AnalysisPending.from_dict(response.json())

        return response_202

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
) -> Response[AnalysisPending | HandAnalysis | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[AnalysisPending | HandAnalysis | Problem]:
    """A finished hand's double dummy review: each card's cost, the par

     Every card played with its value and the best value at that point under best play by all four seats
    (double dummy), in the side's points under the table's rules, and what each side could make. Shown
    when the hand's record is (a duplicate board once every table of the round has played it). Computed
    by a worker when the hand ends, within a node budget: the first cards of a hard hand may be left
    unanalysed (null). 202 while it is being computed.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HandAnalysis | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> AnalysisPending | HandAnalysis | Problem | None:
    """A finished hand's double dummy review: each card's cost, the par

     Every card played with its value and the best value at that point under best play by all four seats
    (double dummy), in the side's points under the table's rules, and what each side could make. Shown
    when the hand's record is (a duplicate board once every table of the round has played it). Computed
    by a worker when the hand ends, within a node budget: the first cards of a hard hand may be left
    unanalysed (null). 202 while it is being computed.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HandAnalysis | Problem
    """

    return sync_detailed(
        table_id=table_id,
        number=number,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> Response[AnalysisPending | HandAnalysis | Problem]:
    """A finished hand's double dummy review: each card's cost, the par

     Every card played with its value and the best value at that point under best play by all four seats
    (double dummy), in the side's points under the table's rules, and what each side could make. Shown
    when the hand's record is (a duplicate board once every table of the round has played it). Computed
    by a worker when the hand ends, within a node budget: the first cards of a hard hand may be left
    unanalysed (null). 202 while it is being computed.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalysisPending | HandAnalysis | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
) -> AnalysisPending | HandAnalysis | Problem | None:
    """A finished hand's double dummy review: each card's cost, the par

     Every card played with its value and the best value at that point under best play by all four seats
    (double dummy), in the side's points under the table's rules, and what each side could make. Shown
    when the hand's record is (a duplicate board once every table of the round has played it). Computed
    by a worker when the hand ends, within a node budget: the first cards of a hard hand may be left
    unanalysed (null). 202 while it is being computed.

    Args:
        table_id (UUID):
        number (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalysisPending | HandAnalysis | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            number=number,
            client=client,
        )
    ).parsed
