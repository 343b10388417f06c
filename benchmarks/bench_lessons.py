"""Lesson speed: each lesson and exercise notebook run top to bottom from a fresh kernel.

Run: ``python benchmarks/bench_lessons.py [--repeat 1] [NOTEBOOK ...]``. For each notebook it
prints the wall-clock seconds of a restart-and-run-all (a new kernel each time, its start
included, as a student meets it) and marks those over the 30-second budget a class session
allows. The slowest cells are listed too, since they are where a lesson would need a
precomputed result (``lesson_data/``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 30.0


def notebooks() -> list[Path]:
    found = [
        *sorted((ROOT / "notebooks").glob("*.ipynb")),
        *sorted((ROOT / "notebooks" / "fr").glob("*.ipynb")),
        *sorted((ROOT / "exercises" / "solutions").glob("*.ipynb")),
    ]
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def run_once(path: Path) -> tuple[float, list[tuple[float, int]]]:
    """(wall seconds of the whole run, [(seconds, cell index)] of its code cells)."""
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    cells: list[tuple[float, int]] = []
    start = time.perf_counter()
    with client.setup_kernel(env={**os.environ, "PYTHONPATH": python_path}):
        for index, cell in enumerate(notebook.cells):
            began = time.perf_counter()
            client.execute_cell(cell, index)
            if cell.cell_type == "code":
                cells.append((time.perf_counter() - began, index))
    return time.perf_counter() - start, cells


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every lesson")
    parser.add_argument("--repeat", type=int, default=1, help="runs per notebook (median)")
    args = parser.parse_args()
    paths = [p.resolve() for p in args.notebooks] or notebooks()
    print(
        f"Restart and run all, a fresh kernel each run (median of {args.repeat}); budget {BUDGET:.0f} s"
    )
    over = []
    for path in paths:
        runs = [run_once(path) for _ in range(args.repeat)]
        wall = statistics.median(r[0] for r in runs)
        slowest = sorted(runs[0][1], reverse=True)[:2]
        cells = ", ".join(f"cell {i} {s:.1f} s" for s, i in slowest)
        mark = "  OVER BUDGET" if wall > BUDGET else ""
        print(f"  {str(path.relative_to(ROOT)):52s} {wall:6.1f} s   (slowest: {cells}){mark}")
        if wall > BUDGET:
            over.append(path.name)
    print(
        f"{len(paths) - len(over)} of {len(paths)} notebooks within {BUDGET:.0f} s"
        + (f"; over: {', '.join(over)}" if over else "")
    )


if __name__ == "__main__":
    main()
