// Problem mode: the user solves one side of a problem, the solver plays the other. Nothing that
// gives the problem away is on the page (the values, the answer, the key, a title that names the
// key, the address) until the end or "Show solution"; each of the user's cards is marked; a ✓ in
// the collection means solved from the start with no help and no take-back, the deal ending as
// the answer says.
// Here: the sides, an attempt from the start, the 12-card declarer's discard, the hint, the task and
// drawing problem mode; the marks are marks.js's, the end of an attempt result.js's.

import { beginAtTable, leaveTable, tableHint, taskAtTable, wantsTable } from "./attable.js";
import { mySeats } from "./autoplay.js";
import { cardText, handCards, handText, listCards, order, SEATS, SUIT_SYMBOLS, suitOf } from "./cards.js";
import { $, el } from "./dom.js";
import { contractName } from "./game.js";
import { nextState, problemAt, startState, toMove } from "./history.js";
import { drawLastMark } from "./marks.js";
import { render, showError } from "./render.js";
import { drawResult } from "./result.js";
import { api, keyOf, solveOf } from "./server.js";
import { board } from "./state.js";
import { say, textOf, tricks, tricksOf, tricksTaken } from "./words.js";

// ---- the problem as it was opened ------------------------------------------------------------

// The problem as it was opened, published answer and all (a 12-card declarer's before his discard;
// a file with tricks played as the deal and those tricks). Its answer is the solution's.
export function originOf() {
  if (board.table) return board.table.origin;
  if (board.discardBest) return board.discardBest.from;
  return board.openedAt < board.states.length ? problemAt(board.openedAt) : board.start;
}

// The problem as the user plays it, from where it was opened: the problem's own, or at the table
// the deal with the discard the solver's declarer made (attable.js). Its answer judges the play.
export function playedOriginOf() {
  return board.table ? problemAt(board.openedAt) : originOf();
}

// ---- sides -----------------------------------------------------------------------------------

// The sides of the game: the declarer and the defenders (a misère's catchers), or in raspasy each player.
function sidesOf(game) {
  if (!game) return [];
  if (game.kind === "raspasy") return SEATS.map((s) => ({ seats: [s], label: s }));
  const others = SEATS.filter((s) => s !== game.declarer);
  return [{ seats: [game.declarer], label: `${say("declarer")} (${game.declarer})` },
    { seats: others, label: `${say(game.kind === "misere" ? "catchers" : "defenders")} (${others.join(", ")})` }];
}

export function fillSolveAs() {
  const select = $("solve-as");
  select.replaceChildren(new Option(say("no problem mode"), ""));
  for (const side of sidesOf(board.start.game)) select.append(new Option(side.label, side.seats.join("")));
  select.value = board.solving ? board.solving.join("") : "";
}

// The side a problem is about: the file's ``side``, else that of the player to move first (the
// declarer who holds 12 cards discards first).
export function problemSide() {
  const origin = originOf();
  const game = origin.game;
  if (game.kind !== "raspasy" && origin.side) {
    return origin.side === "declarer" ? [game.declarer] : SEATS.filter((s) => s !== game.declarer);
  }
  const mover = board.discardBest ? board.discardBest.seat : toMove(board.states[board.openedAt].problem);
  return sidesOf(game).find((side) => side.seats.includes(mover)).seats;
}

const sameSeats = (a, b) => !!a && !!b && a.join("") === b.join("");

// ---- an attempt: from the start, the help it had, its end ------------------------------------

