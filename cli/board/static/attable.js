// Problem mode at the table: the defenders (a misère's catchers, a contract's open whisters) with
// "Only the hands I would see" see the declarer's twelve cards, the talon with them, but not the two
// he put aside. Each discard he may have made is a world; the solver's declarer plays one of them:
// his real discard, or, when no plan of the defence covers every discard, one of the smallest set
// no plan covers (so the user meets the hole). Each of the user's cards is judged against every
// discard still possible: the server's search at the table, one position a request (pref board's
// /api/table), before the card and after it.

import { cardText, handCards, handText, listCards, order, RANKS, SEATS, SUITS } from "./cards.js";
import { $, el } from "./dom.js";
import { movesTo, problemAt, startState } from "./history.js";
import { hiding, replay } from "./problem.js";
import { api, solveOf } from "./server.js";
import { board } from "./state.js";
import { say, tricksOf, tricksTaken } from "./words.js";

const same = (a, b) => a.length === b.length && a.every((c) => b.includes(c));
const declarerOf = () => board.start.game.declarer;

// ---- the world the solver's declarer plays ----------------------------------------------------

// The cards the defence cannot tell from his hand in the problem as dealt: the talon he took, his
// discard, or (a misère without the talon: ``deal``) the two cards nobody holds.
function realUnseen(dealt, source) {
  if (source === "talon") return listCards(dealt.deal.talon);
  if (source === "discard") return listCards(dealt.deal.discard);
  const seen = new Set(SEATS.flatMap((s) => handCards(dealt.deal[s])).concat(listCards(dealt.game.trick)));
  return [...SUITS].flatMap((s) => RANKS.map((r) => r + s)).filter((c) => !seen.has(c));
}

// His real discard, unless the defence cannot cover every discard and it is not among the smallest
// set no plan covers (pref solve's "uncovered"): then the first of that set.
export function worldOf(table, real) {
  const holes = table.uncovered;
  return !holes.length || holes.some((w) => same(w, real)) ? real : holes[0];
}

// The problem as dealt with ``world`` put aside in place of the ``real`` unseen cards (the published
// answer is the real discard's, so it goes).
function withWorld(dealt, real, world, source) {
  if (same(real, world)) return dealt;
  const seat = dealt.game.declarer;
  const hand = handCards(dealt.deal[seat]).concat(real).filter((c) => !world.includes(c));
  const deal = { ...dealt.deal, [seat]: handText(hand) };
  if (source !== "deal") deal.discard = [...world].sort(order).join(" ");
  const out = { ...dealt, deal };
  delete out.expect;
  return out;
}

// Whether an attempt starting now is at the table: the defending side, "Only the hands I would see".
export function wantsTable() {
  const game = board.start.game;
  return !!board.solving && $("hide-hands").checked && game.kind !== "raspasy" && !board.solving.includes(game.declarer);
}

// The attempt at the table begins (the side set, the history at the problem's start): the world,
// and the history again from the deal with that world. Nothing happens when the problem hides
// nothing of the declarer's (no talon, no discard: its double-dummy answer is the one at the table)
// or asks nothing at the table (a contract without open whist).
export async function beginAtTable(origin) {
  const { table } = await solveOf(origin);
  if (!table || table.source === "none") return;
  const dealt = board.start;
  const opened = movesTo(board.openedAt);
  const real = realUnseen(dealt, table.source);
  const world = worldOf(table, real);
  // the smallest set of discards no plan covers, his among them: his play keeps the defence guessing
  const hole = table.uncovered.some((w) => same(w, world)) ? table.uncovered : null;
  board.table = { origin, dealt, opened, world, real, hole, source: table.source, live: null };
  if (!same(world, real)) await startFrom(withWorld(dealt, real, world, table.source), opened);
}

// Back to the deal as it was dealt (another attempt, or another side).
export async function leaveTable() {
  const t = board.table;
  board.table = null;
  if (t && board.start !== t.dealt) await startFrom(t.dealt, t.opened);
}

