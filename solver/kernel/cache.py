"""Where the compiled kernel is kept on disk, and the checks that keep that cache usable.

Numba writes one index (``.nbi``) and data files (``.nbc``) per function into
``CACHE_DIR/<folder of the source>_<hash of its path>/``. Three things can go wrong
there, and each would cost the user a traceback or a silent 20-60 s wait:

* the directory cannot be written (``PREF_CACHE_DIR`` names a file, a read-only
  place): Numba would fall back to the package's own ``__pycache__`` and compile on
  every run. Here the next usable place is taken instead, and ``NOTES`` says so;
* a file is damaged (truncated, overwritten): Numba's unpickling raises on every run
  until the file is deleted by hand. Here the damaged folder is removed before any
  kernel function loads, ``NOTES`` says so, and the kernel compiles again;
* another checkout of the same source shares the folder name but not Numba's
  sub-folder (keyed by the source path): :func:`is_compiled` looks at this
  checkout's own sub-folder, so the compile is announced there too.

Nothing here prints: :mod:`preferans.cli.runtime` shows ``NOTES`` and the compile notice.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import tempfile
from glob import escape as glob_escape
from pathlib import Path

import numba

KERNEL_DIR = Path(__file__).resolve().parent

NOTES: list[tuple[str, dict]] = []
"""What the user should hear about the cache, as ``(kind, fields)`` for the CLI to put into the
user's language (:func:`preferans.cli.runtime.cache_note`): ``("unusable", {"refused": [(folder,
path, why), …], "using": path or None})`` (``folder``: ``$PREF_CACHE_DIR``, ``$NUMBA_CACHE_DIR``,
``user`` or ``temp``; ``using`` None: nothing usable, the kernel compiles on every run), and
``("repaired", {"folder": path, "files": [names]})``."""


def _source_digest() -> str:
    """A hash of every kernel source (this module aside) and data file (the table of safe suits,
    which the compiled code holds as a constant), of Numba's version and of the package's import
    name (Numba's cached code imports its module by name again).

    Numba checks a cached function against its own file only, not the files of the
    functions it calls, so an edit to ``moves.py`` would leave ``search`` compiled
    with the old code. Keying the folder on all kernel sources rules that out.
    """
    digest = hashlib.sha256()
    for path in sorted([*KERNEL_DIR.glob("*.py"), *KERNEL_DIR.glob("*.bin")]):
        if path.name != "cache.py":  # this module compiles nothing
            digest.update(path.read_bytes())
    digest.update(numba.__version__.encode())
    digest.update(__name__.encode())
    return digest.hexdigest()[:16]


def _default_base() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "preferans-solver"


def _usable(folder: Path) -> str | None:
    """None if compiled code can be written to ``folder`` (made if missing), else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-"):
            pass
    except OSError as e:
        return e.strerror or type(e).__name__
    return None


def _choose_base() -> Path:
    """The first usable of ``$PREF_CACHE_DIR`` (or ``$NUMBA_CACHE_DIR``), the user's cache
    folder and a folder in the system's temporary directory; a note if one was passed over."""
    named = [(f"${v}", Path(os.environ[v])) for v in ("PREF_CACHE_DIR", "NUMBA_CACHE_DIR") if os.environ.get(v)][:1]
    candidates = named + [("user", _default_base()),
                          ("temp", Path(tempfile.gettempdir()) / f"preferans-solver-{os.getuid()}"
                           if hasattr(os, "getuid") else Path(tempfile.gettempdir()) / "preferans-solver")]
    refused = []
    for name, base in candidates:
        why = _usable(base / DIGEST)
        if why is None:
            if refused:
                NOTES.append(("unusable", {"refused": refused, "using": base}))
            return base
        refused.append((name, base, why))
    NOTES.append(("unusable", {"refused": refused, "using": None}))
    return candidates[0][1]


DIGEST = _source_digest()
CACHE_DIR = _choose_base() / DIGEST


def numba_folder() -> Path:
    """The sub-folder Numba uses for this checkout's kernel (its name hashes the source path)."""
    try:
        from numba.core.caching import _CacheLocator

        return CACHE_DIR / _CacheLocator.get_suitable_cache_subpath(str(KERNEL_DIR / "config.py"))
    except (ImportError, AttributeError):  # another Numba: look at the whole folder
        return CACHE_DIR


ENTRY_POINTS = ("drivers.value", "drivers.reaches", "drivers.card_values", "drivers.best_line",
                "drivers.batch_values", "split.split", "worlds.table_covers", "worlds.world_reaches",
                "worlds.world_values")
"""The kernel's entries, which :func:`preferans.engine.load_kernel` compiles (each compiles what it calls):
the double-dummy drivers, the defenders' split and the search at the table."""


def is_compiled() -> bool:
    """Whether compiled code for every entry of this kernel (:data:`ENTRY_POINTS`), from this
    checkout, is already on disk (Numba indexes a function's code as ``module.name-line…nbi``): a
    cache that holds only some of them, left by a run that used only those, is not."""
    folder = numba_folder()
    return folder.is_dir() and any(folder.glob("*.nbc")) and all(
        any(folder.glob(glob_escape(name) + "-*.nbi")) for name in ENTRY_POINTS)


def _damaged(path: Path) -> bool:
    """Whether a cache file cannot be what Numba wrote: empty, cut short (a pickle ends with
    its STOP opcode ``.``), or an index whose version header does not unpickle."""
    try:
        with open(path, "rb") as f:
            if path.suffix == ".nbi":  # small: the header (Numba's version) unpickles, the rest ends
                stream = io.BytesIO(f.read())
                return not isinstance(pickle.load(stream), str) or not stream.read().endswith(b".")
            f.seek(-1, io.SEEK_END)  # a data file can be large: its last byte is enough
            return f.read(1) != b"."
    except Exception:  # noqa: BLE001 -- whatever a damaged pickle raises, the file is damaged
        return True
    return False


def repair() -> None:
    """Remove the compiled code of every function with a damaged file (a note says so), so
    that Numba compiles those functions again instead of failing to unpickle them."""
    folder = numba_folder()
    if not folder.is_dir():
        return
    bad = [p for p in sorted(folder.glob("*.nb[ci]")) if _damaged(p)]
    if not bad:
        return
    for base in {_function_files(p) for p in bad}:  # a function's index and all its data files
        for path in folder.glob(glob_escape(base) + ".*"):
            path.unlink(missing_ok=True)
    NOTES.append(("repaired", {"folder": CACHE_DIR, "files": [p.name for p in bad]}))


def _function_files(path: Path) -> str:
    """``search.search-40.py311`` for ``search.search-40.py311.nbi`` and ``….py311.3.nbc``."""
    name = path.name.removesuffix(".nbi").removesuffix(".nbc")
    return name.rsplit(".", 1)[0] if path.suffix == ".nbc" else name
