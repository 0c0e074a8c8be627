"""Files a command writes besides stdout (a report, a figure): checked before the work, written or failing loudly.

A long run must not end with its results lost: the place is checked before the work
starts (the folder exists and may be written, the name is not a folder), and a write
that fails afterwards (a full disk, ``/dev/full``) is one line and exit code 2, as a
lost stdout is (:mod:`preferans.cli.app`), never exit 0.
"""

from __future__ import annotations

import os

from .errors import UserError


def check_writable(path: str, option: str) -> None:
    """Refuse, before any work, a ``path`` that cannot be written (one line naming ``option``)."""
    folder = os.path.dirname(path) or "."  # as written: "sub/../x" needs sub, whatever abspath says
    if os.path.isdir(path):
        raise UserError(f"{option}: {path} is a folder, not a file")
    if not os.path.isdir(folder):
        raise UserError(f"{option}: cannot write {path}: the folder {folder} does not exist")
    if os.path.exists(path) and not os.access(path, os.W_OK) or not os.path.exists(path) and not os.access(folder, os.W_OK):
        raise UserError(f"{option}: cannot write {path}: permission denied")


def check_outputs(outputs, inputs=()) -> None:
    """Refuse, before any work, outputs (``(option, path)`` pairs; None: not asked for) that would
    lose something: an empty path (it would write nothing, silently), a path that is one of the
    ``inputs`` (the question would be overwritten), or two outputs in one file (one would
    overwrite the other); each must be writable (:func:`check_writable`)."""
    taken: list[tuple[str, str]] = []
    for option, path in outputs:
        if path is None:
            continue
        if not str(path).strip():
            raise UserError(f"{option}: {path!r}: an empty path names no file")
        check_writable(path, option)
        for given in inputs:
            if _same_file(path, given):
                raise UserError(f"{option}: {path} is the input {given}: it would be overwritten; "
                                f"write the output to another file")
        for other, earlier in taken:
            if _same_file(path, earlier):
                raise UserError(f"{option}: {path} is also {other}'s file: each output needs a file of its own")
        taken.append((option, path))


def _same_file(a: str, b: str) -> bool:
    """Whether two names are one file: the same path once links are resolved, or (for files that
    exist) the same device and inode, a hard link too."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def write(path: str, data: str | bytes, option: str) -> None:
    """Write ``data`` whole to ``path``, or fail with one line naming ``option``."""
    try:
        if isinstance(data, str):
            with open(path, "w", encoding="utf-8") as f:
                f.write(data)
        else:
            with open(path, "wb") as f:
                f.write(data)
    except OSError as e:
        raise UserError(f"{option}: cannot write {path}: {e.strerror or e}") from None
