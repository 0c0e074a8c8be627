// Cards as the page holds them: their JSON names (7S … 10S … AH), sorted and shown in the
// language chosen; a hand in the board's notation and in the address bar's dot form.

import { board } from "./state.js";

export const SEATS = ["A", "B", "C"];
export const SUITS = "SCDH";
export const SUIT_SYMBOLS = "♠♣♦♥";
export const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];  // high first, as hands are written
const RU = { A: "Т", K: "К", Q: "Д", J: "В" };

export const suitOf = (card) => SUITS.indexOf(card.slice(-1));
export const rankOf = (card) => card.slice(0, -1);
const rankIndex = (card) => RANKS.indexOf(rankOf(card));
export const order = (a, b) => suitOf(a) - suitOf(b) || rankIndex(a) - rankIndex(b);
export const isRed = (card) => suitOf(card) >= 2;

export const rankText = (rank) => (board.lang === "ru" && RU[rank]) || rank;
export const cardText = (card) => SUIT_SYMBOLS[suitOf(card)] + rankText(rankOf(card));

// A hand in the board's notation, "♠QJ ♣97 ♦KQJ10 ♥J7" (the server writes it so).
export function handCards(text) {
  const cards = [];
  for (const group of (text || "").trim().split(/\s+/)) {
    const s = SUIT_SYMBOLS.indexOf(group[0]);
    if (s < 0) continue;
    for (const r of group.slice(1).match(/10|[789JQKA]/g) || []) cards.push(r + SUITS[s]);
  }
  return cards.sort(order);
}
// ``shown``: in the ranks of the language chosen (a field the user reads), else the server's English.
export function handText(cards, shown = false) {
  return [0, 1, 2, 3].map((s) => {
    const ranks = cards.filter((c) => suitOf(c) === s).sort(order).map((c) => (shown ? rankText : String)(rankOf(c))).join("");
    return SUIT_SYMBOLS[s] + (ranks || "—");
  }).join(" ");
}
export const listCards = (text) => (text || "").split(/[\s,]+/).filter(Boolean);

// The dot form of the address bar, "QJ.97.KQJT.J7" (♠.♣.♦.♥, T for ten).
export function dotText(cards) {
  return [0, 1, 2, 3].map((s) => cards.filter((c) => suitOf(c) === s).sort(order)
    .map((c) => rankOf(c) === "10" ? "T" : rankOf(c)).join("")).join(".");
}
export function dotCards(text) {
  const cards = [];
  (text || "").split(".").forEach((group, s) => {
    for (const r of group.match(/10|[789TJQKA]/g) || []) cards.push((r === "T" ? "10" : r) + SUITS[s]);
  });
  return cards;
}
