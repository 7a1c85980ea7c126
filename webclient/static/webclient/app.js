/**
 * Spades in the browser: the reference client of the public v1 API (served at /play/).
 *
 * It shows the whole life of a client, using nothing the service does not offer to everyone:
 *
 *  1. Register once: POST /players/ answers with a token shown only that once. The page keeps it in
 *     localStorage and sends it as "Authorization: Bearer <token>"; on a later visit GET /players/me/
 *     checks that it still works.
 *  2. Continue or start: GET /tables/?player=me&status=playing finds an unfinished game (that is how the
 *     game survives closing the tab). A new game reads the presets and switches from GET /rulesets/ and
 *     opens a table with POST /tables/: a preset plus overrides, seat 0 open and taken by you
 *     (take_seat), seats 1-3 built-in bots (your partner sits opposite, in seat 2).
 *  3. Open: GET /tables/{id}/ once, for the rule set, your seat view and the table's `seq`.
 *  4. The one-round-trip loop. Follow: the events feed on one open stream (events/stream/?until=move, or
 *     long-polled where the stream cannot be read; see api.js); after each move it brings the new log entries
 *     (filtered for your seat), the table at its seq and your legal actions then. Act: POST actions/ with the
 *     `seq` you last saw; the answer is the table after your move and your legal actions. So between moves
 *     the page reads nothing else: not the table, not legal/. If anything happened since the seq you sent,
 *     the answer is 409 stale_seq and nothing changed (the feed is already bringing it). A move the rules
 *     refuse is a 422 whose `code` is the rule (must_follow_suit, spades_not_broken, ...) and whose `detail`
 *     says it in words. After a disconnect the feed resumes after the last seq seen, so nothing is missed.
 *     Asked besides, and only then: GET hint/ when it is your bid (the suggested bid and the cards it
 *     counted), GET legal/ when you press a dimmed card (each card's reason, in the language of
 *     Accept-Language) and while your cards are face down (only it lists looking at them before your turn).
 *  5. Show at a person's pace: the bots answer within milliseconds, so the entries are queued and played
 *     onto the felt one event at a time (`state.display`): another seat's card or bid appears after a
 *     short delay, a finished trick stays with its winner marked until a pause runs out or you click (your
 *     choice, kept in localStorage), and a hand's score breakdown waits for its last trick. The server is
 *     never slowed down: every delay is here. Once the felt has caught up with the table's seq the page
 *     asks for your move (and the table wins any difference); with your move clock running it catches up
 *     at the fast pace. The felt shows each seat's tricks taken against its bid and each side's total.
 *  6. Watch and replay: /play/?watch=<table> follows a table where you have no seat (a spectator's view,
 *     the same feed); a finished hand is replayed trick by trick from GET hands/{n}/ (replay.js), and its
 *     double dummy review (each card's cost, the par) read from GET hands/{n}/analysis/ (review.js).
 *
 * When a hand ends the page shows its score breakdown (GET hands/{n}/), and the winner when the game ends.
 * In a timed game (the table's `clock`) the seat to move gets a countdown to the clock's `deadline`.
 * The rule set is read from the table resource (GET /tables/{id}/) only; the loop's answers leave it out.
 */

import { ApiError, SpadesApi } from "./api.js";
import { cardElement, cardText, isRed, sortHand } from "./cards.js";
import { bindReplay, drawReplay, openReplay } from "./replay.js";
import { bindReview, drawReview, openReview } from "./review.js";
import { keptPlayer, NAME_KEY, register, TOKEN_KEY, watcher } from "./session.js";
import { detectLanguage, language, PRESETS, setLanguage, SWITCHES, t, translatePage } from "./i18n.js";

const POSITIONS = ["bottom", "left", "top", "right"]; // where a seat sits, counted from yours
const LOG_LIMIT = 80;
const TRICK_END_KEY = "spades.trick_end"; // "pause" or "click": how a finished trick leaves the table
const PACE_KEY = "spades.pace"; // "slow", "normal" or "fast"
/** Milliseconds: before another seat's card or bid is shown, and how long a finished trick stays. */
const PACES = {
  slow: { card: 1000, bid: 700, pause: 2500 },
  normal: { card: 600, bid: 400, pause: 1500 },
  fast: { card: 250, bid: 150, pause: 700 },
};
const RESYNC_MS = 5000; // the felt behind the table this long with nothing in the queue: show the table

const $ = (selector) => document.querySelector(selector);

/** Everything the page knows; rendering reads it, nothing else does. */
const state = {
  api: null,
  player: null, // {id, name} of the kept token
  rulesets: null, // GET /rulesets/
  tableId: null,
  table: null, // the latest known: GET /tables/{id}/ on opening, then the feed's and the actions' answers
  rules: null, // the table's rule set, from GET /tables/{id}/
  display: null, // what the felt shows, event by event: see "The felt at a person's pace"
  queue: [], // feed entries not yet shown
  generation: 0, // counts the tables opened: a queue still running for one closed since stops
  pumping: null, // the generation whose queue is being shown, or null
  shownAt: 0, // when the felt last changed (Date.now())
  release: null, // lets a held trick go (a click, or the pause running out)
  breakdownClosed: null, // resolves when the breakdown sheet shown after a hand is closed
  resyncTimer: null,
  legal: null, // {seq, your_turn, actions}: your legal actions at table.seq, from the same answer
  hint: null, // GET hint/ while bidding, or null
  hintAsked: null, // {table id, seq, answer}: the hint/ asked for that seq, shared by answers that cross
  feed: null, // the events feed's follower (a stream, or long-polls)
  live: false,
  busy: false, // an action is on its way: no second click
  selected: new Set(), // cards chosen for an exchange
  shownHand: 0, // the last hand whose breakdown was shown
  clockTimer: null,
};

// Boot ------------------------------------------------------------------------------------------------

