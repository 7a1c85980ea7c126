"""Reads of tournaments and ladders, shaped for the API: details, pairings and results, standings, the
bracket picture, leaderboards and rating history. Nothing here writes; the deal seeds stay secret.

What a person reads is in the active language (the request's, under ``LocaleMiddleware``): the formats
library names matches and draws pictures in English from its templates (``tournaments.formats.labels``),
and the reads here pass it ``gettext``, whose catalogue (``locale/ja``) has every template."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Max, QuerySet
from django.utils.translation import gettext, gettext_noop, ngettext

from core.errors import ErrorCode, ServiceError
from tournaments import formats
from tournaments.models import Entry, Ladder, LadderEntry, Match, Tournament
from tournaments.services import history, table_size

if TYPE_CHECKING:
    from games.models import Player


def tournament_get(*, tournament_id: Any) -> Tournament:
    tournament = Tournament.objects.select_related("created_by").filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return tournament


def tournament_list(*, status: str | None = None, format: str | None = None) -> QuerySet[Tournament]:
    rows = Tournament.objects.select_related("created_by")
    if status:
        rows = rows.filter(status=status)
    if format:
        rows = rows.filter(format=format)
    return rows.order_by("-created_at")


def entry_summary(entry: Entry) -> dict[str, Any]:
    return {"id": entry.pk, "name": entry.name, "seed": entry.seed, "rating": round(entry.rating, 3),
            "withdrawn": entry.withdrawn_at is not None,
            "members": [{"player": m.player.name if m.player else None, "bot_level": m.bot_level or None}
                        for m in entry.members.all()]}


def tournament_summary(tournament: Tournament) -> dict[str, Any]:
    return {
        "id": tournament.pk, "name": tournament.name, "format": tournament.format, "preset": tournament.preset,
        "status": tournament.status, "starts_at": tournament.starts_at,
        "registration_opens_at": tournament.registration_opens_at,
        "registration_closes_at": tournament.registration_closes_at, "current_round": tournament.current_round,
        "created_by": tournament.created_by.name, "created_at": tournament.created_at,
    }


def tournament_detail(tournament: Tournament) -> dict[str, Any]:
    entries = tournament.entries.prefetch_related("members__player").order_by("seed", "created_at")
    return tournament_summary(tournament) | {
        "rules": tournament.rules, "rounds": tournament.rounds, "rounds_planned": _rounds_planned(tournament),
        "hands_per_match": tournament.hands_per_match, "max_entries": tournament.max_entries,
        "started_at": tournament.started_at, "finished_at": tournament.finished_at,
        "entries": [entry_summary(e) for e in entries],
    }


def _rounds_planned(tournament: Tournament) -> int | None:
    count = tournament.entries.filter(withdrawn_at=None).count()
    try:
        return formats.rounds_planned(tournament.format, count, rounds=tournament.rounds,
                                      table_size=table_size(tournament.rules))
    except (formats.FormatError, ValueError):
        return None  # too few entries yet to say


def _names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entries.values_list("pk", "name"))


def standings(tournament: Tournament) -> list[dict[str, Any]]:
    """The table after the finished rounds; empty until the tournament starts (entries are seeded then)."""
    entries, done = history(tournament)
    if not entries:
        return []
    names = _names(tournament)
    rows = formats.standings(tournament.format, entries, done, table_size=table_size(tournament.rules))
    return [{"rank": r.rank, "entry": r.entry, "name": names[r.entry], "points": r.points, "played": r.played,
             "wins": r.wins, "draws": r.draws, "losses": r.losses, "tiebreaks": r.tiebreaks,
             "eliminated_in": r.eliminated_in} for r in rows]


def rounds(tournament: Tournament) -> list[dict[str, Any]]:
    """Every round's matches with their results. A duplicate round's results wait for its last table: one
    table's scores on the boards would tell the tables still playing them how they lie."""
    names = _names(tournament)
    duplicate = tournament.format == Tournament.Format.DUPLICATE and tournament.status == Tournament.Status.RUNNING
    out = []
    for rnd in tournament.round_set.order_by("number"):
        matches = rnd.matches.order_by("number")
        sealed = duplicate and rnd.finished_at is None
        out.append({"number": rnd.number, "started_at": rnd.started_at, "finished_at": rnd.finished_at,
                    "matches": [_match(m, names, sealed=sealed) for m in matches]})
    return out


