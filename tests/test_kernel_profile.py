"""The profiler's parts that do not need perf (``benchmarks/kernel_profile.py``): it finds the kernel's
compiled functions in the process, each named once at its own address, reads their code, and counts
samples by window; without its tools it says which are missing and exits 2."""

import shutil

import pytest

from benchmarks import kernel_profile
from preferans import Engine, Game, Position

HANDS = (0xE0, 0xE000, 0xE00000)
NEEDS_BINUTILS = pytest.mark.skipif(shutil.which("nm") is None or shutil.which("objdump") is None,
                                    reason="nm and objdump (binutils) read the compiled code; not installed here")


@NEEDS_BINUTILS
def test_the_kernel_functions_are_found_apart_and_their_code_reads():
    engine = Engine()
    engine.value(Position(HANDS), Game.misere(0), 0)
    engine.value(Position(HANDS), Game.contract(6, 0, 0), 0)
    symbols = kernel_profile.kernel_symbols()
    names = [name for _, _, name in symbols]
    for name in ("search._search_misere", "search._search_contract", "search.exact_value", "drivers.value"):
        assert name in names
    for (a, size, name), (b, _, _) in zip(symbols, symbols[1:]):
        assert size > 0 and a + size <= b, name  # by address, none overlapping the next
    start, size, _ = symbols[names.index("search._search_misere")]
    code = kernel_profile.disassembly(start, size)
    assert min(code) == start and max(code) < start + size
    assert any(line.startswith("ret") for line in code.values())


def test_samples_are_counted_by_window_of_the_function():
    ips = [1000, 1001, 1127, 1128, 1300, 999, 2000]
    assert kernel_profile.windows(ips, 1000, 1000) == {0: 3, 128: 1, 256: 1}


def test_a_missing_tool_is_named_and_exits_2(monkeypatch, capsys):
    monkeypatch.setattr(kernel_profile.shutil, "which", lambda tool: None if tool == "perf" else "/usr/bin/" + tool)
    assert kernel_profile.main(["--seconds", "1"]) == 2
    assert "perf not found" in capsys.readouterr().err
