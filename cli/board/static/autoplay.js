// One seat against the solver: the seats the user sits at, and the solver's reply for the others.

import { $ } from "./dom.js";
import { playCards, toMove } from "./history.js";
import { noteTakeBack } from "./problem.js";
import { board } from "./state.js";

export const playerMayPlay = (mover) => (board.solving ? board.solving.includes(mover)
  : !$("seat").value || $("seat").value === mover);
// The seats the user sits at: a problem's side, or the one seat of "You play".
export const mySeats = () => board.solving || ($("seat").value ? [$("seat").value] : []);

export function maybeAutoPlay(state, result) {
  clearTimeout(board.autoTimer);
  if (board.discarding) return;  // the declarer's discard comes first
  if (board.solving) {  // a problem: the solver answers for the other side, at the end of the history
    const mover = state.over ? null : toMove(state.problem);
    if (result && mover && !board.solving.includes(mover) && board.at === board.states.length - 1) {
      board.autoTimer = setTimeout(() => playCards([result.line[0]]), 450);
    }
    return;
  }
  const seat = $("seat").value;
  if (!board.autoArmed || !seat || state.over || !result || toMove(state.problem) === seat) {
    board.autoArmed = board.autoArmed && !!seat && !state.over && !!result && toMove(state.problem) !== seat;
    return;
  }
  board.autoTimer = setTimeout(() => playCards([result.line[0]]), 450);
}

export function userPlays(card) {
  board.autoArmed = true;
  noteTakeBack();
  playCards([card]);
}
