// Drawing the page from the state: render() asks the server for the position's values, then
// draws the table, the panel beside it (the answer, the key, the published answer, a card
// worse than the best, a 12-card declarer's discard) and, in problem mode, the solution.

import { updateAddress } from "./address.js";
import { worldSaid } from "./attable.js";
import { maybeAutoPlay } from "./autoplay.js";
import { cardText, listCards, SEATS } from "./cards.js";
import { $, el } from "./dom.js";
import { bestValue, countedSeat, gameName, moverWantsMore } from "./game.js";
import { current, problemAt, toMove } from "./history.js";
import { fetchMarks, markOf } from "./marks.js";
import { drawProblem, focusHand, hiding, originOf, playedOriginOf } from "./problem.js";
import { recordAttempt, showFirstMark } from "./result.js";
import { keyOf, solveOf } from "./server.js";
import { openSetup } from "./setup.js";
import { board } from "./state.js";
import { drawCentre, drawMoves, drawSeat } from "./table.js";
import { say, textOf, tricks } from "./words.js";

// The key as a player says it ("Only ♦10, ♦J, ♦Q or ♦K catches it — equal cards"), pref solve's
// line (in the language chosen: the server writes it) under it.
function keyLine(result) {
  const line = el("div", "sub key", `${say("key")}: ${result.key_text}`);
  const spoken = result.key ? keySaid(result) : "";
  if (spoken) {
    line.textContent = `${say("key")}: ${spoken}`;
    line.append(el("div", "key-count", result.key_text));
  }
  return line;
}

function keySaid(result) {
  const { working, choices, plays, mover, side } = result.key;
  const game = board.start.game;
  const value = result.card_values[working[0]];
  const declarer = game.declarer;
  const words = { mover, declarer, tricks: tricks(value) };
  let deed;
  if (game.kind === "raspasy") deed = say("deed raspasy", words);
  else if (game.kind === "misere" && side === "declarer") deed = say(value ? "deed holds" : "deed clean", words);
  else if (game.kind === "misere") deed = value ? say(value === 1 ? "deed catches" : "deed catches with", words) : null;
  else deed = say(side === "declarer" ? "deed gives" : "deed holds", words);
  if (!deed) return say("nothing catches", words);
  const names = working.map(cardText);
  if (working.length === choices) return say("key every", { deed });
  const list = names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + ` ${say("or")} ` + names[names.length - 1];
  return say("key only", { list, deed }) + (names.length > 1 && plays === 1 ? ` — ${say("equal cards")}` : "");
}

// A line that tells the answer: hidden with the card values ("Show card values" off).
function giveaway(line) {
  line.classList.add("giveaway");
  return line;
}

// Problem mode, at the end or on "Show solution": the problem's own answer (from its start, with
// the best discard), the key, the title that names it, and the composer's notes, in the page's language.
function drawSolution() {
  const box = $("solution");
  box.replaceChildren();
  box.hidden = !board.solving || hiding();
  if (box.hidden) return;
  const origin = originOf();
  const result = board.solved.get(keyOf(origin));
  box.append(el("h2", "", say("solution")));
  const title = textOf(origin, "title");
  if (title) box.append(el("div", "solution-title", title));
  if (result) {
    box.append(verdictLine(result.answer));
    if (result.table_text) box.append(el("div", "sub table-answer", result.table_text));  // both answers
    if (board.table) box.append(el("div", "sub table-world", worldSaid()));
    if (board.start.game.kind === "raspasy") box.append(el("div", "sub raspasy-note", say("raspasy totals")));
    if (result.discard_key_text) box.append(el("div", "sub discard-key", `${say("best discard")}: ${result.discard_key_text}`));
    if (result.key_text) box.append(keyLine(result));
  }
  const meta = [textOf(origin, "theme"), textOf(origin, "difficulty")].filter(Boolean).join(" · ");
  if (meta) box.append(el("div", "sub", meta));
  const text = textOf(origin, "notes");
  if (text) {  // the file's paragraphs, each line joined (the file wraps them at 90 columns)
    const notes = el("div", "notes");
    notes.tabIndex = 0;  // scrolled by the keyboard too
    notes.setAttribute("role", "region");
    notes.setAttribute("aria-label", say("notes"));
    for (const para of text.trim().split(/\n\s*\n/)) notes.append(el("p", "", para.replace(/\s*\n\s*/g, " ")));
    box.append(notes);
  }
  const from = textOf(origin, "source");
  if (from) {
    const source = el("details", "source");
    source.append(el("summary", "", say("source")), el("p", "", from));
    box.append(source);
  }
}

