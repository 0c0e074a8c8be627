// Problem mode: the user solves one side of a problem, the solver plays the other. Nothing that
// gives the problem away is on the page (the values, the answer, the key, a title that names the
// key, the address) until the end or "Show solution"; each of the user's cards is marked; a ✓ in
// the collection means solved from the start with no help and no take-back, the deal ending as
// the answer says. Loaded before board.js, whose helpers (board, say, solveOf, render …) it
// calls at run time.
"use strict";

// The words of problem mode and of the collection's index, each [English, Russian], merged into the
// page's table (WORDS) by board.js.
const PROBLEM_WORDS = {
  task: ["Task", "Задача"],
  hint: ["Hint", "Подсказка"],
  "hint title": ["Name the suit of the card that works (the ✓ is then “solved with help”)", "Назвать масть годной карты (✓ тогда — «решено с помощью»)"],
  "hint one": ["Hint: the card that works is in {suits}.", "Подсказка: нужная карта — в {suits}."],
  "hint some": ["Hint: a card that works is in {suits}.", "Подсказка: годная карта — в {suits}."],
  "hint any": ["Hint: any card will do here.", "Подсказка: здесь годится любая карта."],
  "hint discard": ["Hint: a discard that works is from {suits}.", "Подсказка: годный снос — из {suits}."],
  and: ["and", "и"],
  "cost in raspasy": ["In raspasy a card's cost is counted against the worst for you: the other two playing together against you.", "На распасах цена карты считается по худшему для вас случаю: двое других играют вместе против вас."],
  "choose discard seat": ["Choose the discard: click two cards of {seat}, then “Discard these two”.", "Выберите снос: щёлкните две карты {seat}, затем «Снести эти две»."],
  "discard these": ["Discard these two", "Снести эти две"],
  "discard picked": ["Chosen: {cards}", "Выбраны: {cards}"],
  "mark cost": ["? cost {tricks} ({cards} {kept} {them})", "? стоила {tricks} ({them} {kept} {cards})"],
  "mark discard cost": ["? cost {tricks} (the discard {cards} {kept} {them})", "? снос стоил {tricks} ({them} сохранял снос {cards})"],
  it: ["it", "её"],
  them: ["them", "их"],
  result: ["Result", "Итог"],
  "try again": ["Try again", "Ещё раз"],
  "next problem": ["Next problem", "Следующая задача"],
  "the deal": ["The deal", "Сдача"],
  solved: ["Solved", "Решено"],
  "solved with help": ["Solved with help", "Решено с помощью"],
  "not yet": ["Not yet", "Пока не решено"],
  "verdict line": ["{status}: {outcome} (the answer: {answer}).", "{status}: {outcome} (по ответу: {answer})."],
  took: ["{seat} took {tricks}", "{seat} взял {tricks}"],
  "took made": ["{seat} took {tricks}: made", "{seat} взял {tricks} — игра сыграна"],
  "took down": ["{seat} took {tricks}: down {n}", "{seat} взял {tricks} — без {n}"],
  "caught for": ["the misère is caught for {tricks}", "мизер пойман на {tricks}"],
  "clean mis\u00e8re": ["the misère is clean", "мизер чистый"],
  "answer caught": ["caught for {tricks}", "пойман на {tricks}"],
  "answer clean": ["clean", "чистый"],
  "answer at most": ["{seat} {tricks} at most", "у {seat} не больше {tricks}"],
  "task contract declarer": ["{declarer} plays {game}, {start}: take {tricks} against any defence.", "{declarer} играет {game}, {start}: возьмите {tricks} при любой защите."],
  "task contract defenders": ["{declarer} plays {game}, {start}: defend, and hold {declarer} to {tricks}.", "{declarer} играет {game}, {start}: вистуйте и не дайте {declarer} взять больше {tricks}."],
  "task misere catchers": ["{declarer} plays misère, {start}: catch it for {tricks}.", "{declarer} играет мизер, {start}: поймайте его на {tricks}."],
  "task misere uncaught": ["{declarer} plays misère, {start}: catch it if it can be caught.", "{declarer} играет мизер, {start}: поймайте его, если он ловится."],
  "task misere clean": ["{declarer} plays misère, {start}: play it clean.", "{declarer} играет мизер, {start}: сыграйте его чисто."],
  "task misere declarer": ["{declarer} plays misère, {start}: take as few tricks as you can ({tricks} at most).", "{declarer} играет мизер, {start}: возьмите как можно меньше взяток (не больше {tricks})."],
  "task raspasy": ["Raspasy, {start}: as {seat}, take as few tricks as you can ({tricks} at most).", "Распасы, {start}: за {seat} возьмите как можно меньше взяток (не больше {tricks})."],
  "task discard": ["{declarer} holds 12 cards and discards two first. ", "У {declarer} 12 карт, сначала он сносит две. "],
  "start leads": ["{seat} leads", "первым ходит {seat}"],
  "start plays": ["{seat} to play", "ходит {seat}"],
  language: ["Language", "Язык"],
  "unsolved only": ["Unsolved only", "Только нерешённые"],
  "clear solved": ["Clear the ✓s…", "Снять все ✓…"],
  "clear confirm": ["Clear every ✓ of the collection in this browser?", "Снять все отметки ✓ сборника в этом браузере?"],
  "solved count": ["Solved: {n} of {total}", "Решено: {n} из {total}"],
  "group contract": ["Contracts", "Контракты"],
  "group misere": ["Misère", "Мизеры"],
  "group raspasy": ["Raspasy", "Распасы"],
  "group easy": ["Easy", "Лёгкие"],
  "group medium": ["Medium", "Средние"],
  "group hard": ["Hard", "Трудные"],
  "group other": ["Other", "Прочие"],
  "no match": ["No problem matches.", "Ни одна задача не подходит."],
  notes: ["Notes", "Примечания"],
  "kept one": ["kept", "сохраняла"],
  "kept many": ["kept", "сохраняли"],
};