async function boot() {
  setLanguage(detectLanguage());
  state.api = new SpadesApi({ token: localStorage.getItem(TOKEN_KEY), language: language() });
  translatePage();
  bindControls();
  bindReplay();
  bindReview();
  // /play/?watch=<table> follows a table from no seat (or yours, if you sit there); ?replay=<table>&hand=<n>
  // opens it with hand n replayed. Both need only a token: a visitor without one gets a watcher account.
  const params = new URLSearchParams(location.search);
  const id = params.get("watch") || params.get("replay");
  if (id) {
    try {
      state.player = await watcher(state.api);
      $("[data-testid=whoami]").textContent = state.player.name;
      await openTable(id);
      if (params.get("replay")) await showReplay(Number(params.get("hand")) || 1);
      return;
    } catch (error) {
      closeTable();
      await showLobby();
      showSetupMessage(error);
      return;
    }
  }
  await showLobby();
}

function bindControls() {
  $("[data-testid=lang-switch]").addEventListener("click", () => {
    setLanguage(language() === "en" ? "ja" : "en");
    state.api.language = language();
    translatePage();
    renderLobbyChoices();
    drawReplay();
    drawReview();
    render(); // the reasons for dimmed cards are asked for when pressed, in the language of the moment

  });
  $("#setup").addEventListener("submit", (event) => {
    event.preventDefault();
    startGame();
  });
  $("#continue").addEventListener("click", () => openTable($("#continue").dataset.table));
  $("#back").addEventListener("click", () => showLobby());
  $("#look").addEventListener("click", () => act({ type: "look" }));
  $("#pass").addEventListener("click", () => act({ type: "exchange", cards: [...state.selected] }));
  $("#take-back").addEventListener("click", takeBack);
  $("#breakdown-close").addEventListener("click", closeBreakdown);
  $("#breakdown-replay").addEventListener("click", () => showReplay(Number($("#breakdown").dataset.hand)));
  $("#breakdown-review").addEventListener("click", () => {
    if (state.tableId) openReview(state.api, state.tableId, Number($("#breakdown").dataset.hand), { seatName, sideName });
  });
  $("#breakdown-new").addEventListener("click", () => {
    $("#breakdown").hidden = true;
    showLobby();
  });
  $("#show-last-hand").addEventListener("click", () => {
    const last = state.table?.view && lastHandNumber(state.table.view);
    if (last) showBreakdown(last);
  });
  // A held trick goes when the table or the "next trick" button is pressed (in either setting).
  $(".felt").addEventListener("click", () => state.release?.());
  $("#trick-end").value = trickEnd();
  $("#trick-end").addEventListener("change", (event) => {
    localStorage.setItem(TRICK_END_KEY, event.target.value);
    render();
  });
  $("#pace").value = paceName();
  $("#pace").addEventListener("change", (event) => localStorage.setItem(PACE_KEY, event.target.value));
}

/** The player's choice of how a finished trick leaves the table: after a pause, or on a click. */
function trickEnd() {
  return localStorage.getItem(TRICK_END_KEY) === "click" ? "click" : "pause";
}

function paceName() {
  const kept = localStorage.getItem(PACE_KEY);
  return kept in PACES ? kept : "normal";
}

/** The number of the last finished hand (0 before the first); the view's record of it may be left out. */
function lastHandNumber(view) {
  return view.last_hand?.number ?? view.hands_played ?? 0;
}

// Lobby: the kept token, "continue", and the form for a new game --------------------------------------

async function showLobby() {
  closeTable();
  if (location.search) history.replaceState(null, "", location.pathname); // no longer watching a table
  $("#table").hidden = true;
  $("#lobby").hidden = false;
  await checkToken();
  if (!state.rulesets) {
    try {
      state.rulesets = await state.api.rulesets();
    } catch (error) {
      showSetupMessage(error);
    }
  }
  renderLobbyChoices();
  await findUnfinished();
}

/** The kept player, if its token still works; else the name field asks for a name for a new one. */
async function checkToken() {
  state.player = await keptPlayer(state.api);
  $("[data-testid=whoami]").textContent = state.player ? state.player.name : "";
  $("#name-row").hidden = Boolean(state.player);
  if (!state.player && !$("#name").value) {
    $("#name").value = localStorage.getItem(NAME_KEY) || "player-" + Math.random().toString(36).slice(2, 8);
  }
}

/** The newest of your unfinished games, found on the server: no game state is kept in the browser. */
async function findUnfinished() {
  const box = $("#continue-box");
  box.hidden = true;
  if (!state.player) return;
  try {
    const page = await state.api.myTables("playing");
    const first = page.results[0];
    if (!first) return;
    const detail = await state.api.table(first.id);
    const view = detail.view;
    const mine = view.sides.findIndex((side) => side.includes(detail.your_seat));
    $("#continue-info").textContent = t("continue_info", {
      preset: presetLabel(detail.preset), hand: view.hand_number,
      us: view.scores[mine], them: view.scores[1 - mine],
    });
    $("#continue").dataset.table = first.id;
    box.hidden = false;
  } catch (error) {
    showSetupMessage(error);
  }
}

function presetLabel(name) {
  return PRESETS[language()][name]?.[0] || name;
}

/** The presets this page can seat (four players in two partnerships), then "custom". */
function playablePresets() {
  return (state.rulesets?.presets || []).filter((p) => p.switches.players === 4 && p.switches.partnerships);
}

function renderLobbyChoices() {
  const box = $("#presets");
  const chosen = box.querySelector("input:checked")?.value || "standard";
  box.replaceChildren();
  for (const preset of [...playablePresets(), { name: "custom" }]) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "preset", value: preset.name, checked: preset.name === chosen });
    input.dataset.testid = "preset-" + preset.name;
    input.addEventListener("change", () => {
      $("#custom-box").hidden = input.value !== "custom";
    });
    const name = document.createElement("b");
    name.textContent = preset.name === "custom" ? t("custom") : presetLabel(preset.name);
    label.append(input, name);
    if (preset.description) {
      const about = document.createElement("span");
      about.className = "small";
      about.textContent = PRESETS[language()][preset.name]?.[1] || preset.description;
      label.append(about);
    }
    box.append(label);
  }
  $("#custom-box").hidden = chosen !== "custom";

  const base = $("#custom-base");
  const baseChosen = base.value || "standard";
  base.replaceChildren(...playablePresets().map((p) => new Option(presetLabel(p.name), p.name)));
  base.value = baseChosen;
  base.onchange = () => renderSwitches(true);
  renderSwitches(false);
}

