"""The words of the text output in each language: English, and Russian as players say it.

A phrase is looked up by its English template (``say("ru", "down {n}", n=2)`` → ``без двух``),
so the English text stays readable where it is used and a phrase without a translation
falls back to English. Numbers of tricks agree with their noun (1 взятка, 2 взятки,
5 взяток), and "down 2" is said the players' way, "без двух".
"""

from __future__ import annotations

RU = {
    "trick": "взятка",
    "misère": "мизер",
    "raspasy": "распасы",
    "{contract} by {declarer}": "{contract}, играет {declarer}",
    "misère by {declarer}": "мизер, играет {declarer}",
    "raspasy (talon {mode})": "распасы (прикуп: {mode})",
    "declarer": "разыгрывающий",
    "on lead": "на ходу",
    "to play": "ходит",
    "talon": "прикуп",
    "discard": "снос",
    "out of play": "вне игры",
    "taken": "взят",
    "the best discard, chosen by the solver": "лучший снос, выбран решателем",
    "{declarer} held 12 cards: the table is of the deal after his best discard for {game}, {cards} (the "
    "solver's, as pref solve takes it)": "у {declarer} было 12 карт: таблица сделана после его лучшего сноса "
    "для игры «{game}», {cards} (выбран решателем, как в pref solve)",
    "on the table": "на столе",
    "turned in this order": "открывается в этом порядке",
    "the second card still to be turned": "вторая карта ещё не открыта",
    "Game": "Игра",
    "Key": "Ключ",
    "for the declarer": "за разыгрывающего",
    "for the defenders": "за вистующих",
    "for the catchers": "за ловящих",
    "for {mover}": "за {mover}",
    "unique discard {shown}": "единственный снос {shown}",
    "every discard works ({total})": "годится любой снос ({total})",
    "{n} of {total} discards work: {shown}": "годных сносов {n} из {total}: {shown}",
    "unique key {shown}": "единственный ход {shown}",
    " (the only legal card)": " (единственная возможная карта)",
    "every first card works ({total})": "годится любая первая карта ({total})",
    "{n} of {total} first cards work: {shown}": "годных первых ходов {n} из {total}: {shown}",
    " (equal cards: one play)": " (равные карты: один ход)",
    " ({plays} different plays)": " (разных ходов: {plays})",
    "Answer": "Ответ",
    "Notes": "Примечания",
    "Task": "Задача",
    "leads": "ходит первым",
    "{mover} to play": "ходит {mover}",
    "{mover} leads": "первым ходит {mover}",
    "the talon is not used": "прикуп не используется",
    "talon cards turned for tricks 1 and 2 name the suit": "карты прикупа, открытые на 1-й и 2-й взятках, задают масть",
    "talon cards turned for tricks 1 and 2 compete; the dealer takes what they hold":
        "карты прикупа на 1-й и 2-й взятках участвуют во взятке; что они возьмут, забирает сдающий",
    "raspasy: {per_player} — the fewest tricks each player can be sure of when the other two play against him":
        "распасы: {per_player} — сколько взяток каждый возьмёт при лучшей своей игре, если двое других играют против него",
    "raspasy: {per_player}, the tricks each took": "распасы: {per_player} — взятки, которые каждый взял",
    "misère by {declarer} clean: no trick": "чистый мизер, играет {declarer}: ни одной взятки",
    "compiling the solver to machine code (the double-dummy search, the defenders' split, the search at the table), "
    "first run only (30 s to a few minutes)…":
        "компилирую решатель в машинный код (перебор при открытых картах, раздел взяток вистующих, поиск за "
        "столом), только при первом запуске (от 30 с до нескольких минут)…",
    " done in {seconds} s": " готово за {seconds} с",
    "the kernel cache in {folder} had damaged files ({shown}); they are removed and compiled again":
        "в кэше решателя {folder} нашлись повреждённые файлы ({shown}): они удалены и будут скомпилированы заново",
    "{shown} and {n} more": "{shown} и ещё {n}",
    "{folder} {path} is unusable ({why})": "{folder} {path} не годится ({why})",
    "the user's cache folder": "папка кэша пользователя",
    "the temporary folder": "временная папка",
    "the kernel cache: {refused}; the kernel compiles on every run":
        "кэш решателя: {refused}; решатель будет компилироваться при каждом запуске",
    "the kernel cache: {refused}; using {base}": "кэш решателя: {refused}; беру {base}",
    "misère by {declarer} caught: {tricks}": "мизер пойман, играет {declarer}: {tricks}",
    " (of the {left} left)": " (из {left} оставшихся)",
    "{declarer} takes {tricks} of the {left} left": "{declarer} берёт {tricks} из {left} оставшихся",
    "made exactly": "сыграно ровно",
    "made with {over} over": "сыграно, {over} сверх",
    "down {n}": "без {n}",
    "Published answer: {answer} — agrees": "Опубликованный ответ: {answer} — совпадает",
    "Published answer: {answer} — DIFFERS": "Опубликованный ответ: {answer} — РАСХОДИТСЯ",
    "Cards of {mover}, with {counted}'s tricks after each (best first):":
        "Карты {mover} и взятки {counted} после каждой (лучшие первыми):",
    "* another card was as good, where the choice mattered": "* другая карта была не хуже, где выбор важен",
    "; [ ] on the table at the start": "; [ ] на столе в начале",
    "Best line ({legend}):": "Лучший розыгрыш ({legend}):",
    "Best line for {seat}, who takes {tricks} ({legend}):": "Лучший розыгрыш для {seat}, который берёт {tricks} ({legend}):",
    "* as good: {notes}": "* не хуже: {notes}",
    "(the talon card holds)": "(взятку берёт карта прикупа)",
    "Tricks played:": "Сыгранные взятки:",
    " ({tricks} of the {left} left)": " ({tricks} из {left} оставшихся)",
    "{leader} leads. Contracts: the declarer's most tricks; misère: his fewest (0 = clean)":
        "Первым ходит {leader}. Игры: наибольшее число взяток разыгрывающего; мизер: наименьшее (0 = чистый)",
    "; each with his best discard.": "; каждая с лучшим сносом.",
    "Raspasy ({mode}): {per_player} — the fewest tricks each can be sure of":
        "Распасы ({mode}): {per_player} — сколько взяток каждый возьмёт, если двое других играют против него",
    "Best discards (the talon taken):": "Лучшие сносы (прикуп взят):",
    "{who}'s tricks after each discard (best first):": "Взятки {who} после каждого сноса (лучшие первыми):",
    " (or any of the {n} others with as many)": " (или любой из {n} других с тем же числом)",
    "Best discard: {cards}{alternatives}: {answer}": "Лучший снос: {cards}{alternatives}: {answer}",
    "Best discard in each strain, {who}'s tricks: ": "Лучший снос в каждой масти, взятки {who}: ",
    "Best contract: none; {who} takes fewer than 6 tricks in every strain":
        "Лучшая игра: нет; {who} берёт меньше 6 взяток в любой масти",
    "Best contract: {contract} by {who}, discarding {cards}": "Лучшая игра: {contract}, играет {who}, снос {cards}",
    # pref estimate
    "all {n} layouts (exact)": "все расклады: {n} (полный перебор)",
    "{done} of {n} layouts (exact enumeration, stopped)": "раскладов: {done} из {n} (полный перебор, остановлен)",
    "{n} random layouts, seed {seed}": "случайных раскладов: {n}, зерно {seed}",
    " (stopped: {done} of {n})": " (остановлено: {done} из {n})",
    "s": "с",
    "exact range of what the missing layouts could make": "точные границы того, что дали бы оставшиеся расклады",
    "exact figures": "точные цифры",
    "95% intervals in brackets (Wilson for chances)": "в скобках 95% интервалы (для вероятностей — Уилсона)",
    "unseen talon: ": "прикуп не виден: ",
    "the declarer takes it and makes the double-dummy best discard":
        "разыгрывающий берёт его и делает лучший снос при открытых картах",
    "out of play (the hand as played)": "вне игры (рука, как её сыграют)",
    "  {seat}: paranoid {paranoid}, cooperative {cooperative} tricks":
        "  {seat}: взяток в среднем — если двое против него {paranoid}, если все ему помогают {cooperative}",
    ": mean {mean} tricks": ": в среднем {mean} взятки",
    "; made {pct}": "; сыграно {pct}",
    "; clean {pct}": "; чистый {pct}",
    "; best seeing the layout {pct}%": "; лучший при открытых картах {pct}%",
    "    the defenders' tricks ({seat} and partner):": "    взятки вистующих ({seat} и партнёр):",
    "    declarer's tricks at least: {levels}": "    у разыгрывающего взяток не меньше: {levels}",
    "    defenders' tricks: mean {mean}; contract set {pct}": "    взятки вистующих: в среднем {mean}; подсад {pct}",
    "Best not knowing the layout: {option}": "Лучшее, не зная расклада: {option}",
    "In points: {convention}, {players} players": "В очках: {convention}, игроков {players}",
    "sochi": "сочи",
    "leningrad": "ленинград",
    "rostov": "ростов",
    "classic": "классика",
    "options ({marked}): {options}": "условия ({marked}): {options}",
    "* changed from the convention's": "* — не как в конвенции",
    "scale": "масштаб k",
    "shortfall_share": "ответственность за недобор",
    "quota": "норма двух вистующих",
    "joint_high": "общая норма на 8–9",
    "lone_whister": "один вистующий",
    "gentleman_split_made": "джентльменский делит и сыгранную",
    "gentleman_split_penalty": "джентльменский делит и штраф",
    "lone_takes_consolation": "один вистующий пишет консоляцию",
    "short_whister_writes": "недобравший пишет висты",
    "half_whist": "полвиста",
    "stalingrad": "сталинград",
    "talon_whists": "висты за прикуп",
    "misere_trick": "взятка на мизере",
    "raspasy_prices": "цены распасов",
    "raspasy_clean_writeoff": "чистый на распасах списывает",
    "True": "да",
    "False": "нет",
    "each": "у каждого своя",
    "joint": "общая",
    "second": "второй",
    "both": "оба",
    "pair": "на двоих",
    "both_hands": "за обе руки",
    "gentleman": "джентльменский",
    "own_hand": "за свою руку",
    "off": "нет",
    "dealer": "сдающий",
    "opponents": "вистующие",
    "whist": "вист",
    "pass": "пас",
    "half": "полвиста",
    "each seat's balance in whists per deal, as if the pool closed on it; passing is 0":
        "сальдо каждого места в вистах за сдачу, как если бы пуля закрылась на ней; пас — ноль",
    "play is double dummy: every hand open (open whist, в светлую, the real-table case for a contract with one "
    "whister); two whisters' tricks are split as the defined split says (docs/scoring.md)":
        "розыгрыш с открытыми картами (в светлую, как на деле при одном вистующем); взятки двух вистующих "
        "делятся по правилу раздела (docs/scoring.md)",
    "{option}: each whister ({how})": "{option}: каждый вистующий ({how})",
    "each whister's own tricks, split as defined (docs/scoring.md)":
        "свои взятки каждого, поделённые по правилу раздела (docs/scoring.md)",
    "each whister's own tricks": "свои взятки каждого",
    "a lone whister's tricks are both hands'": "одному вистующему идут взятки обеих рук",
    "  {seat}: tricks {tricks}; quota {quota} ({counts}); short {short}, costing {cost} whists a deal":
        "  {seat}: взяток {tricks}; норма {quota} ({counts}); недобор {short}, он стоит {cost} вистов за сдачу",
    "own": "свои",
    "own, less the partner's surplus": "свои, за вычетом лишних у партнёра",
    "the pair's": "на двоих",
    "both hands": "за обе руки",
    "Best for {seat}: {option}, {value} whists a deal": "Лучшее для {seat}: {option}, {value} вистов за сдачу",
    "{seat}, with {given}: best {word}, {value} whists a deal":
        "{seat}, когда {given}: лучше {word}, {value} вистов за сдачу",
    "  vs {option}: {figure}, same layouts": "  против «{option}»: {figure}, на тех же раскладах",
    "0 whists (the same on every layout)": "0 вистов (одно и то же на каждом раскладе)",
    "{d} whists (on every layout)": "{d} вистов (на каждом раскладе)",
    "{d} whists ({lo} … {hi})": "{d} вистов ({lo} … {hi})",
    "{game}: the defence worst for {seat} is {defence}, {value} whists a deal":
        "{game}: хуже всего для {seat} защита «{defence}», {value} вистов за сдачу",
    "{option}, number {round} of its run: each seat's balance in whists per deal (at his paranoid … at his "
    "cooperative bound)": "{option}, {round}-е подряд: сальдо каждого места в вистах за сдачу (если "
                          "двое против него … если все ему помогают)",
    ": best discard not knowing the layout: {cards}; seeing each layout the declarer averages {mean}":
        ": лучший снос, не зная расклада: {cards}; видя каждый расклад, разыгрывающий берёт в среднем {mean}",
    "  differs from the discard most often best double dummy: {cards}":
        "  чаще всего лучший при открытых картах другой снос: {cards}",
    ": best discard not knowing the layout: {cards} ({chance}); seeing each layout the declarer averages {mean}":
        ": лучший снос, не зная расклада: {cards} ({chance}); видя каждый расклад, разыгрывающий берёт в "
        "среднем {mean}",
    "made {pct}": "сыграно {pct}",
    "clean {pct}": "чистый {pct}",
    "Each game's best discard against the others', on the same layouts:":
        "Лучший снос каждой игры против лучшего снова других, на тех же раскладах:",
    "0 tricks (the same on every layout)": "0 взяток (одно и то же на каждом раскладе)",
    "{d} tricks ({lo} … {hi})": "{d} взятки ({lo} … {hi})",
    "success 0% (the same on every layout)": "успех 0% (одно и то же на каждом раскладе)",
    "success {w}% ({wlo} … {whi})": "успех {w}% ({wlo} … {whi})",
    "  vs {option}: {tricks}, {success}, same layouts": "  против {option}: {tricks}, {success}, на тех же раскладах",
    "Opening lead by {leader} against {game}": "Первый ход {leader} против игры {game}",
    "lead": "ход",
    "this lead minus the best, same layouts": "этот ход минус лучший, на тех же раскладах",
    "defenders' tricks": "взятки вистующих",
    "contract set": "подсад",
    "declarer's tricks": "взятки разыгрывающего",
    "misère caught": "мизер пойман",
    "success (made, clean)": "успех (сыграно, чистый)",
    "best": "лучший",
    "0: the same on every layout": "0: одно и то же на каждом раскладе",
    "lead {card} against {game}": "ход {card} против игры {game}",
    "  … {n} more (--top N shows more; --json gives all)": "  … ещё {n} (--top N покажет больше; --json — все)",
    # the answer at the table (pref solve, pref check, pref estimate)
    "{game} at the table (the catchers not knowing his discard): caught for sure {table}; double dummy caught "
    "{dd}: the real chance lies between":
        "{game} за столом (ловящие не знают снос): ловится наверняка {table}; при открытых картах ловится {dd}: "
        "настоящая вероятность между ними",
    "{game} at the table (open whist, not knowing his discard): mean {mean} tricks; made {table}; double dummy "
    "made {dd}: the real chance lies between":
        "{game} за столом (в светлую, снос неизвестен): в среднем {mean} взятки; сыграно {table}; при открытых "
        "картах сыграно {dd}: настоящая вероятность между ними",
    "at the table {value}": "за столом {value}",
    "Published answer at the table: {answer} — agrees": "Опубликованный ответ за столом: {answer} — совпадает",
    "Published answer at the table: {answer} — DIFFERS": "Опубликованный ответ за столом: {answer} — РАСХОДИТСЯ",
    "At the table": "За столом",
    "At the table (open whist)": "За столом (в светлую)",
    "caught": "пойман",
    "escapes": "не ловится",
    "nothing of the declarer's is hidden (no talon, no discard): the double-dummy answer":
        "у разыгрывающего ничего не скрыто (нет ни прикупа, ни сноса): ответ как при открытых картах",
    "of his {n} best discards double dummy": "из {n} его лучших при открытых картах сносов",
    "of the {n} ways of the two unseen cards that double dummy catches":
        "из {n} раскладов двух невидимых карт, при которых мизер ловится в открытую",
    "of the {n} discards listed": "из {n} перечисленных сносов",
    "of the {n} discards he may have made": "из {n} возможных сносов",
    " and ": " и ",
    "the key {cards}": "ключ {cards}",
    "first cards that work: {cards}": "годные первые ходы: {cards}",
    "caught — one plan catches him in each {worlds}": "пойман — один план ловит его при каждом {worlds}",
    "escapes — with the discard {cards}, one {worlds}, he escapes even double dummy":
        "не ловится — со сносом {cards}, одним {worlds}, мизер чистый даже при открытых картах",
    "escapes — double dummy too, with {cards} the two cards nobody holds":
        "не ловится — и при открытых картах, когда ни у кого нет {cards}",
    "double dummy he is caught in each {worlds}": "при открытых картах он ловится при каждом {worlds}",
    "double dummy he is caught in {n} {worlds}": "при открытых картах он ловится при {n} {worlds}",
    "escapes — {dd}, but no single plan catches both {discards} out; choosing one of these {k} at random, his "
    "chance to escape is at least 1 in {k}":
        "не ловится — {dd}, но нет плана, который ловит сразу при сносах {discards}; выбирая наугад один из "
        "этих {k} сносов, он остаётся чистым с вероятностью не меньше 1/{k}",
    "escapes — {dd}, but no single plan catches all of {discards} out; choosing one of these {k} at random, his "
    "chance to escape is at least 1 in {k}":
        "не ловится — {dd}, но нет плана, который ловит сразу при всех сносах {discards}; выбирая наугад один "
        "из этих {k} сносов, он остаётся чистым с вероятностью не меньше 1/{k}",
    "escapes — {worlds}, no single plan catches both {discards} out: the catchers must guess":
        "не ловится — {worlds}, нет плана, который ловит сразу при невидимых картах {discards}: ловящим "
        "приходится угадывать",
    "escapes — {worlds}, no single plan catches all of {discards} out: the catchers must guess":
        "не ловится — {worlds}, нет плана, который ловит сразу при всех невидимых картах {discards}: ловящим "
        "приходится угадывать",
    "one defence holds him to that in each {worlds}, as double dummy with his best one":
        "одна защита не даёт ему больше при каждом {worlds}, как при открытых картах с лучшим сносом",
    "double dummy {dd} with his best discard, but no single defence holds him to {dd} with both {discards} out":
        "при открытых картах {dd} с лучшим сносом, но нет одной защиты, которая не даёт ему больше, чем {dd}, "
        "сразу при сносах {discards}",
    "double dummy {dd} with his best discard, but no single defence holds him to {dd} with all of {discards} "
    "out":
        "при открытых картах {dd} с лучшим сносом, но нет одной защиты, которая не даёт ему больше, чем {dd}, "
        "сразу при всех сносах {discards}",
}

NUMBER_WORDS = {"en": ("no", "one", "two", "three", "four"),
                "ru": ("ни одной", "одной", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми",
                       "девяти", "десяти")}


def say(lang: str, template: str, **fields) -> str:
    """``template`` in ``lang`` with ``fields`` filled in."""
    text = RU.get(template, template) if lang == "ru" else template
    return text.format(**fields) if fields else text


def plural(n: int, lang: str = "en", word: str = "trick", *, taken: bool = False) -> str:
    """``1 trick``, ``2 tricks``; ``1 взятка``, ``3 взятки``, ``5 взяток``.

    ``taken``: the object of "takes" (берёт 1 взятку, 21 взятку; the other forms do not change)."""
    if lang != "ru" or word != "trick":
        return f"{n} {word}" if n == 1 else f"{n} {word}s"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} взятку" if taken else f"{n} взятка"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} взятки"
    return f"{n} взяток"


def number_word(n: int, lang: str = "en") -> str:
    """``two`` / ``двух`` for the small numbers of "down 2" and "two over", else the digits."""
    words = NUMBER_WORDS.get(lang, NUMBER_WORDS["en"])
    return words[n] if 0 <= n < len(words) else str(n)
