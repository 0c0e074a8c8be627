// The page's elements: one by its id, a new one, and the face of a card.

import { cardText, isRed, rankOf, rankText, SUIT_SYMBOLS, suitOf } from "./cards.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function cardFace(card, cls = "") {
  const face = el("span", `card ${isRed(card) ? "red" : "black"} ${cls}`);
  face.append(el("span", "rank", rankText(rankOf(card))), el("span", "suit", SUIT_SYMBOLS[suitOf(card)]));
  face.dataset.card = card;
  face.title = cardText(card);
  return face;
}
