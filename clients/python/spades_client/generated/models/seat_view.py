from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.phase_enum import PhaseEnum

if TYPE_CHECKING:
    from ..models.bid import Bid
    from ..models.blind_eligibility import BlindEligibility
    from ..models.exchange_state import ExchangeState
    from ..models.last_hand import LastHand
    from ..models.trick import Trick
    from ..models.trick_card import TrickCard


T = TypeVar("T", bound="SeatView")


@_attrs_define
class SeatView:
    """What one seat may see. Spectators get the same shape with no cards.

    Attributes:
        seat (int | None):
        partner (int | None):
        phase (PhaseEnum): * `bid` - bid
            * `exchange` - exchange
            * `play` - play
            * `game_over` - game_over
        hand_number (int):
        dealer (int):
        turn (int | None): The seat to bid or play; null in an exchange.
        to_move (list[int]): Every seat that may act now (the turn, seats that may still look at their cards, seats
            whose exchange is due).
        waiting_for (list[int]): The seats the game cannot go on without: the turn, or every seat whose exchange is due.
            Act when yours is here.
        cards_hidden (bool): Your cards are face down: you may still bid blind.
        hand (list[str] | None): Your cards; null while face down, and for a spectator. Rank then suit: ranks
            23456789TJQKA, suits CDHS (QS, TH, 2C); jokers BJ, LJ.
        hand_size (list[int]):
        blind_eligible (BlindEligibility): The blind bids the seat may still make.
        bids (list[Bid | None]): Per seat; null: not bid yet.
        exchange (ExchangeState | None):
        leader (int | None):
        trick (list[TrickCard]):
        last_trick (None | Trick):
        tricks (list[Trick]): Every finished trick of this hand, in order (public).
        tricks_won (list[int]):
        trick_number (int):
        spades_broken (bool):
        sides (list[list[int]]):
        scores (list[int]):
        bags (list[int]):
        hands_played (int):
        last_hand (LastHand | None):
        winner (int | None): Index into sides.
        result (None | str):
    """

    seat: int | None
    partner: int | None
    phase: PhaseEnum
    hand_number: int
    dealer: int
    turn: int | None
    to_move: list[int]
    waiting_for: list[int]
    cards_hidden: bool
    hand: list[str] | None
    hand_size: list[int]
    blind_eligible: BlindEligibility
    bids: list[Bid | None]
    exchange: ExchangeState | None
    leader: int | None
    trick: list[TrickCard]
    last_trick: None | Trick
    tricks: list[Trick]
    tricks_won: list[int]
    trick_number: int
    spades_broken: bool
    sides: list[list[int]]
    scores: list[int]
    bags: list[int]
    hands_played: int
    last_hand: LastHand | None
    winner: int | None
    result: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.bid import Bid  # noqa: PLC0415
        from ..models.exchange_state import ExchangeState  # noqa: PLC0415
        from ..models.last_hand import LastHand  # noqa: PLC0415
        from ..models.trick import Trick  # noqa: PLC0415

        seat: int | None
        seat = self.seat

        partner: int | None
        partner = self.partner

        phase = self.phase.value

        hand_number = self.hand_number

        dealer = self.dealer

        turn: int | None
        turn = self.turn

        to_move = self.to_move

        waiting_for = self.waiting_for

        cards_hidden = self.cards_hidden

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        hand_size = self.hand_size

        blind_eligible = self.blind_eligible.to_dict()

        bids = []
        for bids_item_data in self.bids:
            bids_item: dict[str, Any] | None
            if isinstance(bids_item_data, Bid):
                bids_item = bids_item_data.to_dict()
            else:
                bids_item = bids_item_data
            bids.append(bids_item)

        exchange: dict[str, Any] | None
        if isinstance(self.exchange, ExchangeState):
            exchange = self.exchange.to_dict()
        else:
            exchange = self.exchange

        leader: int | None
        leader = self.leader

        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)

        last_trick: dict[str, Any] | None
        if isinstance(self.last_trick, Trick):
            last_trick = self.last_trick.to_dict()
        else:
            last_trick = self.last_trick

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        tricks_won = self.tricks_won

        trick_number = self.trick_number

        spades_broken = self.spades_broken

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data

            sides.append(sides_item)

        scores = self.scores

        bags = self.bags

        hands_played = self.hands_played

        last_hand: dict[str, Any] | None
        if isinstance(self.last_hand, LastHand):
            last_hand = self.last_hand.to_dict()
        else:
            last_hand = self.last_hand

        winner: int | None
        winner = self.winner

        result: None | str
        result = self.result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "partner": partner,
                "phase": phase,
                "hand_number": hand_number,
                "dealer": dealer,
                "turn": turn,
                "to_move": to_move,
                "waiting_for": waiting_for,
                "cards_hidden": cards_hidden,
                "hand": hand,
                "hand_size": hand_size,
                "blind_eligible": blind_eligible,
                "bids": bids,
                "exchange": exchange,
                "leader": leader,
                "trick": trick,
                "last_trick": last_trick,
                "tricks": tricks,
                "tricks_won": tricks_won,
                "trick_number": trick_number,
                "spades_broken": spades_broken,
                "sides": sides,
                "scores": scores,
                "bags": bags,
                "hands_played": hands_played,
                "last_hand": last_hand,
                "winner": winner,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bid import Bid  # noqa: PLC0415
        from ..models.blind_eligibility import BlindEligibility  # noqa: PLC0415
        from ..models.exchange_state import ExchangeState  # noqa: PLC0415
        from ..models.last_hand import LastHand  # noqa: PLC0415
        from ..models.trick import Trick  # noqa: PLC0415
        from ..models.trick_card import TrickCard  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_partner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        partner = _parse_partner(d.pop("partner"))

        phase = PhaseEnum(d.pop("phase"))

        hand_number = d.pop("hand_number")

        dealer = d.pop("dealer")

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        to_move = cast(list[int], d.pop("to_move"))

        waiting_for = cast(list[int], d.pop("waiting_for"))

        cards_hidden = d.pop("cards_hidden")

        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))

        hand_size = cast(list[int], d.pop("hand_size"))

        blind_eligible = BlindEligibility.from_dict(d.pop("blind_eligible"))

        bids = []
        _bids = d.pop("bids")
        for bids_item_data in _bids:

            def _parse_bids_item(data: object) -> Bid | None:
                if data is None:
                    return data
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    bids_item_type_0 = Bid.from_dict(data)

                    return bids_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(Bid | None, data)

            bids_item = _parse_bids_item(bids_item_data)

            bids.append(bids_item)

        def _parse_exchange(data: object) -> ExchangeState | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                exchange_type_0 = ExchangeState.from_dict(data)

                return exchange_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ExchangeState | None, data)

        exchange = _parse_exchange(d.pop("exchange"))

        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))

        trick = []
        _trick = d.pop("trick")
        for trick_item_data in _trick:
            trick_item = TrickCard.from_dict(trick_item_data)

            trick.append(trick_item)

        def _parse_last_trick(data: object) -> None | Trick:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_trick_type_0 = Trick.from_dict(data)

                return last_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Trick, data)

        last_trick = _parse_last_trick(d.pop("last_trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = Trick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        tricks_won = cast(list[int], d.pop("tricks_won"))

        trick_number = d.pop("trick_number")

        spades_broken = d.pop("spades_broken")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = cast(list[int], sides_item_data)

            sides.append(sides_item)

        scores = cast(list[int], d.pop("scores"))

        bags = cast(list[int], d.pop("bags"))

        hands_played = d.pop("hands_played")

        def _parse_last_hand(data: object) -> LastHand | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_hand_type_0 = LastHand.from_dict(data)

                return last_hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LastHand | None, data)

        last_hand = _parse_last_hand(d.pop("last_hand"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result = _parse_result(d.pop("result"))

        seat_view = cls(
            seat=seat,
            partner=partner,
            phase=phase,
            hand_number=hand_number,
            dealer=dealer,
            turn=turn,
            to_move=to_move,
            waiting_for=waiting_for,
            cards_hidden=cards_hidden,
            hand=hand,
            hand_size=hand_size,
            blind_eligible=blind_eligible,
            bids=bids,
            exchange=exchange,
            leader=leader,
            trick=trick,
            last_trick=last_trick,
            tricks=tricks,
            tricks_won=tricks_won,
            trick_number=trick_number,
            spades_broken=spades_broken,
            sides=sides,
            scores=scores,
            bags=bags,
            hands_played=hands_played,
            last_hand=last_hand,
            winner=winner,
            result=result,
        )

        seat_view.additional_properties = d
        return seat_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