def _match(match: Match, names: dict[int, str], *, sealed: bool) -> dict[str, Any]:
    out = {"number": match.number, "bracket": match.bracket or None,
           "label": formats.translated(match.label, gettext),
           "entries": [{"id": e, "name": names.get(e, "?")} for e in match.entries],
           "table": match.table_id, "status": match.status, "result": match.result or None,
           "scores": match.scores, "winner": match.winner,
           "boards": {k: v for k, v in sorted(match.boards.items(), key=lambda kv: int(kv[0]))} or None}
    if sealed:
        out |= {"result": None, "scores": [], "winner": None, "boards": None}
    return out


def bracket_svg(tournament: Tournament) -> str:
    """The bracket or cross-table; before the start, a notice of the entries so far."""
    entries, done = history(tournament)
    if not entries:
        count = tournament.entries.filter(withdrawn_at=None).count()
        lines = [gettext("%(format)s, %(status)s") % {"format": gettext(FORMAT_NAMES[tournament.format]),
                                                       "status": gettext(STATUS_NAMES[tournament.status])},
                 ngettext("%(count)d entry registered", "%(count)d entries registered", count) % {"count": count}]
        return formats.notice_svg(lines, title=tournament.name, translate=gettext)
    return formats.bracket_svg(tournament.format, entries, done, _names(tournament), title=tournament.name,
                               table_size=table_size(tournament.rules), translate=gettext)


FORMAT_NAMES = {
    Tournament.Format.ROUND_ROBIN: gettext_noop("Round robin"),
    Tournament.Format.SINGLE_ELIMINATION: gettext_noop("Single elimination"),
    Tournament.Format.DOUBLE_ELIMINATION: gettext_noop("Double elimination"),
    Tournament.Format.SWISS: gettext_noop("Swiss"),
    Tournament.Format.DUPLICATE: gettext_noop("Duplicate"),
}
STATUS_NAMES = {
    Tournament.Status.REGISTERING: gettext_noop("taking entries"),
    Tournament.Status.RUNNING: gettext_noop("being played"),
    Tournament.Status.FINISHED: gettext_noop("finished"),
    Tournament.Status.CANCELLED: gettext_noop("cancelled"),
}
"""What the bracket picture calls a format and a state before the start (the web page's words for them)."""


def ladder_get(*, ladder_id: Any) -> Ladder:
    ladder = Ladder.objects.select_related("created_by").filter(pk=ladder_id).first()
    if ladder is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    return ladder


def ladder_list() -> QuerySet[Ladder]:
    return Ladder.objects.select_related("created_by").order_by("name")


def ladder_summary(ladder: Ladder) -> dict[str, Any]:
    return {"id": ladder.pk, "name": ladder.name, "preset": ladder.preset, "rules": ladder.rules,
            "games_per_hour": ladder.games_per_hour, "max_concurrent_games": ladder.max_concurrent_games,
            "active": ladder.active, "created_by": ladder.created_by.name, "created_at": ladder.created_at,
            "entries": ladder.entries.filter(active=True).count()}


def ladder_entry_row(entry: LadderEntry, rank: int | None = None) -> dict[str, Any]:
    return {"rank": rank, "entry": entry.pk, "name": entry.name, "bot_level": entry.bot_level or None,
            "rating": round(entry.rating, 3), "mu": round(entry.mu, 3), "sigma": round(entry.sigma, 3),
            "games": entry.games, "wins": entry.wins, "active": entry.active}


def leaderboard(ladder: Ladder) -> list[dict[str, Any]]:
    rows = ladder.entries.filter(active=True).order_by("-rating", "pk")
    return [ladder_entry_row(e, rank) for rank, e in enumerate(rows, start=1)]


def rating_history(ladder: Ladder, entry_id: int) -> dict[str, Any]:
    entry = ladder.entries.filter(pk=entry_id).first()
    if entry is None:
        raise ServiceError(ErrorCode.NOT_FOUND)
    changes = entry.history.select_related("game").order_by("at", "id")
    return ladder_entry_row(entry) | {"history": [
        {"table": c.game.table_id, "at": c.at, "mu_before": round(c.mu_before, 3),
         "sigma_before": round(c.sigma_before, 3), "mu": round(c.mu, 3), "sigma": round(c.sigma, 3),
         "rating": round(c.rating, 3)} for c in changes]}


def ladder_rating(player: Player, rules: dict[str, Any]) -> float | None:
    """``player``'s best leaderboard rating on the ladders that play ``rules``' preset, ``None`` when it is on
    none: what matchmaking pairs seekers by (plugged into ``games.selectors.rating_source_set``)."""
    best = LadderEntry.objects.filter(player=player, ladder__preset=rules.get("name")).aggregate(
        best=Max("rating"))["best"]
    return None if best is None else float(best)
