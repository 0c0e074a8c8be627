"""Reading the text files a user gives: problem files, pool records, deal lines, saved questions.

What every input file of the project needs before its own format reads it: the bytes of
any kind of file (a pipe, ``/dev/stdin``, a process substitution) read once and bounded
(:data:`MAX_FILE_BYTES`), UTF-8 only (a byte-order mark dropped, UTF-16 named), JSON Lines
one line at a time so that a bad line costs only itself, TOML and JSON documents whose
errors name the line, and text fields refused when a character in them would act on the
terminal instead of printing. :mod:`preferans.problemfile` (the problem format), ``pref
score`` (pool records, deal lines) and ``pref estimate`` (a saved ``[estimate]`` question)
read through it.

Every error is a :class:`ProblemError` whose text is one line, ``FILE: FIELD: what is
wrong`` (``FILE: line N: …`` for broken TOML or JSON, or a bad line of JSON Lines).
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
import unicodedata
from os import PathLike
from pathlib import Path

from .errors import InputError, excerpt, one_line

__all__ = ["MAX_FILE_BYTES", "ProblemError", "UTF16", "check_keys", "decode", "exists", "holds_nothing",
           "json_document", "json_lines", "open_bytes", "read_lines", "read_text", "terminal_control", "toml_document",
           "unknown_key"]


class ProblemError(ValueError):
    """Bad input in a file or stream; ``str(error)`` is the one-line message for the user."""

    def __init__(self, where: str, field: str, message: str, lineno: int | None = None):
        where, field, message = one_line(where), one_line(field), one_line(message)
        super().__init__(f"{where}: {field}: {message}")
        self.lineno = lineno
        """The line of a JSON Lines stream the input was on, if it came from one."""
        self.where = where
        self.field = field
        self.message = message


# -- the bytes ----------------------------------------------------------------------


MAX_FILE_BYTES = 1 << 20
"""The most read of one input file (or of one line of a JSON Lines stream): 1 MB. A
problem is a few KB (the collection's longest, notes and all, is under 4 KB); past this
the path names something else (``/dev/zero``, a disk image) and reading it would exhaust
memory."""


def exists(path: str | Path, folder: bool = False) -> bool:
    """Whether a file (a folder, with ``folder``) is at ``path``. A name the system cannot look up
    (longer than it allows, a NUL byte) names nothing there, not an error of its own (Python's
    ``Path.exists`` raises ``OSError: File name too long``)."""
    try:
        return Path(path).is_dir() if folder else Path(path).exists()
    except (OSError, ValueError):
        return False


def open_bytes(path: str | Path):
    """``path`` open for reading bytes, whatever kind of file it is (a pipe, ``/dev/stdin``,
    a process substitution); a folder, a missing file or an empty path is a one-line error."""
    if not isinstance(path, (str, PathLike)):
        raise InputError("path", f"a file's path, not {excerpt(path)}")
    name = str(path)
    if not name.strip():
        raise ProblemError(repr(name), "file", "an empty path names no file")
    try:
        return open(path, "rb")  # noqa: SIM115 -- the callers close it
    except IsADirectoryError:
        raise ProblemError(name, "file", "is a folder, not a file") from None
    except OSError as e:
        raise ProblemError(name, "file", f"cannot read it: {e.strerror or e}") from None


def _read_bytes(path: str | Path) -> bytes:
    """The bytes of a file, read once (a pipe can be read only once), at most :data:`MAX_FILE_BYTES`."""
    name = str(path)
    with open_bytes(path) as f:
        try:
            data = f.read(MAX_FILE_BYTES + 1)
        except IsADirectoryError:
            raise ProblemError(name, "file", "is a folder, not a file") from None
        except OSError as e:
            raise ProblemError(name, "file", f"cannot read it: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ProblemError(name, "file", f"more than {MAX_FILE_BYTES >> 20} MB, where an input file holds a few KB; "
                           f"is this the right file?")
    return data


def read_text(path: str | Path) -> str:
    """A file's UTF-8 text; an unreadable file, a folder or other encodings are one-line errors."""
    return decode(_read_bytes(path), str(path))


def read_lines(stream, name: str):
    """The lines of a JSON Lines stream as bytes, each at most :data:`MAX_FILE_BYTES`. A line past
    the limit is a one-line :class:`ProblemError` in its place (the rest of it is read past, a
    megabyte at a time, and the lines after it are read as usual); a stream that cannot be read
    raises one."""
    lineno = 0
    while True:
        lineno += 1
        line = _read_line(stream, name)
        if not line:
            return
        if len(line) <= MAX_FILE_BYTES:
            yield line
            continue
        while not line.endswith(b"\n") and line:  # the rest of the long line, never held whole
            line = _read_line(stream, name)
        yield ProblemError(name, f"line {lineno}", f"more than {MAX_FILE_BYTES >> 20} MB on one line, where a "
                           f"line holds a few KB; is this the right file?", lineno)


def _read_line(stream, name: str) -> bytes:
    try:
        return stream.readline(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ProblemError(name, "file", f"cannot read it: {e.strerror or e}") from None
    except ValueError as e:  # a closed stream
        raise ProblemError(name, "file", f"cannot read it: {e}") from None


def holds_nothing(what: str = "problem") -> str:
    """What a file without a single problem (or deal) is told (a silent exit 0 would pass for success)."""
    return f"holds no {what} (the file is empty, or blank lines only)"


# -- the text -----------------------------------------------------------------------

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
UTF16 = "UTF-16 text, not UTF-8 (save the file as UTF-8)"
_UTF8_BOM = b"\xef\xbb\xbf"


def decode(data: bytes, name: str, lineno: int | None = None) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); anything else is a one-line error."""
    where = f"line {lineno}" if lineno else "file"
    if lineno in (None, 1) and data.startswith(_UTF16_BOMS):
        raise ProblemError(name, "file", UTF16)
    if data.startswith(_UTF8_BOM) and lineno in (None, 1):
        data = data[len(_UTF8_BOM):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ProblemError(name, where, lineno=lineno, message=f"not UTF-8 text ({e.reason} at byte {e.start}"
                           f"{' of the line' if lineno else ''})") from None


def json_lines(lines, name: str, read):
    """What ``read(text, name, lineno)`` makes of each line of JSON Lines, as bytes or text (or
    the :class:`ProblemError` of each bad line in its place, and the one :func:`read_lines` gives
    for a line too long). ``read`` reports a bad line by raising ProblemError; blank lines are
    passed over."""
    for lineno, line in enumerate(lines, 1):
        if isinstance(line, ProblemError):  # a line :func:`read_lines` could not take
            yield line
            continue
        if lineno == 1 and isinstance(line, bytes) and line.startswith(_UTF16_BOMS):
            yield ProblemError(name, "file", UTF16)
            return  # every other line would be broken too
        try:
            text = decode(line, name, lineno) if isinstance(line, bytes) else line
            if lineno == 1 and text.startswith("\ufeff"):
                text = text[1:]
            if text.strip():
                yield read(text, name, lineno)
        except ProblemError as e:
            yield e


# -- documents ----------------------------------------------------------------------

_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_AT_END = re.compile(r"\s*\(at end of document\)$")


def toml_document(text: str, name: str = "<toml>") -> dict:
    """TOML text as its tables (a leading byte-order mark dropped); broken TOML is a
    :class:`ProblemError` naming the line."""
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        where = _TOML_WHERE.search(message)
        if where:
            message = f"{message[:where.start()]} (column {where.group(2)})"
            raise ProblemError(name, f"line {where.group(1)}", f"broken TOML: {message}") from None
        at_end = _TOML_AT_END.search(message)
        if at_end:
            message = message[:at_end.start()] + " (at the end)"
        raise ProblemError(name, f"line {text.count(chr(10)) + 1}", f"broken TOML: {message}") from None
    except (ValueError, RecursionError) as e:  # a number too long to convert, nesting too deep
        raise ProblemError(name, "file", f"broken TOML: {excerpt(str(e), 80)}") from None


def json_document(text: str, name: str, lineno: int | None = None):
    """JSON text as its value; broken JSON is a :class:`ProblemError` naming the line (``lineno``,
    the line of a JSON Lines stream, when given)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        line = lineno if lineno is not None else e.lineno
        raise ProblemError(name, f"line {line}", f"broken JSON: {e.msg} (column {e.colno})", lineno) from None
    except (ValueError, RecursionError) as e:  # a number too long to convert, nesting too deep
        where = f"line {lineno}" if lineno else "file"
        raise ProblemError(name, where, f"broken JSON: {excerpt(str(e), 80)}", lineno) from None


# -- the keys of a table ------------------------------------------------------------


def check_keys(table: dict, known, section: str, fail) -> None:
    """Every key of ``table`` (the section ``section`` of a document, ``""`` at its top) one of
    ``known``: the first that is not raises ``fail(field, message)``, the field naming the section
    and the key (a long key cut short) and the message :func:`unknown_key`'s. One checker for every
    format: problem files, pool records and deal lines, saved estimate questions."""
    known = tuple(known) if isinstance(known, (tuple, list)) else tuple(sorted(known))
    for key in table:
        if key not in known:
            shown = str(key) if len(str(key)) <= 30 else str(key)[:24] + "…" + str(key)[-5:]
            raise fail(f"{section}.{shown}" if section else shown, unknown_key(key, known))


def unknown_key(key, known, what: str = "key") -> str:
    """What a key not among ``known`` is told: ``unknown key; did you mean 'talon'?`` when one is
    close (most often it is a typo), else every key known (in the order given)."""
    close = difflib.get_close_matches(str(key), list(known), n=1)
    return f"unknown {what}; did you mean '{close[0]}'?" if close else f"unknown {what} (known: {', '.join(known)})"


# -- a text field that would act on the terminal ------------------------------------

_CONTROL_NAMES = {"\r": "CARRIAGE RETURN", "\n": "LINE FEED", "\t": "TAB", "\a": "BELL", "\b": "BACKSPACE",
                  "\x1b": "ESCAPE", "\x9b": "CONTROL SEQUENCE INTRODUCER"}
"""Names of the controls most often met (Python's unicodedata has none for them)."""

_BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that reorder the text around them (U+202E turns the rest of a line backwards)."""


def terminal_control(value: str, multiline: bool) -> str | None:
    """What is wrong with a text field that holds a character acting on the terminal instead
    of printing (a C0 or C1 control: CR, BEL, ESC, U+009B …; or a bidirectional control),
    naming the first and where it is; ``None`` when every character prints. A ``multiline``
    field (notes) may hold newlines and tabs."""
    bad = next((ch for ch in value if _acts_on_terminal(ch, multiline)), None)
    if bad is None:
        return None
    named = unicodedata.name(bad, _CONTROL_NAMES.get(bad, ""))
    return (f"control character U+{ord(bad):04X}{f' ({named})' if named else ''} at position "
            f"{value.index(bad) + 1}: it would act on the terminal instead of printing")


def _acts_on_terminal(ch: str, multiline: bool) -> bool:
    if multiline and ch in "\n\t":
        return False
    return unicodedata.category(ch) == "Cc" or ch in _BIDI_CONTROLS