/** The custom form: one input per switch, filled from the base preset. Its meaning comes from the API. */
function renderSwitches(reset) {
  const box = $("#switches");
  const preset = playablePresets().find((p) => p.name === $("#custom-base").value);
  if (!preset) return;
  const old = reset ? {} : readSwitches(false);
  box.replaceChildren();
  for (const [key, label] of Object.entries(SWITCHES[language()])) {
    const value = key in old ? old[key] : preset.switches[key];
    const row = document.createElement("label");
    row.className = "switch";
    row.title = state.rulesets.switches[key] || "";
    const input = document.createElement("input");
    input.name = key;
    input.dataset.testid = "switch-" + key;
    if (typeof preset.switches[key] === "boolean") {
      input.type = "checkbox";
      input.checked = Boolean(value);
    } else {
      input.type = "number";
      input.step = "any";
      input.value = value ?? "";
      input.placeholder = t("unset");
    }
    const text = document.createElement("span");
    text.textContent = label;
    row.append(input, text);
    if (language() === "en" && row.title) {
      const doc = document.createElement("span");
      doc.className = "doc";
      doc.textContent = row.title;
      row.append(doc);
    }
    box.append(row);
  }
}

/** The switch values in the form; with `onlyChanged`, only those that differ from the base preset. */
function readSwitches(onlyChanged) {
  const preset = playablePresets().find((p) => p.name === $("#custom-base").value);
  const out = {};
  for (const input of $("#switches").querySelectorAll("input")) {
    let value;
    if (input.type === "checkbox") value = input.checked;
    else value = input.value.trim() === "" ? null : Number(input.value);
    if (!onlyChanged || !preset || preset.switches[input.name] !== value) out[input.name] = value;
  }
  return out;
}

async function startGame() {
  const button = $("[data-testid=start]");
  button.disabled = true;
  hideSetupMessage();
  try {
    if (!state.player) {
      state.player = await register(state.api, $("#name").value.trim());
    }
    const choice = $("#presets input:checked")?.value || "standard";
    const custom = choice === "custom";
    const level = $("input[name=level]:checked").value;
    const table = await state.api.createTable({
      preset: custom ? $("#custom-base").value : choice,
      overrides: custom ? readSwitches(true) : {},
      seats: [{ type: "open" }, { type: "bot", level }, { type: "bot", level: "normal" }, { type: "bot", level }],
      takeSeat: 0,
    });
    await openTable(table.id);
  } catch (error) {
    showSetupMessage(error);
  } finally {
    button.disabled = false;
  }
}

function showSetupMessage(error) {
  let box = $("#setup-message");
  if (!box) {
    box = document.createElement("p");
    box.id = "setup-message";
    box.className = "message";
    box.dataset.testid = "setup-message";
    box.setAttribute("role", "alert");
    $("#setup").append(box);
  }
  box.textContent = describeError(error);
  box.hidden = false;
}

function hideSetupMessage() {
  const box = $("#setup-message");
  if (box) box.hidden = true;
}

/** A problem's words for people, with its field errors (invalid_rules names the switches at fault). */
function describeError(error) {
  if (!(error instanceof ApiError)) return t("network");
  const fields = Object.entries(error.problem.errors || {}).map(([k, v]) => `${k}: ${[].concat(v).join(" ")}`);
  return [error.message, ...fields].join(" — ");
}

// The table ---------------------------------------------------------------------------------------------

async function openTable(id) {
  closeTable();
  state.tableId = id;
  $("#lobby").hidden = true;
  $("#table").hidden = false;
  $("#log").replaceChildren();
  $("#table").dataset.tableId = id;
  state.shownHand = Number.POSITIVE_INFINITY; // decided below, once the view is known
  // The table once, for its rule set (the feed's answers leave it out); from then on the feed brings it.
  let table;
  try {
    table = await state.api.table(id);
  } catch (error) {
    showMessage(describeError(error), error.code);
    return;
  }
  if (id !== state.tableId) return;
  state.rules = table.rules;
  await accept(table, []);
  const view = table.view;
  // Breakdowns of hands finished before this visit are not shown again (the "last hand" button has them).
  state.shownHand = view && view.phase !== "game_over" ? lastHandNumber(view) : 0;
  if (view?.phase === "game_over") showBreakdown(lastHandNumber(view));
  state.feed = state.api.follow(id, table.seq, onAnswer, onLive);
  state.clockTimer = setInterval(renderClock, 250);
}

function closeTable() {
  state.feed?.close();
  state.feed = null;
  clearInterval(state.clockTimer);
  clearTimeout(state.resyncTimer);
  state.tableId = null;
  state.generation += 1;
  state.table = state.legal = state.hint = state.hintAsked = state.rules = state.display = null;
  state.queue = [];
  // Whatever the queue was waiting for is over: let it run out (it stops, the table being gone).
  const waiting = [state.release, state.breakdownClosed];
  state.release = state.breakdownClosed = null;
  for (const resolve of waiting) resolve?.();
  state.selected.clear();
  $("[data-testid=live]").hidden = true;
  $("[data-testid=watching]").hidden = true;
  document.body.classList.remove("spectator");
}

/** One answer of the events feed: its entries are queued, to be shown at a person's pace; the table and
 * your legal actions it carries are taken at once (so your move is ready when the felt catches up, and a
 * clock on your move is known). */
async function onAnswer(answer) {
  state.queue.push(...answer.events);
  pump();
  if (answer.table) await accept(answer.table, answer.legal);
}

function onLive(connected) {
  state.live = connected;
  const badge = $("[data-testid=live]");
  badge.hidden = false;
  badge.textContent = connected ? "● " + t("live") : "○ " + t("reconnecting");
  badge.classList.toggle("off", !connected);
  badge.dataset.feed = state.feed?.mode() ?? ""; // "stream" or "poll": which the feed fell back to, if it did
}