// Start solving as ``seats`` (null: analysis, every value shown) from the problem's start. A
// 12-card declarer first discards, by clicking two of his cards. ``restore`` continues an attempt
// from the address: the discard made, the moves, the help it had, the solution shown.
export async function solveAs(seats, restore = null) {
  clearTimeout(board.autoTimer);
  await leaveTable();  // each attempt starts from the deal as dealt
  if (restore && restore.hidden !== undefined) $("hide-hands").checked = restore.hidden;
  board.solving = seats && seats.length ? seats : null;
  board.revealed = !!(restore && restore.revealed);
  board.helped = !!(restore && restore.helped);
  board.finished = false;
  board.hint = "";
  board.autoArmed = false;
  $("seat").value = "";
  const discard = restore && restore.discard && restore.discard.length === 2 ? restore.discard : null;
  if (board.discardBest) {
    const declares = board.solving && board.solving.includes(board.discardBest.seat);
    board.discarding = declares && !discard ? { picked: [] } : null;
    const cards = discard || board.discardBest.cards;
    // analysis after an attempt keeps the user's discard and moves; anything else starts afresh
    if (board.discarding) restart(board.discardBest.from);
    else if (board.solving || discard || board.start === board.discardBest.from) restart(discarded(board.discardBest.from, cards));
  } else if (board.solving) {
    board.states = board.states.slice(0, board.openedAt + 1);
    board.at = board.openedAt;
  }
  if (wantsTable()) {  // the defenders, who do not see his discard
    try {
      await beginAtTable(originOf());
    } catch (e) {
      showError(e.message);
    }
  }
  fillSolveAs();
  if (restore && restore.moves.length && !board.discarding) await replay(restore.moves, restore.upTo);
  await render();
}

// The history begins again at ``problem`` (a 12-card declarer's problem, or it after a discard).
function restart(problem) {
  board.start = problem;
  board.states = [startState(problem)];
  board.at = 0;
  board.openedAt = 0;
}

// The problem after the declarer put ``cards`` aside: his 12 cards (10 and the talon) less those.
export function discarded(problem, cards) {
  const seat = problem.game.declarer;
  const hand = twelve(problem).filter((c) => !cards.includes(c));
  const deal = { ...problem.deal, [seat]: handText(hand), discard: cards.join(" ") };
  const out = { ...problem, deal };
  if (problem.expect && problem.expect.tricks !== undefined) out.expect = { tricks: problem.expect.tricks };
  else delete out.expect;  // a discard key asks another question than the first card's
  return out;
}

// The declarer's 12 cards: his hand, with the talon when he holds 10.
export function twelve(problem) {
  const hand = handCards(problem.deal[problem.game.declarer]);
  return hand.length % 3 === 1 ? hand.concat(listCards(problem.deal.talon)).sort(order) : hand;
}

// Play ``moves`` from the start of the history (the server checks each); show the move ``upTo``.
export async function replay(moves, upTo = null) {
  board.states = [board.states[0]];
  board.at = 0;
  try {
    const { steps } = await api("play", { problem: board.start, cards: moves });
    for (const step of steps) board.states.push(nextState(board.states[board.states.length - 1], step));
    board.at = upTo === null ? board.states.length - 1 : Math.max(0, Math.min(upTo, board.states.length - 1));
  } catch (e) {
    showError(e.message);
  }
}

// A card of the user's played after a step back is a take-back: the attempt had help.
export function noteTakeBack() {
  if (board.solving && !board.finished && board.at < board.states.length - 1) board.helped = true;
}

// Problem mode hides every value until the attempt is over, or until "Show solution".
export const hiding = () => !!board.solving && !board.revealed && !board.finished;

// ---- the 12-card declarer's discard --------------------------------------------------------------

export function pickDiscard(card) {
  const picked = board.discarding.picked;
  board.discarding.picked = picked.includes(card) ? picked.filter((c) => c !== card)
    : picked.length < 2 ? picked.concat([card]).sort(order) : picked;
  render();
}

export async function discardDone() {
  const cards = board.discarding.picked;
  if (cards.length !== 2) return;
  board.discarding = null;
  restart(discarded(board.discardBest.from, cards));
  board.hint = "";
  await render();
  focusHand();
}

function drawDiscardBar() {
  const bar = $("discard-bar");
  bar.hidden = !board.discarding;
  if (!board.discarding) return;
  const seat = board.discardBest.seat;
  const picked = board.discarding.picked;
  $("discard-say").textContent = say("choose discard seat", { seat }) +
    (picked.length ? " " + say("discard picked", { cards: picked.map(cardText).join(" ") }) : "");
  $("discard-done").disabled = picked.length !== 2;
}

// ---- hints -----------------------------------------------------------------------------------