// The answer in bold, any explanation after " — " in plain type.
function verdictLine(text) {
  const line = el("div", "verdict");
  const cut = text.indexOf(" — ");
  line.append(cut < 0 ? text : text.slice(0, cut));
  if (cut >= 0) line.append(el("span", "why", text.slice(cut)));
  return line;
}

// The answer and the key in pref solve's words (the server writes them), the published answer,
// a card worse than the best, and a 12-card declarer's discard.
function drawValue(state, result) {
  const box = $("value");
  box.replaceChildren();
  const game = board.start.game;
  if (state.over) {
    const t = state.taken;
    box.append(verdictLine(state.answer));
    box.append(el("div", "sub", say("tricks taken", { a: t[0], b: t[1], c: t[2] })));
    return;
  }
  if (hiding()) {  // nothing that gives the problem away is on the page, not even hidden
    if (!board.discarding) box.append(el("div", "sub values-hidden", say(board.table ? "values hidden table" : "values hidden problem")));
    return;
  }
  if (!result) {
    box.append(el("div", "verdict thinking", say("solving")));
    return;
  }
  box.append(giveaway(verdictLine(result.answer)));
  if (game.kind === "raspasy") box.append(giveaway(el("div", "sub raspasy-note", say("raspasy totals"))));
  box.append(giveaway(el("div", "sub", say("best play"))));
  box.append(el("div", "sub values-hidden", say(board.solving ? "values hidden problem" : "values hidden")));
  const mover = toMove(state.problem);
  const counted = countedSeat(game, mover);
  const legend = el("div", "sub legend");
  legend.textContent = say(counted === mover ? "legend own" : "legend other",
    { mover, counted, many: say(moverWantsMore(game, mover) ? "many" : "few") });
  box.append(giveaway(legend));
  if (result.key_text) box.append(giveaway(keyLine(result)));
  if (result.table_text) box.append(giveaway(el("div", "sub table-answer", result.table_text)));
  if ("agrees" in result) {
    const e = result.expect;
    const text = typeof e === "object" ? SEATS.map((s) => `${s} ${e[s]}`).join(", ") : tricks(e);
    const verdict = result.agrees ? "agrees" : "differs";
    box.append(giveaway(el("div", "sub " + verdict, say("published", { text, verdict: say(verdict) }))));
  }
  if (board.discardBest && board.at === 0) drawDiscard(box, result);
  // Was the card just played as good as the best? (the values of the moment before it)
  const before = board.at > 0 ? board.solved.get(keyOf(problemAt(board.at - 1))) : null;
  if (before && state.card in before.card_values) {
    const bestThen = bestValue(before);
    if (before.card_values[state.card] !== bestThen) {
      box.append(giveaway(el("div", "sub mistake", say("not best", { seat: state.seat, card: cardText(state.card),
        counted: countedSeat(game, state.seat), value: before.card_values[state.card], best: bestThen }))));
    }
  }
}