/**
 * Take the table at some seq, and your legal actions then, from an answer that carries both (the events
 * feed, an action's answer): the page reads neither again. An answer older than the table already shown is
 * dropped (the feed and an action's answer may cross). `legal` undefined: the answer did not carry it, and
 * legal/ is asked. Asked too, with no other request, are: the bid hint when it is your bid, and legal/
 * while your cards are face down, since only legal/ lists looking at them before your turn.
 */
async function accept(table, legal) {
  const id = state.tableId;
  const newer = () => id === state.tableId && !(state.table && table.seq < state.table.seq);
  if (!newer()) return;
  const view = table.view;
  const seated = table.status === "playing" && view && table.your_seat !== null;
  let actions = legal ?? [];
  let hint = state.hint?.seq === table.seq ? state.hint : null;
  try {
    if (seated && (legal === undefined || (!actions.length && view.phase === "bid" && view.cards_hidden))) {
      const full = await state.api.legal(id);
      if (full.seq === table.seq) actions = full.actions;
    }
    if (seated && !hint && view.phase === "bid" && view.turn === view.seat && !view.cards_hidden
        && actions.some((a) => a.type === "bid")) {
      hint = await hintAt(id, table.seq);
    }
  } catch (error) {
    // 409: the table moved on meanwhile, and the next answer brings it; anything else is shown.
    if (!(error instanceof ApiError && error.status === 409)) showMessage(describeError(error), error.code);
  }
  if (!newer()) return;
  if (table.seq !== state.table?.seq) state.selected.clear();
  state.table = table;
  state.legal = { seq: table.seq, your_turn: actions.length > 0, actions };
  state.hint = hint?.seq === table.seq ? hint : null;
  show();
  if (!pumping() && state.queue.length) pump(); // entries that came before the first table
}

/** The bid hint for table `id` at `seq`, asked once: the feed and an action's answer may bring the same seq to
 * accept() at once, and both would ask before either had the answer. */
function hintAt(id, seq) {
  const asked = state.hintAsked;
  if (asked?.id !== id || asked.seq !== seq) state.hintAsked = { id, seq, answer: state.api.hint(id) };
  return state.hintAsked.answer;
}

/** The page from the table as last known (the felt made again from it once it has caught up), and the
 * breakdown of a hand that finished meanwhile. */
function show() {
  settle();
  render();
  const view = state.table?.view;
  const last = view ? lastHandNumber(view) : 0;
  if (caughtUp() && last > state.shownHand) {
    state.shownHand = last;
    showBreakdown(last);
  }
}

/** Send one action with the seq the page last saw; its answer is the table after it and your legal
 * actions, taken at once. A refusal changes nothing: stale_seq means the feed is bringing what happened. */
async function act(action) {
  if (state.busy || !state.table) return;
  state.busy = true;
  hideMessage();
  render();
  const id = state.tableId;
  try {
    const result = await state.api.act(id, action, state.table.seq);
    state.busy = false;
    await accept(result.table, result.legal);
  } catch (error) {
    if (error instanceof ApiError && error.code === "stale_seq") showMessage(t("stale"), error.code);
    else showMessage(describeError(error), error.code);
  } finally {
    state.busy = false;
  }
  render();
}

async function takeBack() {
  try {
    await accept(await state.api.takeBack(state.tableId), undefined);
  } catch (error) {
    showMessage(describeError(error), error.code);
  }
}

// The felt at a person's pace ----------------------------------------------------------------------------
//
// `state.display` is what the felt shows: the hand's bids, tricks taken, scores, the trick on the table, a
// finished trick held with its winner (`held`) and the one before (`last`), and the seq of the last entry
// shown. It starts as the table read on opening it and then follows the feed's events, one at a time.
// Whenever the queue is empty and the display is at the table's seq, it is made again from the table
// (`settle`), so the table read from the API always has the last word.

/** The felt as the seat view `view` at `seq` has it. */
function displayFrom(view, seq) {
  const last = view.last_trick;
  return {
    seq,
    hand: view.hand_number,
    bids: [...view.bids],
    won: [...view.tricks_won],
    scores: [...view.scores],
    bags: [...view.bags],
    trick: view.trick.map(({ seat, card }) => ({ seat, card })),
    held: null,
    last: last ? { number: view.tricks?.length ?? 0, winner: last.winner, cards: trickCards(last, view) } : null,
  };
}

/** A finished trick's cards with the seat that played each ({leader, cards} from the view or an event). */
function trickCards({ leader, cards }, view) {
  return cards.map((card, i) => ({ seat: (leader + i) % view.hand_size.length, card }));
}

/** One event onto the felt. Events the felt does not show (looks, exchanges, clocks) change nothing. */
function applyEvent(d, event, view) {
  const players = view.hand_size.length;
  switch (event.type) {
    case "deal":
      Object.assign(d, {
        hand: event.hand, bids: Array(players).fill(null), won: Array(players).fill(0), trick: [], held: null,
        last: null,
      });
      break;
    case "bid": d.bids[event.seat] = { tricks: event.bid, blind: event.blind }; break;
    case "play": d.trick.push({ seat: event.seat, card: event.card }); break;
    case "trick":
      d.won[event.winner] += 1;
      d.trick = [];
      d.held = { number: event.number, winner: event.winner, cards: trickCards(event, view) };
      break;
    case "hand_over": Object.assign(d, { scores: [...event.scores], bags: [...event.bags] }); break;
    default: break;
  }
}

/** Whether the felt shows the table as last read: nothing queued or being shown, and the same seq. */
function caughtUp() {
  return Boolean(state.display && state.table) && !pumping() && !state.queue.length
    && state.display.seq === state.table.seq;
}

/** After a read: a felt at the table's seq is made again from the table. A felt left behind the table
 * with nothing queued (a feed that lost its way) is given up after RESYNC_MS and shows the table. */
