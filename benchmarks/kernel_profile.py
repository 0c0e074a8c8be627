"""Where the compiled search spends its time: a perf profile with the kernel's functions named (run as
a script; a measurement for docs/performance.md, not a test). Needs ``perf``, ``nm`` and ``objdump``.

    python benchmarks/kernel_profile.py [--kind misere] [--seconds 30] [--deals 100] [--top 25]

Numba's compiled code carries no symbols, so perf alone puts every sample on an anonymous mapping.
This script finds the kernel's functions in its own process (their names read from the object code
in the kernel's disk cache, their addresses from Numba's JIT engine), writes them to
``/tmp/perf-PID.map`` (perf's map for code made at run time), then solves ``pref bench``'s deals of
one kind in a loop, each on a cleared table, while ``perf record -e cpu-clock`` samples the process
(a software clock: no hardware counters needed). It prints the share of the samples by function,
and in the busiest kernel function the costliest 128-byte windows and instructions, disassembled
from the code in memory by ``objdump``: the search is one function with its helpers inlined, so the
instruction is the finest name a sample gets.
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

TOOLS = ("perf", "nm", "objdump")


def _object_files(value):
    """The ELF object files inside an unpickled cache entry (Numba keeps a function's machine code
    there as an object file beside its bitcode)."""
    if isinstance(value, bytes):
        if value[:4] == b"\x7fELF":
            yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _object_files(item)


def kernel_symbols() -> list[tuple[int, int, str]]:
    """``(address, size, name)`` of every kernel function loaded in this process, by address; the
    name is the cache file's (``search._search_misere``). Call it after a solve of each kind to be
    profiled, so that the functions are loaded."""
    from numba.core.registry import cpu_target

    from preferans.kernel import cache

    engine = cpu_target.target_context.codegen()._engine
    found = {}
    with tempfile.TemporaryDirectory() as scratch:
        obj = Path(scratch) / "entry.o"
        for path in sorted(cache.numba_folder().glob("*.nbc")):
            try:
                entry = pickle.loads(path.read_bytes())
            except Exception:  # noqa: BLE001 -- an entry of another Numba version: not ours to read
                continue
            label = path.name.split("-")[0]
            for code in _object_files(entry):
                obj.write_bytes(code)
                listing = subprocess.run(["nm", "-S", "--defined-only", str(obj)], capture_output=True,
                                         text=True, check=True).stdout
                for line in listing.splitlines():
                    fields = line.split()
                    if len(fields) != 4 or fields[2] not in "tT" or fields[3].startswith(("cfunc.", "_ZN7cpython")):
                        continue
                    address = engine.get_function_address(fields[3])
                    if address:
                        found[address] = (address, int(fields[1], 16), label)
    return sorted(found.values())


def write_perf_map(symbols, pid: int) -> Path:
    """perf's map for this process: one ``START SIZE NAME`` line a function, in hex."""
    path = Path(f"/tmp/perf-{pid}.map")
    path.write_text("".join(f"{a:x} {s:x} {name}\n" for a, s, name in symbols))
    return path


def windows(ips, start: int, size: int, width: int = 128) -> Counter:
    """The samples of one function by ``width``-byte window from its start."""
    return Counter((ip - start) // width * width for ip in ips if start <= ip < start + size)


def disassembly(start: int, size: int) -> dict[int, str]:
    """The function's instructions by address, from its code in this process's memory."""
    with tempfile.NamedTemporaryFile(suffix=".bin") as code:
        code.write(ctypes.string_at(start, size))
        code.flush()
        out = subprocess.run(["objdump", "-D", "-b", "binary", "-m", "i386:x86-64", f"--adjust-vma={start:#x}",
                              code.name], capture_output=True, text=True, check=True).stdout
    lines = {}
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)", line)
        if m and m.group(2).strip():
            lines[int(m.group(1), 16)] = m.group(2).strip()
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", default="misere", choices=("contract", "misere", "raspasy"))
    parser.add_argument("--seconds", type=float, default=30.0, help="how long perf samples (default 30)")
    parser.add_argument("--deals", type=int, default=100, help="pref bench's first DEALS deals (default 100)")
    parser.add_argument("--top", type=int, default=25, help="windows and instructions listed (default 25)")
    args = parser.parse_args(argv)
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"kernel_profile: {', '.join(missing)} not found (perf from linux-perf or linux-tools, nm and "
              "objdump from binutils)", file=sys.stderr)
        return 2
    if not 1 <= args.deals <= 1000 or not args.seconds > 0:
        print("kernel_profile: --deals takes 1 to 1000, --seconds a positive number", file=sys.stderr)
        return 2

    from preferans import Engine
    from preferans.benchmark import deals, job

    engine = Engine()
    solves = [s for deal in deals(args.deals) for s in job(args.kind, deal)]
    for position, game, focus in solves[:10]:
        engine.clear()
        engine.value(position, game, focus)
    symbols = kernel_symbols()
    if not symbols:
        print("kernel_profile: no compiled kernel function found in this process", file=sys.stderr)
        return 1
    perf_map = write_perf_map(symbols, os.getpid())
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "perf.data"
        recorder = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-F", "4000", "-p", str(os.getpid()),
                                     "-o", str(data), "--", "sleep", str(args.seconds)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)  # perf attaches
        nodes, clock, jobs = engine.searcher.nodes, time.process_time(), 0
        for position, game, focus in itertools.cycle(solves):
            if recorder.poll() is not None:
                break
            engine.clear()
            engine.value(position, game, focus)
            jobs += 1
        nodes, clock = engine.searcher.nodes - nodes, time.process_time() - clock
        if recorder.returncode != 0:
            print(f"kernel_profile: perf record failed: {recorder.stderr.read().strip()}", file=sys.stderr)
            return 1
        script = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip,sym"], capture_output=True, text=True)
    perf_map.unlink(missing_ok=True)
    samples = [line.split(None, 1) for line in script.stdout.splitlines() if line.strip()]
    ips = [int(s[0], 16) for s in samples]
    by_symbol = Counter(s[1].strip() if len(s) > 1 else "?" for s in samples)
    total = len(samples)
    print(f"{args.kind}: {jobs} jobs, {nodes:,} nodes, {nodes / clock / 1e6:.1f} Mnodes/s of process CPU "
          f"(with perf attached); {total} samples")
    for name, n in by_symbol.most_common(8):
        print(f"  {100 * n / total:5.1f} %  {name}")
    kernel = {name: (a, s) for a, s, name in symbols}
    hottest = max(kernel, key=lambda name: by_symbol.get(name, 0))
    start, size = kernel[hottest]
    inside = [ip for ip in ips if start <= ip < start + size]
    if not inside:
        return 0
    code = disassembly(start, size)
    print(f"\n{hottest} ({size:,} bytes of code): the costliest 128-byte windows, share of its samples")
    for offset, n in windows(inside, start, size).most_common(args.top):
        print(f"  +{offset:#06x}  {100 * n / len(inside):5.2f} %")
    print("\nthe costliest instructions")
    for ip, n in Counter(inside).most_common(args.top):
        print(f"  +{ip - start:#06x}  {100 * n / len(inside):5.2f} %  {code.get(ip, '?')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
