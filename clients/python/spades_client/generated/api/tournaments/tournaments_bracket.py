from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournaments_bracket_lang import TournamentsBracketLang
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: UUID,
    *,
    lang: TournamentsBracketLang | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tournaments/{tournament_id}/bracket.svg".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | None:
    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    lang: TournamentsBracketLang | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem]:
    """The bracket (elimination) or cross-table (other formats) as an SVG picture

     Its words (round and match names, headings) are in the language of 'lang', else of Accept-Language;
    entries' names as they are.

    Args:
        tournament_id (UUID):
        lang (TournamentsBracketLang | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        lang=lang,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    lang: TournamentsBracketLang | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | None:
    """The bracket (elimination) or cross-table (other formats) as an SVG picture

     Its words (round and match names, headings) are in the language of 'lang', else of Accept-Language;
    entries' names as they are.

    Args:
        tournament_id (UUID):
        lang (TournamentsBracketLang | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        lang=lang,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    lang: TournamentsBracketLang | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[Problem]:
    """The bracket (elimination) or cross-table (other formats) as an SVG picture

     Its words (round and match names, headings) are in the language of 'lang', else of Accept-Language;
    entries' names as they are.

    Args:
        tournament_id (UUID):
        lang (TournamentsBracketLang | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        lang=lang,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    lang: TournamentsBracketLang | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Problem | None:
    """The bracket (elimination) or cross-table (other formats) as an SVG picture

     Its words (round and match names, headings) are in the language of 'lang', else of Accept-Language;
    entries' names as they are.

    Args:
        tournament_id (UUID):
        lang (TournamentsBracketLang | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            lang=lang,
            accept_language=accept_language,
        )
    ).parsed
