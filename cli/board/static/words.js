// The page's words, in the language chosen: one table of them in English and Russian, how
// many tricks are said, and a problem's own words (its file's [ru] in Russian).

import { board } from "./state.js";

// The page's words, the one table of them: the script's own text in both languages; the words
// of index.html (data-say="key", data-say-title, data-say-placeholder; data-say-html keeps the
// markup) are English there and Russian here.
export const WORDS = {
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

// The words of problem mode and of the collection's index, each [English, Russian], merged into
// the table above.
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
  // at the table: the defenders see his 12 cards, not the two he put aside (attable.js)
  "values hidden table": ["Your move: the values, the answer and the key stay hidden until the end (or “Show solution”); " +
    "each of your cards is judged against every discard he may have made: ✓ one plan still catches him whichever " +
    "it was, ? the discards it lets escape.", "Ваш ход: оценки, ответ и ключ скрыты до конца (или «Показать решение»); " +
    "каждая ваша карта оценивается при каждом сносе, который он мог сделать: ✓ один план по-прежнему ловит его при " +
    "любом из них, ? при каких сносах она даёт ему уйти."],
  "task at the table": ["At the table you see his {n} cards, his discard among them, but not which two he put aside.",
    "За столом вы видите его {n} карт вместе со сносом, но не знаете, какие две он снёс."],
  "task at the table deal": ["At the table you see the {n} cards his hand is among, but not which two nobody holds.",
    "За столом вы видите {n} карт, среди которых его рука, но не знаете, каких двух ни у кого нет."],
  "unseen discard": ["two of these he put aside, unseen", "две из этих карт он снёс, их не видно"],
  "unseen deal": ["two of these nobody holds, unseen", "двух из этих карт ни у кого нет, их не видно"],
  "put aside for sure": ["put aside for sure", "снесена наверняка"],
  "talon taken": ["shown, then taken", "открыт, затем взят"],
  judging: ["judging the card against every discard he may have made…", "оцениваю карту при каждом возможном сносе…"],
  "table good": ["one plan still catches him whichever discard he made", "один план по-прежнему ловит его при любом сносе"],
  "mark table escapes": ["? lets him escape with {discards} out", "? даёт ему уйти при сносе {discards}"],
  "mark table escapes deal": ["? lets him escape with {discards} out", "? даёт ему уйти при невидимых картах {discards}"],
  "mark table both": ["? lets him escape: no plan now catches both {discards} out",
    "? даёт ему уйти: теперь нет плана, который ловит сразу при сносах {discards}"],
  "mark table both deal": ["? lets him escape: no plan now catches both {discards} out",
    "? даёт ему уйти: теперь нет плана, который ловит сразу при невидимых картах {discards}"],
  "mark table all": ["? lets him escape: no plan now catches all of {discards} out",
    "? даёт ему уйти: теперь нет плана, который ловит сразу при всех сносах {discards}"],
  "mark table all deal": ["? lets him escape: no plan now catches all of {discards} out",
    "? даёт ему уйти: теперь нет плана, который ловит сразу при всех невидимых картах {discards}"],
  "more discards": ["{n} other discards", "ещё {n} других"],
  "mark table cost": ["? gives him {tricks} more at the table", "? даёт ему ещё {tricks} за столом"],
  "verdict line knowing": ["{status}: {outcome} (the answer knowing {known}: {answer}).",
    "{status}: {outcome} (по ответу, если знать {known}: {answer})."],
  "known discard": ["his discard {cards}", "его снос {cards}"],
  "known deal": ["the two cards nobody holds, {cards}", "две карты, которых ни у кого нет, {cards}"],
  "table verdict caught": ["At the table: {status} — one plan catches him whichever discard he made, and yours did.",
    "За столом: {status} — один план ловит его при любом сносе, и ваш его поймал."],
  "table verdict caught deal": ["At the table: {status} — one plan catches him whichever two cards nobody holds, and yours did.",
    "За столом: {status} — один план ловит его при любых двух невидимых картах, и ваш его поймал."],
  "table verdict missed": ["At the table: {status} — one plan catches him whichever discard he made (the answer at the table: caught).",
    "За столом: {status} — один план ловит его при любом сносе (ответ за столом: пойман)."],
  "table verdict missed deal": ["At the table: {status} — one plan catches him whichever two cards nobody holds (the answer at the table: caught).",
    "За столом: {status} — один план ловит его при любых двух невидимых картах (ответ за столом: пойман)."],
  "table verdict hole": ["At the table: no sure catch — no single plan catches him whichever discard he made; " +
    "choosing among {k} of them at random, his chance to escape is at least 1 in {k}.", "За столом: наверняка не поймать — нет плана, " +
    "который ловит его при любом сносе; выбирая наугад один из {k} сносов, он остаётся чистым с вероятностью не меньше 1/{k}."],
  "table verdict hole deal": ["At the table: no sure catch — no single plan catches him whichever two cards nobody " +
    "holds: the catchers must guess.", "За столом: наверняка не поймать — нет плана, который ловит его при любых двух " +
    "невидимых картах: ловящим приходится угадывать."],
  "table verdict escape": ["At the table: no sure catch — with the discard {cards} he escapes even double dummy.",
    "За столом: наверняка не поймать — со сносом {cards} мизер чистый даже при открытых картах."],
  "table verdict escape deal": ["At the table: no sure catch — with {cards} the two cards nobody holds he escapes even double dummy.",
    "За столом: наверняка не поймать — когда ни у кого нет {cards}, мизер чистый даже при открытых картах."],
  "table verdict contract": ["At the table: {status} — one defence holds him to {tricks} whichever discard he made.",
    "За столом: {status} — одна защита не даёт ему больше {tricks} при любом сносе."],
  "table verdict contract deal": ["At the table: {status} — one defence holds him to {tricks} whichever two cards nobody holds.",
    "За столом: {status} — одна защита не даёт ему больше {tricks} при любых двух невидимых картах."],
  "table world": ["The board's declarer put aside {cards}.", "Разыгрывающий на доске снёс {cards}."],
  "table world deal": ["The two cards nobody held: {cards}.", "Ни у кого не было {cards}."],
  "hint guess": ["Hint: no plan catches him here whichever discard he made: you must guess.",
    "Подсказка: здесь нет плана, который ловит его при любом сносе: придётся угадывать."],
};

