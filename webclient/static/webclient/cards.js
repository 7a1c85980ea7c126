/**
 * Cards as the API writes them (rank then suit: "QS", "TH", "2C"; jokers "BJ", "LJ"): how to show them and
 * how to sort a hand (pure functions), and the one element that draws a card, shared by every page.
 */

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = "23456789TJQKA";
// Suits alternate black and red so that neighbouring suits are easy to tell apart in a hand.
const SUIT_ORDER = ["S", "H", "C", "D"];

/** The card's suit letter; jokers are the two highest spades. */
export function suitOf(card) {
  return card === "BJ" || card === "LJ" ? "S" : card[1];
}

/** The rank as people write it: "10" for T, "★" for a joker. */
export function rankLabel(card) {
  if (card === "BJ" || card === "LJ") return card === "BJ" ? "★" : "☆";
  return card[0] === "T" ? "10" : card[0];
}

export function isRed(card) {
  const suit = suitOf(card);
  return card === "BJ" ? false : card === "LJ" ? true : suit === "H" || suit === "D";
}

/** Text for a card in a sentence: "Q♠", "10♥", "Big joker". */
export function cardText(card) {
  if (card === "BJ") return "BJ★";
  if (card === "LJ") return "LJ☆";
  return rankLabel(card) + SUIT_SYMBOL[card[1]];
}

function strength(card) {
  if (card === "BJ") return 100;
  if (card === "LJ") return 99;
  return RANKS.indexOf(card[0]);
}

/** A hand sorted by suit (♠ ♥ ♣ ♦), highest card first within each suit. */
export function sortHand(cards) {
  return [...cards].sort((a, b) => {
    const bySuit = SUIT_ORDER.indexOf(suitOf(a)) - SUIT_ORDER.indexOf(suitOf(b));
    return bySuit || strength(b) - strength(a);
  });
}

/** A face-up card as a button (rank and suit in the corner, a big pip), for the felt, a hand or a replay. */
export function cardElement(card) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "card" + (isRed(card) ? " red" : "");
  el.dataset.card = card;
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.textContent = rankLabel(card) + (card.length === 2 && card[1] in SUIT_SYMBOL ? SUIT_SYMBOL[card[1]] : "");
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = card === "BJ" || card === "LJ" ? "🃏" : SUIT_SYMBOL[suitOf(card)];
  el.append(corner, pip);
  el.setAttribute("aria-label", cardText(card));
  return el;
}
