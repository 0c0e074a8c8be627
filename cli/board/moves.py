"""What the board asks of the engine, as plain JSON-ready dicts.

The page holds the history; every request carries a whole problem object (the keys of
a problem file, as ``pref solve --jsonl`` reads them), so the server keeps no state.
Everything here goes through :mod:`solver.problemfile` (reading and checking) and
:mod:`solver.rules` (playing a card), never through rules of its own.
"""

from __future__ import annotations

import json

from solver.cards import SEATS, ascii_name
from solver.notation import NotationError, format_hand, parse_card, parse_cards, parse_hand
from solver.problemfile import Problem, ProblemError, from_dict, loads_json, loads_toml
from solver.rules import DEALER, legal_cards, play, seat_name

from ..solving import result_json, solve_problem
from ..runtime import engine

SOURCE = "board"
"""The name errors give for a problem sent by the page (a file's name when one was opened)."""


def read_problem(data) -> Problem:
    """A checked problem from the page's object; :class:`ProblemError` if it is not one."""
    if not isinstance(data, dict):
        raise ProblemError(SOURCE, "problem", "a problem is a JSON object {\"deal\": …, \"game\": …}")
    return from_dict(data, SOURCE)


def solve_object(data) -> dict:
    """The result object of ``pref solve --jsonl`` for one problem object."""
    problem = read_problem(data)
    return result_json(problem, *solve_problem(problem, engine()))


WARM_UP = {"deal": {"A": "♠A", "B": "♠7", "C": "♣7"}, "game": {"kind": "contract", "contract": "6S", "declarer": "A"}}
"""A one-trick problem whose solve loads every kernel function the board calls."""


def warm_up() -> None:
    """Load the compiled kernel (compile it on the very first run) before the page asks."""
    solve_object(WARM_UP)


def problem_object(problem: Problem, *, with_expect: bool = True) -> dict:
    """A problem as the JSON object a ``.json`` problem file holds, in the board's own notation.

    Hands are written ``♠QJ ♣97 ♦KQJ10 ♥J7`` (every suit, high first, ``—`` for a void) and
    card lists (talon, discard, trick) ``KC AC`` in their order, whatever the file used, so
    the page reads them without a notation parser of its own.
    """
    out: dict = {}
    for key in ("title", "source", "notes"):
        if getattr(problem, key):
            out[key] = getattr(problem, key)
    hands = problem.hands()
    out["deal"] = {SEATS[s]: format_hand(hands[s]) for s in range(3)}
    if problem.talon is not None:
        out["deal"]["talon"] = _ascii(problem.talon_cards())
    if problem.discard is not None:
        out["deal"]["discard"] = _ascii(problem.discard_cards())
    if problem.kind is not None:
        out["game"] = {k: v for k in ("kind", "contract", "declarer", "leader", "raspasy_talon")
                       if (v := getattr(problem, k)) is not None}
        if problem.trick:  # (a declarer still to discard has no trick on the table)
            out["game"]["trick"] = _ascii(problem.position().trick)
    if with_expect and problem.expect is not None:
        out["expect"] = {"tricks": problem.expect}
    return out


def play_cards(data, cards) -> list[dict]:
    """Play ``cards`` one by one from the problem object ``data``.

    Returns one step per card: the seat that played it, the trick's winner when the card
    completed a trick (a seat, or ``D`` for the dealer in a raspasy talon trick), whether
    the deal is over, and the problem object of the position after it (without the
    published answer and the notes, which belong to the start). A card that is not
    legal is an error naming it.
    """
    problem = read_problem(data)
    game, position = problem.game(), problem.position()
    if not isinstance(cards, list):
        raise ProblemError(SOURCE, "cards", "expected a list of cards such as [\"10D\", \"7D\"]")
    steps = []
    for n, text in enumerate(cards, 1):
        try:
            c = parse_card(str(text))
        except NotationError as e:
            raise ProblemError(SOURCE, f"cards[{n}]", str(e)) from None
        mover = position.to_move
        if position.is_over():
            raise ProblemError(SOURCE, f"cards[{n}]", "the deal is over: no card is left to play")
        if c not in legal_cards(position, game):
            held = position.hands[mover] >> c & 1
            why = "must follow suit (or ruff)" if held else "does not hold it"
            raise ProblemError(SOURCE, f"cards[{n}]", f"{SEATS[mover]} cannot play {ascii_name(c)}: {why}")
        before = position.taken
        position = play(position, game, c)
        winner = _completed(position, before) if not position.trick else None
        steps.append({"card": ascii_name(c), "seat": SEATS[mover], "winner": winner,
                      "over": position.is_over(), "problem": _after(problem, position)})
    return steps


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
    out.pop("notes", None)  # they explain the start, not a later position
    for s in range(3):
        out["deal"][SEATS[s]] = format_hand(position.hands[s])
    game = out["game"]
    game["leader"] = SEATS[position.leader]
    if position.trick:
        game["trick"] = _ascii(position.trick)
    else:
        game.pop("trick", None)
    return out


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
        cards = parse_cards(text)
    except NotationError as e:
        try:
            mask = parse_hand(text)
        except NotationError:
            raise ProblemError(SOURCE, field, str(e)) from None
        cards = [c for c in range(32) if mask >> c & 1]
    return [ascii_name(c) for c in cards]


def save_text(data, fmt: str) -> str:
    """The problem object as a file's text: ``json`` (one object) or ``toml``; checked first."""
    problem = read_problem(data)
    obj = problem_object(problem)
    if fmt == "json":
        return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    if fmt == "toml":
        return _toml(obj)
    raise ProblemError(SOURCE, "format", f"save as json or toml, not {fmt!r}")


def _toml(obj: dict) -> str:
    """TOML of a problem object: strings as JSON-escaped basic strings (valid TOML), tables in order."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in obj.items() if not isinstance(v, dict)]
    for section in ("deal", "game", "expect"):
        if section in obj:
            lines += ["", f"[{section}]"] + [f"{k} = {_toml_value(v)}" for k, v in obj[section].items()]
    return "\n".join(lines) + "\n"


def _toml_value(v) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, int):
        return str(v)
    if "\n" in v and '"""' not in v and "\\" not in v and not v.endswith('"'):
        return '"""\n' + v + '"""'  # notes: a multi-line string, read back unchanged
    return json.dumps(v, ensure_ascii=False)
