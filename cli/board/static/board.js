// The preferans analysis board. The page keeps the history; the server (pref board)
// checks, plays and solves: every request carries a whole problem object, the keys
// of a problem file. Cards travel as their JSON names: 7S … 10S … AH.
"use strict";

const SEATS = ["A", "B", "C"];
const SUITS = "SCDH";
const SUIT_SYMBOLS = "♠♣♦♥";
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"];  // high first, as hands are written
const RU = { A: "Т", K: "К", Q: "Д", J: "В" };

const $ = (id) => document.getElementById(id);

// ---- cards ------------------------------------------------------------------------

const suitOf = (card) => SUITS.indexOf(card.slice(-1));
const rankOf = (card) => card.slice(0, -1);
const rankIndex = (card) => RANKS.indexOf(rankOf(card));
const order = (a, b) => suitOf(a) - suitOf(b) || rankIndex(a) - rankIndex(b);
const isRed = (card) => suitOf(card) >= 2;

let lang = "en";
const rankText = (rank) => (lang === "ru" && RU[rank]) || rank;
const cardText = (card) => SUIT_SYMBOLS[suitOf(card)] + rankText(rankOf(card));

// A hand in the board's notation, "♠QJ ♣97 ♦KQJ10 ♥J7" (the server writes it so).
function handCards(text) {
  const cards = [];
  for (const group of (text || "").trim().split(/\s+/)) {
    const s = SUIT_SYMBOLS.indexOf(group[0]);
    if (s < 0) continue;
    for (const r of group.slice(1).match(/10|[789JQKA]/g) || []) cards.push(r + SUITS[s]);
  }
  return cards.sort(order);
}
function handText(cards) {
  return [0, 1, 2, 3].map((s) => {
    const ranks = cards.filter((c) => suitOf(c) === s).sort(order).map(rankOf).join("");
    return SUIT_SYMBOLS[s] + (ranks || "—");
  }).join(" ");
}
const listCards = (text) => (text || "").split(/[\s,]+/).filter(Boolean);

// The dot form of the address bar, "QJ.97.KQJT.J7" (♠.♣.♦.♥, T for ten).
function dotText(cards) {
  return [0, 1, 2, 3].map((s) => cards.filter((c) => suitOf(c) === s).sort(order)
    .map((c) => rankOf(c) === "10" ? "T" : rankOf(c)).join("")).join(".");
}
function dotCards(text) {
  const cards = [];
  (text || "").split(".").forEach((group, s) => {
    for (const r of group.match(/10|[789TJQKA]/g) || []) cards.push((r === "T" ? "10" : r) + SUITS[s]);
  });
  return cards;
}

// ---- talking to the server ----------------------------------------------------------

class BoardError extends Error {
  constructor(message, field) { super(message); this.field = field; }
}

async function api(name, body) {
  const response = await fetch("/api/" + name, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new BoardError(data.error || response.statusText, data.field || "");
  return data;
}

const results = new Map();  // problem object (as JSON) -> promise of its result
const solved = new Map();   // the same, once the answer is in
function solveOf(problem) {
  const key = JSON.stringify(problem);
  if (!results.has(key)) {
    const promise = api("solve", problem);
    promise.then((r) => solved.set(key, r), () => results.delete(key));
    results.set(key, promise);
  }
  return results.get(key);
}

// ---- the game in players' terms -----------------------------------------------------

const STRAIN = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };

function gameName(game) {
  if (!game) return "no game";
  if (game.kind === "contract") {
    const m = String(game.contract).toUpperCase().replace(/\s/g, "").match(/^(\d+)(.*)$/);
    return `${m ? m[1] + (STRAIN[m[2]] || m[2]) : game.contract} by ${game.declarer}`;
  }
  if (game.kind === "misere") return `misère by ${game.declarer}`;
  return "raspasy" + (game.raspasy_talon ? ` (talon: ${game.raspasy_talon})` : "");
}
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// What the counted player wants: the declarer of a contract the most tricks, everyone
// else the fewest (a misère's catchers want the declarer's tricks many).
function moverWantsMore(game, mover) {
  if (game.kind === "raspasy") return false;
  const declarerSide = mover === game.declarer;
  return declarerSide === (game.kind === "contract");
}
// The best value for the player to move: that of the cards that work (the key).
const bestValue = (result) => (result.key ? result.card_values[result.key.working[0]] : null);
function countedSeat(game, mover) {
  return game.kind === "raspasy" ? mover : game.declarer;
}

