/**
 * The double dummy review of a finished hand (GET /tables/{id}/hands/{n}/analysis/): every card played with
 * its cost, the points it gave away against best play by all four seats from then on, and what each side
 * could have made (the par).
 *
 * The server computes it when the hand ends; until it is ready the answer is 202 with the seconds to wait,
 * and the sheet (#review in index.html) says so and asks again. The server's solver has a budget for the
 * hand and judges it backwards from the last card, so a hard hand's first cards may be unanalysed: "?".
 */

import { cardText } from "./cards.js";
import { t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

const review = { tableId: null, number: 0, data: null, timer: null, seatName: String, sideName: String };

/** Whether the answer is the review (else it is {status, retry_after}: still being computed). */
export function isReady(answer) {
  return Array.isArray(answer?.plays);
}

/** The plays grouped by trick, each {seat, card, cost, costly, analysed}. */
export function reviewTricks(data) {
  const tricks = [];
  for (const play of data.plays) {
    const analysed = play.cost !== null;
    (tricks[play.trick] ||= []).push({ ...play, analysed, costly: analysed && play.cost > 0 });
  }
  return tricks;
}

/**
 * Open the sheet on hand `number` of table `tableId`, asking `api` until the review is ready.
 * `seatName(seat)` and `sideName(seats)` name seats and sides as the page does.
 */
export function openReview(api, tableId, number, { seatName, sideName }) {
  closeReview();
  Object.assign(review, { api, tableId, number, data: null, seatName, sideName });
  const sheet = $("#review");
  sheet.hidden = false;
  sheet.dataset.hand = number;
  sheet.dataset.state = "pending";
  $("#review-title").textContent = t("review_title", { n: number });
  $("#review-close").textContent = t("close");
  $("#review-status").textContent = t("review_pending");
  $("#review-par").replaceChildren();
  $("#review-tricks").replaceChildren();
  ask();
}

async function ask() {
  const { api, tableId, number } = review;
  let answer;
  try {
    answer = await api.handAnalysis(tableId, number);
  } catch (error) {
    if (review.tableId !== tableId || review.number !== number) return;
    $("#review").dataset.state = "error";
    $("#review-status").textContent = error.message;
    return;
  }
  if (review.tableId !== tableId || review.number !== number || $("#review").hidden) return;
  if (!isReady(answer)) {
    review.timer = setTimeout(ask, Math.max(1, answer?.retry_after || 2) * 1000);
    return;
  }
  review.data = answer;
  drawReview();
}

export function closeReview() {
  clearTimeout(review.timer);
  review.timer = null;
  review.tableId = null;
  review.data = null;
  const sheet = $("#review");
  if (sheet) sheet.hidden = true;
}

export function bindReview() {
  $("#review-close").addEventListener("click", closeReview);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !$("#review").hidden) closeReview();
  });
}

const points = (n) => (n > 0 ? "−" + n : "0");

export function drawReview() {
  const data = review.data;
  if (!data) return;
  const sheet = $("#review");
  sheet.dataset.state = "ready";
  sheet.dataset.analysed = data.analysed;
  $("#review-title").textContent = t("review_title", { n: data.number });
  $("#review-close").textContent = t("close");
  $("#review-status").textContent = t("review_analysed", { k: data.analysed, n: data.plays.length });
  const par = $("#review-par");
  par.replaceChildren();
  if (data.par === null) {
    const li = document.createElement("li");
    li.dataset.testid = "review-par-missing";
    li.textContent = t("review_par_missing");
    par.append(li);
  }
  for (const side of data.par || []) {
    const li = document.createElement("li");
    li.dataset.testid = `review-par-${side.side}`;
    li.dataset.tricks = side.makeable_tricks;
    const nils = side.nil_seats.length ? " · " + t("review_nil", { seats: side.nil_seats.map(review.seatName).join(", ") }) : "";
    li.textContent = `${review.sideName(side.seats)}: ${t("review_makes", { n: side.makeable_tricks })}${nils}`;
    par.append(li);
  }
  const body = $("#review-tricks");
  body.replaceChildren();
  for (const [i, trick] of reviewTricks(data).entries()) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.textContent = String(i + 1);
    tr.append(th);
    for (const play of trick) {
      const td = document.createElement("td");
      td.dataset.testid = "review-play";
      td.dataset.card = play.card;
      td.dataset.seat = play.seat;
      td.dataset.cost = play.analysed ? play.cost : "?";
      if (play.costly) td.classList.add("costly");
      if (!play.analysed) td.classList.add("unanalysed");
      const best = play.costly ? " · " + t("review_best", { cards: play.best_cards.map(cardText).join(" ") }) : "";
      td.title = `${review.seatName(play.seat)} ${cardText(play.card)}${best}`;
      td.textContent = `${review.seatName(play.seat)} ${cardText(play.card)} ${play.analysed ? points(play.cost) : "?"}`;
      tr.append(td);
    }
    body.append(tr);
  }
}