// The declarer held 12 cards: say whose discard is on the board and offer another.
function drawDiscard(box, result) {
  const { seat, cards, tricks } = board.discardBest;
  const mine = listCards(board.start.deal.discard);
  const shown = mine.map(cardText).join(" ");
  let line;
  if (mine.join(" ") === cards.join(" ")) {
    line = el("div", "sub discard-note", say("discard best", { seat, cards: shown }));
    const origin = board.solved.get(keyOf(board.discardBest.from));
    if (origin) line.append(el("span", "key", ` (${origin.discard_key_text})`));
    line.append(".");
  } else if (result.tricks !== tricks) {
    line = el("div", "sub mistake discard-note", say("discard worse",
      { seat, cards: shown, tricks: result.tricks, best: tricks, other: cards.map(cardText).join(" ") }));
  } else {
    line = el("div", "sub discard-note", say("discard as good", { seat, cards: shown, other: cards.map(cardText).join(" ") }));
  }
  const other = el("button", "link", say("another discard"));
  other.type = "button";
  other.id = "other-discard";
  other.addEventListener("click", () => {
    openSetup(board.discardBest.from);
    board.choosingDiscard = true;
    document.querySelector("input[name=target][value=discard]").checked = true;
  });
  line.append(" ", other);
  box.append(giveaway(line));
}

export async function render() {
  const mine = ++board.generation;
  const state = current();
  const ending = board.solving && !board.finished && state.over && board.at === board.states.length - 1;
  if (ending) board.finished = true;  // the attempt is over: its result, the solution, every value
  showHints();
  drawHeader();
  let result = null;
  if (!state.over) drawAll(state, null);
  try {  // the position's values, and the problem's own answer (the task, the result and the solution say it)
    const asked = [state.over ? null : solveOf(problemAt(board.at))];
    if (board.solving || board.discardBest) asked.push(solveOf(originOf()));
    if (board.table) asked.push(solveOf(playedOriginOf()));  // the answer knowing the discard he made
    [result] = await Promise.all(asked);
  } catch (e) {
    showError(e.message);
  }
  if (mine !== board.generation) return;
  drawAll(state, result);
  updateAddress();
  announce(state);
  fetchMarks();
  if (ending) {
    recordAttempt(state);
    showFirstMark();
  }
  focusHand();
  maybeAutoPlay(state, result);
}

// The title (in problem mode one that does not name the key, until the solution is shown), the
// game and the source, in the page's language.
function drawHeader() {
  const origin = originOf();
  const title = textOf(origin, hiding() ? "index_title" : "title");
  $("title").textContent = title || say("board name");
  document.title = (title ? title + " — " : "") + say("board name");
  const source = textOf(origin, "source");
  const short = source.length > 60 ? source.slice(0, 60).replace(/[\s,;]+\S*$/, "") + "…" : source;
  $("game-line").textContent = gameName(board.start.game) + (short ? " · " + short : "");
  $("game-line").title = source;  // the whole of a long source
}

function showHints() {
  document.body.classList.toggle("no-hints", !$("hints").checked || hiding());
  $("hints").disabled = hiding();
}

// The live status says what changed (a card played and its mark, whose turn), not the whole panel again.
export function announce(state) {
  const mark = state.card && board.solving && board.solving.includes(state.seat) ? markOf(board.at) : null;
  const played = state.card ? `${state.seat} ${cardText(state.card)}${mark ? ": " + mark.textContent : ""}. ` : "";
  const text = played + $("turn").textContent;
  if (text !== board.lastSaid) $("live").textContent = board.lastSaid = text;
}

function drawAll(state, result) {
  for (const seat of SEATS) drawSeat(seat, state, result);
  drawCentre(state);
  drawMoves();
  drawValue(state, result);
  $("undo").disabled = board.at === 0;
  $("redo").disabled = board.at >= board.states.length - 1;
  $("best").disabled = $("line").disabled = !result || state.over || !result.line.length;
  $("save-json").disabled = $("save-toml").disabled = state.over;
  $("best").hidden = $("line").hidden = hiding();
  $("seat").disabled = !!board.solving;
  $("show-solution").hidden = !hiding();
  drawSolution();
  drawProblem(state);
}

export function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}
