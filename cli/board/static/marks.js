// Problem mode's marks: was each of the user's cards (and his discard) as good as the best? ✓,
// or what it cost and which cards kept it; in the moves and in the middle of the table.

import { tableAt, tableKnown, tableMarkOf, unseenView } from "./attable.js";
import { cardText } from "./cards.js";
import { $, cardFace, el } from "./dom.js";
import { bestValue, countedSeat } from "./game.js";
import { problemAt } from "./history.js";
import { keyOf, solveOf } from "./server.js";
import { board } from "./state.js";
import { announce, showError } from "./render.js";
import { drawMoves, drawSeat } from "./table.js";
import { say, tricksTaken } from "./words.js";

// Was the user's card ``i`` as good as the best? ✓, or what it cost and which cards kept it; at the
// table, judged against every discard the declarer may have made (attable.js).
export function markOf(i) {
  if (board.table) return tableMarkOf(i);
  const s = board.states[i];
  const before = board.solved.get(keyOf(problemAt(i - 1)));
  if (!before || !(s.card in before.card_values)) return null;
  const best = bestValue(before);
  const value = before.card_values[s.card];
  if (value === best) return el("span", "mark good", "✓");
  const mark = el("span", "mark bad", costSaid("mark cost", Math.abs(value - best), before.key.working));
  mark.title = `${countedSeat(board.start.game, s.seat)} ${value} ${say("instead of")} ${best}`;
  return mark;
}

function costSaid(template, cost, cards) {
  return say(template, { tricks: tricksTaken(cost), cards: cards.map(cardText).join(" "),
    them: say(cost === 1 ? "it" : "them"), kept: say(cards.length === 1 ? "kept one" : "kept many") });
}

// The user's discard, marked as his cards are (on the first line of the moves).
export function discardMark() {
  const mine = board.solving && board.discardBest && board.solving.includes(board.discardBest.seat);
  const withIt = mine && !board.discarding && board.solved.get(keyOf(board.start));
  if (!withIt) return null;
  const cost = Math.abs(withIt.tricks - board.discardBest.tricks);
  return cost ? el("span", "mark bad", costSaid("mark discard cost", cost, board.discardBest.cards)) : el("span", "mark good", "✓");
}

// The marks of the user's cards whose position before was not solved on this page (the attempt
// came from the address): solve them, then draw the moves again.
export function fetchMarks() {
  if (!board.solving || board.discarding) return;
  if (board.table) {
    fetchTableMarks();
    return;
  }
  const before = [];
  if (board.discardBest && board.solving.includes(board.discardBest.seat)) before.push(board.start);  // the discard's
  for (let i = board.openedAt + 1; i < board.states.length; i++) {
    if (board.solving.includes(board.states[i].seat)) before.push(problemAt(i - 1));
  }
  for (const problem of before) {
    if (!board.solved.has(keyOf(problem))) solveOf(problem).then(() => drawMoves(), () => {});
  }
}

// At the table: the answers before and after each of the user's cards, and where the play stands
// now (the next card's "before", and which of his cards he surely put aside), asked one by one
// (each a search); each mark is drawn as its answers come in.
function fetchTableMarks() {
  const wanted = board.states[board.at].over ? [] : [board.at];
  for (let i = board.openedAt + 1; i < board.states.length; i++) {
    if (board.solving.includes(board.states[i].seat)) wanted.push(i - 1, board.states[i].over ? null : i);
  }
  const table = board.table;
  for (const i of new Set(wanted)) {
    if (i === null || tableKnown(i)) continue;
    tableAt(i).then(() => {
      if (board.table !== table) return;  // another attempt meanwhile
      drawMoves();
      drawLastMark();
      const state = board.states[board.at];
      if (i === board.at && unseenView(board.start.game.declarer, state)) drawSeat(board.start.game.declarer, state, null);
      announce(state);
    }, (e) => showError(e.message));
  }
}

// The last of the user's marks, in the middle of the table (on a phone the moves are below it).
export function drawLastMark() {
  const box = $("last-mark");
  box.replaceChildren();
  let i = board.at;
  while (i > board.openedAt && !(board.solving && board.solving.includes(board.states[i].seat))) i -= 1;
  const mark = board.solving && i > board.openedAt ? markOf(i) : (board.at === 0 ? discardMark() : null);
  box.hidden = !mark;
  if (!mark) return;
  const card = i > board.openedAt ? board.states[i].card : null;
  if (card) box.append(el("span", "", `${board.states[i].seat} `), cardFace(card, "inline"), " ");
  box.append(mark);
}
