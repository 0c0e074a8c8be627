// One seat against the solver: the seats the user sits at, and the solver's reply for the others.

import { declarerCard } from "./attable.js";
import { $ } from "./dom.js";
import { playCards, toMove } from "./history.js";
import { noteTakeBack } from "./problem.js";
import { showError } from "./render.js";
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
      const at = board.at, start = board.start;
      board.autoTimer = setTimeout(async () => {
        let card = result.line[0];
        try {  // at the table he keeps the defence guessing which discard he made
          if (mover === board.start.game.declarer) card = await declarerCard(at, card);
        } catch (e) {
          showError(e.message);
        }
        if (board.start === start && board.at === at && at === board.states.length - 1) playCards([card]);
      }, 450);
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
