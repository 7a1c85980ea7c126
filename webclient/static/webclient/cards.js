/**
 * Cards as the API writes them (rank then suit: "QS", "TH", "2C"; jokers "BJ", "LJ"): how to show them and
 * how to sort a hand. Pure functions, no DOM.
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