async function startFrom(problem, opened) {
  board.start = problem;
  board.states = [startState(problem)];
  board.at = 0;
  board.openedAt = opened.length;
  if (opened.length) await replay(opened);
}

// The solver's declarer's card after the history's first ``i`` cards: one that keeps the defence from
// telling his discard from the others of the hole while it can (pref board's /api/table-card), else
// ``best``, his best card double dummy.
export async function declarerCard(i, best) {
  const t = board.table;
  if (!t || !t.hole || t.hole.length < 2) return best;
  const { card } = await api("table-card", { problem: board.start, cards: movesTo(i), worlds: t.hole });
  return card || best;
}

// ---- the answers at the table ------------------------------------------------------------------

const tableKey = (moves, withKey) => JSON.stringify([board.start, moves, withKey]);

function ask(moves, worlds, withKey) {
  const key = tableKey(moves, withKey);
  if (!board.tables.has(key)) {
    const body = { problem: board.start, cards: moves, key: withKey };
    if (worlds) body.worlds = worlds;
    const promise = api("table", body);
    promise.then((r) => board.tabled.set(key, r), () => board.tables.delete(key));
    board.tables.set(key, promise);
  }
  return board.tables.get(key);
}

// The answer at the table after the history's first ``i`` cards, against the discards possible
// where the problem was opened (the first answer's, the play since ruling some out); ``withKey``:
// with the first cards that begin a plan reaching it (the hint).
export async function tableAt(i, withKey = false) {
  const t = board.table;
  if (!t.live) t.live = (await ask(movesTo(board.openedAt), null, false)).live;
  return ask(movesTo(i), t.live, withKey);
}

// The answer after ``i`` cards if it is in, else undefined.
export const tableKnown = (i) => board.tabled.get(tableKey(movesTo(i), false));

// The deal is over after card ``i``: its answer is the tricks taken (nothing is left to search).
function overAnswer(i, before) {
  const taken = board.states[i].taken[SEATS.indexOf(declarerOf())];
  if (board.start.game.kind === "contract") return { deal_tricks: taken };
  const caught = taken > 0;
  return { caught, uncovered: caught || !before ? [] : before.live, live: before ? before.live : [],
    dd: (before ? before.live : []).map(() => (caught ? 1 : 0)) };
}

// ---- the marks ------------------------------------------------------------------------------------

// The user's card ``i`` judged at the table: ✓ when the defence can still catch every discard still
// possible (a contract: hold him to as few tricks); where no plan could before the card, ✓ when it
// lets no more of them escape, each judged alone (double dummy). Else "? lets him escape" with the
// discards that now escape. "…" while the answers are still to come.
export function tableMarkOf(i) {
  const before = tableKnown(i - 1);
  const after = board.states[i].over ? overAnswer(i, before) : tableKnown(i);
  if (!before || !after) {
    const waiting = el("span", "mark thinking", "…");
    waiting.title = say("judging");
    return waiting;
  }
  if (board.start.game.kind === "contract") {
    const cost = after.deal_tricks - before.deal_tricks;
    return cost > 0 ? bad(say("mark table cost", { tricks: tricksTaken(cost) })) : good();
  }
  if (after.caught) return good();
  if (before.caught) return escaped(after.uncovered, after.uncovered.length > 1);
  const lost = before.live.filter((w, k) => before.dd[k] && !after.dd[after.live.findIndex((x) => same(x, w))]);
  return lost.length ? escaped(lost, false) : good();
}

function good() {
  const mark = el("span", "mark good", "✓");
  mark.title = say("table good");
  return mark;
}

function bad(text) {
  return el("span", "mark bad", text);
}

