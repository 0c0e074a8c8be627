// Set up: any position dealt by clicking cards (or typing them), the game, the leader, the
// talon and the cards on the table, with the server's one-line message next to a wrong field.

import { handCards, handText, listCards, order, RANKS, SEATS, SUITS } from "./cards.js";
import { $, cardFace, el } from "./dom.js";
import { STRAIN } from "./game.js";
import { begin, current } from "./history.js";
import { api, solveOf } from "./server.js";
import { board } from "./state.js";
import { say } from "./words.js";

export const FIELDS = ["A", "B", "C", "talon", "discard", "trick"];
const ORDERED = new Set(["talon", "discard", "trick"]);

function fieldText(field) {
  const cards = board.setup[field];
  return ORDERED.has(field) ? cards.join(" ") : (cards.length ? handText(cards, true) : "");
}

export function drawDeck() {
  const deck = $("deck");
  deck.replaceChildren();
  const owner = {};
  for (const f of FIELDS) for (const c of board.setup[f]) owner[c] = f;
  for (let s = 0; s < 4; s++) {
    const row = el("div", "deck-row");
    for (const r of RANKS) {
      const card = r + SUITS[s];
      const b = el("button", "card-button deck-card" + (owner[card] ? " taken" : ""));
      b.type = "button";
      b.append(cardFace(card));
      if (owner[card]) b.append(el("span", "owner", SEATS.includes(owner[card]) ? owner[card] : say(owner[card] === "trick" ? "table" : owner[card])));
      b.addEventListener("click", () => deckClick(card));
      row.append(b);
    }
    deck.append(row);
  }
  for (const f of FIELDS) {
    $("f-" + f).value = fieldText(f);
    const label = $("f-" + f).closest(".field").querySelector("span");
    const n = board.setup[f].length;
    label.textContent = (SEATS.includes(f) ? f : say(f === "trick" ? "on the table" : f)) + (n ? ` (${n})` : "");
  }
}

function deckClick(card) {
  const target = document.querySelector("input[name=target]:checked").value;
  const had = FIELDS.find((f) => board.setup[f].includes(card));
  for (const f of FIELDS) board.setup[f] = board.setup[f].filter((c) => c !== card);
  if (had !== target) board.setup[target].push(card);
  if (!ORDERED.has(target)) board.setup[target].sort(order);
  clearFieldErrors();
  drawDeck();
}

export async function fieldTyped(field) {
  const input = $("f-" + field);
  clearFieldErrors();
  try {
    const { cards } = await api("cards", { text: input.value, field: input.dataset.field });
    for (const f of FIELDS) if (f !== field) board.setup[f] = board.setup[f].filter((c) => !cards.includes(c));
    board.setup[field] = cards;
    drawDeck();
  } catch (e) {
    fieldError(e.field, e.message);
  }
}

export function clearFieldErrors() {
  document.querySelectorAll(".setup .err").forEach((e) => { e.textContent = ""; });
  document.querySelectorAll(".setup .invalid").forEach((e) => e.classList.remove("invalid"));
}

function fieldError(field, message) {
  let slot = null;
  for (let f = field; f && !slot; f = f.includes(".") ? f.slice(0, f.lastIndexOf(".")) : "") {
    slot = document.querySelector(`.setup .err[data-for="${f}"]`);
  }
  (slot || $("setup-error")).textContent = message;
  const input = document.querySelector(`.setup [data-field="${field}"]`);
  if (input) input.classList.add("invalid");
}

export function setupKind() {
  const kind = $("f-kind").value;
  document.querySelectorAll(".for-contract").forEach((e) => { e.hidden = kind !== "contract"; });
  document.querySelectorAll(".for-declarer").forEach((e) => { e.hidden = kind === "raspasy"; });
  document.querySelectorAll(".for-raspasy").forEach((e) => { e.hidden = kind !== "raspasy"; });
}

export function openSetup(problem, error) {
  board.choosingDiscard = false;
  problem = problem || (board.start && current().problem) || { deal: { A: "", B: "", C: "" } };
  board.setupFrom = problem;
  board.setup = {};
  for (const s of SEATS) board.setup[s] = handCards(problem.deal[s]);
  board.setup.talon = listCards(problem.deal.talon);
  board.setup.discard = listCards(problem.deal.discard);
  const g = problem.game || { kind: "contract", contract: "6S", declarer: "A" };
  board.setup.trick = listCards(g.trick);
  $("f-kind").value = g.kind || "contract";
  const m = String(g.contract || "6S").toUpperCase().match(/^(\d+)\s*(.*)$/);
  $("f-level").value = m ? m[1] : "6";
  $("f-strain").value = m && STRAIN[m[2]] ? m[2] : "S";
  $("f-declarer").value = g.declarer || "A";
  $("f-leader").value = g.leader || "A";
  $("f-raspasy-talon").value = g.raspasy_talon || (board.setup.talon.length ? "suit" : "none");
  $("f-title").value = problem.title || "";
  setupKind();
  clearFieldErrors();
  drawDeck();
  if (!$("setup").open) $("setup").showModal();
  if (error) fieldError(error.field, error.message);
}

export function closeSetup() {
  if ($("setup").open) $("setup").close();
  board.choosingDiscard = false;
}

function setupProblem() {
  const problem = {};
  if (board.choosingDiscard) {  // the same problem with another discard: where it comes from stays
    for (const key of ["source", "theme", "difficulty", "notes", "task", "index_title", "side", "ru"]) {
      if (board.setupFrom[key]) problem[key] = board.setupFrom[key];
    }
  }
  if ($("f-title").value.trim()) problem.title = $("f-title").value.trim();
  problem.deal = {};
  for (const s of SEATS) problem.deal[s] = handText(board.setup[s]);
  if (board.setup.talon.length) problem.deal.talon = board.setup.talon.join(" ");
  if (board.setup.discard.length) problem.deal.discard = board.setup.discard.join(" ");
  const kind = $("f-kind").value;
  const game = { kind };
  if (kind === "contract") game.contract = $("f-level").value + $("f-strain").value;
  if (kind !== "raspasy") game.declarer = $("f-declarer").value;
  game.leader = $("f-leader").value;
  if (board.setup.trick.length) game.trick = board.setup.trick.join(" ");
  if (kind === "raspasy") game.raspasy_talon = $("f-raspasy-talon").value;
  problem.game = game;
  return problem;
}

export async function setupDone(event) {
  event.preventDefault();
  clearFieldErrors();
  const problem = setupProblem();
  try {
    await solveOf(problem);
  } catch (e) {
    fieldError(e.field, e.message);
    return;
  }
  const keepDiscard = board.choosingDiscard && !!problem.deal.discard;
  closeSetup();
  $("seat").value = "";
  await begin(problem, [], null, { keepDiscard });
}

export function randomDeal() {
  const deck = [];
  for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  board.setup = { A: deck.slice(0, 10).sort(order), B: deck.slice(10, 20).sort(order), C: deck.slice(20, 30).sort(order),
    talon: deck.slice(30), discard: [], trick: [] };
  if ($("f-raspasy-talon").value === "none") $("f-raspasy-talon").value = "suit";  // the talon dealt is turned
  clearFieldErrors();
  drawDeck();
}
