"""What the tests share: the ``--runslow`` switch, the markers of the quick tier, the
Kovalevskaya problem written once, a small problem and the writing of input files for the
tests of bad input, and one board server for the board's tests; under pytest-xdist (the
README's ``-n auto``), the kernel compiled once before the workers start.

The quick tier (README) is ``python3 -m pytest -m "not browser and not heavy"``: everything
but the tests that drive a real browser and those of a second or more of CPU (``heavy``: the
large sets of the brute-force comparisons, whose small sets stay). Exhaustive checks are
marked ``slow`` and run only with ``--runslow``.
"""

import copy
import functools
import json
import os
import signal
import subprocess
import sys
import threading
import tomllib
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["setuptools"]["package-dir"]
"""Import name -> the repository's folder (pyproject.toml's package-dir): ``solver/`` is
``preferans``, ``cli/`` is ``preferans.cli``, ``problems/`` is ``preferans.bundled_problems``."""


def module_name(path: Path) -> str:
    """The name a source file (or package folder) of the repository is imported by."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    for name, folder in PACKAGE_DIRS.items():
        if parts[:len(folder.split("/"))] == folder.split("/"):
            return ".".join([name, *parts[len(folder.split("/")):]])
    raise ValueError(f"{path} is in no package of pyproject.toml's package-dir")


def module_path(name: str) -> Path:
    """The repository's file (without ``.py``) or folder of the module called ``name``."""
    top = max((n for n in PACKAGE_DIRS if name == n or name.startswith(n + ".")), key=len)
    return ROOT.joinpath(PACKAGE_DIRS[top], *name[len(top):].split(".")[1:])


KOVALEVSKAYA_FILE = ROOT / "problems" / "kovalevskaya-misere.toml"
"""The collection's file: notes, key and all (tests that read a real problem file use it)."""

KOVALEVSKAYA = {
    "title": "Kovalevskaya's misère",
    "source": "S. Kovalevskaya",
    "deal": {"A": "♠JQ ♣79 ♦10JQK ♥7J", "B": "♠78910 ♣8 ♦789 ♥89", "C": "♠KA ♣10JQ ♦A ♥10QKA",
             "talon": "KC AC"},
    "game": {"kind": "misere", "declarer": "B"},
    "expect": {"tricks": 1},
}
"""Kovalevskaya's misère, the fields a test changes one at a time (B is caught: 1 trick)."""


def assert_clean_error(result, code: int = 2, lines: int = 1):
    """A click result that failed as the CLI promises: the exit code, no traceback, and
    ``lines`` lines on stderr (returned)."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    err = result.stderr.strip().splitlines()
    assert len(err) == lines, result.stderr
    return err


RESTORE_SIGINT = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
"""The start of a child's script that is sent Ctrl-C: a suite run with SIGINT ignored (under
``nohup``, started in the background, as CI runners do) passes the ignore on to every child, and
a Python started so never raises KeyboardInterrupt; this gives the child what a terminal gives."""


def pref_command(*args, python_flags=()) -> list[str]:
    """``pref ARGS`` as a child process's command, the SIGINT of a terminal restored."""
    return [sys.executable, *python_flags, "-c", RESTORE_SIGINT + "from preferans.cli.main import main; main()",
            *map(str, args)]


@contextmanager
def child(command, timeout: float = 300, **kwargs):
    """A child process (``subprocess.Popen``'s arguments, run from the repository) for a test,
    in a session of its own: after ``timeout`` seconds, or when the test ends however it ends,
    it is killed with every process it started (a read of its output blocked then ends too).
    None is left running."""
    process = subprocess.Popen(command, start_new_session=True, **{"cwd": ROOT, **kwargs})
    timer = threading.Timer(timeout, _kill_group, (process,))
    timer.daemon = True
    timer.start()
    try:
        yield process
    finally:
        timer.cancel()
        _kill_group(process)
        process.communicate()  # reaps it and closes its pipes


def run_child(command, timeout: float = 300, input=None, **kwargs) -> subprocess.CompletedProcess:
    """:func:`subprocess.run` through :func:`child`: killed with its own children after ``timeout``."""
    if input is not None:
        kwargs["stdin"] = subprocess.PIPE
    with child(command, timeout, **kwargs) as process:
        out, err = process.communicate(input, timeout=timeout)
    return subprocess.CompletedProcess(command, process.returncode, out, err)


