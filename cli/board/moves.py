"""What the board asks of the engine, as plain JSON-ready dicts.

The page holds the history; every request carries a whole problem object (the keys of
a problem file, as ``pref solve --jsonl`` reads them), so the server keeps no state.
Everything here goes through :mod:`preferans.problemfile` (reading and checking) and
:mod:`preferans.rules` (playing a card), never through rules of its own.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from preferans.analysis.key import key_of_card_values
from preferans.cards import SEATS, ascii_name
from preferans.notation import NotationError, format_hand, parse_card, parse_card_list, parse_cards
from preferans.problemfile import Problem, ProblemError, dumps, from_dict, loads_json, loads_toml, to_dict
from preferans.problems import solve_problem, solve_table
from preferans.rules import DEALER, Kind, legal_cards, play, seat_name, why_illegal

from ..render import answer, key_text
from ..runtime import engine
from ..solving import result_json, table_json
from ..style import Style
from ..text.at_table import table_lines
from ..words import say

SOURCE = "board"
"""The name errors give for a problem sent by the page (a file's name when one was opened)."""

LINK = "link.json"
"""The name the page gives a problem read from its address (``#A=…``)."""

STYLE = Style("en", False)
"""The words of the answers the server writes: English, no colour (the page styles them)."""


def message(error: ProblemError) -> str:
    """The one line the page shows: the field and what is wrong, the file's name only for a
    file the user opened (not the page's own ``board`` or ``link.json``)."""
    if error.where == SOURCE:
        return f"{error.field}: {error.message}"
    if error.where == LINK:
        return f"the address: {error.field}: {error.message}"
    return str(error)


def read_problem(data) -> Problem:
    """A checked problem from the page's object; :class:`ProblemError` if it is not one."""
    if not isinstance(data, dict):
        raise ProblemError(SOURCE, "problem", "a problem is a JSON object {\"deal\": …, \"game\": …}")
    return from_dict(data, SOURCE)


def solve_object(data, lang: str = "en") -> dict:
    """The result object of ``pref solve --jsonl`` for one problem object (a misère's, or an open
    whist contract's, with its answer at the table, ``table``), with the lines ``pref solve``
    prints about it: ``answer`` (its "Answer:"), ``key_text`` (its "Key:") and ``table_text``
    (its "At the table:"); for a declarer who held 12 cards, ``discard_key_text`` says which
    discards work. ``lang`` ``ru`` writes them as ``pref solve --lang ru`` does."""
    style = Style(lang, False)
    problem = read_problem(data)
    solved = solve_problem(problem, engine())
    table = solve_table(problem, engine(), solved)
    result = solved.result
    out = result_json(problem, result, solved.discard, solved.chosen)
    if table is not None:  # a misère, or a contract with open whist: its answer at the table too
        out["table"] = table_json(problem, *table)
        out["table_text"] = "\n".join(table_lines(*table, style))
    position, game = result.position, result.game
    out["answer"] = answer(position.tricks_left, game, result.tricks, style, position.taken)
    if solved.discard_key:  # which discards work: a composer's question (pref check --strict asks it too)
        out["discard_key_text"] = key_text(solved.discard_key, lang)
    if result.card_values:
        report = key_of_card_values(position, game, result.card_values)
        out["key_text"] = key_text(report, lang)
    return out


WARM_UP = {"deal": {"A": "♠A", "B": "♠7", "C": "♣7"}, "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}
"""A one-trick problem whose solve loads every kernel function the board calls."""

WARM_UP_TABLE = [{"deal": {"A": "♠A ♣7", "B": "♠7 ♣8", "C": "♠8 ♣9", "discard": "♥7 ♥8"}, "game": game}
                 for game in ({"kind": "misere", "declarer": "B"},
                              {"kind": "contract", "contract": "6S", "declarer": "B", "whist": "open"})]
"""Two-trick problems whose answers at the table load the search there: a misère's and an open whist contract's."""


def warm_up() -> None:
    """Load the compiled kernel (compile it on the very first run) before the page asks.

    A solve loads the best line and the card values; the plain value (what a 12-card
    declarer's discards are searched with) and the threshold search are loaded by name, or
    the first discard problem would wait for a compile of its own inside the request. The
    search at the table is compiled apart (:mod:`preferans.kernel.worlds`): a misère and an open
    whist contract load it."""
    solve_object(WARM_UP)
    result = solve_problem(from_dict(WARM_UP, "warm-up"), engine()).result
    focus = result.game.declarer
    engine().value(result.position, result.game, focus)
    engine().reaches(result.position, result.game, focus, 1)
    for problem in WARM_UP_TABLE:
        solve_object(problem)


def problem_object(problem: Problem, *, with_expect: bool = True) -> dict:
    """A problem as the JSON object a ``.json`` problem file holds, in the board's own notation.

    Hands are written ``♠QJ ♣97 ♦KQJ10 ♥J7`` (every suit, high first, ``—`` for a void) and
    card lists (talon, discard, trick, each trick played) ``KC AC`` in their order, whatever
    the file used, so the page reads them without a notation parser of its own. The other
    fields (title, theme, notes, ``[expect]`` …) are the file's, as
    :func:`preferans.problemfile.to_dict` writes them; ``with_expect=False`` leaves out the
    published answer and key, which belong to the start.
    """
    hands = problem.hands()
    fields = {SEATS[s]: format_hand(hands[s]) for s in range(3)}
    if problem.talon:
        fields["talon"] = _ascii(problem.talon_cards())
    if problem.discard:
        fields["discard"] = _ascii(problem.discard_cards())
    if problem.trick:
        fields["trick"] = _ascii(parse_cards(problem.trick))
    if problem.played:
        fields["played"] = tuple(_ascii(parse_cards(t)) for t in problem.played)
    if not with_expect:
        fields.update(expect=None, key=None)
    out = to_dict(replace(problem, **fields))
    if "played" in out.get("game", {}):
        out["game"]["played"] = list(out["game"]["played"])
    return out


def play_cards(data, cards, lang: str = "en") -> list[dict]:
    """Play ``cards`` one by one from the problem object ``data``.

    Returns one step per card: the seat that played it, the trick's winner when the card
    completed a trick (a seat, or ``D`` for the dealer in a raspasy talon trick), whether
    the deal is over, and the problem object of the position after it (without the
    published answer and the notes, which belong to the start); the card that ends the
    deal also carries ``answer``, ``pref solve``'s words for the whole of it (the page
    sends the problem from its start, so the tricks taken count). A card that is not
    legal is an error naming it.
    """
    problem = read_problem(data)
    game, position = problem.game(), problem.position()
    deal_tricks = position.tricks_left + len(problem.played or ())
    steps = []
    for n, text in enumerate(card_list(cards), 1):
        c = checked_card(position, game, text, n)
        mover = position.to_move
        before = position.taken
        position = play(position, game, c)
        winner = _completed(position, before) if not position.trick else None
        step = {"card": ascii_name(c), "seat": SEATS[mover], "winner": winner,
                "over": position.is_over(), "problem": _after(problem, position)}
        if position.is_over():
            step["answer"] = _final_answer(game, position, deal_tricks, Style(lang, False))
        steps.append(step)
    return steps


def card_list(cards) -> list:
    """The request's ``cards``: a list, else the one-line error."""
    if not isinstance(cards, list):
        raise ProblemError(SOURCE, "cards", "expected a list of cards such as [\"10D\", \"7D\"]")
    return cards


def checked_card(position, game, text, n: int) -> int:
    """The ``n``-th card of the request (a JSON name), legal where it is played; else an error naming it."""
    try:
        c = parse_card(str(text))
    except NotationError as e:
        raise ProblemError(SOURCE, f"cards[{n}]", str(e)) from None
    if position.is_over():
        raise ProblemError(SOURCE, f"cards[{n}]", "the deal is over: no card is left to play")
    if c not in legal_cards(position, game):
        raise ProblemError(SOURCE, f"cards[{n}]", f"{SEATS[position.to_move]} cannot play {ascii_name(c)}: "
                           f"{why_illegal(position, game, c)}")
    return c


def _final_answer(game, position, deal_tricks: int, style: Style = STYLE) -> str:
    """The result once every card is played, in ``pref solve``'s words (nothing is left to solve);
    raspasy's are the tricks each player took, not what each can be sure of."""
    taken = position.taken
    if game.kind is Kind.RASPASY:
        return say(style.lang, "raspasy: {per_player}, the tricks each took",
                   per_player=", ".join(f"{s} {taken[i]}" for i, s in enumerate(SEATS)))
    return answer(deal_tricks, game, taken[game.declarer], style)


def _ascii(cards) -> str:
    return " ".join(ascii_name(c) for c in cards)


def _completed(position, before) -> str | None:
    """The winner of the trick just completed: whoever's count went up, else the dealer."""
    for s in range(3):
        if position.taken[s] > before[s]:
            return SEATS[s]
    return seat_name(DEALER)


def _after(problem: Problem, position) -> dict:
    """The problem object of ``position``: the start's fields with the hands, leader and trick replaced."""
    out = problem_object(problem, with_expect=False)
    for key in ("notes", "theme", "difficulty", "task", "index_title", "side", "ru"):  # they describe the start
        out.pop(key, None)
    out["game"].pop("played", None)  # the hands below are those of now
    for s in range(3):
        out["deal"][SEATS[s]] = format_hand(position.hands[s])
    game = out["game"]
    game["leader"] = SEATS[position.leader]
    if position.trick:
        game["trick"] = _ascii(position.trick)
    else:
        game.pop("trick", None)
    return out


def collection_index() -> list[dict]:
    """The collection's problems for the board's index, in the order of their names: each one's
    ``id`` (what the page's address carries: the name would often give the key away), ``name``,
    ``kind`` and ``difficulty``, and in ``en`` and ``ru`` the words the index shows: the title
    that keeps the problem's secret (``index_title``), the game, the theme and the difficulty."""
    from preferans.collection import problems

    from ..render import game_name

    out = []
    for name, problem in problems():
        entry = {"id": problem_id(name), "name": name, "kind": problem.kind or "", "difficulty": problem.difficulty}
        for lang in ("en", "ru"):
            entry[lang] = {"title": problem.text("index_title", lang) or name,
                           "game": game_name(problem.game(), Style(lang, False)) if problem.kind else "",
                           "theme": problem.text("theme", lang), "difficulty": problem.text("difficulty", lang)}
        out.append(entry)
    return out


def problem_id(name: str) -> str:
    """A collection problem's name as the page's address carries it: 8 hex digits, the same
    for the same name, that say nothing of the problem (``misere-lead-the-diamond-eight``
    would tell its key to anyone who glanced at the address bar)."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def collection_problem(name) -> dict:
    """The problem object of the collection's problem ``name`` (or its :func:`problem_id`);
    an error naming it if there is none."""
    from preferans.collection import names, path_of

    from preferans.problemfile import load

    text = str(name or "")
    path = path_of(text)
    if path is None and len(text) == 8:
        path = next((path_of(n) for n in names() if problem_id(n) == text), None)
    if path is None:
        raise ProblemError(SOURCE, "name", f"the collection has no problem called {name!r}")
    return problem_object(load(path))


def load_text(text: str, name: str) -> dict:
    """A problem file's text (TOML, or JSON for ``.json``/``.jsonl``) as a problem object."""
    if not isinstance(text, str):
        raise ProblemError(SOURCE, "text", "expected the file's text")
    name = str(name or "problem.toml")
    if name.endswith((".json", ".jsonl")):
        lines = [line for line in text.splitlines() if line.strip()] if name.endswith(".jsonl") else [text]
        if len(lines) != 1:
            raise ProblemError(name, "file", f"holds {len(lines)} problems; the board opens one")
        problem = loads_json(lines[0], name)
    else:
        problem = loads_toml(text, name)
    return problem_object(problem)


def cards_in(text: str, field: str) -> list[str]:
    """Cards written in any notation, as JSON names: single cards in their order, or a hand."""
    if not text.strip():
        return []
    try:
        cards = parse_card_list(text)
    except NotationError as e:
        raise ProblemError(SOURCE, field, str(e)) from None
    return [ascii_name(c) for c in cards]


def save_text(data, fmt: str) -> str:
    """The problem object as a file's text (:func:`preferans.problemfile.dumps`): ``json`` or ``toml``; checked first."""
    if fmt not in ("json", "toml"):
        raise ProblemError(SOURCE, "format", f"save as json or toml, not {fmt!r}")
    problem = read_problem(data)
    return dumps(problem, fmt) + ("\n" if fmt == "json" else "")
