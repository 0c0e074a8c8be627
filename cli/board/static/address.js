// The address bar carries the position (or the problem of the collection and the attempt),
// so a link reproduces it.

import { dotText, handCards, listCards, SEATS } from "./cards.js";
import { $ } from "./dom.js";
import { board } from "./state.js";
import { textOf } from "./words.js";

// A problem of the collection is named by its id alone (nothing of it shows), with the attempt:
// the side solved ("none": analysis), the discard made, the moves, the help it had. Any other
// position is written out; in problem mode without its published answer, key or a title naming it.
function addressOf(problem, moves, upTo) {
  const p = new URLSearchParams();
  if (board.id) {
    p.set("p", board.id);
    p.set("solve", board.solving ? board.solving.join("") : "none");
    // the discard the user made as the declarer (the defenders' would give it away at the table)
    const mine = board.solving && board.discardBest && board.solving.includes(board.discardBest.seat);
    if (mine && !board.discarding && problem.deal.discard) p.set("discard", listCards(problem.deal.discard).join(","));
  } else {
    for (const s of SEATS) p.set(s, dotText(handCards(problem.deal[s])));
    for (const key of ["talon", "discard"]) if (problem.deal[key]) p.set(key, listCards(problem.deal[key]).join(","));
    const g = problem.game || {};
    for (const key of ["kind", "contract", "declarer", "leader", "raspasy_talon", "whist"]) if (g[key]) p.set(key, g[key]);
    if (g.trick) p.set("trick", listCards(g.trick).join(","));
    if (problem.expect && !board.solving) {
      const t = problem.expect.tricks;
      p.set("expect", typeof t === "object" ? SEATS.map((s) => t[s]).join(",") : String(t));
      if (problem.expect.key) p.set("key", problem.expect.key);
    }
    const title = board.solving ? textOf(problem, "index_title") : problem.title;
    if (title) p.set("title", title);
    for (const key of ["source", "theme", "difficulty"]) if (problem[key]) p.set(key, problem[key]);
    if (board.openedAt) p.set("opened", String(board.openedAt));
    if (board.solving) p.set("solve", board.solving.join(""));
  }
  if (moves.length) p.set("moves", moves.join(","));
  if (upTo !== moves.length) p.set("at", String(upTo));
  if (board.solving && $("hide-hands").checked) p.set("hide", "1");  // at the table: the same discard again
  if (board.solving && board.helped) p.set("help", "1");
  if (board.solving && board.revealed) p.set("shown", "1");
  return "#" + p.toString().replace(/%2C/g, ",");
}

export function updateAddress() {
  const moves = board.states.slice(1).map((s) => s.card);
  // at the table the deal as dealt: the discard the solver's declarer made is chosen again from it
  history.replaceState(null, "", addressOf(board.table ? board.table.dealt : board.start, moves, board.at));
}

// A count in the address ("at", "opened"): a whole number, else none (a mistyped one is ignored).
const count = (text) => (/^\d{1,3}$/.test(text || "") ? Number(text) : null);

// What the address asks: a problem of the collection by its id (``p``), or a position written out;
// and the attempt: ``solving`` (seats; null for "none"; undefined: the problem's own side).
export function problemFromAddress(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const solve = p.get("solve");
  const wanted = { moves: listCards(p.get("moves")), upTo: count(p.get("at")), helped: p.get("help") === "1",
    revealed: p.get("shown") === "1", discard: listCards(p.get("discard")), hidden: p.get("hide") === "1",
    solving: solve === null ? undefined : solve === "none" ? null : solve.split("").filter((s) => SEATS.includes(s)) };
  if (p.get("p") || p.get("name")) return { ...wanted, id: p.get("p") || p.get("name") };
  if (!p.get("A") && !p.get("B") && !p.get("C")) return null;
  const problem = {};
  for (const key of ["title", "source", "theme", "difficulty"]) if (p.get(key)) problem[key] = p.get(key);
  problem.deal = {};
  for (const s of SEATS) problem.deal[s] = p.get(s) || "";  // the dot form: the server reads it
  for (const key of ["talon", "discard"]) if (p.get(key)) problem.deal[key] = listCards(p.get(key)).join(" ");
  if (p.get("kind")) {
    problem.game = {};
    for (const key of ["kind", "contract", "declarer", "leader", "raspasy_talon", "whist"]) {
      if (p.get(key)) problem.game[key] = p.get(key);
    }
    if (p.get("trick")) problem.game.trick = listCards(p.get("trick")).join(" ");
  }
  if (p.get("expect")) {
    const parts = p.get("expect").split(",").map(Number);
    problem.expect = { tricks: parts.length === 3 ? { A: parts[0], B: parts[1], C: parts[2] } : parts[0] };
  }
  if (p.get("key")) problem.expect = { ...(problem.expect || {}), key: p.get("key") };
  return { ...wanted, problem, opened: count(p.get("opened")) || 0, discard: [] };
}
