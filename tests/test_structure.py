"""The kit's layout rules, checked on the source itself.

- No module touches a private name (``_name``) that another module owns: ``game._s``,
  ``graph._succ``... A module may use the private names it defines itself; the engine's
  private fields (``Game``'s and its state's) are touched only by the engine's own state and
  game modules. What others need, the owner offers publicly.
- No module imports another module's private names (``from .explorers import _Explorer``).
- The core never imports ipywidgets; production code never imports the tests.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Packages whose code must keep to the public API of the objects it uses.
CHECKED = (
    "carnuta_core",
    "carnival_core",
    "carcata_core",
    "karnak_core",
    "tabletop",
    "widgets",
    "exercises/kit",
    "benchmarks",
    "lesson_data",
)
#: The engine's own state and game modules: they own the private fields they touch.
OWNERS = {
    "carnuta_core/game.py",
    "carnuta_core/state.py",
    "carnival_core/game.py",
    "carnival_core/state.py",
    "carcata_core/game.py",
    "carcata_core/state.py",
    "karnak_core/game.py",
    "karnak_core/state.py",
}


def python_files(folders: tuple[str, ...]) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


#: The private fields of ``Game`` and its state: only their owners may touch them.
ENGINE_PRIVATE = {"_s", "_index", "_start", "_undo", "_events"}
#: Underscored names that are public API (named tuples').
PUBLIC_UNDERSCORED = {"_replace", "_asdict", "_fields", "_make"}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_private_names(tree: ast.AST) -> set[str]:
    """Private names a module defines: functions, classes, methods and ``self._x`` fields."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in ("self", "cls") and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # names in __slots__
    return {n for n in names if _is_private(n)}


def private_accesses(path: Path) -> list[str]:
    """``file:line .name`` for every ``x._name`` (``x`` not ``self``/``cls``) whose name the
    module does not define itself, or that is one of the engine's private fields."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    own = defined_private_names(tree) - ENGINE_PRIVATE
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _is_private(node.attr):
            continue
        name = node.attr
        if name in PUBLIC_UNDERSCORED or name in own:
            continue
        owner = node.value
        if (
            isinstance(owner, ast.Name)
            and owner.id in ("self", "cls")
            and name not in ENGINE_PRIVATE
        ):
            continue
        found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{name}")
    return found


def test_no_module_reaches_into_private_names() -> None:
    offenders = [
        hit
        for path in python_files(CHECKED)
        if str(path.relative_to(ROOT)) not in OWNERS
        for hit in private_accesses(path)
    ]
    assert not offenders, "private names used from outside their owner:\n" + "\n".join(offenders)


def private_imports(path: Path) -> list[str]:
    """``file:line name`` for every private name imported from another module
    (``from .explorers import _Explorer``): shared code lives under a public name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{path.relative_to(ROOT)}:{node.lineno} {alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if _is_private(alias.name)
    ]


def test_no_module_imports_another_modules_private_names() -> None:
    offenders = [hit for path in python_files(CHECKED) for hit in private_imports(path)]
    assert not offenders, "private names imported from another module:\n" + "\n".join(offenders)


@contextmanager
def sample_module(name: str, source: str) -> Iterator[Path]:
    """``tests/<name>`` holding ``source`` while the block runs (the checkers name a file by
    its path from the checkout's root)."""
    sample = ROOT / "tests" / name
    sample.write_text(source, encoding="utf-8")
    try:
        yield sample
    finally:
        sample.unlink()


def test_the_checker_sees_a_private_import() -> None:
    source = "from widgets.explorers import _Explorer\n"
    with sample_module("_sample_private_import.py", source) as sample:
        assert private_imports(sample) == ["tests/_sample_private_import.py:1 _Explorer"]


def test_the_checker_sees_a_private_access() -> None:
    source = "def f(game):\n    return game._s\n"
    with sample_module("_sample_private_access.py", source) as sample:
        assert private_accesses(sample) == ["tests/_sample_private_access.py:2 ._s"]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    "folder", ["carnuta_core", "carnival_core", "carcata_core", "karnak_core", "tabletop"]
)
def test_the_core_has_no_ui_imports(folder: str) -> None:
    for path in python_files((folder,)):
        ui = {m for m in imported_modules(path) if m.split(".")[0] in ("ipywidgets", "widgets")}
        assert not ui, f"{path.relative_to(ROOT)} imports {sorted(ui)}"


def test_production_code_never_imports_the_tests() -> None:
    """Not in code, and not in doctests either (they run as the module's documentation)."""
    pattern = re.compile(r"\b(from|import)\s+tests\b")
    for path in python_files(
        (
            "carnuta_core",
            "carnival_core",
            "carcata_core",
            "karnak_core",
            "tabletop",
            "widgets",
            "exercises/kit",
        )
    ):
        text = path.read_text(encoding="utf-8")
        assert not pattern.search(text), f"{path.relative_to(ROOT)} imports the tests"