function settle() {
  const table = state.table;
  clearTimeout(state.resyncTimer);
  if (!table?.view) return;
  if (!state.display || caughtUp()) {
    state.display = displayFrom(table.view, table.seq);
    return;
  }
  if (state.display.seq < table.seq && !pumping() && !state.queue.length) {
    state.resyncTimer = setTimeout(() => {
      if (state.display && state.table?.view && !pumping() && !state.queue.length
          && state.display.seq < state.table.seq) {
        state.display = displayFrom(state.table.view, state.table.seq);
        show();
      }
    }, RESYNC_MS);
  }
}

function pumping() {
  return state.pumping === state.generation;
}

/** Show the queued entries one event at a time; when they are all shown, the table as last known. */
async function pump() {
  if (pumping() || !state.display) return;
  const gen = state.generation;
  state.pumping = gen;
  try {
    while (state.queue.length && gen === state.generation) {
      const entry = state.queue.shift();
      if (entry.seq <= state.display.seq) continue; // shown already (the table was read after it)
      let handOver = null;
      for (const event of entry.events) {
        await showEvent(event, gen);
        if (gen !== state.generation) return;
        if (event.type === "hand_over") handOver = { number: event.hand, ending: null };
        if (event.type === "game_over" && handOver) handOver.ending = { winner: event.winner };
      }
      state.display.seq = entry.seq;
      // The score of the hand once its last trick has been seen; the next hand waits until it is closed.
      if (handOver) await showHandOver(handOver);
    }
  } finally {
    if (state.pumping === gen) state.pumping = null;
  }
  if (gen === state.generation) show();
}

