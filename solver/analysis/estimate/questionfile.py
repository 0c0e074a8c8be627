"""A saved ``pref estimate`` question: a TOML file with an ``[estimate]`` section (docs/estimate.md).

The format alone, as :mod:`preferans.problemfile` is the problem's: :func:`load` reads the file
(through :mod:`preferans.textfiles`, as every input file is read) and checks each key's type;
:func:`question_of` builds the :class:`~.question.Question` from the fields, named as the
section names them (``pref estimate`` lays its options over them under the same names).
An error in the file is a :class:`~preferans.textfiles.ProblemError`, ``FILE: estimate.KEY:
what is wrong``; an unknown key is named by the one key checker of every format
(:func:`~preferans.textfiles.check_keys`), with the key it most likely meant.
"""

from __future__ import annotations

from pathlib import Path

from ...textfiles import ProblemError, check_keys, read_text, toml_document
from .question import Question
from .reader import question

SECTION_KEYS = ("hand", "seat", "games", "holds", "lengths", "talon", "discard", "talon_use", "leader",
                "lead", "discards", "layouts", "seed", "exact", "open_whist", "table")
"""The keys of an ``[estimate]`` section (docs/estimate.md)."""

MAX_LAYOUTS = 10**7
"""The most layouts a question asks for (``--layouts`` has the same range)."""


def load(path: str | Path) -> tuple[dict, str]:
    """The ``[estimate]`` section's fields, each of its type (``games``, ``lengths`` and
    ``discards`` always lists), and the file's ``title`` (empty when it has none)."""
    name = str(path)
    data = toml_document(read_text(path), name)
    section = data.get("estimate")
    if not isinstance(section, dict):
        raise ProblemError(name, "estimate", "the file has no [estimate] section (see docs/estimate.md)")

    def fail(field: str, message: str) -> ProblemError:
        return ProblemError(name, field, message)

    check_keys(section, SECTION_KEYS, "estimate", fail)
    return _typed(dict(section), fail), data.get("title", "")


def _typed(section: dict, fail) -> dict:
    """The numbers, the switches and the texts of a section checked, as the options would take them."""
    for key, low, high in (("layouts", 1, MAX_LAYOUTS), ("seed", None, None)):
        value = section.get(key)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(f"estimate.{key}", f"a whole number is needed, not {value!r}")
        if low is not None and not low <= value <= high:
            raise fail(f"estimate.{key}", f"{value} is not in the range {low} to {high:,}")
    for key in ("exact", "lead", "open_whist", "table"):
        if key in section and not isinstance(section[key], bool):
            raise fail(f"estimate.{key}", f"true or false, not {section[key]!r}")
    for key in ("hand", "seat", "talon", "discard", "talon_use", "leader"):
        if key in section and not isinstance(section[key], str):
            raise fail(f"estimate.{key}", f"a string is needed, not {section[key]!r}")
    for key in ("games", "lengths", "discards"):  # one string, or a list of them
        value = section.get(key)
        if isinstance(value, str):
            section[key] = [value]
        elif value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise fail(f"estimate.{key}", f"a string or a list of strings is needed, not {value!r}")
    holds = section.get("holds")
    if holds is not None and not (isinstance(holds, dict) and all(isinstance(v, str) for v in holds.values())):
        raise fail("estimate.holds", f"a table such as {{B = \"♠A\"}} is needed, not {holds!r}")
    return section


def question_of(fields: dict) -> Question:
    """The question the fields ask (``hand``, ``seat`` and ``games`` given); an
    :class:`~preferans.errors.InputError` names the field at fault."""
    games = fields["games"] if isinstance(fields["games"], list) else [fields["games"]]
    table = False if fields.get("table") is False else True if fields.get("open_whist") else None
    return question(str(fields["hand"]), str(fields["seat"]), games, holds=fields.get("holds"),
                    lengths=fields.get("lengths", ()), talon=fields.get("talon"), discard=fields.get("discard"),
                    talon_use=fields.get("talon_use", "out"), leader=fields.get("leader", "A"),
                    discards=fields.get("discards"), lead=bool(fields.get("lead", False)), table=table)


__all__ = ["MAX_LAYOUTS", "SECTION_KEYS", "load", "question_of"]
