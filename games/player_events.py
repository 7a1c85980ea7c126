"""The events of a player's own stream: one dataclass for each thing a player hears about outside a table's
feed (a table opened for it, its turn, a challenge, a tournament round, a ladder game).

Each is written to the player's log (``models.PlayerEvent``) by ``services.player_events_publish``, in the
transaction of what it announces, and read back by ``GET /api/v1/players/me/events/``. The ``type`` of each
class names it on the wire and is the discriminator of the schema's ``oneOf``; the fields are the member
list, documented from their ``doc`` metadata (``games.api.dataclass_fields``). Nothing here names a card:
what happens at a table is in that table's feed, filtered per seat.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

Origin = Literal["table", "tournament", "ladder", "challenge", "seek"]
"""Why a table was opened with a seat for you: a table someone opened with you in it (``table``), a round of
a tournament, a ladder game, an accepted challenge, a seek that was paired."""

DeclineReason = Literal["declined", "busy", "later", "rules", "clock", "opponent", "bot_only", "human_only"]
"""Why a challenge was turned down (a stable code the challenger's program can switch on):
``declined`` no reason given, ``busy`` playing elsewhere, ``later`` not now, ``rules`` not this rule set,
``clock`` not this clock, ``opponent`` not against you, ``bot_only`` plays bots only, ``human_only`` plays
humans only."""

DECLINE_REASONS: tuple[str, ...] = DeclineReason.__args__  # type: ignore[attr-defined]


def _doc(text: str) -> dict[str, Any]:
    return {"doc": text}


class _PlayerEvent:
    """What every player event can do: be written as JSON (its ``type`` and its fields)."""

    type: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """``type`` and every field by name, as stored and as sent."""
        return {"type": self.type, **dataclasses.asdict(self)}  # type: ignore[call-overload]


@dataclass(frozen=True)
class TableOpened(_PlayerEvent):
    """A table was opened with a seat for you: play it with GET tables/{table_id}/ and its events feed."""

    type: ClassVar[str] = "table_opened"
    table_id: str = field(metadata=_doc("The table."))
    seat: int = field(metadata=_doc("Your seat at it."))
    origin: Origin = field(metadata=_doc("Why: table, tournament, ladder, challenge or seek."))
    origin_id: str | None = field(metadata=_doc("The tournament, ladder, challenge or seek it came from."))
    preset: str = field(metadata=_doc("The rule set's preset."))


@dataclass(frozen=True)
class YourTurn(_PlayerEvent):
    """A table began waiting for your seat while you had not moved there for a while (or ever): it is your
    turn. Not sent while you are playing along, so follow the table's feed to play; this is the nudge."""

    type: ClassVar[str] = "your_turn"
    table_id: str = field(metadata=_doc("The table."))
    seat: int = field(metadata=_doc("Your seat at it."))
    table_seq: int = field(metadata=_doc("The table's seq now: send it with your action."))
    deadline: str | None = field(metadata=_doc("When your move clock runs out (ISO 8601), if the table has one."))


@dataclass(frozen=True)
class TableFinished(_PlayerEvent):
    """A table where you had a seat is over."""

    type: ClassVar[str] = "table_finished"
    table_id: str = field(metadata=_doc("The table."))
    seat: int = field(metadata=_doc("Your seat at it."))
    result: str = field(metadata=_doc("How it ended: win, draw, resign, abandoned, …"))
    winner: int | None = field(metadata=_doc("The winning side's index, none for a draw or an abandoned table."))
    your_side: int = field(metadata=_doc("Your side's index."))


@dataclass(frozen=True)
class ChallengeReceived(_PlayerEvent):
    """Someone challenges you: accept or decline at challenges/{challenge_id}/."""

    type: ClassVar[str] = "challenge_received"
    challenge_id: str = field(metadata=_doc("The challenge."))
    challenger: str = field(metadata=_doc("Who challenges you (player name)."))
    preset: str = field(metadata=_doc("The rule set's preset (the full rule set is on the challenge)."))
    move_seconds: float | None = field(metadata=_doc("The move clock, none for an untimed game."))
    expires_at: str = field(metadata=_doc("Answer before this (ISO 8601)."))


@dataclass(frozen=True)
class ChallengeAccepted(_PlayerEvent):
    """Your challenge was accepted; its table is open (a table_opened event follows it)."""

    type: ClassVar[str] = "challenge_accepted"
    challenge_id: str = field(metadata=_doc("The challenge."))
    by: str = field(metadata=_doc("Who accepted (player name; bot:LEVEL for a built-in bot)."))
    table_id: str = field(metadata=_doc("The table of the game."))


@dataclass(frozen=True)
class ChallengeDeclined(_PlayerEvent):
    """Your challenge was turned down, with a reason code."""

    type: ClassVar[str] = "challenge_declined"
    challenge_id: str = field(metadata=_doc("The challenge."))
    by: str = field(metadata=_doc("Who declined (player name; bot:LEVEL for a built-in bot)."))
    reason: DeclineReason = field(metadata=_doc("Why (a stable code)."))


@dataclass(frozen=True)
class ChallengeExpired(_PlayerEvent):
    """A challenge you sent or received ran out before it was answered."""

    type: ClassVar[str] = "challenge_expired"
    challenge_id: str = field(metadata=_doc("The challenge."))


@dataclass(frozen=True)
class ChallengeCancelled(_PlayerEvent):
    """A challenge you received was withdrawn by its challenger before you answered."""

    type: ClassVar[str] = "challenge_cancelled"
    challenge_id: str = field(metadata=_doc("The challenge."))
    by: str = field(metadata=_doc("The challenger (player name)."))


@dataclass(frozen=True)
class TournamentRegistrationOpened(_PlayerEvent):
    """A tournament of an organiser whose tournaments you have entered before takes entries now."""

    type: ClassVar[str] = "tournament_registration_opened"
    tournament_id: str = field(metadata=_doc("The tournament."))
    name: str = field(metadata=_doc("Its name."))
    format: str = field(metadata=_doc("Its format (swiss, round_robin, …)."))
    closes_at: str | None = field(metadata=_doc("When registration closes (ISO 8601), none: at the start."))


@dataclass(frozen=True)
class TournamentRoundStarted(_PlayerEvent):
    """A round of a tournament you are entered in was paired, with your table (none for a bye or a
    forfeit)."""

    type: ClassVar[str] = "tournament_round_started"
    tournament_id: str = field(metadata=_doc("The tournament."))
    round: int = field(metadata=_doc("The round's number, from 1."))
    table_id: str | None = field(metadata=_doc("Your table in this round; none for a bye or a forfeit."))


@dataclass(frozen=True)
class TournamentFinished(_PlayerEvent):
    """A tournament you are entered in is over: finished, or cancelled by its organiser."""

    type: ClassVar[str] = "tournament_finished"
    tournament_id: str = field(metadata=_doc("The tournament."))
    status: Literal["finished", "cancelled"] = field(metadata=_doc("finished or cancelled."))


@dataclass(frozen=True)
class LadderGameOpened(_PlayerEvent):
    """A ladder you are on opened a game for you (a table_opened event goes with it)."""

    type: ClassVar[str] = "ladder_game_opened"
    ladder_id: str = field(metadata=_doc("The ladder."))
    table_id: str = field(metadata=_doc("The table of the game."))
    seat: int = field(metadata=_doc("Your seat at it."))


PlayerEvent = (TableOpened | YourTurn | TableFinished | ChallengeReceived | ChallengeAccepted | ChallengeDeclined
               | ChallengeExpired | ChallengeCancelled | TournamentRegistrationOpened | TournamentRoundStarted
               | TournamentFinished | LadderGameOpened)
"""Any event of a player's stream."""

EVENT_CLASSES: tuple[type[_PlayerEvent], ...] = (
    TableOpened, YourTurn, TableFinished, ChallengeReceived, ChallengeAccepted, ChallengeDeclined,
    ChallengeExpired, ChallengeCancelled, TournamentRegistrationOpened, TournamentRoundStarted, TournamentFinished,
    LadderGameOpened)
"""Every event type, in the order the schema lists them."""