/** One event: another seat's card or bid after the pace's delay; a finished trick held until let go. */
async function showEvent(event, gen) {
  const pace = PACES[hurried() ? "fast" : paceName()];
  if ((event.type === "play" || event.type === "bid") && event.seat !== state.table?.your_seat) {
    const wait = state.shownAt + (event.type === "play" ? pace.card : pace.bid) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const view = state.table?.view;
  if (gen !== state.generation || !view || !state.display) return;
  logEvent(event);
  applyEvent(state.display, event, view);
  state.shownAt = Date.now();
  render();
  if (event.type === "trick") await holdTrick(pace.pause);
}

/** Keep the finished trick on the table until the pause runs out ("pause") or the person clicks (both
 * settings take a click). The pause is read when the trick finishes; a change applies from the next. */
function holdTrick(pauseMs) {
  return new Promise((resolve) => {
    let timer = null;
    const go = () => {
      clearTimeout(timer);
      state.release = null;
      const d = state.display;
      if (d?.held) {
        d.last = d.held;
        d.held = null;
        state.shownAt = Date.now();
        render();
      }
      resolve();
    };
    state.release = go;
    if (trickEnd() === "pause" || hurried()) timer = setTimeout(go, pauseMs);
    render();
  });
}

/** Whether your move clock is running (the table as last read): then the felt catches up at the fast
 * pace and a held trick goes after the fast pause even when waiting for a click, so that the pacing does
 * not spend your time. */
function hurried() {
  const table = state.table;
  return Boolean(table?.clock?.deadline && table.view?.waiting_for.includes(table.your_seat));
}

/** A finished hand's breakdown; the queue goes on once it is closed (or could not be shown). */
async function showHandOver({ number, ending }) {
  state.shownHand = Math.max(state.shownHand, number);
  const shown = await showBreakdown(number, ending);
  if (shown && state.tableId) await new Promise((resolve) => { state.breakdownClosed = resolve; });
}

// Rendering ---------------------------------------------------------------------------------------------

/** Position of a seat around the table, from your own seat (0 bottom, then clockwise: left, top, right). */
function relative(seat) {
  const mine = state.table?.your_seat ?? 0;
  const players = state.table?.view?.hand_size.length || 4;
  return (seat - mine + players) % players;
}

/** Whether the page follows a table where you have no seat: a spectator sees no hand and names the seats
 * by the compass (South at the bottom). */
function spectating() {
  return Boolean(state.table) && state.table.your_seat === null;
}

function seatName(seat) {
  return t((spectating() ? "compass_" : "seat_") + relative(seat));
}

/** A side by its seats ("South & North"), for a spectator's scoreboard. */
function sideName(seats) {
  return seats.length === 2 ? t("side_of", { a: seatName(seats[0]), b: seatName(seats[1]) }) : seats.map(seatName).join(", ");
}

/** The side that `seats` (a seat view's sides) puts first: yours, or for a spectator the side of seat 0. */
function mySide(sides) {
  return Math.max(0, sides.findIndex((side) => side.includes(state.table?.your_seat)));
}

/** What the page waits for from you now: "bid", "look", "play", "exchange", or "" (someone else, or the
 * felt is still showing what happened before). */
function myAction() {
  const legal = state.legal;
  if (!legal || !legal.your_turn || state.busy || legal.seq !== state.table.seq || !caughtUp()) return "";
  const types = new Set(legal.actions.map((a) => a.type));
  if (types.has("play")) return "play";
  if (types.has("exchange")) return "exchange";
  // With blind bids, cards are dealt face down: you may look (or bid blind) before your turn comes.
  if (types.has("bid")) return state.table.view.cards_hidden ? "look" : "bid";
  if (types.has("look")) return "look";
  return "";
}

function render() {
  const table = state.table;
  if (!table) return;
  const view = table.view;
  const root = $("#table");
  const mine = myAction();
  root.dataset.seq = table.seq;
  root.dataset.status = table.status;
  root.dataset.phase = view?.phase || "waiting";
  root.dataset.mine = mine;
  root.dataset.busy = state.busy ? "1" : "";
  root.dataset.spectator = spectating() ? "1" : "";
  document.body.classList.toggle("spectator", spectating());
  $("[data-testid=watching]").hidden = !spectating();
  if (!view) return;
  const shown = state.display || displayFrom(view, table.seq);
  root.dataset.shownSeq = shown.seq;
  root.dataset.caughtUp = caughtUp() ? "1" : "";

  renderScores(table, view, shown);
  for (let seat = 0; seat < view.hand_size.length; seat++) renderSeat(table, view, shown, seat);
  renderTrick(view, shown);
  renderStatus(table, view, shown, mine);
  renderBidPanel(view, mine);
  renderExchange(view, mine);
  // A new hand's cards wait until the felt has shown the end of the hand before.
  if (shown.hand === view.hand_number) renderHand(view, mine);
  const me = table.seats.find((s) => s.seat === table.your_seat);
  $("#replaced").hidden = !me?.replaced_by_bot;
  $("#show-last-hand").disabled = !lastHandNumber(view);
  renderClock();
}

/** The scoreboard from the felt: each side's score and bags, and its tricks taken against its bid. */
function renderScores(table, view, shown) {
  const mine = mySide(view.sides);
  const order = [mine, 1 - mine];
  order.forEach((side, i) => {
    $(`[data-testid=team-${i}] .team-name`).textContent = spectating() ? sideName(view.sides[side]) : t("team_" + i);
    $(`[data-testid=score-${i}]`).textContent = shown.scores[side];
    $(`[data-testid=bags-${i}]`).textContent = shown.bags[side];
    const total = sideTotal(view.sides[side], shown);
    const el = $(`[data-testid=team-tricks-${i}]`);
    el.textContent = `${total.taken}/${total.bid === null ? "–" : total.bid}`;
    el.dataset.taken = total.taken;
    el.dataset.bid = total.bid ?? "";
  });
  $("#target").textContent = state.rules ? t("target", { n: state.rules.target }) : "";
  $("#hand-number").textContent = `#${shown.hand}`;
  $("#broken").hidden = !view.spades_broken;
}

/** A side's tricks taken and the sum of its bids (a nil counts 0; null until one of them has bid). */
function sideTotal(seats, shown) {
  const bids = seats.map((seat) => shown.bids[seat]).filter(Boolean);
  return {
    taken: seats.reduce((sum, seat) => sum + shown.won[seat], 0),
    bid: bids.length ? bids.reduce((sum, bid) => sum + bid.tricks, 0) : null,
  };
}

/** The seat that plays next on the felt while it is behind the table (null: none to show). */
function nextOnFelt(view, shown) {
  if (shown.held || !shown.trick.length || shown.trick.length >= view.hand_size.length) return null;
  return (shown.trick[shown.trick.length - 1].seat + 1) % view.hand_size.length;
}

function bidText(bid) {
  if (!bid) return "–";
  if (bid.tricks === 0) return bid.blind ? t("blind_nil") : t("nil");
  return bid.blind ? `${bid.tricks} (${t("blind")})` : String(bid.tricks);
}

function renderSeat(table, view, shown, seat) {
  const box = document.querySelector(`.felt .seat.pos-${POSITIONS[relative(seat)]}`);
  if (!box) return;
  const info = table.seats.find((s) => s.seat === seat);
  const who = info?.state === "bot" ? `CPU · ${t("level_" + info.bot_level)}` : info?.player || "";
  box.dataset.seat = seat;
  box.dataset.testid = "seat-" + relative(seat);
  const turn = caughtUp() ? view.waiting_for.includes(seat) : nextOnFelt(view, shown) === seat;
  box.classList.toggle("turn", turn && table.status === "playing");
  box.replaceChildren();
  const name = document.createElement("div");
  name.className = "seat-name";
  name.textContent = seatName(seat);
  if (seat === view.dealer) {
    const dealer = document.createElement("span");
    dealer.className = "dealer";
    dealer.textContent = "D";
    dealer.title = t("dealer");
    name.append(dealer);
  }
  const sub = document.createElement("div");
  sub.className = "seat-who";
  sub.textContent = who;
  const counts = document.createElement("div");
  counts.className = "seat-counts";
  counts.dataset.testid = "seat-counts-" + relative(seat);
  // Tricks won against the bid, the number a player watches all hand long.
  const count = (label, value) => {
    const span = document.createElement("span");
    const b = document.createElement("b");
    b.textContent = value;
    span.append(label + " ", b);
    return span;
  };
  counts.append(count(t("won"), shown.won[seat]), count(t("bid"), bidText(shown.bids[seat])));
  counts.dataset.won = shown.won[seat];
  const clock = document.createElement("div");
  clock.className = "seat-clock";
  box.append(name, sub, counts, clock);
}

/** The trick on the felt: a finished one held with its winner marked and named; else the cards played
 * so far; between tricks, the last one faded, with who took it. */
function renderTrick(view, shown) {
  const slots = {};
  for (const slot of document.querySelectorAll(".trick .slot")) {
    slot.replaceChildren();
    slots[slot.dataset.slot] = slot;
  }
  const box = $("[data-testid=trick]");
  const held = shown.held;
  const faded = !held && shown.trick.length === 0 ? shown.last : null;
  const finished = held || faded;
  const cards = finished ? finished.cards : shown.trick;
  let caption = "";
  if (held) caption = `${t("trick_n", { n: held.number })}: ${t("took_trick", { seat: seatName(held.winner) })}`;
  else if (faded) caption = `${t("last_trick")}: ${t("took_trick", { seat: seatName(faded.winner) })}`;
  for (const { seat, card } of cards) {
    const el = cardElement(card);
    el.tabIndex = -1;
    el.dataset.testid = "trick-card";
    el.dataset.seat = seat;
    if (faded) el.classList.add("faded");
    if (finished && seat === finished.winner) el.classList.add("winner");
    slots[relative(seat)]?.append(el);
  }
  box.dataset.held = held ? held.number : "";
  box.dataset.winner = finished ? finished.winner : "";
  box.classList.toggle("held", Boolean(held));
  $("[data-testid=trick-caption]").textContent = caption;
  const next = $("[data-testid=trick-next]");
  next.style.visibility = held ? "visible" : "hidden"; // kept in the layout: the felt does not jump
  next.textContent = t(trickEnd() === "click" ? "next_trick" : "next_trick_now");
}

function renderStatus(table, view, shown, mine) {
  let text = "";
  const next = caughtUp() ? null : nextOnFelt(view, shown);
  if (shown.held) text = t(trickEnd() === "click" ? "held_click" : "held_pause");
  else if (next !== null) text = t("waiting_for", { seat: seatName(next) });
  else if (table.status === "finished" || view.phase === "game_over") text = t("game_over");
  else if (mine === "bid") text = t("your_bid");
  else if (mine === "look") text = t("your_look");
  else if (mine === "play") text = t("your_play");
  else if (mine === "exchange") text = t("your_exchange", { n: exchangeCount() });
  else if (view.phase === "exchange") text = t("waiting_exchange");
  else if (view.turn !== null) text = t("waiting_for", { seat: seatName(view.turn) });
  $("#status-text").textContent = text;
}

function renderBidPanel(view, mine) {
  const panel = $("#bid-panel");
  panel.hidden = mine !== "bid" && mine !== "look";
  if (panel.hidden) return;
  const bids = state.legal.actions.filter((a) => a.type === "bid");
  const open = new Set(bids.filter((b) => !b.blind).map((b) => b.bid));
  const blindNil = bids.some((b) => b.blind && b.bid === 0);
  $("#look-row").hidden = mine !== "look";

  const hint = $("#hint");
  hint.replaceChildren();
  if (state.hint && state.hint.action.type === "bid") {
    const n = state.hint.action.bid;
    const line = document.createElement("div");
    line.dataset.testid = "hint-bid";
    line.dataset.bid = n;
    line.textContent = t("hint", { n: n === 0 ? t("nil") : n });
    const counted = document.createElement("div");
    counted.className = "counted";
    counted.dataset.testid = "hint-counted";
    counted.append(t("hint_counted") + " ");
    if (!state.hint.counted.length) counted.append(t("hint_none"));
    for (const card of sortHand(state.hint.counted)) {
      const chip = document.createElement("span");
      chip.className = "chip" + (isRed(card) ? " red" : "");
      chip.textContent = cardText(card);
      counted.append(chip);
    }
    const take = document.createElement("button");
    take.type = "button";
    take.className = "primary";
    take.dataset.testid = "bid-hint";
    take.textContent = t("bid_hint_button", { n: n === 0 ? t("nil") : n });
    take.disabled = !open.has(n);
    take.addEventListener("click", () => act({ type: "bid", bid: n, blind: false }));
    hint.append(line, counted, take);
  }

  const row = $("#bids");
  row.replaceChildren();
  if (mine === "look") {
    if (blindNil) row.append(bidButton(0, true, true));
    return;
  }
  const top = Math.max(...view.hand_size, ...open);
  for (let n = 0; n <= top; n++) row.append(bidButton(n, false, open.has(n)));
}

function bidButton(n, blind, enabled) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "bid";
  button.dataset.testid = blind ? "bid-blind-nil" : "bid-" + n;
  button.textContent = blind ? t("blind_nil") : n === 0 ? t("nil") : String(n);
  button.disabled = !enabled;
  if (state.hint?.action.bid === n && !blind) button.classList.add("suggested");
  button.addEventListener("click", () => act({ type: "bid", bid: n, blind }));
  return button;
}