// "? lets him escape with ♣K ♥9 or ♣K ♣A out" (each alone escapes), or, for a set no plan covers
// (``together``), "? lets him escape: no plan now catches both ♣K ♣A and ♣K ♥9 out".
function escaped(discards, together) {
  const deal = board.table.source === "deal" ? " deal" : "";
  const shown = discards.map((w) => [...w].sort(order).map(cardText).join(" "));
  if (together) {
    const list = shown.slice(0, -1).join(", ") + ` ${say("and")} ` + shown[shown.length - 1];
    return bad(say((shown.length === 2 ? "mark table both" : "mark table all") + deal, { discards: list }));
  }
  const named = shown.length > 4 ? shown.slice(0, 3).concat([say("more discards", { n: shown.length - 3 })]) : shown;
  const list = named.length === 1 ? named[0] : named.slice(0, -1).join(", ") + ` ${say("or")} ` + named[named.length - 1];
  return bad(say("mark table escapes" + deal, { discards: list }));
}

// ---- what the defence sees of his hand ------------------------------------------------------------

// Whether ``seat``'s hand is drawn as the defence knows it: the declarer's cards with the discard unknown.
export function unseenView(seat, state) {
  return !!board.table && seat === declarerOf() && hiding() && !state.over && $("hide-hands").checked;
}

// His hand and the cards he hides, as one hand.
export const candidates = (state) => handCards(state.problem.deal[declarerOf()]).concat(board.table.world).sort(order);

// The cards every discard still possible hides: he put them aside for sure (he showed out of their suit).
export function knownOut() {
  const answer = tableKnown(board.at);
  if (!answer || !answer.live || !answer.live.length) return [];
  return answer.live.reduce((common, w) => common.filter((c) => w.includes(c)), answer.live[0]);
}

// ---- the end, the hint, the solution -----------------------------------------------------------

const discardText = (cards) => [...cards].sort(order).map(cardText).join(" ");

// The verdict at the table: ``status`` (solved, solved with help, not yet; "guess" where no plan
// covers every discard: then nothing the user did is judged) and its line.
export function tableVerdict(state, table, statusOf) {
  const deal = board.table.source === "deal" ? " deal" : "";
  const taken = state.taken[SEATS.indexOf(declarerOf())];
  const lower = (status) => { const s = say(status); return s.charAt(0).toLowerCase() + s.slice(1); };
  if (board.start.game.kind === "contract") {
    const status = statusOf(taken <= table.deal_tricks);
    return { status, text: say("table verdict contract" + deal, { status: lower(status), tricks: tricksOf(table.deal_tricks) }) };
  }
  if (table.caught) {
    const status = statusOf(taken > 0);
    return { status, text: say((taken > 0 ? "table verdict caught" : "table verdict missed") + deal, { status: lower(status) }) };
  }
  const k = table.uncovered.length;
  const text = k === 1 ? say("table verdict escape" + deal, { cards: discardText(table.uncovered[0]) })
    : say("table verdict hole" + deal, { k });
  return { status: "guess", text };
}

// What the double-dummy answer at the table knows: the discard he made ("his discard ♣K ♥9").
export function knowingSaid() {
  return say(board.table.source === "deal" ? "known deal" : "known discard", { cards: discardText(board.table.world) });
}

// The solution's line on the world the board's declarer played.
export function worldSaid() {
  return say(board.table.source === "deal" ? "table world deal" : "table world", { cards: discardText(board.table.world) });
}

// The task's sentence at the table.
export function taskAtTable() {
  const n = candidates(board.states[board.openedAt]).length;
  return say(board.table.source === "deal" ? "task at the table deal" : "task at the table", { n });
}

// The hint at the table: the suits of the first cards that begin a plan catching every discard still
// possible, or that there is none (the user must guess).
export async function tableHint(suits) {
  const answer = await tableAt(board.at, true);
  const legal = Object.keys((await solveOf(problemAt(board.at))).card_values || {});
  const none = board.start.game.kind === "contract" ? !answer.key.length : !answer.caught || !answer.key.length;
  if (none) return say("hint guess");
  if (answer.key.length === legal.length) return say("hint any");
  return say(answer.key.length === 1 ? "hint one" : "hint some", { suits: suits(answer.key).join(` ${say("or")} `) });
}
