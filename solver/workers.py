"""How many workers this machine can carry: one per core, each with its table in memory.

Every parallel job here (estimate's threads, batch_values' threads, the book's processes)
gives each worker a transposition table of its own, so a worker costs memory as well as
a core. Past one worker per core the search only slows down (the kernel is CPU-bound);
past the free memory the run ends in ``MemoryError`` or "can't start new thread". So the
number asked for is capped by both; the figures never depend on it.
"""

from __future__ import annotations

import os

TABLE_ENTRY_BYTES = 32
"""Bytes per table entry: ``kernel.tt.ENTRY_BYTES`` (not imported: that would load the kernel)."""

PROCESS_BYTES = 170 << 20
"""A worker process (``pref book``): the interpreter, NumPy and the loaded kernel (~130 MB,
measured as peak RSS of one book worker) plus its table."""

MEMORY_SHARE = 0.75
"""The share of the available memory the workers may take together."""


def table_bytes(log2_size: int) -> int:
    """The memory of one table of 2**log2_size entries."""
    return TABLE_ENTRY_BYTES << log2_size


def cores() -> int:
    """The cores this process may run on (its affinity where the OS says, else every core)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def available_memory() -> int | None:
    """Bytes of memory free for new work (Linux's MemAvailable, else the physical memory), or None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None


def worker_limit(bytes_each: int) -> tuple[int, str]:
    """The most workers of ``bytes_each`` memory the machine carries, and why (for a note)."""
    n_cores = cores()
    memory = available_memory()
    by_memory = max(1, int(memory * MEMORY_SHARE) // bytes_each) if memory else n_cores
    if by_memory < n_cores:
        return by_memory, (f"the free memory ({memory / 2**30:.1f} GB) holds {by_memory} worker(s) "
                           f"of {bytes_each / 2**20:.0f} MB")
    return n_cores, f"this machine has {n_cores} core(s)"


def cap_workers(requested: int | None, bytes_each: int) -> tuple[int, str | None]:
    """``requested`` workers (None: as many as the machine carries), capped; with a note when
    the cap cut the number asked for, else None."""
    limit, why = worker_limit(bytes_each)
    if requested is None:
        return limit, None
    requested = max(1, int(requested))
    if requested <= limit:
        return requested, None
    return limit, f"{requested} capped at {limit}: {why}"
