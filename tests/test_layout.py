"""The README's layout table holds: every module of solver/ and cli/ has its row, a module imports
only from its own row or the rows above (at the top of the file or inside a function alike), no
modules import each other in a circle, and the file formats read through ``preferans.parse``, not
the facade ``preferans.api``."""

import ast
import re

import pytest

from conftest import ROOT, module_name, module_path

PACKAGES = ("preferans", "preferans.cli")


def _modules() -> dict[str, ast.Module]:
    out = {}
    for top in PACKAGES:
        for path in sorted(module_path(top).rglob("*.py")):
            out[module_name(path)] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return out


MODULES = _modules()


def _imports(name: str, tree: ast.Module) -> set[str]:
    """The project's modules ``name`` imports anywhere in its file: ``from .x import y`` names
    ``x``, and ``x.y`` too when ``y`` is a module."""
    package = name if name in PACKAGES or _is_package(name) else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out |= {t for t in [target] + [f"{target}.{a.name}" for a in node.names] if t in MODULES}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in MODULES}
    return out - {name}


def _is_package(name: str) -> bool:
    return (module_path(name) / "__init__.py").exists()


IMPORTS = {name: _imports(name, tree) for name, tree in MODULES.items()}


def _rows() -> list[list[str]]:
    """The README's layout table, bottom up: each row's paths as its first cell names them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Layout"):readme.index("\n## ", readme.index("## Layout") + 1)]
    return [re.findall(r"`([^`]+)`", line.split("|")[1]) for line in table.splitlines() if line.startswith("| `")]


ROWS = _rows()


def _row(module: str) -> int | None:
    """The row of ``module``: the row naming the longest path that holds it."""
    path = module_path(module).relative_to(ROOT).as_posix()
    best = None
    for i, names in enumerate(ROWS):
        for named in names:
            named = named.rstrip("/").removesuffix(".py")
            if (path == named or path.startswith(named + "/")) and (best is None or len(named) > best[1]):
                best = (i, len(named))
    return None if best is None else best[0]


def test_the_table_is_read():
    assert len(ROWS) > 10 and ["solver/parse.py"] in ROWS and ["cli/"] in ROWS, ROWS


def test_every_module_has_its_row():
    """``solver/__init__.py`` is the package's surface, re-exporting from every row: it has none."""
    assert sorted(m for m in MODULES if m != "preferans" and _row(m) is None) == []


def test_a_module_imports_only_from_its_row_or_above():
    """``from preferans import collection`` counts as importing ``preferans.collection``, not the surface."""
    wrong = [f"{m} (row {_row(m) + 1}) imports {d} (row {_row(d) + 1})" for m in sorted(IMPORTS) if m != "preferans"
             for d in sorted(IMPORTS[m] - {"preferans"}) if _row(d) > _row(m)]
    assert wrong == []


def test_no_modules_import_each_other_in_a_circle():
    """Package ``__init__`` files are left out: a package gathers its own modules."""
    graph = {m: {d for d in deps if not _is_package(d)} for m, deps in IMPORTS.items() if not _is_package(m)}
    circles, state = [], {}

    def visit(m, path):
        state[m] = "open"
        for d in sorted(graph.get(m, ())):
            if state.get(d) == "open":
                circles.append(path[path.index(d):] + [d])
            elif d not in state:
                visit(d, path + [d])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert circles == []


def _reached(module: str) -> set[str]:
    seen, todo = set(), [module]
    while todo:
        for d in IMPORTS[todo.pop()] - seen:
            seen.add(d)
            todo.append(d)
    return seen


@pytest.mark.parametrize("fmt", ["preferans.problemfile", "preferans.scoring.records",
                                 "preferans.analysis.estimate.questionfile"])
def test_the_formats_read_through_parse_not_the_facade(fmt):
    reached = _reached(fmt)
    assert "preferans.parse" in reached and "preferans.api" not in reached, sorted(reached)