function exchangeCount() {
  return state.legal?.actions.find((a) => a.type === "exchange")?.count || 0;
}

function renderExchange(view, mine) {
  const panel = $("#exchange-panel");
  panel.hidden = mine !== "exchange";
  if (panel.hidden) return;
  const n = exchangeCount();
  $("#exchange-text").textContent = t("your_exchange", { n }) + ` (${state.selected.size}/${n})`;
  $("#pass").disabled = state.selected.size !== n;
}

function renderHand(view, mine) {
  const hand = $("#hand");
  hand.replaceChildren();
  const playable = playableCards();
  const counted = new Set(mine === "bid" ? state.hint?.counted || [] : []);
  if (view.cards_hidden) {
    for (let i = 0; i < view.hand_size[view.seat]; i++) {
      const back = document.createElement("div");
      back.className = "card back";
      hand.append(back);
    }
    return;
  }
  for (const card of sortHand(view.hand || [])) {
    const el = cardElement(card);
    el.dataset.testid = "card-" + card;
    el.dataset.playable = mine === "play" && playable.has(card) ? "true" : "false";
    // Dimmed: not among your legal plays now. Not dimmed while bidding or waiting.
    if (mine === "play" && !playable.has(card)) el.classList.add("illegal");
    if (counted.has(card)) el.classList.add("counted");
    if (state.selected.has(card)) el.classList.add("selected");
    el.addEventListener("click", () => pressCard(card));
    hand.append(el);
  }
}

/** The cards your legal actions may play now. */
function playableCards() {
  return new Set((state.legal?.actions || []).filter((a) => a.type === "play").map((a) => a.card));
}

/** A card pressed: played if legal, chosen for an exchange, or else the API's reason is shown. */
function pressCard(card) {
  const mine = myAction();
  if (mine === "exchange") {
    if (state.selected.has(card)) state.selected.delete(card);
    else if (state.selected.size < exchangeCount()) state.selected.add(card);
    render();
    return;
  }
  if (mine === "play" && playableCards().has(card)) {
    act({ type: "play", card });
    return;
  }
  explainCard(card);
}

/** Why `card` cannot be played now, in words: legal/ gives each card's reason (in the page's language). It
 * is asked only when such a card is pressed; the play loop itself never needs it. */
async function explainCard(card) {
  const id = state.tableId;
  try {
    const legal = await state.api.legal(id);
    const reason = legal.cards.find((c) => c.card === card);
    if (id === state.tableId && reason && !reason.playable) showMessage(reason.message, reason.reason, card);
  } catch (error) {
    showMessage(describeError(error), error.code);
  }
}

function showMessage(text, code, card = null) {
  const box = $("#message");
  box.textContent = card ? `${cardText(card)}: ${text}` : text;
  box.dataset.reason = code || "";
  box.dataset.card = card || "";
  box.dataset.text = text;
  box.hidden = false;
  clearTimeout(showMessage.timer);
  showMessage.timer = setTimeout(hideMessage, 8000);
}

function hideMessage() {
  $("#message").hidden = true;
}

/** The countdown to the clock's deadline, on the status line and on the seat(s) to move. The deadline is
 * the server's time; a browser whose clock is off shows the countdown off by as much. */