// ---- the history ----------------------------------------------------------------------
// states[0] is the start; each later state is the position after one more card, with the
// card, who played it, the trick as it lay on the table, the winner and tricks taken.

let start = null;
let states = [];
let at = 0;
let openedAt = 0;     // the state the problem was opened at (after the tricks its file says were played)
let baseTitle = "";   // the title without "(after … cards)"
let discardBest = null;  // {from, seat, cards, tricks}: a 12-card declarer's discard, as the solver chose it
let busy = false;
let generation = 0;  // bumped on every change, so a late answer is not drawn over a newer one

const current = () => states[at];
const movesTo = (i) => states.slice(1, i + 1).map((s) => s.card);
const fullDeal = () => !(start.game && start.game.trick) && cardCount(start) === 30;

// The problem file of the position after ``i`` cards: on a full deal the deal as dealt with the
// tricks ``played`` and the ``trick`` in progress (so its answer, as pref solve gives it, covers
// the whole deal); in an ending, or before the first trick is complete, the hands as they are now.
// The published answer, key and notes belong to the position the problem was opened at.
function problemAt(i) {
  const moves = movesTo(i);
  const complete = Math.floor(moves.length / 3);
  let problem;
  if (complete && fullDeal()) {
    const game = { ...start.game, played: [] };
    for (let t = 0; t < complete; t++) game.played.push(moves.slice(3 * t, 3 * t + 3).join(" "));
    if (moves.length > 3 * complete) game.trick = moves.slice(3 * complete).join(" ");
    problem = { ...start, game };
  } else {
    problem = { ...states[i].problem };
  }
  if (i !== openedAt) {
    for (const key of ["expect", "notes", "theme", "difficulty"]) delete problem[key];
    if (baseTitle) problem.title = `${baseTitle} (after ${i} ${i === 1 ? "card" : "cards"})`;
    else delete problem.title;
  }
  return problem;
}
const handsOf = (problem) => SEATS.map((s) => handCards(problem.deal[s]));
const cardCount = (problem) => handsOf(problem).reduce((n, h) => n + h.length, 0)
  + listCards(problem.game && problem.game.trick).length;

function toMove(problem) {
  const leader = SEATS.indexOf(problem.game.leader || "A");
  return SEATS[(leader + listCards(problem.game.trick).length) % 3];
}

function startState(problem) {
  const trick = listCards(problem.game && problem.game.trick);
  const leader = SEATS.indexOf((problem.game && problem.game.leader) || "A");
  return {
    problem, taken: [0, 0, 0], card: null, seat: null, winner: null, over: false,
    table: trick.map((card, i) => ({ seat: SEATS[(leader + i) % 3], card })), lastTrick: null,
  };
}

function nextState(prev, step) {
  const table = [...prev.table, { seat: step.seat, card: step.card }];
  const taken = [...prev.taken];
  if (step.winner && SEATS.includes(step.winner)) taken[SEATS.indexOf(step.winner)] += 1;
  return {
    problem: step.problem, taken, card: step.card, seat: step.seat, winner: step.winner, over: step.over,
    table: step.winner ? [] : table, lastTrick: step.winner ? table : null, answer: step.answer,
  };
}