// ---- counting tricks in words ------------------------------------------------------------

// Russian after a verb or "на" ("взял 1 взятку", "пойман на одну взятку"), in English as tricks().
function tricksTaken(n, words = false) {
  if (board.lang !== "ru") return words && n <= 10 ? `${NUMBER_WORDS.en[n]} trick${n === 1 ? "" : "s"}` : tricks(n);
  const [ten, hundred] = [n % 10, n % 100];
  const noun = ten === 1 && hundred !== 11 ? "взятку" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "взятки" : "взяток";
  return `${words && n <= 10 ? NUMBER_WORDS.ru[n] : n} ${noun}`;
}
// After "больше", "не больше": "одной взятки", "двух взяток".
function tricksOf(n) {
  if (board.lang !== "ru") return tricks(n);
  return `${n} ${n % 10 === 1 && n % 100 !== 11 ? "взятки" : "взяток"}`;
}
const NUMBER_WORDS = {
  en: ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
  ru: ["ноль", "одну", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять"],
};
// "down one" / "без одной"
const DOWN_WORDS = {
  en: ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
  ru: ["", "одной", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти"],
};

// ---- the problem's own words, in the language chosen ---------------------------------------

const DIFFICULTY_RU = { easy: "лёгкая", medium: "средняя", hard: "трудная" };

// A text field of the problem in the page's language: the file's [ru] words in Russian, else its
// English ("index_title": the title that keeps the secret, else the title).
function textOf(problem, field) {
  if (!problem) return "";
  if (field === "difficulty") return board.lang === "ru" ? DIFFICULTY_RU[problem.difficulty] || problem.difficulty || "" : problem.difficulty || "";
  if (field === "index_title" && !problem.index_title && !(problem.ru && problem.ru.index_title)) field = "title";
  const ru = board.lang === "ru" && problem.ru && problem.ru[field];
  return ru || problem[field] || "";
}

// The problem as it was opened, published answer and all (a 12-card declarer's before his discard;
// a file with tricks played as the deal and those tricks). Its answer is the solution's.
function originOf() {
  if (board.discardBest) return board.discardBest.from;
  return board.openedAt < board.states.length ? problemAt(board.openedAt) : board.start;
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

function fillSolveAs() {
  const select = $("solve-as");
  select.replaceChildren(new Option(say("no problem mode"), ""));
  for (const side of sidesOf(board.start.game)) select.append(new Option(side.label, side.seats.join("")));
  select.value = board.solving ? board.solving.join("") : "";
}

// The side a problem is about: the file's ``side``, else that of the player to move first (the
// declarer who holds 12 cards discards first).
function problemSide() {
  const origin = originOf();
  const game = origin.game;
  if (game.kind !== "raspasy" && origin.side) {
    return origin.side === "declarer" ? [game.declarer] : SEATS.filter((s) => s !== game.declarer);
  }
  const mover = board.discardBest ? board.discardBest.seat : toMove(board.states[board.openedAt].problem);
  return sidesOf(game).find((side) => side.seats.includes(mover)).seats;
}

const sameSeats = (a, b) => !!a && !!b && a.join("") === b.join("");

// ---- an attempt: from the start, the help it had, its end ------------------------------------------

// Start solving as ``seats`` (null: analysis, every value shown) from the problem's start. A
// 12-card declarer first discards, by clicking two of his cards. ``restore`` continues an attempt
// from the address: the discard made, the moves, the help it had, the solution shown.
async function solveAs(seats, restore = null) {
  clearTimeout(board.autoTimer);
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
function discarded(problem, cards) {
  const seat = problem.game.declarer;
  const hand = twelve(problem).filter((c) => !cards.includes(c));
  const deal = { ...problem.deal, [seat]: handText(hand), discard: cards.join(" ") };
  const out = { ...problem, deal };
  if (problem.expect && problem.expect.tricks !== undefined) out.expect = { tricks: problem.expect.tricks };
  else delete out.expect;  // a discard key asks another question than the first card's
  return out;
}

// The declarer's 12 cards: his hand, with the talon when he holds 10.
function twelve(problem) {
  const hand = handCards(problem.deal[problem.game.declarer]);
  return hand.length % 3 === 1 ? hand.concat(listCards(problem.deal.talon)).sort(order) : hand;
}

// Play ``moves`` from the start of the history (the server checks each); show the move ``upTo``.
async function replay(moves, upTo = null) {
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
function noteTakeBack() {
  if (board.solving && !board.finished && board.at < board.states.length - 1) board.helped = true;
}

// Problem mode hides every value until the attempt is over, or until "Show solution".
const hiding = () => !!board.solving && !board.revealed && !board.finished;

// ---- the 12-card declarer's discard --------------------------------------------------------------

function pickDiscard(card) {
  const picked = board.discarding.picked;
  board.discarding.picked = picked.includes(card) ? picked.filter((c) => c !== card)
    : picked.length < 2 ? picked.concat([card]).sort(order) : picked;
  render();
}

async function discardDone() {
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

// ---- marks ---------------------------------------------------------------------------------------

// Was the user's card ``i`` as good as the best? ✓, or what it cost and which cards kept it.
function markOf(i) {
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
function discardMark() {
  const mine = board.solving && board.discardBest && board.solving.includes(board.discardBest.seat);
  const withIt = mine && !board.discarding && board.solved.get(keyOf(board.start));
  if (!withIt) return null;
  const cost = Math.abs(withIt.tricks - board.discardBest.tricks);
  return cost ? el("span", "mark bad", costSaid("mark discard cost", cost, board.discardBest.cards)) : el("span", "mark good", "✓");
}

// The marks of the user's cards whose position before was not solved on this page (the attempt
// came from the address): solve them, then draw the moves again.
function fetchMarks() {
  if (!board.solving || board.discarding) return;
  const before = [];
  if (board.discardBest && board.solving.includes(board.discardBest.seat)) before.push(board.start);  // the discard's
  for (let i = board.openedAt + 1; i < board.states.length; i++) {
    if (board.solving.includes(board.states[i].seat)) before.push(problemAt(i - 1));
  }
  for (const problem of before) {
    if (!board.solved.has(keyOf(problem))) solveOf(problem).then(() => drawMoves(), () => {});
  }
}

// The last of the user's marks, in the middle of the table (on a phone the moves are below it).
function drawLastMark() {
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

// ---- hints --------------------------------------------------------------------------------------

async function giveHint() {
  board.helped = true;
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

// ---- the end of an attempt ---------------------------------------------------------------------

// What the deal came to for the user's side against the answer: "solved", "helped" or "not yet".
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
  const status = !good ? "not yet" : board.helped || board.revealed ? "solved with help" : "solved";
  return { status, text: say("verdict line", { status: say(status), outcome: outcomeSaid(state), answer: answerSaid(answer) }) };
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

// The end of an attempt: the verdict lines (one now: the double-dummy answer; a line "at the
// table" can join it), the deal as dealt, the first mark in view, "Try again" and "Next problem".
function drawResult(state) {
  const box = $("result");
  const origin = board.solved.get(keyOf(originOf()));
  box.hidden = !board.solving || !state.over || !board.finished || !origin;
  if (box.hidden) return;
  const lines = [attemptVerdict(state, origin.deal_tricks)];
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
function recordAttempt(state) {
  const origin = board.solved.get(keyOf(originOf()));
  if (!board.id || !origin || attemptVerdict(state, origin.deal_tricks).status !== "solved") return;
  const done = store.get("pref-solved", {});
  if (!done[board.id]) store.set("pref-solved", { ...done, [board.id]: true });
}

// The first mark of the attempt in the moves' view (the end: where it went wrong, if it did).
function showFirstMark() {
  const list = $("moves");
  const mark = list.querySelector(".mark.bad") || list.querySelector(".mark");
  if (!mark) return;
  const item = mark.closest("li");
  list.scrollTop = Math.max(0, item.offsetTop - list.offsetTop - 4);
}

// ---- drawing problem mode ------------------------------------------------------------------------

// The task, the hint, the raspasy note on cost, the discard bar, the end's result, the last mark.
function drawProblem(state) {
  const origin = board.solved.get(keyOf(originOf()));
  const task = taskSaid(origin && origin.deal_tricks);
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
function focusHand() {
  const active = document.activeElement;
  const lost = !active || active === document.body || active.closest(".table") || !active.offsetParent;
  if (!lost) return;
  const card = document.querySelector(".seat.moving .card-button:enabled, .seat.discarding .card-button:enabled");
  if (card) card.focus({ preventScroll: true });  // a phone keeps its view (the last mark is in it)
}
