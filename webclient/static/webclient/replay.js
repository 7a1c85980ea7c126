/**
 * Replaying a finished hand trick by trick, from its public record (GET /tables/{id}/hands/{n}/: every
 * seat's cards as dealt, the cards passed, every trick, the score breakdown).
 *
 * `positionAt(record, step)` is the hand after `step` tricks (0: as play began, after any exchange): each
 * seat's cards still held, the trick just finished with its winner, the tricks each seat has won. The
 * sheet (#replay in index.html) shows the four hands face up around that trick and steps forward and back
 * (buttons, or the arrow keys).
 */

import { cardElement, sortHand } from "./cards.js";
import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

/** The seat a seat passed cards to: its partner, the other seat of its side. */
function partnerOf(record, seat) {
  const side = record.sides.find((s) => s.seats.includes(seat));
  return side?.seats.find((other) => other !== seat) ?? null;
}

/** The cards each seat held when play began: as dealt, less what it passed, plus what its partner passed it. */
export function handsAtPlay(record) {
  return record.dealt.map((cards, seat) => {
    const gave = new Set(record.passed[seat] || []);
    const partner = partnerOf(record, seat);
    const got = partner === null ? [] : record.passed[partner] || [];
    return [...cards.filter((card) => !gave.has(card)), ...got];
  });
}

/** The hand after `step` finished tricks (0 … record.tricks.length). */
export function positionAt(record, step) {
  const players = record.dealt.length;
  const played = new Set(record.tricks.slice(0, step).flatMap((trick) => trick.cards));
  const won = Array(players).fill(0);
  for (const trick of record.tricks.slice(0, step)) won[trick.winner] += 1;
  const last = step > 0 ? record.tricks[step - 1] : null;
  return {
    step,
    hands: handsAtPlay(record).map((cards) => sortHand(cards.filter((card) => !played.has(card)))),
    won,
    trick: last ? { ...last, cards: last.cards.map((card, i) => ({ seat: (last.leader + i) % players, card })) } : null,
  };
}

const replay = { record: null, step: 0, seatName: String, relative: (seat) => seat };

/**
 * Open the sheet on `record`. `seatName(seat)` names a seat as the page does ("You", "Partner" or "North"),
 * `relative(seat)` is its position around the table from the viewer (0 bottom, then clockwise).
 */
export function openReplay(record, { seatName, relative, onClose = () => {} }) {
  Object.assign(replay, { record, step: 0, seatName, relative, onClose });
  $("#replay").hidden = false;
  $("#replay").dataset.hand = record.number;
  drawReplay();
}

export function closeReplay() {
  if ($("#replay").hidden) return;
  $("#replay").hidden = true;
  replay.record = null;
  replay.onClose?.();
}

function go(step) {
  if (!replay.record) return;
  replay.step = Math.max(0, Math.min(replay.record.tricks.length, step));
  drawReplay();
}

export function bindReplay() {
  $("#replay-first").addEventListener("click", () => go(0));
  $("#replay-prev").addEventListener("click", () => go(replay.step - 1));
  $("#replay-next").addEventListener("click", () => go(replay.step + 1));
  $("#replay-last").addEventListener("click", () => go(Number.POSITIVE_INFINITY));
  $("#replay-close").addEventListener("click", closeReplay);
  document.addEventListener("keydown", (event) => {
    if (!replay.record) return;
    if (event.key === "ArrowRight") go(replay.step + 1);
    else if (event.key === "ArrowLeft") go(replay.step - 1);
    else if (event.key === "Escape") closeReplay();
  });
}

export function drawReplay() {
  const record = replay.record;
  if (!record) return;
  const position = positionAt(record, replay.step);
  const total = record.tricks.length;
  const sheet = $("#replay");
  sheet.dataset.step = position.step;
  $("#replay-title").textContent = t("replay_title", { n: record.number });
  $("#replay-step").textContent = position.step ? t("replay_step", { k: position.step, n: total }) : t("replay_start");
  for (const [key, id] of [["replay_first", "first"], ["replay_prev", "prev"], ["replay_next", "next"], ["replay_last", "last"]]) {
    $(`#replay-${id}`).textContent = t(key);
  }
  $("#replay-close").textContent = t("close");
  $("#replay-first").disabled = $("#replay-prev").disabled = position.step === 0;
  $("#replay-next").disabled = $("#replay-last").disabled = position.step === total;
  for (let seat = 0; seat < record.dealt.length; seat++) {
    const box = sheet.querySelector(`.replay-seat[data-pos="${replay.relative(seat)}"]`);
    if (!box) continue;
    box.dataset.seat = seat;
    const bid = record.bids[seat];
    const bidText = bid.tricks === 0 ? t(bid.blind ? "blind_nil" : "nil") : String(bid.tricks);
    const head = document.createElement("div");
    head.className = "replay-name";
    head.textContent = `${replay.seatName(seat)} · ${t("bid")} ${bidText} · ${t("won")} ${position.won[seat]}`;
    head.dataset.testid = `replay-won-${seat}`;
    head.dataset.won = position.won[seat];
    const cards = document.createElement("div");
    cards.className = "replay-cards";
    cards.dataset.testid = `replay-hand-${seat}`;
    for (const card of position.hands[seat]) {
      const el = cardElement(card);
      el.tabIndex = -1;
      cards.append(el);
    }
    box.replaceChildren(head, cards);
  }
  const trick = $("#replay-trick");
  trick.replaceChildren();
  trick.dataset.winner = position.trick ? position.trick.winner : "";
  for (const { seat, card } of position.trick?.cards || []) {
    const el = cardElement(card);
    el.tabIndex = -1;
    el.dataset.seat = seat;
    el.dataset.testid = "replay-trick-card";
    el.classList.add("pos-" + ["bottom", "left", "top", "right"][replay.relative(seat)]);
    if (seat === position.trick.winner) el.classList.add("winner");
    trick.append(el);
  }
  const caption = $("#replay-caption");
  caption.textContent = position.trick ? t("took_trick", { seat: replay.seatName(position.trick.winner) }) : "";
}
