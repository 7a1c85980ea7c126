/**
 * The ladder page (/play/ladders/<id>/), on the public API only:
 *
 *   GET /ladders/{id}/               the ladder: rule preset, games an hour, active or paused
 *   GET /ladders/{id}/entries/       the leaderboard: rank, rating (mu - 3 sigma), mu, sigma, games, wins
 *   GET /ladders/{id}/entries/{e}/   one entry's rating history, game by game (asked for each entry shown)
 *
 * The chart is plain SVG drawn here: one line per entry of mu after each of its rated games (x: the games
 * it has played), with the band mu ± sigma around it. Pressing a leaderboard row shows or hides its line;
 * the top CHART_ENTRIES are shown at first. The page reads the ladder again every few seconds.
 * Without an id it lists the ladders.
 */

import { language, PRESETS, t } from "./i18n.js";
import { drawList, el, startPage } from "./pages.js";

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
const CHART_ENTRIES = 6;
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];
const W = 640;
const H = 280;
const PAD = { left: 44, right: 12, top: 12, bottom: 30 };

const id = $("#page").dataset.ladder;
const state = { list: null, ladder: null, board: [], history: new Map(), hidden: new Set(), shown: null };

async function load(api) {
  if (!id) {
    state.list = await api.ladders();
    return false;
  }
  const [ladder, board] = await Promise.all([api.ladder(id), api.leaderboard(id)]);
  Object.assign(state, { ladder, board });
  // The history of an entry changes only when it plays: ask again only for those whose game count moved.
  const wanted = board.filter((row) => state.history.get(row.entry)?.games !== row.games);
  const histories = await Promise.all(wanted.map((row) => api.ratingHistory(id, row.entry)));
  for (const history of histories) state.history.set(history.entry, history);
  return true;
}

function info(ladder) {
  const preset = PRESETS[language()][ladder.preset]?.[0] || ladder.preset;
  const line = t("ladder_info", { preset, n: ladder.games_per_hour, entries: ladder.entries });
  return ladder.active ? line : `${line} · ${t("ladder_paused")}`;
}

function draw() {
  $("#list").hidden = Boolean(id);
  $("#detail").hidden = !id;
  if (!id) {
    if (state.list) drawList(state.list, { href: (lid) => `/play/ladders/${lid}/`, text: info, empty: "ladders_none" });
    return;
  }
  if (!state.ladder) return;
  $("#name").textContent = state.ladder.name;
  $("#info").textContent = info(state.ladder);
  if (state.shown === null) state.shown = new Set(state.board.slice(0, CHART_ENTRIES).map((row) => row.entry));
  drawBoard();
  drawChart();
}

function colour(entry) {
  const index = state.board.findIndex((row) => row.entry === entry);
  return COLOURS[(index < 0 ? 0 : index) % COLOURS.length];
}

function drawBoard() {
  const rows = state.board.map((row) => {
    const tr = el("tr", { className: "pick", data: { entry: row.entry, testid: "board-row" } },
      el("td", {}, el("span", { className: "swatch" }), String(row.rank)),
      el("td", {}, row.name, row.bot_level ? ` (${t("cpu", { level: t("level_" + row.bot_level) })})` : ""),
      el("td", { data: { field: "rating" } }, row.rating.toFixed(2)),
      el("td", { data: { field: "mu" } }, row.mu.toFixed(2)),
      el("td", { data: { field: "sigma" } }, row.sigma.toFixed(2)),
      el("td", { data: { field: "games" } }, String(row.games)),
      el("td", { data: { field: "wins" } }, String(row.wins)));
    tr.querySelector(".swatch").style.background = colour(row.entry);
    tr.classList.toggle("off", !state.shown.has(row.entry));
    tr.addEventListener("click", () => {
      if (state.shown.has(row.entry)) state.shown.delete(row.entry);
      else state.shown.add(row.entry);
      draw();
    });
    return tr;
  });
  if (!rows.length) rows.push(el("tr", {}, el("td", { colSpan: 7, className: "small" }, t("leaderboard_none"))));
  $("#leaderboard-rows").replaceChildren(...rows);
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/** mu and sigma before the first game, then after each: the points of one entry's line. */
function points(history) {
  if (!history.history.length) return [];
  const first = history.history[0];
  return [{ mu: first.mu_before, sigma: first.sigma_before },
    ...history.history.map((change) => ({ mu: change.mu, sigma: change.sigma }))];
}

function drawChart() {
  const box = $("#chart");
  const lines = state.board.filter((row) => state.shown.has(row.entry) && state.history.has(row.entry))
    .map((row) => ({ row, points: points(state.history.get(row.entry)) })).filter((line) => line.points.length);
  if (!lines.length) {
    box.replaceChildren(el("p", { className: "small", data: { testid: "chart-none" } }, t("chart_none")));
    return;
  }
  const all = lines.flatMap((line) => line.points);
  let low = Math.floor(Math.min(...all.map((p) => p.mu - p.sigma)));
  let high = Math.ceil(Math.max(...all.map((p) => p.mu + p.sigma)));
  if (high - low < 2) [low, high] = [low - 1, high + 1];
  const games = Math.max(1, ...lines.map((line) => line.points.length - 1));
  const x = (i) => PAD.left + (i / games) * (W - PAD.left - PAD.right);
  const y = (mu) => PAD.top + ((high - mu) / (high - low)) * (H - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "rating-chart" });
  chart.append(svg("title"));
  chart.firstChild.textContent = t("rating_history");
  // Axes: mu on the left in whole steps, games played along the bottom.
  const step = Math.max(1, Math.ceil((high - low) / 6));
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) {
    chart.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid-line" }));
    const label = svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = String(v);
    chart.append(label);
  }
  const gameStep = Math.max(1, Math.ceil(games / 10));
  for (let g = 0; g <= games; g += gameStep) {
    const label = svg("text", { x: x(g), y: H - PAD.bottom + 16, "text-anchor": "middle", class: "axis" });
    label.textContent = String(g);
    chart.append(label);
  }
  const axisName = svg("text", { x: W - PAD.right, y: H - 4, "text-anchor": "end", class: "axis" });
  axisName.textContent = t("games");
  const muName = svg("text", { x: 4, y: PAD.top + 4, class: "axis" });
  muName.textContent = "μ";
  chart.append(axisName, muName);
  for (const { row, points: pts } of lines) {
    const group = svg("g", { "data-entry": row.entry, "data-mu": pts.map((p) => p.mu).join(","), fill: colour(row.entry),
      stroke: colour(row.entry), "data-testid": "chart-line" });
    const upper = pts.map((p, i) => `${x(i)},${y(p.mu + p.sigma)}`);
    const lower = pts.map((p, i) => `${x(i)},${y(p.mu - p.sigma)}`).reverse();
    group.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "band", stroke: "none" }));
    group.append(svg("polyline", { points: pts.map((p, i) => `${x(i)},${y(p.mu)}`).join(" "), fill: "none", class: "mu" }));
    for (const [i, p] of pts.entries()) group.append(svg("circle", { cx: x(i), cy: y(p.mu), r: 2.5 }));
    const tip = svg("title");
    tip.textContent = `${row.name}: μ ${row.mu.toFixed(2)}, σ ${row.sigma.toFixed(2)}`;
    group.append(tip);
    chart.append(group);
  }
  box.replaceChildren(chart);
}

startPage({ load, draw });
