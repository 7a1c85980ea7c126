/**
 * The tournament page (/play/tournaments/<id>/), on the public API only:
 *
 *   GET /tournaments/{id}/            name, format, status, the entries with their seeds and members
 *   GET /tournaments/{id}/rounds/     each round's matches: the entries by side, the table, the result
 *   GET /tournaments/{id}/standings/  the standings with the format's tie-breaks
 *   GET /tournaments/{id}/bracket.svg the bracket (elimination) or the cross-table, as a picture (?lang=)
 *
 * Match names and the picture's words come from the API in the page's language (Accept-Language, `lang`).
 *
 * A match being played links to the game page watching its table (/play/?watch=<table>), a finished one to
 * the replay of its first hand. While the tournament takes entries or is played, the page reads it again
 * every few seconds. Without an id the page lists the tournaments, newest first.
 */

import { language, PRESETS, t } from "./i18n.js";
import { drawList, el, playUrl, startPage } from "./pages.js";

const $ = (selector) => document.querySelector(selector);
const ELIMINATION = new Set(["single_elimination", "double_elimination"]);
const id = $("#page").dataset.tournament;
const state = { list: null, tournament: null, rounds: [], standings: [] };

function presetLabel(name) {
  return PRESETS[language()][name]?.[0] || name;
}

function summary(tournament) {
  return [t("format_" + tournament.format), t("status_" + tournament.status), presetLabel(tournament.preset)].join(" · ");
}

async function load(api) {
  if (!id) {
    state.list = (await api.tournaments()).results;
    return false;
  }
  const [tournament, rounds, standings] = await Promise.all([api.tournament(id), api.rounds(id), api.standings(id)]);
  Object.assign(state, { tournament, rounds, standings, bracket: api.bracketUrl(id) });
  return tournament.status === "registering" || tournament.status === "running";
}

function draw() {
  $("#list").hidden = Boolean(id);
  $("#detail").hidden = !id;
  if (!id) {
    if (state.list) {
      drawList(state.list, { href: (tid) => `/play/tournaments/${tid}/`, text: summary, empty: "tournaments_none" });
    }
    return;
  }
  const tournament = state.tournament;
  if (!tournament) return;
  const page = $("#page");
  page.dataset.status = tournament.status;
  page.dataset.round = tournament.current_round;
  $("#name").textContent = tournament.name;
  const round = tournament.current_round
    ? t("round_of", { n: tournament.current_round, m: tournament.rounds_planned ?? "?" }) : null;
  $("#info").textContent = [summary(tournament), round].filter(Boolean).join(" · ");
  const names = new Map(tournament.entries.map((entry) => [entry.id, entry.name]));
  drawLive();
  drawStandings();
  drawBracket(tournament);
  drawRounds(names);
  drawEntries(tournament);
}

function versus(match) {
  return match.entries.map((entry) => entry.name).join(" – ");
}

function drawLive() {
  const live = state.rounds.flatMap((round) => round.matches.filter((m) => m.status === "playing" && m.table)
    .map((match) => ({ round, match })));
  $("#live").replaceChildren(...live.map(({ round, match }) => el("li", { data: { table: match.table } },
    el("a", { href: playUrl(match.table), className: "button", data: { testid: "watch" } }, t("watch")), " ",
    `${t("round_n", { n: round.number })} · ${match.label ? match.label + " · " : ""}${versus(match)}`)));
  if (!live.length) $("#live").append(el("li", { className: "small" }, t("live_none")));
}

function drawStandings() {
  const rows = state.standings.map((row) => el("tr", { data: { entry: row.entry, rank: row.rank } },
    el("td", {}, String(row.rank)),
    el("td", {}, row.name),
    el("td", { data: { testid: "points" } }, String(row.points)),
    el("td", {}, String(row.played)),
    el("td", {}, `${row.wins}–${row.draws}–${row.losses}`),
    el("td", { className: "small" }, [
      ...Object.entries(row.tiebreaks).map(([name, value]) => `${name} ${value}`),
      row.eliminated_in ? t("out_in", { n: row.eliminated_in }) : null,
    ].filter(Boolean).join(" · "))));
  if (!rows.length) rows.push(el("tr", {}, el("td", { colSpan: 6, className: "small" }, t("standings_none"))));
  $("#standings-rows").replaceChildren(...rows);
}

/** The API's picture in the page's language (an <img> sends no Accept-Language of the page's, so it asks
 * with `lang`), asked for again when a result comes in or the language changes (the address changes). */
function drawBracket(tournament) {
  $("#bracket-title").textContent = t(ELIMINATION.has(tournament.format) ? "bracket" : "crosstable");
  const done = state.rounds.flatMap((r) => r.matches).filter((m) => m.status !== "playing").length;
  const src = `${state.bracket}?results=${tournament.current_round}.${done}&lang=${language()}`;
  const img = $("#bracket");
  if (img.getAttribute("src") !== src) img.src = src;
  img.alt = t(ELIMINATION.has(tournament.format) ? "bracket" : "crosstable");
}

function resultText(match, names) {
  if (match.status !== "finished") return t("match_" + match.status);
  if (match.result === "bye") return t("result_bye");
  const scores = match.scores.length ? match.scores.join("–") + " · " : "";
  if (match.winner === null) return scores + t("result_draw");
  const won = t("winner_is", { name: names.get(match.winner) ?? "?" });
  return scores + (match.result === "forfeit" ? `${won} (${t("result_forfeit")})` : won);
}

function drawRounds(names) {
  const box = $("#rounds");
  box.replaceChildren(...[...state.rounds].reverse().map((round) => el("div", { className: "round", data: { round: round.number } },
    el("h4", {}, t("round_n", { n: round.number })),
    el("table", { className: "grid" }, el("tbody", {}, ...round.matches.map((match) => el("tr", {
      data: { testid: "match", table: match.table || "", status: match.status, winner: match.winner ?? "" },
    },
    el("td", { className: "small" }, match.label || String(match.number)),
    el("td", {}, versus(match)),
    el("td", { data: { testid: "result" } }, resultText(match, names)),
    el("td", {}, matchLink(match)))))))));
  if (!state.rounds.length) box.append(el("p", { className: "small" }, t("rounds_none")));
}

function matchLink(match) {
  if (!match.table) return null;
  if (match.status === "playing") return el("a", { href: playUrl(match.table), data: { testid: "match-watch" } }, t("watch"));
  if (match.status === "finished") {
    return el("a", { href: playUrl(match.table, 1), data: { testid: "match-replay" } }, t("replay"));
  }
  return null;
}

function drawEntries(tournament) {
  $("#entries-rows").replaceChildren(...tournament.entries.map((entry) => el("tr", {
    data: { entry: entry.id }, className: entry.withdrawn ? "withdrawn" : "",
  },
  el("td", {}, entry.seed === null ? "–" : String(entry.seed)),
  el("td", {}, entry.name, entry.withdrawn ? ` (${t("withdrawn")})` : ""),
  el("td", {}, entry.members.map((m) => m.player || t("cpu", { level: t("level_" + m.bot_level) })).join(", ")),
  el("td", {}, String(entry.rating)))));
}

startPage({ load, draw });