for (const [key, [en, ru]] of Object.entries(PROBLEM_WORDS)) {
  WORDS.en[key] = en;
  WORDS.ru[key] = ru;
}

// ``say("leads", {seat: "A"})``: the words of ``key``, each {name} filled in.
export const say = (key, vars = {}) => (WORDS[board.lang][key] || WORDS.en[key] || key)
  .replace(/\{(\w+)\}/g, (_, name) => vars[name]);
// "1 trick", "2 tricks" / "1 взятка", "2 взятки", "5 взяток".
export function tricks(n) {
  if (board.lang !== "ru") return `${n} trick${n === 1 ? "" : "s"}`;
  const [ten, hundred] = [n % 10, n % 100];
  const word = ten === 1 && hundred !== 11 ? "взятка" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "взятки" : "взяток";
  return `${n} ${word}`;
}


// The page's fixed words in the language chosen (each element's English is kept to come back to).
export function sayAll() {
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

// Russian after a verb or "на" ("взял 1 взятку", "пойман на одну взятку"), in English as tricks().
export function tricksTaken(n, words = false) {
  if (board.lang !== "ru") return words && n <= 10 ? `${NUMBER_WORDS.en[n]} trick${n === 1 ? "" : "s"}` : tricks(n);
  const [ten, hundred] = [n % 10, n % 100];
  const noun = ten === 1 && hundred !== 11 ? "взятку" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "взятки" : "взяток";
  return `${words && n <= 10 ? NUMBER_WORDS.ru[n] : n} ${noun}`;
}
// After "больше", "не больше": "одной взятки", "двух взяток".
export function tricksOf(n) {
  if (board.lang !== "ru") return tricks(n);
  return `${n} ${n % 10 === 1 && n % 100 !== 11 ? "взятки" : "взяток"}`;
}
const NUMBER_WORDS = {
  en: ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
  ru: ["ноль", "одну", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять"],
};
// "down one" / "без одной"
export const DOWN_WORDS = {
  en: ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
  ru: ["", "одной", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти"],
};

const DIFFICULTY_RU = { easy: "лёгкая", medium: "средняя", hard: "трудная" };

// A text field of the problem in the page's language: the file's [ru] words in Russian, else its
// English ("index_title": the title that keeps the secret, else the title).
export function textOf(problem, field) {
  if (!problem) return "";
  if (field === "difficulty") return board.lang === "ru" ? DIFFICULTY_RU[problem.difficulty] || problem.difficulty || "" : problem.difficulty || "";
  if (field === "index_title" && !problem.index_title && !(problem.ru && problem.ru.index_title)) field = "title";
  const ru = board.lang === "ru" && problem.ru && problem.ru[field];
  return ru || problem[field] || "";
}