async function playCards(cards) {
  if (!cards.length || busy) return;
  busy = true;
  try {
    const { steps } = await api("play", { problem: start, cards: movesTo(at).concat(cards) });
    states = states.slice(0, at + 1);
    for (const step of steps.slice(at)) states.push(nextState(states[states.length - 1], step));
    at = states.length - 1;
    showError("");
  } catch (e) {
    showError(e.message);
  } finally {
    busy = false;
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

// The problem after the discard the solver chose for a declarer who holds 12 cards.
function withDiscard(problem, result) {
  const seat = problem.game.declarer;
  const deal = { ...problem.deal, [seat]: handText(result.deal[seat]), discard: result.discard.join(" ") };
  const expect = problem.expect && { tricks: problem.expect.tricks };  // a discard key asks another question
  const out = { ...problem, deal };
  if (expect && expect.tricks !== undefined) out.expect = expect; else delete out.expect;
  return out;
}

// ``opened``: how many of the moves the problem was opened after (a link to a file with tricks played).
async function begin(given, extraMoves = [], upTo = null, { keepDiscard = false, opened = 0 } = {}) {
  showError("");
  let { problem, moves, opened: openedMoves } = unfold(given, extraMoves);
  openedMoves = openedMoves || opened;
  try {
    const result = await solveOf(problem);
    if (result.discard_chosen) {
      discardBest = { from: problem, seat: problem.game.declarer, cards: result.discard, tricks: result.tricks,
        key: result.discard_key_text };
      problem = withDiscard(problem, result);
      await solveOf(problem);
    } else if (!keepDiscard) {
      discardBest = null;
    }
  } catch (e) {
    openSetup(problem, e);  // the board keeps what it had; the set-up shows what is wrong
    return false;
  }
  start = problem;
  openedAt = openedMoves;
  baseTitle = (problem.title || "").replace(/ \(after \d+ cards?\)$/, "");
  states = [startState(problem)];
  at = 0;
  if (moves.length) {
    try {
      const { steps } = await api("play", { problem, cards: moves });
      for (const step of steps) states.push(nextState(states[states.length - 1], step));
      at = upTo === null ? states.length - 1 : Math.max(0, Math.min(upTo, states.length - 1));
    } catch (e) {
      showError(e.message);
    }
  }
  await render();
  return true;
}

function goTo(index) {
  at = Math.max(0, Math.min(index, states.length - 1));
  render();
}

function undo() {
  if (at === 0) return;
  let i = at - 1;
  const seat = $("seat").value;
  // Playing one seat: go back to that seat's previous turn, past the solver's replies.
  while (seat && i > 0 && (states[i].over || toMove(states[i].problem) !== seat)) i -= 1;
  goTo(i);
}

// ---- drawing ------------------------------------------------------------------------------

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cardFace(card, cls = "") {
  const face = el("span", `card ${isRed(card) ? "red" : "black"} ${cls}`);
  face.append(el("span", "rank", rankText(rankOf(card))), el("span", "suit", SUIT_SYMBOLS[suitOf(card)]));
  face.dataset.card = card;
  face.title = cardText(card);
  return face;
}

function drawSeat(seat, state, result) {
  const box = $("seat-" + seat);
  box.replaceChildren();
  const problem = state.problem;
  const game = start.game;
  const mover = state.over ? null : toMove(problem);
  const i = SEATS.indexOf(seat);
  const head = el("div", "seat-head");
  head.append(el("span", "seat-name", seat));
  if (game && game.declarer === seat) head.append(el("span", "tag declarer", game.kind === "misere" ? "misère" : "declarer"));
  if (seat === mover) head.append(el("span", "tag to-move", state.table.length ? "to play" : "on lead"));
  if ($("seat").value === seat) head.append(el("span", "tag you", "you"));
  head.append(el("span", "taken", plural(state.taken[i], "trick")));
  box.append(head);
  box.classList.toggle("moving", seat === mover);

  const values = result && seat === mover ? result.card_values : null;
  const best = values ? bestValue(result) : null;
  const hand = handCards(problem.deal[seat]);
  for (let s = 0; s < 4; s++) {
    const row = el("div", "suit-row");
    row.append(el("span", `suit-label ${s >= 2 ? "red" : "black"}`, SUIT_SYMBOLS[s]));
    const cards = hand.filter((c) => suitOf(c) === s);
    if (!cards.length) row.append(el("span", "void", "—"));
    for (const card of cards) {
      const legal = values && card in values;
      const button = el("button", "card-button");
      button.type = "button";
      const face = cardFace(card, legal && values[card] === best ? "best" : "");
      button.append(face);
      button.dataset.card = card;
      if (values) {
        button.disabled = !legal || busy || !playerMayPlay(mover);
        if (legal) {
          const badge = el("span", "value" + (values[card] === best ? " best" : ""),
            (values[card] === best ? "★" : "") + values[card]);
          badge.title = `${countedSeat(game, mover)} takes ${plural(values[card], "trick")} from here after ${cardText(card)}`;
          button.append(badge);
        }
        button.addEventListener("click", () => userPlays(card));
      } else {
        button.disabled = true;
      }
      row.append(button);
    }
    box.append(row);
  }
}

function drawCentre(state) {
  for (const seat of SEATS) {
    $("slot-" + seat).replaceChildren();
    $("slot-" + seat).classList.add("empty");
  }
  const shown = state.table.length ? state.table : (state.lastTrick || []);
  for (const { seat, card } of shown) {
    const slot = $("slot-" + seat);
    slot.classList.remove("empty");
    slot.append(cardFace(card, state.table.length ? "" : "faded"));
    slot.append(el("span", "slot-seat", seat));
  }
  const talon = listCards(state.problem.deal.talon);
  const discard = listCards(state.problem.deal.discard);
  const box = $("talon");
  box.replaceChildren();
  if (talon.length) {
    const g = start.game;
    const turned = g && g.kind === "raspasy" && (g.raspasy_talon || "suit") !== "none";
    box.append(el("span", "label", "talon"));
    // In raspasy the talon tricks are led by A: tricks done = 10 - A's cards (less one if A has played).
    const aCards = handCards(state.problem.deal.A).length + (state.table.some((t) => t.seat === "A") ? 1 : 0);
    const done = 10 - aCards;
    talon.forEach((c, i) => {
      const now = turned && i === done && !state.over;
      box.append(cardFace(c, "small" + (turned && i < done ? " faded" : "") + (now ? " turned-now" : "")));
    });
    let note = "out of play";
    if (turned) {
      const what = g.raspasy_talon === "dealer" ? "competes for the dealer" : "names the suit";
      note = done < 2 ? `turned for trick ${done + 1}: ${cardText(talon[done])} ${what}` : "turned for tricks 1 and 2";
    }
    box.append(el("span", "label", note));
  }
  if (discard.length) {
    box.append(el("span", "label", "discard"));
    discard.forEach((c) => box.append(cardFace(c, "small")));
  }
  let turn = "";
  if (state.over) turn = "The deal is over.";
  else if (state.lastTrick && !state.table.length) {
    turn = state.winner === "D" ? "The talon card held the trick: the dealer takes it."
      : `${state.winner} takes the trick and leads.`;
  } else turn = `${toMove(state.problem)} ${state.table.length ? "to play" : "leads"}.`;
  $("turn").textContent = turn;
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  const first = el("li", "start");
  const startButton = el("button", "move" + (at === 0 ? " current" : ""), "start");
  startButton.addEventListener("click", () => goTo(0));
  first.append(startButton);
  list.append(first);
  let item = null;
  let trickNumber = 11 - Math.ceil(cardCount(start) / 3);
  for (let i = 1; i < states.length; i++) {
    const s = states[i];
    if (!item) {
      item = el("li", "trick-line");
      item.append(el("span", "trick-number", `${trickNumber}.`));
    }
    const b = el("button", "move" + (i === at ? " current" : "") + (i > at ? " ahead" : ""));
    b.append(el("span", "move-seat", s.seat + " "), cardFace(s.card, "inline"));
    b.addEventListener("click", () => goTo(i));
    item.append(b);
    if (s.winner || i === states.length - 1) {
      if (s.winner) item.append(el("span", "winner", "→ " + s.winner));
      list.append(item);
      item = null;
      trickNumber += 1;
    }
  }
  const currentMove = list.querySelector(".current");
  if (currentMove) currentMove.scrollIntoView({ block: "nearest" });
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
  const game = start.game;
  if (state.over) {
    const t = state.taken;
    box.append(verdictLine(state.answer));
    box.append(el("div", "sub", `Tricks taken: A ${t[0]}, B ${t[1]}, C ${t[2]}.`));
    return;
  }
  if (!result) {
    box.append(el("div", "verdict thinking", "solving…"));
    return;
  }
  box.append(verdictLine(result.answer));
  box.append(el("div", "sub", "with best play from here (double dummy)"));
  const mover = toMove(state.problem);
  const counted = countedSeat(game, mover);
  const legend = el("div", "sub legend");
  legend.textContent = `Under ${mover}'s cards: ${counted === mover ? "his own" : counted + "'s"} tricks from ` +
    `here after each; ★ the best for ${mover}, who wants them ${moverWantsMore(game, mover) ? "many" : "few"}.`;
  box.append(legend);
  if (result.key_text) box.append(el("div", "sub key", `Key: ${result.key_text}`));
  if ("agrees" in result) {
    const e = result.expect;
    const text = typeof e === "object" ? SEATS.map((s) => `${s} ${e[s]}`).join(", ") : plural(e, "trick");
    box.append(el("div", "sub " + (result.agrees ? "agrees" : "differs"),
      `Published answer: ${text} — ${result.agrees ? "agrees" : "DIFFERS"}`));
  }
  if (discardBest && at === 0) drawDiscard(box, result);
  // Was the card just played as good as the best? (the values of the moment before it)
  const before = at > 0 ? solved.get(JSON.stringify(problemAt(at - 1))) : null;
  if (before && state.card in before.card_values) {
    const bestThen = bestValue(before);
    if (before.card_values[state.card] !== bestThen) {
      box.append(el("div", "sub mistake", `${state.seat}'s ${cardText(state.card)} was not best: ` +
        `${countedSeat(game, state.seat)} ${before.card_values[state.card]} instead of ${bestThen}.`));
    }
  }
}

// The declarer held 12 cards: say whose discard is on the board and offer another.
function drawDiscard(box, result) {
  const { seat, cards, tricks } = discardBest;
  const mine = listCards(start.deal.discard);
  const shown = mine.map(cardText).join(" ");
  let line;
  if (mine.join(" ") === cards.join(" ")) {
    line = el("div", "sub discard-note", `${seat} held 12 cards and discarded ${shown}: the solver's best discard`);
    line.append(el("span", "key", ` (${discardBest.key})`), ".");
  } else if (result.tricks !== tricks) {
    line = el("div", "sub mistake discard-note", `${seat}'s discard ${shown} was not best: ${seat} ` +
      `${result.tricks} instead of ${tricks} with ${cards.map(cardText).join(" ")}.`);
  } else {
    line = el("div", "sub discard-note", `${seat}'s discard ${shown} is as good as the solver's ` +
      `${cards.map(cardText).join(" ")}.`);
  }
  const other = el("button", "link", "Another discard…");
  other.type = "button";
  other.id = "other-discard";
  other.addEventListener("click", () => {
    openSetup(discardBest.from);
    choosingDiscard = true;
    document.querySelector("input[name=target][value=discard]").checked = true;
  });
  line.append(" ", other);
  box.append(line);
}

async function render() {
  const mine = ++generation;
  const state = current();
  document.body.classList.toggle("no-hints", !$("hints").checked);
  $("title").textContent = start.title || "Preferans board";
  document.title = (start.title ? start.title + " — " : "") + "Preferans board";
  const g = start.game;
  $("game-line").textContent = gameName(g) + (start.source ? " · " + start.source : "");
  let result = null;
  if (!state.over) {
    drawAll(state, null);
    try {
      result = await solveOf(problemAt(at));
    } catch (e) {
      showError(e.message);
    }
    if (mine !== generation) return;
  }
  drawAll(state, result);
  updateAddress();
  maybeAutoPlay(state, result);
}

function drawAll(state, result) {
  for (const seat of SEATS) drawSeat(seat, state, result);
  drawCentre(state);
  drawMoves();
  drawValue(state, result);
  $("undo").disabled = at === 0;
  $("redo").disabled = at >= states.length - 1;
  $("best").disabled = $("line").disabled = !result || state.over || !result.line.length;
  $("save-json").disabled = $("save-toml").disabled = state.over;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// ---- one seat against the solver ------------------------------------------------------------

let autoTimer = null;
let autoArmed = false;  // only after a card of the user's, never after undo or a jump
const playerMayPlay = (mover) => !$("seat").value || $("seat").value === mover;

function maybeAutoPlay(state, result) {
  clearTimeout(autoTimer);
  const seat = $("seat").value;
  if (!autoArmed || !seat || state.over || !result || toMove(state.problem) === seat) {
    autoArmed = autoArmed && !!seat && !state.over && !!result && toMove(state.problem) !== seat;
    return;
  }
  autoTimer = setTimeout(() => playCards([result.line[0]]), 450);
}

function userPlays(card) {
  autoArmed = true;
  playCards([card]);
}

// ---- the address bar carries the position ----------------------------------------------------

function addressOf(problem, moves, upTo) {
  const p = new URLSearchParams();
  for (const s of SEATS) p.set(s, dotText(handCards(problem.deal[s])));
  for (const key of ["talon", "discard"]) if (problem.deal[key]) p.set(key, listCards(problem.deal[key]).join(","));
  const g = problem.game || {};
  for (const key of ["kind", "contract", "declarer", "leader", "raspasy_talon"]) if (g[key]) p.set(key, g[key]);
  if (g.trick) p.set("trick", listCards(g.trick).join(","));
  if (problem.expect) {
    const t = problem.expect.tricks;
    p.set("expect", typeof t === "object" ? SEATS.map((s) => t[s]).join(",") : String(t));
  }
  if (problem.expect && problem.expect.key) p.set("key", problem.expect.key);
  for (const key of ["title", "source", "theme", "difficulty"]) if (problem[key]) p.set(key, problem[key]);
  if (moves.length) p.set("moves", moves.join(","));
  if (openedAt) p.set("opened", String(openedAt));
  if (upTo !== moves.length) p.set("at", String(upTo));
  return "#" + p.toString().replace(/%2C/g, ",");
}

function updateAddress() {
  const moves = states.slice(1).map((s) => s.card);
  history.replaceState(null, "", addressOf(start, moves, at));
}

function problemFromAddress(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  if (!p.get("A") && !p.get("B") && !p.get("C")) return null;
  const problem = {};
  for (const key of ["title", "source", "theme", "difficulty"]) if (p.get(key)) problem[key] = p.get(key);
  problem.deal = {};
  for (const s of SEATS) problem.deal[s] = p.get(s) || "";  // the dot form: the server reads it
  for (const key of ["talon", "discard"]) if (p.get(key)) problem.deal[key] = listCards(p.get(key)).join(" ");
  if (p.get("kind")) {
    problem.game = {};
    for (const key of ["kind", "contract", "declarer", "leader", "raspasy_talon"]) {
      if (p.get(key)) problem.game[key] = p.get(key);
    }
    if (p.get("trick")) problem.game.trick = listCards(p.get("trick")).join(" ");
  }
  if (p.get("expect")) {
    const parts = p.get("expect").split(",").map(Number);
    problem.expect = { tricks: parts.length === 3 ? { A: parts[0], B: parts[1], C: parts[2] } : parts[0] };
  }
  if (p.get("key")) problem.expect = { ...(problem.expect || {}), key: p.get("key") };
  const moves = listCards(p.get("moves"));
  const upTo = p.get("at") === null ? null : Number(p.get("at"));
  return { problem, moves, upTo, opened: Number(p.get("opened") || 0) };
}

// ---- files ---------------------------------------------------------------------------------------

async function save(format) {
  // Unchanged at the start of a 12-card declarer's problem: his discard is still to choose.
  const chosen = discardBest && at === 0 && start.deal.discard === discardBest.cards.join(" ");
  const problem = chosen ? discardBest.from : problemAt(at);
  try {
    const { text } = await api("save", { problem, format });
    const name = (problem.title || "position").toLowerCase().normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "position";
    const link = el("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    link.download = `${name}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    showError("");
  } catch (e) {
    showError(e.message);
  }
}

async function openFile(file) {
  try {
    const text = await file.text();
    const { problem } = await api("open", { name: file.name, text });
    closeSetup();
    await begin(problem);
  } catch (e) {
    showError(e.message);
  }
}

// ---- set up ----------------------------------------------------------------------------------------

const FIELDS = ["A", "B", "C", "talon", "discard", "trick"];
const ORDERED = new Set(["talon", "discard", "trick"]);
let setup = {};  // field -> cards
let choosingDiscard = false;  // the set-up was opened to choose a 12-card declarer's discard

function fieldText(field) {
  return ORDERED.has(field) ? setup[field].join(" ") : (setup[field].length ? handText(setup[field]) : "");
}

function drawDeck() {
  const deck = $("deck");
  deck.replaceChildren();
  const owner = {};
  for (const f of FIELDS) for (const c of setup[f]) owner[c] = f;
  for (let s = 0; s < 4; s++) {
    const row = el("div", "deck-row");
    for (const r of RANKS) {
      const card = r + SUITS[s];
      const b = el("button", "card-button deck-card" + (owner[card] ? " taken" : ""));
      b.type = "button";
      b.append(cardFace(card));
      if (owner[card]) b.append(el("span", "owner", owner[card] === "trick" ? "table" : owner[card]));
      b.addEventListener("click", () => deckClick(card));
      row.append(b);
    }
    deck.append(row);
  }
  for (const f of FIELDS) {
    $("f-" + f).value = fieldText(f);
    const label = $("f-" + f).closest(".field").querySelector("span");
    const n = setup[f].length;
    label.textContent = (f === "trick" ? "on the table" : f) + (n ? ` (${n})` : "");
  }
}

function deckClick(card) {
  const target = document.querySelector("input[name=target]:checked").value;
  const had = FIELDS.find((f) => setup[f].includes(card));
  for (const f of FIELDS) setup[f] = setup[f].filter((c) => c !== card);
  if (had !== target) setup[target].push(card);
  if (!ORDERED.has(target)) setup[target].sort(order);
  clearFieldErrors();
  drawDeck();
}

async function fieldTyped(field) {
  const input = $("f-" + field);
  clearFieldErrors();
  try {
    const { cards } = await api("cards", { text: input.value, field: input.dataset.field });
    for (const f of FIELDS) if (f !== field) setup[f] = setup[f].filter((c) => !cards.includes(c));
    setup[field] = cards;
    drawDeck();
  } catch (e) {
    fieldError(e.field, e.message);
  }
}

function clearFieldErrors() {
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

function setupKind() {
  const kind = $("f-kind").value;
  document.querySelectorAll(".for-contract").forEach((e) => { e.hidden = kind !== "contract"; });
  document.querySelectorAll(".for-declarer").forEach((e) => { e.hidden = kind === "raspasy"; });
  document.querySelectorAll(".for-raspasy").forEach((e) => { e.hidden = kind !== "raspasy"; });
}

function openSetup(problem, error) {
  choosingDiscard = false;
  problem = problem || (start && current().problem) || { deal: { A: "", B: "", C: "" } };
  setup = {};
  for (const s of SEATS) setup[s] = handCards(problem.deal[s]);
  setup.talon = listCards(problem.deal.talon);
  setup.discard = listCards(problem.deal.discard);
  const g = problem.game || { kind: "contract", contract: "6S", declarer: "A" };
  setup.trick = listCards(g.trick);
  $("f-kind").value = g.kind || "contract";
  const m = String(g.contract || "6S").toUpperCase().match(/^(\d+)\s*(.*)$/);
  $("f-level").value = m ? m[1] : "6";
  $("f-strain").value = m && STRAIN[m[2]] ? m[2] : "S";
  $("f-declarer").value = g.declarer || "A";
  $("f-leader").value = g.leader || "A";
  $("f-raspasy-talon").value = g.raspasy_talon || (setup.talon.length ? "suit" : "none");
  $("f-title").value = problem.title || "";
  setupKind();
  clearFieldErrors();
  drawDeck();
  $("setup").hidden = false;
  if (error) fieldError(error.field, error.message);
}

function closeSetup() {
  $("setup").hidden = true;
  choosingDiscard = false;
}

function setupProblem() {
  const problem = {};
  if ($("f-title").value.trim()) problem.title = $("f-title").value.trim();
  problem.deal = {};
  for (const s of SEATS) problem.deal[s] = handText(setup[s]);
  if (setup.talon.length) problem.deal.talon = setup.talon.join(" ");
  if (setup.discard.length) problem.deal.discard = setup.discard.join(" ");
  const kind = $("f-kind").value;
  const game = { kind };
  if (kind === "contract") game.contract = $("f-level").value + $("f-strain").value;
  if (kind !== "raspasy") game.declarer = $("f-declarer").value;
  game.leader = $("f-leader").value;
  if (setup.trick.length) game.trick = setup.trick.join(" ");
  if (kind === "raspasy") game.raspasy_talon = $("f-raspasy-talon").value;
  problem.game = game;
  return problem;
}

async function setupDone(event) {
  event.preventDefault();
  clearFieldErrors();
  const problem = setupProblem();
  try {
    await solveOf(problem);
  } catch (e) {
    fieldError(e.field, e.message);
    return;
  }
  const keepDiscard = choosingDiscard && !!problem.deal.discard;
  closeSetup();
  $("seat").value = "";
  await begin(problem, [], null, { keepDiscard });
}

function randomDeal() {
  const deck = [];
  for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  setup = { A: deck.slice(0, 10).sort(order), B: deck.slice(10, 20).sort(order), C: deck.slice(20, 30).sort(order),
    talon: deck.slice(30), discard: [], trick: [] };
  clearFieldErrors();
  drawDeck();
}

// ---- wiring ----------------------------------------------------------------------------------------

function wire() {
  $("undo").addEventListener("click", () => { autoArmed = false; undo(); });
  $("redo").addEventListener("click", () => { autoArmed = false; goTo(at + 1); });
  $("best").addEventListener("click", async () => {
    const r = await solveOf(current().problem);
    userPlays(r.line[0]);
  });
  $("line").addEventListener("click", async () => {
    autoArmed = false;
    const r = await solveOf(current().problem);
    playCards(r.line);
  });
  $("hints").addEventListener("change", () => document.body.classList.toggle("no-hints", !$("hints").checked));
  $("lang").addEventListener("change", () => { lang = $("lang").value; localStorage.setItem("pref-lang", lang); render(); });
  $("seat").addEventListener("change", () => { autoArmed = !!$("seat").value; render(); });
  $("save-json").addEventListener("click", () => save("json"));
  $("save-toml").addEventListener("click", () => save("toml"));
  $("open-file").addEventListener("change", (e) => {
    if (e.target.files[0]) openFile(e.target.files[0]);
    e.target.value = "";
  });
  $("setup-open").addEventListener("click", () => openSetup());
  $("setup-cancel").addEventListener("click", () => { if (start) closeSetup(); });
  $("setup-clear").addEventListener("click", () => {
    for (const f of FIELDS) setup[f] = [];
    clearFieldErrors();
    drawDeck();
  });
  $("setup-random").addEventListener("click", randomDeal);
  $("setup-form").addEventListener("submit", setupDone);
  $("f-kind").addEventListener("change", setupKind);
  for (const f of FIELDS) {
    $("f-" + f).addEventListener("change", () => fieldTyped(f));
    $("f-" + f).addEventListener("focus", () => { document.querySelector(`input[name=target][value="${f}"]`).checked = true; });
  }
  document.addEventListener("keydown", (e) => {
    if (!$("setup").hidden || e.target.matches("input, select, textarea")) return;
    if (e.key === "ArrowLeft") { autoArmed = false; undo(); }
    if (e.key === "ArrowRight") { autoArmed = false; goTo(at + 1); }
    if (e.key === "b") $("best").click();
  });
  window.addEventListener("hashchange", () => {
    beginFromAddress();  // typed or pasted: replaceState fires no event
  });
}

// A link is read by the server like a problem file, so a mistyped card is named, not dropped.
async function beginFromAddress() {
  const wanted = problemFromAddress(location.hash);
  if (!wanted) return false;
  try {
    const { problem } = await api("open", { name: "link.json", text: JSON.stringify(wanted.problem) });
    await begin(problem, wanted.moves, wanted.upTo, { opened: wanted.opened });
  } catch (e) {
    const lenient = { ...wanted.problem, deal: { ...wanted.problem.deal } };
    for (const s of SEATS) lenient.deal[s] = handText(dotCards(wanted.problem.deal[s]));
    openSetup(lenient, e);
  }
  return true;
}

async function main() {
  lang = localStorage.getItem("pref-lang") || "en";
  $("lang").value = lang;
  wire();
  if (!await beginFromAddress()) openSetup();
  document.body.classList.add("ready");
}

main();
