"""What the tests share: the ``--runslow`` switch, the markers of the quick tier, the
Kovalevskaya problem written once, and one board server for the board's tests.

The quick tier (README) is ``python3 -m pytest -m "not browser"``: everything but the
tests that drive a real browser. Exhaustive checks are marked ``slow`` and run only with
``--runslow``.
"""

import copy
import json
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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


def toml_text(data: dict) -> str:
    """A tiny TOML writer for the flat sections problem files use (independent of
    :func:`solver.problemfile.dumps`, so the reader is not tested against its own writer)."""
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


@pytest.fixture
def kovalevskaya() -> dict:
    """Kovalevskaya's misère as a problem object (a fresh copy: change it freely)."""
    return copy.deepcopy(KOVALEVSKAYA)


@pytest.fixture
def kovalevskaya_toml() -> str:
    """Kovalevskaya's misère as a problem file's text."""
    return toml_text(KOVALEVSKAYA)


@pytest.fixture(scope="session")
def board_server():
    """One ``pref board`` server on a free port for the session, its kernel loaded first
    (so a first compile is not counted against a test's timeout)."""
    from cli.board.server import BoardServer

    board = BoardServer(0)
    board.warm_up().join()
    thread = threading.Thread(target=board.serve_forever, daemon=True)
    thread.start()
    yield board
    board.shutdown()
    board.server_close()


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the exhaustive checks marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="exhaustive check: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