def _kill_group(process: subprocess.Popen) -> None:
    """SIGKILL to the child's whole group, while the child is alive (its group id is then its own)."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@functools.cache
def _bound_oracle():
    from preferans import Engine, Options

    return Engine(Options(misere_bounds=False, defender_leads=False, rank_skip=False, safe_suits=False))


def trick_start_value(game, focus, hands, leader, cooperative=False) -> int:
    """The focus player's tricks from a trick start, for the tests of the misère bounds: the brute
    force up to 4 cards a hand; beyond, where it is too slow, the search with the misère bounds and the
    shortcuts built on them off (itself held to the brute force by tests/test_search_vs_reference.py)."""
    from preferans import Position, reference

    position = Position(hands, leader, ())
    if bin(hands[0]).count("1") <= 4:
        return reference.value(position, game, focus, cooperative)
    return _bound_oracle().value(position, game, focus, cooperative)


def partition_mate(rng, hands, relevant: int) -> tuple[int, int, int]:
    """A random position of the partition that a bound's ``relevant`` cards name, as the table keeps
    it: in each suit the live cards below the lowest relevant one are dealt afresh among their holders
    (each keeps his number of them)."""
    out = [0, 0, 0]
    for s in range(4):
        live = [c for c in range(8 * s, 8 * s + 8) if any(h >> c & 1 for h in hands)]
        rel = [c for c in live if relevant >> c & 1]
        low = min(rel) if rel else 8 * s + 8
        fixed = [c for c in live if c >= low]
        loose = [c for c in live if c < low]
        owners = [next(p for p in range(3) if hands[p] >> c & 1) for c in loose]
        rng.shuffle(owners)
        for c, p in zip(loose, owners):
            out[p] |= 1 << c
        for c in fixed:
            out[next(p for p in range(3) if hands[p] >> c & 1)] |= 1 << c
    return tuple(out)


def toml_text(data: dict) -> str:
    """A tiny TOML writer for the flat sections problem files use (independent of
    :func:`preferans.problemfile.dumps`, so the reader is not tested against its own writer)."""
    lines = []
    for key, value in data.items():
        if not isinstance(value, dict):
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    for section, table in data.items():
        if isinstance(table, dict):
            lines.append(f"[{section}]")
            for key, value in table.items():
                if isinstance(value, dict):
                    inner = ", ".join(f"{k} = {json.dumps(v)}" for k, v in value.items())
                    lines.append(f"{key} = {{{inner}}}")
                else:
                    lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


SMALL = {"deal": {"A": "♠AK", "B": "♠QJ", "C": "♣AK"},
         "game": {"kind": "contract", "contract": "6S", "declarer": "A"}, "expect": {"tricks": 2}}
"""A problem of two tricks, solved at once: A's ♠A and ♠K take both."""


def write(folder: Path, name: str, text) -> Path:
    """``text`` (str: as UTF-8; bytes: as they are) written to ``folder/name``."""
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def jsonl(*lines) -> str:
    """JSON Lines of the objects given (a str is a line as written: a broken one, say)."""
    return "".join((line if isinstance(line, str) else json.dumps(line, ensure_ascii=False)) + "\n" for line in lines)


def with_(problem: dict, **changes) -> dict:
    """A copy of ``problem`` with ``section__key=value`` changed: ``with_(SMALL, expect__tricks=1)``."""
    out = copy.deepcopy(problem)
    for path, value in changes.items():
        section, key = path.split("__")
        out[section][key] = value
    return out


@pytest.fixture
def kovalevskaya() -> dict:
    """Kovalevskaya's misère as a problem object (a fresh copy: change it freely)."""
    return copy.deepcopy(KOVALEVSKAYA)


@pytest.fixture
def kovalevskaya_toml() -> str:
    """Kovalevskaya's misère as a problem file's text."""
    return toml_text(KOVALEVSKAYA)


@pytest.fixture(scope="session", autouse=True)
def kernel_loaded():
    """Every entry of the kernel compiled, or loaded from the disk cache, before the first test: a
    command a test runs then never prints the compile notice ahead of its output (a cold cache, as in
    CI, otherwise puts it into the first command's JSON). The notice itself is tested in a child
    process with a cache folder of its own (test_process.py)."""
    from preferans.engine import load_kernel

    load_kernel()


@pytest.fixture(scope="session")
def board_server():
    """One ``pref board`` server on a free port for the session, its kernel loaded first
    (so a first compile is not counted against a test's timeout)."""
    from preferans.cli.board.server import BoardServer

    board = BoardServer(0)
    board.warm_up().join()
    thread = threading.Thread(target=board.serve_forever, daemon=True)
    thread.start()
    yield board
    board.shutdown()
    board.server_close()


WORKERS_AT_MOST = 8


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker a core, at most :data:`WORKERS_AT_MOST` (each loads the kernel and opens
    a browser of its own; more than that is more loading than the suite's few minutes repay)."""
    from preferans.workers import cores

    return min(cores(), WORKERS_AT_MOST)


def pytest_configure(config):
    """Under pytest-xdist the kernel is compiled here, once, in the controlling process before the
    workers start: each worker then loads it from the disk cache in a second or two, instead of every
    worker compiling it at the same time on a cold cache."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        from preferans.engine import load_kernel
        from preferans.kernel.cache import is_compiled

        if not is_compiled():
            print("compiling the search kernel once for the workers (a cold cache: a few minutes)...",
                  file=sys.stderr, flush=True)
        load_kernel()


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the exhaustive checks marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="exhaustive check: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
