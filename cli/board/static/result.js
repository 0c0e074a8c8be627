// The end of an attempt in problem mode: the verdict against the problem's answer, the deal
// again, the ✓ kept in the collection, the first mark in view.

import { cardText, handCards, handText, listCards, SEATS } from "./cards.js";
import { $, el } from "./dom.js";
import { cardCount } from "./history.js";
import { knowingSaid, tableVerdict } from "./attable.js";
import { originOf, playedOriginOf } from "./problem.js";
import { keyOf } from "./server.js";
import { board } from "./state.js";
import { store } from "./storage.js";
import { DOWN_WORDS, say, tricks, tricksOf, tricksTaken } from "./words.js";

const statusOf = (good) => (!good ? "not yet" : board.helped || board.revealed ? "solved with help" : "solved");

// What the deal came to for the user's side against the answer: "solved", "helped" or "not yet".
// At the table the answer is the one knowing the discard he made, and that discard is named.
function attemptVerdict(state, answer) {
  const game = board.start.game;
  const taken = state.taken;
  let good;
  if (game.kind === "raspasy") good = taken[SEATS.indexOf(board.solving[0])] <= answer[board.solving[0]];
  else {
    const tricksMade = taken[SEATS.indexOf(game.declarer)];
    const more = board.solving.includes(game.declarer) === (game.kind === "contract");
    good = more ? tricksMade >= answer : tricksMade <= answer;
  }
  const status = statusOf(good);
  const words = { status: say(status), outcome: outcomeSaid(state), answer: answerSaid(answer) };
  return { status, text: board.table ? say("verdict line knowing", { ...words, known: knowingSaid() }) : say("verdict line", words) };
}

// The verdict lines: double dummy, and at the table the answer there; the attempt is solved when
// every line that judges (not a guess: no plan covers every discard) says so.
function verdicts(state) {
  const origin = board.solved.get(keyOf(originOf()));
  const played = board.table ? board.solved.get(keyOf(playedOriginOf())) : origin;
  if (!origin || !played) return null;
  const lines = [attemptVerdict(state, played.deal_tricks)];
  if (board.table && origin.table) lines.push(tableVerdict(state, origin.table, statusOf));
  return lines;
}

function outcomeSaid(state) {
  const game = board.start.game;
  const taken = state.taken;
  if (game.kind === "raspasy") {
    const seat = board.solving[0];
    return say("took", { seat, tricks: tricksTaken(taken[SEATS.indexOf(seat)]) });
  }
  const n = taken[SEATS.indexOf(game.declarer)];
  if (game.kind === "misere") return n ? say("caught for", { tricks: tricksTaken(n, true) }) : say("clean misère");
  const level = Number(String(game.contract).match(/\d+/)[0]);
  const full = cardCount(board.states[0].problem) === 30 && !listCards(board.states[0].problem.game.trick).length;
  if (!full) return say("took", { seat: game.declarer, tricks: tricksTaken(n) });
  if (n >= level) return say("took made", { seat: game.declarer, tricks: tricksTaken(n) });
  return say("took down", { seat: game.declarer, tricks: tricksTaken(n), n: DOWN_WORDS[board.lang][level - n] });
}

function answerSaid(answer) {
  const game = board.start.game;
  if (game.kind === "raspasy") return say("answer at most", { seat: board.solving[0], tricks: tricksOf(answer[board.solving[0]]) });
  if (game.kind === "misere") return answer ? say("answer caught", { tricks: tricksTaken(answer, true) }) : say("answer clean");
  return tricks(answer);
}

// The end of an attempt: the verdict lines (the double-dummy answer; at the table the answer
// there too), the deal as dealt, the first mark in view, "Try again" and "Next problem".
export function drawResult(state) {
  const box = $("result");
  const lines = board.solving && state.over && board.finished ? verdicts(state) : null;
  box.hidden = !lines;
  if (box.hidden) return;
  $("verdicts").replaceChildren(...lines.map((v) => el("div", `verdict-line ${v.status.replace(/ /g, "-")}`, v.text)));
  const deal = $("deal-again");
  deal.replaceChildren(el("h3", "", say("the deal")));
  const start = board.states[0].problem;
  for (const seat of SEATS) deal.append(el("div", "deal-row", `${seat}: ${handText(handCards(start.deal[seat]), true)}`));
  for (const key of ["talon", "discard"]) {
    if (start.deal[key]) deal.append(el("div", "deal-row", `${say(key)}: ${listCards(start.deal[key]).map(cardText).join(" ")}`));
  }
  $("next-problem").hidden = !board.id;
}

// An attempt at a problem of the collection that ends solved is ✓ in the index (this browser's storage).
export function recordAttempt(state) {
  const lines = verdicts(state);
  if (!board.id || !lines || !lines.every((v) => v.status === "solved" || v.status === "guess")) return;
  const done = store.get("pref-solved", {});
  if (!done[board.id]) store.set("pref-solved", { ...done, [board.id]: true });
}

// The first mark of the attempt in the moves' view (the end: where it went wrong, if it did).
export function showFirstMark() {
  const list = $("moves");
  const mark = list.querySelector(".mark.bad") || list.querySelector(".mark");
  if (!mark) return;
  const item = mark.closest("li");
  list.scrollTop = Math.max(0, item.offsetTop - list.offsetTop - 4);
}
