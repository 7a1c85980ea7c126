from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.action_result import ActionResult
from ...models.bid_action_request import BidActionRequest
from ...models.exchange_action_request import ExchangeActionRequest
from ...models.look_action_request import LookActionRequest
from ...models.play_action_request import PlayActionRequest
from ...models.problem import Problem
from ...models.resign_action_request import ResignActionRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    body: BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest,
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
        "url": "/api/v1/tables/{table_id}/actions/".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    if isinstance(body, BidActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, LookActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ExchangeActionRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, PlayActionRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActionResult | Problem | None:
    if response.status_code == 200:
        response_200 = ActionResult.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ActionResult | Problem]:
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
    body: BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Bid, look, exchange, play or resign

     Send the table's seq as you last saw it: if anything happened since, the action is refused with
    stale_seq (and the current seq) and nothing changes. A move the rules refuse returns the rule's code
    (must_follow_suit, spades_not_broken, …) and nothing changes. The play loop, one round trip a move:
    this answer carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game
    waits for you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq;
    otherwise wait for your next 'turn' event on one open events/stream/?until=turn (each move pushed),
    or where a client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your
    turn. Nothing else is needed to play a whole game.

    Args:
        table_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest |
            ResignActionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Bid, look, exchange, play or resign

     Send the table's seq as you last saw it: if anything happened since, the action is refused with
    stale_seq (and the current seq) and nothing changes. A move the rules refuse returns the rule's code
    (must_follow_suit, spades_not_broken, …) and nothing changes. The play loop, one round trip a move:
    this answer carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game
    waits for you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq;
    otherwise wait for your next 'turn' event on one open events/stream/?until=turn (each move pushed),
    or where a client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your
    turn. Nothing else is needed to play a whole game.

    Args:
        table_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest |
            ResignActionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ActionResult | Problem]:
    """Bid, look, exchange, play or resign

     Send the table's seq as you last saw it: if anything happened since, the action is refused with
    stale_seq (and the current seq) and nothing changes. A move the rules refuse returns the rule's code
    (must_follow_suit, spades_not_broken, …) and nothing changes. The play loop, one round trip a move:
    this answer carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game
    waits for you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq;
    otherwise wait for your next 'turn' event on one open events/stream/?until=turn (each move pushed),
    or where a client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your
    turn. Nothing else is needed to play a whole game.

    Args:
        table_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest |
            ResignActionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActionResult | Problem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        accept_language=accept_language,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest | ResignActionRequest,
    accept_language: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ActionResult | Problem | None:
    """Bid, look, exchange, play or resign

     Send the table's seq as you last saw it: if anything happened since, the action is refused with
    stale_seq (and the current seq) and nothing changes. A move the rules refuse returns the rule's code
    (must_follow_suit, spades_not_broken, …) and nothing changes. The play loop, one round trip a move:
    this answer carries 'table' (your table at its 'seq') and 'legal' (your legal actions when the game
    waits for you, else []). When 'legal' is not empty, POST one of them to actions/ with that seq;
    otherwise wait for your next 'turn' event on one open events/stream/?until=turn (each move pushed),
    or where a client cannot stream GET events/?after=SEQ&wait=25&until=turn, which answers at your
    turn. Nothing else is needed to play a whole game.

    Args:
        table_id (UUID):
        accept_language (str | Unset):
        idempotency_key (str | Unset):
        body (BidActionRequest | ExchangeActionRequest | LookActionRequest | PlayActionRequest |
            ResignActionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActionResult | Problem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
            accept_language=accept_language,
            idempotency_key=idempotency_key,
        )
    ).parsed