function renderClock() {
  const table = state.table;
  const clock = table?.clock;
  const el = $("#clock");
  const deadline = clock?.deadline ? Date.parse(clock.deadline) : null;
  const running = deadline !== null && table.status === "playing";
  el.hidden = !running;
  for (const seatClock of document.querySelectorAll(".seat-clock")) seatClock.textContent = "";
  if (!running) return;
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  el.textContent = t("seconds", { s: left });
  el.classList.toggle("urgent", left <= 3);
  for (const seat of table.view.waiting_for) {
    const box = document.querySelector(`.felt .seat[data-seat="${seat}"] .seat-clock`);
    if (box) box.textContent = t("seconds", { s: left });
  }
}

// The hand's score breakdown and the end of the game -----------------------------------------------------

/** The score sheet of hand `number`; `ending` ({winner}) when the feed has just said the game is over.
 * Resolves to whether the sheet is shown. */
async function showBreakdown(number, ending = null) {
  if (!number || !state.tableId) return false;
  let record;
  try {
    record = await state.api.hand(state.tableId, number);
  } catch (error) {
    showMessage(describeError(error), error.code);
    return false;
  }
  const table = state.table;
  if (!table?.view) return false;
  const view = table.view;
  const mine = mySide(record.sides.map((side) => side.seats));
  const sides = [record.sides[mine], record.sides[1 - mine]];
  $("#breakdown").dataset.hand = number;
  $("#breakdown-title").textContent = t("hand_title", { n: number });
  for (const [i, side] of sides.entries()) {
    $(`#breakdown [data-team="${i}"]`).textContent = spectating() ? sideName(side.seats) : t("team_" + i);
  }
  const rows = $("#breakdown-rows");
  rows.replaceChildren();
  const row = (key, values, params = {}) => {
    const tr = document.createElement("tr");
    tr.dataset.row = key;
    const th = document.createElement("th");
    th.textContent = t("row_" + key, params);
    tr.append(th, ...values.map((v) => {
      const td = document.createElement("td");
      td.textContent = v;
      return td;
    }));
    rows.append(tr);
  };
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  row("contract", sides.map((s) => `${s.contract}` + (s.made === null ? "" : ` (${t(s.made ? "made" : "set")})`)));
  row("tricks", sides.map((s) => s.tricks));
  row("contract_points", sides.map((s) => signed(s.contract_points)));
  row("overtricks", sides.map((s) => `${s.overtricks} → ${signed(s.overtrick_points)}`));
  if (sides.some((s) => s.bag_penalty)) row("bag_penalty", sides.map((s) => signed(-Math.abs(s.bag_penalty))));
  for (const [i, side] of sides.entries()) {
    for (const nil of side.nils) {
      const values = ["", ""];
      values[i] = `${t(nil.made ? "made" : "set")} ${signed(nil.points)}`;
      row(nil.blind ? "blind_nil" : "nil", values, { seat: seatName(nil.seat) });
    }
  }
  if (sides.some((s) => s.ten_for_two_hundred)) row("ten_for_two_hundred", sides.map((s) => (s.ten_for_two_hundred ? "✓" : "")));
  if (sides.some((s) => s.boston)) row("boston", sides.map((s) => signed(s.boston_points)));
  row("points", sides.map((s) => signed(s.points)));
  row("score", sides.map((s) => `${s.score_before} → ${s.score_after}`));
  row("bags", sides.map((s) => `${s.bags_before} → ${s.bags_after}`));

  const over = ending !== null || table.status === "finished" || view.phase === "game_over";
  const banner = $("#game-over");
  banner.hidden = !over;
  if (over) {
    const winner = ending ? ending.winner : table.winner ?? view.winner;
    banner.dataset.winner = winner === null ? "draw" : spectating() ? `side-${winner}` : winner === mine ? "us" : "them";
    const words = winner === null ? t("draw") : spectating() ? t("side_wins", { side: sideName(view.sides[winner]) })
      : winner === mine ? t("you_win") : t("they_win");
    banner.textContent = `${t("game_over")} — ${words}`;
  }
  $("#breakdown-new").hidden = !over;
  $("#breakdown-close").textContent = over ? t("close") : t("next_hand");
  $("#breakdown").hidden = false;
  return true;
}

/** Hand `number` replayed trick by trick over the table (and over its breakdown, if that is open). */
async function showReplay(number) {
  if (!number || !state.tableId) return;
  try {
    const record = await state.api.hand(state.tableId, number);
    openReplay(record, { seatName, relative });
  } catch (error) {
    showMessage(describeError(error), error.code);
  }
}

function closeBreakdown() {
  $("#breakdown").hidden = true;
  const resolve = state.breakdownClosed;
  state.breakdownClosed = null;
  resolve?.();
}

// The events log ----------------------------------------------------------------------------------------

function logEvent(event) {
  const who = event.seat !== undefined && event.seat !== null ? seatName(event.seat) : "";
  let text = null;
  switch (event.type) {
    case "deal": text = t("ev_deal", { n: event.hand }); break;
    case "bid":
      text = event.bid === 0 ? t(event.blind ? "ev_bid_blind_nil" : "ev_bid_nil", { seat: who })
        : t("ev_bid", { seat: who, n: event.bid });
      break;
    case "look": text = t("ev_look", { seat: who }); break;
    case "exchange": text = t("ev_exchange", { seat: who, n: event.count }); break;
    case "play": text = t("ev_play", { seat: who, card: cardText(event.card) }); break;
    case "trick": text = t("ev_trick", { seat: seatName(event.winner), n: event.number }); break;
    case "hand_over": {
      const view = state.table?.view;
      const mine = view ? mySide(view.sides) : 0;
      text = t("ev_hand_over", { n: event.hand, us: event.scores[mine], them: event.scores[1 - mine] });
      break;
    }
    case "game_over": text = t("ev_game_over"); break;
    case "resign": text = t("ev_resign", { seat: who }); break;
    case "timeout": text = t("ev_timeout", { seat: who }); break;
    default: return;
  }
  const item = document.createElement("li");
  item.textContent = text;
  const log = $("#log");
  log.prepend(item);
  while (log.children.length > LOG_LIMIT) log.lastChild.remove();
}

boot();