export async function giveHint() {
  board.helped = true;
  if (board.table && !board.discarding) {  // at the table: the first cards of a plan for every discard
    board.hint = await tableHint((cards) => [...new Set(cards.map(suitOf))].sort().map((s) => SUIT_SYMBOLS[s]));
    board.hintAt = board.at;
    render();
    return;
  }
  const result = board.discarding ? await solveOf(board.discardBest.from) : await solveOf(problemAt(board.at));
  const suits = (cards) => [...new Set(cards.map(suitOf))].sort().map((s) => SUIT_SYMBOLS[s]);
  if (board.discarding) {
    board.hint = say("hint discard", { suits: suits(result.discard).join(` ${say("and")} `) });
  } else if (result.key && result.key.working.length === result.key.choices) {
    board.hint = say("hint any");
  } else if (result.key) {
    const working = result.key.working;
    board.hint = say(working.length === 1 ? "hint one" : "hint some", { suits: suits(working).join(` ${say("or")} `) });
  }
  board.hintAt = board.at;
  render();
}

// ---- the task ------------------------------------------------------------------------------------

// The task as a problem book states it: the file's (for the side it is about), else one said from
// the game, the side and the answer.
function taskSaid(answer) {
  const origin = originOf();
  if (sameSeats(board.solving, problemSide()) || !board.solving) {
    const written = textOf(origin, "task");
    if (written || !board.solving) return written;
  }
  if (!answer) return "";
  const game = origin.game;
  const start = board.states[board.openedAt].problem;
  const trick = listCards(start.game.trick).length;
  const opening = say(trick ? "start plays" : "start leads", { seat: trick ? toMove(start) : start.game.leader || "A" });
  const declarer = game.declarer;
  const value = (seat) => (typeof answer === "object" ? answer[seat] : answer);
  const words = { declarer, start: opening, game: game.kind === "contract" ? contractName(game) : "" };
  let text;
  if (game.kind === "raspasy") {
    const seat = board.solving[0];
    text = say("task raspasy", { ...words, seat, tricks: tricksOf(value(seat)) });
  } else if (game.kind === "contract") {
    const mine = board.solving.includes(declarer);
    text = say(mine ? "task contract declarer" : "task contract defenders",
      { ...words, tricks: mine ? tricksTaken(value()) : board.lang === "ru" ? tricksOf(value()) : tricks(value()) });
  } else if (board.solving.includes(declarer)) {
    text = value() ? say("task misere declarer", { ...words, tricks: tricksOf(value()) }) : say("task misere clean", words);
  } else {
    text = value() ? say("task misere catchers", { ...words, tricks: tricksTaken(value(), true) }) : say("task misere uncaught", words);
  }
  const discards = board.discardBest && board.solving.includes(declarer);
  return (discards ? say("task discard", { declarer }) : "") + text;
}

// The task, and at the table what the user sees of the declarer's cards.
function taskWithTable(answer) {
  const task = taskSaid(answer);
  return board.table && task ? `${task} ${taskAtTable()}` : task;
}

// ---- drawing problem mode --------------------------------------------------------------------

// The task, the hint, the raspasy note on cost, the discard bar, the end's result, the last mark.
export function drawProblem(state) {
  const origin = board.solved.get(keyOf(originOf()));
  const task = taskWithTable(origin && origin.deal_tricks);
  $("task").hidden = !task;
  $("task").replaceChildren();
  if (task) $("task").append(el("strong", "", `${say("task")}: `), task);
  $("hint").hidden = !hiding();
  $("hint").disabled = !board.discarding && (state.over || !mySeats().includes(toMove(state.problem)));
  const hint = board.hint && hiding() && (board.discarding || board.hintAt === board.at) ? board.hint : "";
  $("hint-text").hidden = !hint;
  $("hint-text").textContent = hint;
  $("cost-note").hidden = !(board.solving && board.start.game.kind === "raspasy");
  drawDiscardBar();
  drawResult(state);
  drawLastMark();
}

// After a card, the focus stays on the hand that plays next (it was on a card that is gone, or on
// a button that went away: the index's, the discard's).
export function focusHand() {
  const active = document.activeElement;
  const lost = !active || active === document.body || active.closest(".table") || !active.offsetParent;
  if (!lost) return;
  const card = document.querySelector(".seat.moving .card-button:enabled, .seat.discarding .card-button:enabled");
  if (card) card.focus({ preventScroll: true });  // a phone keeps its view (the last mark is in it)
}
