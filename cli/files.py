"""Files a command writes besides stdout (a report, a figure): checked before the work, written or failing loudly.

A long run must not end with its results lost: the place is checked before the work
starts (the folder exists and may be written, the name is not a folder), and a write
that fails afterwards (a full disk, ``/dev/full``) is one line and exit code 2, as a
lost stdout is (:mod:`cli.app`), never exit 0.
"""

from __future__ import annotations

import os

from .errors import UserError


def check_writable(path: str, option: str) -> None:
    """Refuse, before any work, a ``path`` that cannot be written (one line naming ``option``)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UserError(f"{option}: {path} is a folder, not a file")
    if not os.path.isdir(folder):
        raise UserError(f"{option}: cannot write {path}: the folder {folder} does not exist")
    if os.path.exists(path) and not os.access(path, os.W_OK) or not os.path.exists(path) and not os.access(folder, os.W_OK):
        raise UserError(f"{option}: cannot write {path}: permission denied")


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
