"""The package's import name before it became ``preferans``, for harnesses written against it.

An outside benchmark harness (the peer comparison of docs/performance.md) imports
``solver.engine``, ``solver.rules``, ``solver.notation``, ``solver.cards`` and
``solver.benchmark``. Run it with ``PYTHONPATH=benchmarks/peer``: this package makes each of
those names the ``preferans`` module itself (one copy of each, so the compiled kernel is the
installed one and its disk cache serves). It is not installed with the package.
"""

import importlib
import sys

for _name in ("engine", "rules", "notation", "cards", "benchmark"):
    sys.modules[f"{__name__}.{_name}"] = globals()[_name] = importlib.import_module(f"preferans.{_name}")
