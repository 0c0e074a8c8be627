// The history of the play: states[0] is the start; each later state is the position after one
// more card, with the card, who played it, the trick as it lay on the table, the winner and
// tricks taken. Beginning a problem, playing cards (the server plays them), going back and forth.

import { mySeats } from "./autoplay.js";
import { handCards, listCards, SEATS } from "./cards.js";
import { $ } from "./dom.js";
import { discarded, fillSolveAs, replay } from "./problem.js";
import { render, showError } from "./render.js";
import { api, solveOf } from "./server.js";
import { closeSetup, openSetup } from "./setup.js";
import { board } from "./state.js";

export const current = () => board.states[board.at];
export const movesTo = (i) => board.states.slice(1, i + 1).map((s) => s.card);
const fullDeal = () => !(board.start.game && board.start.game.trick) && cardCount(board.start) === 30;

// The problem file of the position after ``i`` cards: on a full deal the deal as dealt with the
// tricks ``played`` and the ``trick`` in progress (so its answer, as pref solve gives it, covers
// the whole deal); in an ending, or before the first trick is complete, the hands as they are now.
// The published answer, key and notes belong to the position the problem was opened at.
export function problemAt(i) {
  const moves = movesTo(i);
  const complete = Math.floor(moves.length / 3);
  let problem;
  if (complete && fullDeal()) {
    const game = { ...board.start.game, played: [] };
    for (let t = 0; t < complete; t++) game.played.push(moves.slice(3 * t, 3 * t + 3).join(" "));
    if (moves.length > 3 * complete) game.trick = moves.slice(3 * complete).join(" ");
    problem = { ...board.start, game };
  } else {
    problem = { ...board.states[i].problem };
  }
  if (i !== board.openedAt) {
    for (const key of ["expect", "notes", "theme", "difficulty", "task", "index_title", "side", "ru"]) delete problem[key];
    if (board.baseTitle && i) problem.title = `${board.baseTitle} (after ${i} ${i === 1 ? "card" : "cards"})`;
    else if (board.baseTitle) problem.title = board.baseTitle;
    else delete problem.title;
  }
  return problem;
}
// Tricks complete in a position (of a deal of 10), and the talon card turned for trick ``n``
// in raspasy (tricks 1 and 2, when the talon is turned), else null.
export const tricksDone = (problem) => 10 - Math.ceil(cardCount(problem) / 3);
export function turnedCard(n) {
  const g = board.start.game;
  if (!g || g.kind !== "raspasy" || g.raspasy_talon === "none" || n > 2) return null;
  return listCards(board.start.deal.talon)[n - 1] || null;
}
const handsOf = (problem) => SEATS.map((s) => handCards(problem.deal[s]));
export const cardCount = (problem) => handsOf(problem).reduce((n, h) => n + h.length, 0)
  + listCards(problem.game && problem.game.trick).length;

export function toMove(problem) {
  const leader = SEATS.indexOf(problem.game.leader || "A");
  return SEATS[(leader + listCards(problem.game.trick).length) % 3];
}

export function startState(problem) {
  const trick = listCards(problem.game && problem.game.trick);
  const leader = SEATS.indexOf((problem.game && problem.game.leader) || "A");
  return {
    problem, taken: [0, 0, 0], card: null, seat: null, winner: null, over: false,
    table: trick.map((card, i) => ({ seat: SEATS[(leader + i) % 3], card })), lastTrick: null,
  };
}

export function nextState(prev, step) {
  const table = [...prev.table, { seat: step.seat, card: step.card }];
  const taken = [...prev.taken];
  if (step.winner && SEATS.includes(step.winner)) taken[SEATS.indexOf(step.winner)] += 1;
  return {
    problem: step.problem, taken, card: step.card, seat: step.seat, winner: step.winner, over: step.over,
    table: step.winner ? [] : table, lastTrick: step.winner ? table : null, answer: step.answer,
  };
}

export async function playCards(cards) {
  if (!cards.length || board.busy) return;
  board.busy = true;
  try {
    const { steps } = await api("play", { problem: board.start, cards: movesTo(board.at).concat(cards) });
    board.states = board.states.slice(0, board.at + 1);
    for (const step of steps.slice(board.at)) board.states.push(nextState(board.states[board.states.length - 1], step));
    board.at = board.states.length - 1;
    showError("");
  } catch (e) {
    showError(e.message);
  } finally {
    board.busy = false;
  }
  await render();
}

// A problem whose file gives tricks already played starts from the deal, the tricks as moves.
function unfold(problem, moves) {
  const g = problem.game;
  if (!g || !g.played) return { problem, moves, opened: 0 };
  const before = g.played.flatMap(listCards).concat(listCards(g.trick));
  const game = { ...g };
  delete game.played;
  delete game.trick;
  return { problem: { ...problem, game }, moves: before.concat(moves), opened: before.length };
}

// ``opened``: how many of the moves the problem was opened after (a link to a file with tricks played);
// ``draw``: false when the caller draws (a problem to solve: nothing is drawn before its side is set).
export async function begin(given, extraMoves = [], upTo = null, { keepDiscard = false, opened = 0, draw = true } = {}) {
  showError("");
  let { problem, moves, opened: openedMoves } = unfold(given, extraMoves);
  openedMoves = openedMoves || opened;
  try {
    const result = await solveOf(problem);
    if (result.discard_chosen) {
      board.discardBest = { from: problem, seat: problem.game.declarer, cards: result.discard, tricks: result.tricks };
      problem = discarded(problem, result.discard);
      await solveOf(problem);
    } else if (!keepDiscard) {
      board.discardBest = null;
    }
  } catch (e) {
    openSetup(problem, e);  // the board keeps what it had; the set-up shows what is wrong
    return false;
  }
  closeSetup();  // a problem opened by its address while the set-up was open
  $("index").hidden = true;
  $("layout").hidden = false;
  board.table = null;  // a new start: the attempt at the table, if any, begins again from it
  if (!keepDiscard) {  // another problem: analysis until a side is chosen
    board.id = "";
    board.solving = null;
    board.revealed = board.helped = board.finished = false;
    board.discarding = null;
    board.hint = "";
  }
  board.start = problem;
  board.openedAt = openedMoves;
  board.baseTitle = (problem.title || "").replace(/ \(after \d+ cards?\)$/, "");
  board.states = [startState(problem)];
  board.at = 0;
  fillSolveAs();
  if (moves.length) await replay(moves, upTo);
  if (draw) await render();
  return true;
}

export function goTo(index) {
  board.at = Math.max(0, Math.min(index, board.states.length - 1));
  render();
}

export function undo() {
  if (board.at === 0) return;
  let i = board.at - 1;
  const seats = mySeats();
  // Playing one seat (or a problem's side): back to the user's previous turn, past the solver's replies.
  while (seats.length && i > 0 && (board.states[i].over || !seats.includes(toMove(board.states[i].problem)))) i -= 1;
  goTo(i);
}
