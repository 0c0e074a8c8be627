"""The problem collection that ships with the package: its folder, its problems by name.

In the repository the collection is ``problems/`` at the top; an installed package holds the
same files as ``preferans/bundled_problems/`` (``pyproject.toml`` maps the one folder to the other), so
``pref solve kovalevskaya-misere`` and the board's index work after a plain ``pip install``.
A problem's name is its file's name without ``.toml``.
"""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path

from .problemfile import Problem, ProblemError, load, load_each
from .textfiles import exists

_HERE = Path(__file__).resolve().parent


def folder() -> Path | None:
    """The collection's folder: the installed copy, else the repository's ``problems/``."""
    for place in (_HERE / "bundled_problems", _HERE.parent / "problems"):
        if place.is_dir() and any(place.glob("*.toml")):
            return place
    return None


def names() -> list[str]:
    """Every problem's name, sorted."""
    place = folder()
    return sorted(p.stem for p in place.glob("*.toml")) if place else []


def path_of(name: str) -> Path | None:
    """The file of the problem called ``name`` (``kovalevskaya-misere``, with or without
    ``.toml``), or None when the collection has none of that name."""
    place = folder()
    stem = name[:-len(".toml")] if name.endswith(".toml") else name
    if place is None or not stem or "/" in stem or "\\" in stem or stem.startswith("."):
        return None
    path = place / f"{stem}.toml"
    return path if exists(path) and not exists(path, folder=True) else None


def resolve(text: str) -> str:
    """A path as given, or the collection's file when ``text`` names no file but a problem.

    Raises :class:`ProblemError` when it names neither, saying both were looked for and
    naming the collection's nearest problems (a typo in a name is the usual cause)."""
    if exists(text):
        return text
    path = path_of(text)
    if path:
        return str(path)
    stem = Path(text).name.removesuffix(".toml")
    near = difflib.get_close_matches(stem, names(), n=3, cutoff=0.6)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise ProblemError(text, "file", f"no such file, nor a problem of that name in the collection{hint}")


def load_named(name: str) -> list[Problem | ProblemError]:
    """The collection's problem ``name`` read as :func:`~preferans.problemfile.load_each` reads a file,
    but told by its name in results and messages: where the package is installed (a
    site-packages folder) is none of the user's concern."""
    path = path_of(name)
    if path is None:
        return [ProblemError(name, "file", "no problem of that name in the collection")]
    stem = path.stem
    return [replace(item, path=stem) if isinstance(item, Problem) else
            ProblemError(stem if item.where == str(path) else item.where, item.field, item.message, item.lineno)
            for item in load_each(path)]


def problems() -> list[tuple[str, Problem]]:
    """Every problem of the collection with its name, read (a broken file is left out)."""
    out = []
    for name in names():
        try:
            out.append((name, load(path_of(name))))
        except ValueError:
            continue
    return out
