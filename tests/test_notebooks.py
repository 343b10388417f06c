"""Every lesson and exercise notebook: committed clean, no name defined twice, runs top to bottom
(the lessons run in `make docs`: tests/test_docs.py checks those runs)."""

from __future__ import annotations

import ast
import os
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.conftest import IDS, LESSONS, NOTEBOOKS, ROOT


def code_cells(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def bound_names(source: str) -> list[str]:
    """Top-level names a cell binds: assignments, defs, classes and imports."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    tree = ast.parse("\n".join(lines))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.extend(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend((a.asname or a.name).split(".")[0] for a in node.names)
    return [n for n in names if n != "_"]


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_committed_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    stale = [
        i
        for i, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)
    ]
    assert not stale, f"{path.name}: cells {stale} carry outputs; clear them before committing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_name_defined_twice(path: Path) -> None:
    seen: dict[str, int] = {}
    for number, source in enumerate(code_cells(path)):
        for name in bound_names(source):
            assert name not in seen, (
                f"{path.name}: {name!r} is defined in code cell {seen[name]} and again in "
                f"code cell {number}; give the new one its own name"
            )
            seen[name] = number


def is_blank_exercise_sheet(path: Path) -> bool:
    """A student's exercise notebook as handed out: its checks fail until answered."""
    return path.parent in (ROOT / "exercises", ROOT / "exercises" / "fr")


#: The notebooks ``make docs`` does not run (tests/test_docs.py checks the lessons' runs there):
#: the exercise sheets, their solutions and the play tables.
UNBUILT = [path for path in NOTEBOOKS if path.relative_to(ROOT) not in LESSONS]


@pytest.mark.parametrize("path", UNBUILT, ids=[str(p.relative_to(ROOT)) for p in UNBUILT])
def test_restart_and_run_all(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    blank = is_blank_exercise_sheet(path)
    client = NotebookClient(
        notebook,
        timeout=240,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        allow_errors=blank,
    )
    # The kernel imports the kit from this checkout, installed or not.
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    start = time.perf_counter()
    client.execute(env={**os.environ, "PYTHONPATH": python_path})
    print(f"{path.name}: {time.perf_counter() - start:.1f} s")
    if blank:
        # Every check cell, and only they, stops with the ✗ of a missing answer.
        for cell in notebook.cells:
            errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
            is_check = cell.metadata.get("nbgrader", {}).get("grade", False)
            assert len(errors) == (1 if is_check else 0), cell.source
            if errors:
                blank_words = (
                    "pas encore de réponse" if path.parent.name == "fr" else "no answer yet"
                )
                assert errors[0].ename == "WrongAnswer" and blank_words in errors[0].evalue
