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

const rankText = (rank) => (board.lang === "ru" && RU[rank]) || rank;
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
// ``shown``: in the ranks of the language chosen (a field the user reads), else the server's English.
function handText(cards, shown = false) {
  return [0, 1, 2, 3].map((s) => {
    const ranks = cards.filter((c) => suitOf(c) === s).sort(order).map((c) => (shown ? rankText : String)(rankOf(c))).join("");
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

// ---- the browser's storage (it may be refused: private windows, blocked cookies) -------

const store = {
  get(key, fallback) {
    try {
      const text = window.localStorage.getItem(key);
      return text === null ? fallback : JSON.parse(text);
    } catch (e) {
      return fallback;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      // nothing kept: the board works the same
    }
  },
};

// ---- the page's words, in the language chosen ---------------------------------------

// The page's words, the one table of them: the script's own text in both languages; the words
// of index.html (data-say="key", data-say-title, data-say-placeholder; data-say-html keeps the
// markup) are English there and Russian here.
const WORDS = {
  en: {
    "no server": "The board's server does not answer: is pref board still running? (start it again and reload)",
    "values hidden": "The values are hidden: “Show card values” shows them.",
    "values hidden problem": "Your move: the values, the answer and the key stay hidden until the end " +
      "(or “Show solution”); each of your cards is marked in the moves: ✓ as good as the best, ? what it cost.",
    "instead of": "instead of", solution: "Solution", "best discard": "Best discard",
    key: "Key", source: "Source", declarer: "declarer", catchers: "catchers", defenders: "defenders",
    "no problem mode": "— (every value shown)",
    discard: "discard",
    "to play": "to play", "on lead": "on lead", "misère tag": "misère", "declarer tag": "declarer", you: "you",
    talon: "talon", "out of play": "out of play", start: "start", "deal over": "The deal is over.",
    "talon held": "The talon card held the trick: the dealer takes it. {leader} leads.",
    "takes and leads": "{winner} takes the trick and leads.", "takes, other leads": "{winner} takes the trick; {leader} leads.",
    "plays next": "{seat} to play.", leads: "{seat} leads.", "best play": "with best play from here (double dummy)",
    misere: "misère by {seat}", raspasy: "raspasy", by: "{contract} by {seat}",
    "raspasy totals": "Each figure has the other two playing against that player, so the three need not " +
      "add up to the tricks left.",
    "board name": "Preferans board", "no game": "no game", solving: "solving…",
    badge: "{seat} takes {tricks} from here after {card}",
    "talon dealer": "competes for the dealer", "talon suit": "names the suit",
    "turned for trick": "turned for trick {n}: {card} {what}", "turned for both": "turned for tricks 1 and 2",
    "tricks taken": "Tricks taken: A {a}, B {b}, C {c}.",
    "legend own": "Under {mover}'s cards: his own tricks from here after each; ★ the best for {mover}, who wants them {many}.",
    "legend other": "Under {mover}'s cards: {counted}'s tricks from here after each; ★ the best for {mover}, " +
      "who wants them {many}.",
    many: "many", few: "few",
    published: "Published answer: {text} — {verdict}", agrees: "agrees", differs: "DIFFERS",
    "not best": "{seat}'s {card} was not best: {counted} {value} instead of {best}.",
    "discard best": "{seat} held 12 cards and discarded {cards}: the solver's best discard",
    "discard worse": "{seat}'s discard {cards} was not best: {seat} {tricks} instead of {best} with {other}.",
    "discard as good": "{seat}'s discard {cards} is as good as the solver's {other}.",
    "another discard": "Another discard…", "on the table": "on the table", table: "table",
    "key only": "only {list} {deed}", "key every": "every card {deed}", or: "or", "equal cards": "equal cards",
    "nothing catches": "nothing catches it: every card leaves {declarer} clean",
    "deed raspasy": "keeps {mover} to {tricks}", "deed holds": "holds {declarer} to {tricks}",
    "deed clean": "keeps it clean", "deed catches": "catches it", "deed catches with": "catches it with {tricks}",
    "deed gives": "gives {declarer} {tricks}",
  },
  ru: {
    "no server": "Сервер доски не отвечает: запущен ли pref board? (запустите его снова и обновите страницу)",
    "values hidden": "Оценки скрыты: «Показывать оценки карт» их покажет.",
    "values hidden problem": "Ваш ход: оценки, ответ и ключ скрыты до конца (или «Показать решение»); " +
      "каждая ваша карта отмечена в ходах: ✓ не хуже лучшей, ? сколько она стоила.",
    "instead of": "вместо", solution: "Решение", "best discard": "Лучший снос",
    key: "Ключ", source: "Источник", declarer: "играющий", catchers: "ловящие", defenders: "вистующие",
    "no problem mode": "— (все оценки видны)",
    discard: "снос",
    "to play": "ходит", "on lead": "на ходу", "misère tag": "мизер", "declarer tag": "играющий", you: "вы",
    talon: "прикуп", "out of play": "вне игры", start: "начало", "deal over": "Сдача сыграна.",
    "talon held": "Карта прикупа взяла взятку: она сдающему. Ходит {leader}.",
    "takes and leads": "{winner} берёт взятку и ходит.", "takes, other leads": "{winner} берёт взятку; ходит {leader}.",
    "plays next": "Ходит {seat}.", leads: "{seat} на ходу.", "best play": "при лучшей игре отсюда (в открытую)",
    misere: "мизер, играет {seat}", raspasy: "распасы", by: "{contract}, играет {seat}",
    "raspasy totals": "В каждом числе двое других играют против этого игрока, поэтому в сумме три числа " +
      "не обязаны давать число оставшихся взяток.",
    "board name": "Доска преферанса", "no game": "без игры", solving: "считаю…",
    badge: "{seat} берёт отсюда {tricks} после {card}",
    "talon dealer": "играет за сдающего", "talon suit": "задаёт масть",
    "turned for trick": "открыта на взятку {n}: {card} {what}", "turned for both": "открывалась на взятки 1 и 2",
    "tricks taken": "Взято взяток: A {a}, B {b}, C {c}.",
    "legend own": "Под картами {mover}: его взятки отсюда после каждой; ★ — лучшая для {mover}, которому их нужно {many}.",
    "legend other": "Под картами {mover}: взятки {counted} отсюда после каждой; ★ — лучшая для {mover}, " +
      "которому их нужно {many}.",
    many: "побольше", few: "поменьше",
    published: "Опубликованный ответ: {text} — {verdict}", agrees: "совпадает", differs: "НЕ СОВПАДАЕТ",
    "not best": "{card} ({seat}) — не лучшая карта: у {counted} {value} вместо {best}.",
    "discard best": "У {seat} было 12 карт, снесены {cards}: лучший снос решателя",
    "discard worse": "Снос {seat} {cards} не лучший: у {seat} {tricks} вместо {best} при сносе {other}.",
    "discard as good": "Снос {seat} {cards} не хуже сноса решателя {other}.",
    "another discard": "Другой снос…", table: "стол",
    "key only": "только {list} {deed}", "key every": "любая карта {deed}", or: "или", "equal cards": "карты равные",
    "nothing catches": "ничто не ловит: с любой картой {declarer} остаётся чистым",
    "deed raspasy": "оставляет {mover} {tricks}", "deed holds": "оставляет {declarer} {tricks}",
    "deed clean": "сохраняет мизер чистым", "deed catches": "ловит", "deed catches with": "ловит на {tricks}",
    "deed gives": "даёт {declarer} {tricks}",
    "set up heading": "Расставить позицию",
    "setup help": "Выберите, куда идут карты, и щёлкайте карты колоды (или впишите их в любой записи: " +
      "<code>♠AKQ ♣J10</code>, <code>AKQ.J10..987</code>, <code>AS KS 10C</code>). Карта, щёлкнутая ещё раз, " +
      "возвращается в колоду.",
    "on the table": "на столе", "trick placeholder": "карты, уже сыгранные в эту взятку, начиная с первой",
    "game label": "Игра", "contract label": "Контракт", "declarer label": "Играющий", "leader label": "Первый ход",
    "talon label": "Прикуп", "title label": "Название", "kind contract": "контракт", "talon suit opt": "масть",
    "talon dealer opt": "сдающему", "talon none opt": "нет", "play this position": "Играть эту позицию",
    clear: "Очистить", "random deal": "Случайная сдача", cancel: "Отмена",
    "panel help": "Щёлкните карту игрока, который ходит, чтобы её сыграть; щелчок по ходу в списке (или ← →) " +
      "ведёт назад и вперёд, <kbd>b</kbd> играет лучшую карту. «Расстановка…» раздаёт любую позицию; " +
      "«Сохранить» пишет файл задачи, который читает <code>pref solve</code>. Адресная строка хранит позицию: " +
      "добавьте её в закладки или поделитесь ею.",
    "solve as title": "Решайте задачу сами: оценки скрыты, решатель играет за другую сторону",
    "undo title": "Вернуть последнюю карту (←)", "redo title": "Сыграть карту снова (→)",
    "best title": "Сыграть выбор решателя (b)", "line title": "Сыграть лучшую линию до конца",
    "seat title": "Сядьте за одно место; решатель играет за двух других", "lang title": "Язык страницы и запись карт",
    "save toml title": "Сохранить эту позицию как файл задачи (TOML), который читает pref solve",
    "save json title": "Сохранить эту позицию как файл задачи (JSON), который читает pref solve",
    collection: "Сборник", "index help": "Выберите задачу: решатель играет за другую сторону и в конце показывает ответ, ключ и примечания автора.",
    filter: "Фильтр", "set up a position": "Расставить позицию…", "solve as": "Решать за",
    "hide hands": "Только руки, которые я вижу", "show solution": "Показать решение", "the collection": "Сборник",
    undo: "↶ Назад", redo: "Вперёд ↷", "best card": "Лучшая карта", "play the line": "Сыграть до конца",
    "show values": "Показывать оценки карт", "you play": "Вы играете", "every seat": "за всех",
    moves: "Ходы", "set up": "Расстановка…", "open file": "Открыть файл…", "save toml": "Сохранить .toml",
    "save json": "Сохранить .json",
  },
};
for (const [key, [en, ru]] of Object.entries(PROBLEM_WORDS)) {  // problem.js's words
  WORDS.en[key] = en;
  WORDS.ru[key] = ru;
}

// ``say("leads", {seat: "A"})``: the words of ``key``, each {name} filled in.
const say = (key, vars = {}) => (WORDS[board.lang][key] || WORDS.en[key] || key)
  .replace(/\{(\w+)\}/g, (_, name) => vars[name]);
// "1 trick", "2 tricks" / "1 взятка", "2 взятки", "5 взяток".
function tricks(n) {
  if (board.lang !== "ru") return `${n} trick${n === 1 ? "" : "s"}`;
  const [ten, hundred] = [n % 10, n % 100];
  const word = ten === 1 && hundred !== 11 ? "взятка" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "взятки" : "взяток";
  return `${n} ${word}`;
}

// The page's fixed words in the language chosen (each element's English is kept to come back to).
function sayAll() {
  const ru = (key) => board.lang === "ru" && WORDS.ru[key];
  document.querySelectorAll("[data-say]").forEach((e) => {
    const html = e.hasAttribute("data-say-html");  // our own markup (<code>, <kbd>), never the user's
    if (e.dataset.en === undefined) e.dataset.en = html ? e.innerHTML : e.textContent;
    e[html ? "innerHTML" : "textContent"] = ru(e.dataset.say) || e.dataset.en;
  });
  for (const attr of ["title", "placeholder"]) {
    document.querySelectorAll(`[data-say-${attr}]`).forEach((e) => {
      const kept = "en" + attr;
      if (e.dataset[kept] === undefined) e.dataset[kept] = e.getAttribute(attr) || "";
      e.setAttribute(attr, ru(e.getAttribute(`data-say-${attr}`)) || e.dataset[kept]);
    });
  }
  document.documentElement.lang = board.lang;
}

// ---- talking to the server ----------------------------------------------------------

class BoardError extends Error {
  constructor(message, field) { super(message); this.field = field; }
}

async function api(name, body) {
  let response, data;
  try {
    response = await fetch("/api/" + name + (board.lang === "ru" ? "?lang=ru" : ""), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    data = await response.json();
  } catch (e) {
    throw new BoardError(say("no server"), "");
  }
  if (!response.ok) throw new BoardError(data.error || response.statusText, data.field || "");
  return data;
}

// The answers are written in the language chosen: one entry per language.
const keyOf = (problem) => board.lang + JSON.stringify(problem);
function solveOf(problem) {
  const key = keyOf(problem);
  if (!board.results.has(key)) {
    const promise = api("solve", problem);
    promise.then((r) => board.solved.set(key, r), () => board.results.delete(key));
    board.results.set(key, promise);
  }
  return board.results.get(key);
}

// ---- the game in players' terms -----------------------------------------------------

const STRAIN = { S: "♠", C: "♣", D: "♦", H: "♥", NT: "NT" };

// "6♥" of a contract's "6H"
function contractName(game) {
  const m = String(game.contract).toUpperCase().replace(/\s/g, "").match(/^(\d+)(.*)$/);
  return m ? m[1] + (STRAIN[m[2]] || m[2]) : game.contract;
}

function gameName(game) {
  if (!game) return say("no game");
  if (game.kind === "contract") return say("by", { contract: contractName(game), seat: game.declarer });
  if (game.kind === "misere") return say("misere", { seat: game.declarer });
  return say("raspasy") + (game.raspasy_talon ? ` (${say("talon")}: ${game.raspasy_talon})` : "");
}

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


// Everything the page remembers, in one place.
const board = {
  lang: "en",          // card notation: "en" ♠AKQJ or "ru" ♠ТКДВ
  start: null,         // the problem object at the start of the history
  states: [],          // states[0] is the start; each later one the position after one more card
  at: 0,               // the state shown
  openedAt: 0,         // the state the problem was opened at (after the tricks its file says were played)
  baseTitle: "",       // the title without "(after … cards)"
  discardBest: null,   // {from, seat, cards, tricks, key}: a 12-card declarer's discard, as the solver chose it
  busy: false,         // a request to play cards is under way
  generation: 0,       // bumped on every drawing, so a late answer is not drawn over a newer one
  autoTimer: null,     // the solver's reply to come, playing one seat
  autoArmed: false,    // the solver replies only after a card of the user's, never after undo or a jump
  setup: {},           // the set-up's cards by field
  setupFrom: null,     // the problem the set-up was opened on
  id: "",              // the collection's id of the problem on the board, if it is one (problem.js)
  solving: null,       // problem mode: the seats the user plays (the solver plays the others), values hidden
  revealed: false,     // problem mode: "Show solution" was asked before the end
  helped: false,       // problem mode: a hint or a take-back (the ✓ is then "solved with help")
  finished: false,     // problem mode: the attempt reached the end of the deal
  discarding: null,    // problem mode: {picked}, the 12-card declarer's discard still to choose
  hint: "",            // problem mode: the hint given, and the moment (hintAt) it was given for
  hintAt: 0,
  lastSaid: "",        // what the live status last announced
  results: new Map(),  // the language and problem object (as JSON) -> promise of its result
  solved: new Map(),   // the same, once the answer is in
  index: [],           // the collection's problems, as the server listed them
  choosingDiscard: false,  // the set-up was opened to choose a 12-card declarer's discard
};

const current = () => board.states[board.at];
const movesTo = (i) => board.states.slice(1, i + 1).map((s) => s.card);
const fullDeal = () => !(board.start.game && board.start.game.trick) && cardCount(board.start) === 30;

// The problem file of the position after ``i`` cards: on a full deal the deal as dealt with the
// tricks ``played`` and the ``trick`` in progress (so its answer, as pref solve gives it, covers
// the whole deal); in an ending, or before the first trick is complete, the hands as they are now.
// The published answer, key and notes belong to the position the problem was opened at.
function problemAt(i) {
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
const tricksDone = (problem) => 10 - Math.ceil(cardCount(problem) / 3);
function turnedCard(n) {
  const g = board.start.game;
  if (!g || g.kind !== "raspasy" || g.raspasy_talon === "none" || n > 2) return null;
  return listCards(board.start.deal.talon)[n - 1] || null;
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
async function begin(given, extraMoves = [], upTo = null, { keepDiscard = false, opened = 0, draw = true } = {}) {
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

function goTo(index) {
  board.at = Math.max(0, Math.min(index, board.states.length - 1));
  render();
}

function undo() {
  if (board.at === 0) return;
  let i = board.at - 1;
  const seats = mySeats();
  // Playing one seat (or a problem's side): back to the user's previous turn, past the solver's replies.
  while (seats.length && i > 0 && (board.states[i].over || !seats.includes(toMove(board.states[i].problem)))) i -= 1;
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

// "Only the hands I would see": the hands the game does not lay open to the user's seats.
// A contract's whisters and a misère's catchers lie open, so only the declarer's hand is
// hidden from the others; in raspasy every other hand is.
function handHidden(seat, state) {
  const seats = mySeats();
  if (!$("hide-hands").checked || !seats.length || seats.includes(seat) || state.over) return false;
  const game = board.start.game;
  return game.kind === "raspasy" || seat === game.declarer;
}

// Where each seat sits: the user's own at the bottom (the first of his side to play), then
// clockwise, as play goes, the next on the left and the last on the right.
function placeOf(seat) {
  const seats = mySeats();
  let bottom = "A";
  if (seats.length) {
    const first = SEATS.indexOf(toMove(board.states[board.openedAt].problem));
    bottom = [0, 1, 2].map((k) => SEATS[(first + k) % 3]).find((s) => seats.includes(s));
  }
  return ["bottom", "left", "right"][(SEATS.indexOf(seat) - SEATS.indexOf(bottom) + 3) % 3];
}

function drawSeat(seat, state, result) {
  const box = $("seat-" + seat);
  box.replaceChildren();
  box.dataset.pos = placeOf(seat);
  const problem = state.problem;
  const game = board.start.game;
  const discarding = board.discarding && seat === game.declarer;
  box.classList.toggle("discarding", !!discarding);
  const mover = state.over || board.discarding ? null : toMove(problem);
  const i = SEATS.indexOf(seat);
  const head = el("div", "seat-head");
  head.append(el("span", "seat-name", seat));
  if (game && game.declarer === seat) head.append(el("span", "tag declarer", say(game.kind === "misere" ? "misère tag" : "declarer tag")));
  if (seat === mover) head.append(el("span", "tag to-move", say(state.table.length ? "to play" : "on lead")));
  if (mySeats().includes(seat)) head.append(el("span", "tag you", say("you")));
  head.append(el("span", "taken", tricks(state.taken[i])));
  box.append(head);
  box.classList.toggle("moving", seat === mover);

  const hand = discarding ? twelve(problem) : handCards(problem.deal[seat]);
  if (handHidden(seat, state)) {  // at the table: only a back for each card
    const row = el("div", "suit-row backs");
    for (let n = 0; n < hand.length; n++) row.append(el("span", "card back"));
    box.append(row);
    box.classList.add("hidden-hand");
    return;
  }
  box.classList.remove("hidden-hand");
  const values = result && seat === mover ? result.card_values : null;
  const best = values && !hiding() ? bestValue(result) : null;  // problem mode: not even a class tells it
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
      if (discarding) {  // the 12-card declarer's discard: two cards, chosen by clicking
        button.classList.toggle("picked", board.discarding.picked.includes(card));
        button.setAttribute("aria-pressed", String(board.discarding.picked.includes(card)));
        button.addEventListener("click", () => pickDiscard(card));
      } else if (values) {
        button.disabled = !legal || board.busy || !playerMayPlay(mover);
        if (legal && !hiding()) {
          const badge = el("span", "value" + (values[card] === best ? " best" : ""),
            (values[card] === best ? "★" : "") + values[card]);
          badge.title = say("badge", { seat: countedSeat(game, mover), tricks: tricks(values[card]), card: cardText(card) });
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
    $("slot-" + seat).dataset.pos = placeOf(seat);
  }
  const shown = state.table.length ? state.table : (state.lastTrick || []);
  for (const { seat, card } of shown) {
    const slot = $("slot-" + seat);
    slot.classList.remove("empty");
    slot.append(cardFace(card, state.table.length ? "" : "faded"));
    slot.append(el("span", "slot-seat", seat));
  }
  const talon = board.discarding ? [] : listCards(state.problem.deal.talon);  // a discarding declarer holds it
  const discard = listCards(state.problem.deal.discard);
  const box = $("talon");
  box.replaceChildren();
  if (talon.length) {
    const g = board.start.game;
    const turned = g && g.kind === "raspasy" && (g.raspasy_talon || "suit") !== "none";
    box.append(el("span", "label", say("talon")));
    const done = tricksDone(state.problem);
    talon.forEach((c, i) => {
      const now = turned && i === done && !state.over;
      box.append(cardFace(c, "small" + (turned && i < done ? " faded" : "") + (now ? " turned-now" : "")));
    });
    let note = say("out of play");
    if (turned) {
      const what = say(g.raspasy_talon === "dealer" ? "talon dealer" : "talon suit");
      note = done < 2 ? say("turned for trick", { n: done + 1, card: cardText(talon[done]), what }) : say("turned for both");
    }
    box.append(el("span", "label", note));
  }
  if (discard.length) {  // the declarer's, hidden from the defenders as his hand is
    const game = board.start.game;
    const hidden = game && game.declarer && handHidden(game.declarer, state);
    box.append(el("span", "label", say("discard")));
    discard.forEach((c) => box.append(hidden ? el("span", "card back small") : cardFace(c, "small")));
  }
  // The turned talon card lies in the trick with the players' cards (raspasy, tricks 1 and 2).
  const shownTrick = state.table.length || !state.lastTrick ? tricksDone(state.problem) + 1 : tricksDone(state.problem);
  const turnedNow = turnedCard(shownTrick);
  $("slot-T").replaceChildren();
  $("slot-T").hidden = !turnedNow;
  if (turnedNow) $("slot-T").append(cardFace(turnedNow, state.table.length ? "" : "faded"), el("span", "slot-seat", say("talon")));
  let turn = "";
  if (state.over) turn = say("deal over");
  else if (state.lastTrick && !state.table.length) {
    // the next leader is the server's: in raspasy's talon tricks A leads again whoever won
    const leader = state.problem.game.leader;
    if (state.winner === "D") turn = say("talon held", { leader });
    else turn = say(leader === state.winner ? "takes and leads" : "takes, other leads", { winner: state.winner, leader });
  } else turn = say(state.table.length ? "plays next" : "leads", { seat: toMove(state.problem) });
  $("turn").textContent = turn;
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  const first = el("li", "start");
  const startButton = el("button", "move" + (board.at === 0 ? " current" : ""), say("start"));
  startButton.addEventListener("click", () => goTo(0));
  first.append(startButton);
  const discardMarked = discardMark();
  if (discardMarked) {  // the user's discard, marked as his cards are
    const cards = listCards(board.start.deal.discard).map(cardText).join(" ");
    first.append(el("span", "move-seat", ` ${say("discard")} `), el("span", "", cards), discardMarked);
  }
  list.append(first);
  let item = null;
  let trickNumber = 11 - Math.ceil(cardCount(board.start) / 3);
  for (let i = 1; i < board.states.length; i++) {
    const s = board.states[i];
    if (!item) {
      item = el("li", "trick-line");
      item.append(el("span", "trick-number", `${trickNumber}.`));
      const turned = turnedCard(trickNumber);
      if (turned) item.append(el("span", "move-seat", say("talon") + " "), cardFace(turned, "inline talon-move"));
    }
    const b = el("button", "move" + (i === board.at ? " current" : "") + (i > board.at ? " ahead" : ""));
    b.append(el("span", "move-seat", s.seat + " "), cardFace(s.card, "inline"));
    b.addEventListener("click", () => goTo(i));
    item.append(b);
    const mark = board.solving && board.solving.includes(s.seat) ? markOf(i) : null;
    if (mark) item.append(mark);
    if (s.winner || i === board.states.length - 1) {
      if (s.winner) item.append(el("span", "winner", "→ " + s.winner));
      list.append(item);
      item = null;
      trickNumber += 1;
    }
  }
  // Keep the current move in sight inside the list; scrollIntoView would move the window too
  // (on a phone every tap scrolled the table away).
  const currentMove = list.querySelector(".current");
  if (currentMove) {
    const top = currentMove.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + currentMove.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + currentMove.offsetHeight - list.clientHeight;
    }
  }
}

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
    if (!board.discarding) box.append(el("div", "sub values-hidden", say("values hidden problem")));
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

async function render() {
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
function announce(state) {
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

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// ---- one seat against the solver ------------------------------------------------------------

const playerMayPlay = (mover) => (board.solving ? board.solving.includes(mover)
  : !$("seat").value || $("seat").value === mover);
// The seats the user sits at: a problem's side, or the one seat of "You play".
const mySeats = () => board.solving || ($("seat").value ? [$("seat").value] : []);

function maybeAutoPlay(state, result) {
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

function userPlays(card) {
  board.autoArmed = true;
  noteTakeBack();
  playCards([card]);
}

// ---- the address bar carries the position ----------------------------------------------------

// A problem of the collection is named by its id alone (nothing of it shows), with the attempt:
// the side solved ("none": analysis), the discard made, the moves, the help it had. Any other
// position is written out; in problem mode without its published answer, key or a title naming it.
function addressOf(problem, moves, upTo) {
  const p = new URLSearchParams();
  if (board.id) {
    p.set("p", board.id);
    p.set("solve", board.solving ? board.solving.join("") : "none");
    if (board.discardBest && !board.discarding && problem.deal.discard) p.set("discard", listCards(problem.deal.discard).join(","));
  } else {
    for (const s of SEATS) p.set(s, dotText(handCards(problem.deal[s])));
    for (const key of ["talon", "discard"]) if (problem.deal[key]) p.set(key, listCards(problem.deal[key]).join(","));
    const g = problem.game || {};
    for (const key of ["kind", "contract", "declarer", "leader", "raspasy_talon"]) if (g[key]) p.set(key, g[key]);
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
  if (board.solving && board.helped) p.set("help", "1");
  if (board.solving && board.revealed) p.set("shown", "1");
  return "#" + p.toString().replace(/%2C/g, ",");
}

function updateAddress() {
  const moves = board.states.slice(1).map((s) => s.card);
  history.replaceState(null, "", addressOf(board.start, moves, board.at));
}

// A count in the address ("at", "opened"): a whole number, else none (a mistyped one is ignored).
const count = (text) => (/^\d{1,3}$/.test(text || "") ? Number(text) : null);

// What the address asks: a problem of the collection by its id (``p``), or a position written out;
// and the attempt: ``solving`` (seats; null for "none"; undefined: the problem's own side).
function problemFromAddress(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const solve = p.get("solve");
  const wanted = { moves: listCards(p.get("moves")), upTo: count(p.get("at")), helped: p.get("help") === "1",
    revealed: p.get("shown") === "1", discard: listCards(p.get("discard")),
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
  return { ...wanted, problem, opened: count(p.get("opened")) || 0, discard: [] };
}

// ---- files ---------------------------------------------------------------------------------------

async function save(format) {
  // Unchanged at the start of a 12-card declarer's problem: his discard is still to choose.
  const chosen = board.discardBest && board.at === 0 && board.start.deal.discard === board.discardBest.cards.join(" ");
  const problem = chosen ? board.discardBest.from : problemAt(board.at);
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

function fieldText(field) {
  const cards = board.setup[field];
  return ORDERED.has(field) ? cards.join(" ") : (cards.length ? handText(cards, true) : "");
}

function drawDeck() {
  const deck = $("deck");
  deck.replaceChildren();
  const owner = {};
  for (const f of FIELDS) for (const c of board.setup[f]) owner[c] = f;
  for (let s = 0; s < 4; s++) {
    const row = el("div", "deck-row");
    for (const r of RANKS) {
      const card = r + SUITS[s];
      const b = el("button", "card-button deck-card" + (owner[card] ? " taken" : ""));
      b.type = "button";
      b.append(cardFace(card));
      if (owner[card]) b.append(el("span", "owner", SEATS.includes(owner[card]) ? owner[card] : say(owner[card] === "trick" ? "table" : owner[card])));
      b.addEventListener("click", () => deckClick(card));
      row.append(b);
    }
    deck.append(row);
  }
  for (const f of FIELDS) {
    $("f-" + f).value = fieldText(f);
    const label = $("f-" + f).closest(".field").querySelector("span");
    const n = board.setup[f].length;
    label.textContent = (SEATS.includes(f) ? f : say(f === "trick" ? "on the table" : f)) + (n ? ` (${n})` : "");
  }
}

function deckClick(card) {
  const target = document.querySelector("input[name=target]:checked").value;
  const had = FIELDS.find((f) => board.setup[f].includes(card));
  for (const f of FIELDS) board.setup[f] = board.setup[f].filter((c) => c !== card);
  if (had !== target) board.setup[target].push(card);
  if (!ORDERED.has(target)) board.setup[target].sort(order);
  clearFieldErrors();
  drawDeck();
}

async function fieldTyped(field) {
  const input = $("f-" + field);
  clearFieldErrors();
  try {
    const { cards } = await api("cards", { text: input.value, field: input.dataset.field });
    for (const f of FIELDS) if (f !== field) board.setup[f] = board.setup[f].filter((c) => !cards.includes(c));
    board.setup[field] = cards;
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
  board.choosingDiscard = false;
  problem = problem || (board.start && current().problem) || { deal: { A: "", B: "", C: "" } };
  board.setupFrom = problem;
  board.setup = {};
  for (const s of SEATS) board.setup[s] = handCards(problem.deal[s]);
  board.setup.talon = listCards(problem.deal.talon);
  board.setup.discard = listCards(problem.deal.discard);
  const g = problem.game || { kind: "contract", contract: "6S", declarer: "A" };
  board.setup.trick = listCards(g.trick);
  $("f-kind").value = g.kind || "contract";
  const m = String(g.contract || "6S").toUpperCase().match(/^(\d+)\s*(.*)$/);
  $("f-level").value = m ? m[1] : "6";
  $("f-strain").value = m && STRAIN[m[2]] ? m[2] : "S";
  $("f-declarer").value = g.declarer || "A";
  $("f-leader").value = g.leader || "A";
  $("f-raspasy-talon").value = g.raspasy_talon || (board.setup.talon.length ? "suit" : "none");
  $("f-title").value = problem.title || "";
  setupKind();
  clearFieldErrors();
  drawDeck();
  if (!$("setup").open) $("setup").showModal();
  if (error) fieldError(error.field, error.message);
}

function closeSetup() {
  if ($("setup").open) $("setup").close();
  board.choosingDiscard = false;
}

function setupProblem() {
  const problem = {};
  if (board.choosingDiscard) {  // the same problem with another discard: where it comes from stays
    for (const key of ["source", "theme", "difficulty", "notes", "task", "index_title", "side", "ru"]) {
      if (board.setupFrom[key]) problem[key] = board.setupFrom[key];
    }
  }
  if ($("f-title").value.trim()) problem.title = $("f-title").value.trim();
  problem.deal = {};
  for (const s of SEATS) problem.deal[s] = handText(board.setup[s]);
  if (board.setup.talon.length) problem.deal.talon = board.setup.talon.join(" ");
  if (board.setup.discard.length) problem.deal.discard = board.setup.discard.join(" ");
  const kind = $("f-kind").value;
  const game = { kind };
  if (kind === "contract") game.contract = $("f-level").value + $("f-strain").value;
  if (kind !== "raspasy") game.declarer = $("f-declarer").value;
  game.leader = $("f-leader").value;
  if (board.setup.trick.length) game.trick = board.setup.trick.join(" ");
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
  const keepDiscard = board.choosingDiscard && !!problem.deal.discard;
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
  board.setup = { A: deck.slice(0, 10).sort(order), B: deck.slice(10, 20).sort(order), C: deck.slice(20, 30).sort(order),
    talon: deck.slice(30), discard: [], trick: [] };
  if ($("f-raspasy-talon").value === "none") $("f-raspasy-talon").value = "suit";  // the talon dealt is turned
  clearFieldErrors();
  drawDeck();
}

// ---- wiring ----------------------------------------------------------------------------------------

function wire() {
  $("undo").addEventListener("click", () => { board.autoArmed = false; undo(); });
  $("redo").addEventListener("click", () => { board.autoArmed = false; goTo(board.at + 1); });
  // The result the board already shows (problemAt, not the bare position: one solve, not two).
  $("best").addEventListener("click", async () => {
    if (hiding()) return;  // problem mode: no best card until the attempt is over (b too)
    const r = await solveOf(problemAt(board.at));
    userPlays(r.line[0]);
  });
  $("line").addEventListener("click", async () => {
    if (hiding()) return;
    board.autoArmed = false;
    const r = await solveOf(problemAt(board.at));
    playCards(r.line);
  });
  $("hints").addEventListener("change", () => document.body.classList.toggle("no-hints", !$("hints").checked));
  $("lang").addEventListener("change", () => {
    board.lang = $("lang").value;
    store.set("pref-lang", board.lang);
    sayAll();
    if (!$("index").hidden) drawIndex();
    else if (board.start) {
      fillSolveAs();
      if (board.hint) giveHint();  // said again in the new language
      else render();
    }
  });
  $("solve-as").addEventListener("change", () => solveAs($("solve-as").value.split("").filter(Boolean)));
  $("hide-hands").addEventListener("change", () => render());
  $("show-solution").addEventListener("click", () => { board.revealed = true; render(); });
  $("hint").addEventListener("click", giveHint);
  $("discard-done").addEventListener("click", discardDone);
  $("try-again").addEventListener("click", () => solveAs(board.solving));
  $("next-problem").addEventListener("click", nextProblem);
  $("index-open").addEventListener("click", showIndex);
  $("index-setup").addEventListener("click", () => openSetup());
  $("index-filter").addEventListener("input", drawIndex);
  $("index-unsolved").addEventListener("change", drawIndex);
  $("index-clear").addEventListener("click", clearSolved);
  $("seat").addEventListener("change", () => { board.autoArmed = !!$("seat").value; render(); });
  $("save-json").addEventListener("click", () => save("json"));
  $("save-toml").addEventListener("click", () => save("toml"));
  $("open-file").addEventListener("change", (e) => {
    if (e.target.files[0]) openFile(e.target.files[0]);
    e.target.value = "";
  });
  $("setup-open").addEventListener("click", () => openSetup());
  $("setup-cancel").addEventListener("click", () => { if (board.start || !$("index").hidden) closeSetup(); });
  // Escape closes the set-up, unless there is no board behind it to go back to
  $("setup").addEventListener("cancel", (e) => { if (!board.start && $("index").hidden) e.preventDefault(); });
  $("setup").addEventListener("close", () => { board.choosingDiscard = false; });
  $("setup-clear").addEventListener("click", () => {
    for (const f of FIELDS) board.setup[f] = [];
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
    if ($("setup").open || e.target.matches("input, select, textarea")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;  // the browser's shortcuts (Ctrl+B) are not moves
    if (e.key === "ArrowLeft") { board.autoArmed = false; undo(); }
    if (e.key === "ArrowRight") { board.autoArmed = false; goTo(board.at + 1); }
    if (e.key === "b" && !hiding()) $("best").click();
  });
  window.addEventListener("hashchange", () => {
    beginFromAddress();  // typed or pasted: replaceState fires no event
  });
}

// A link is read by the server like a problem file, so a mistyped card is named, not dropped.
async function beginFromAddress() {
  const wanted = problemFromAddress(location.hash);
  if (!wanted) return false;
  if (wanted.id) {
    await openCollection(wanted.id, wanted);
    return true;
  }
  try {
    const { problem } = await api("open", { name: "link.json", text: JSON.stringify(wanted.problem) });
    if (!await begin(problem, [], null, { opened: wanted.opened, draw: false })) return true;
    await solveAs(wanted.solving || null, wanted);
  } catch (e) {
    const lenient = { ...wanted.problem, deal: { ...wanted.problem.deal } };
    for (const s of SEATS) lenient.deal[s] = handText(dotCards(wanted.problem.deal[s]));
    openSetup(lenient, e);
  }
  return true;
}

async function main() {
  board.lang = store.get("pref-lang", "en") === "ru" ? "ru" : "en";
  $("lang").value = board.lang;
  sayAll();
  wire();
  if (!await beginFromAddress()) await showIndex();
  document.body.classList.add("ready");
}

main();
