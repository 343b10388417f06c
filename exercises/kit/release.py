"""Student notebooks from the instructor solutions, the way ``nbgrader generate_assignment`` does.

The notebooks in ``exercises/solutions/`` are the nbgrader *source* version: answer cells hold
``### BEGIN SOLUTION`` ... ``### END SOLUTION`` and graded cells hold ``### BEGIN HIDDEN TESTS``
... ``### END HIDDEN TESTS``. The student version replaces each solution region with
``STUB`` (indented like the region) and drops each hidden-test region, exactly as nbgrader does
with ``exercises/nbgrader_config.py``. Regenerate the student notebooks after editing a
solution notebook::

    python -m exercises.kit.release
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

STUB = "None  # YOUR ANSWER HERE"
TEXT_STUB = "YOUR ANSWER HERE"
BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
HERE = Path(__file__).resolve().parent.parent


def clear_solutions(source: str, stub: str = STUB) -> str:
    """Replace every solution region by ``stub``, indented like its BEGIN line."""
    out: list[str] = []
    inside = False
    for line in source.split("\n"):
        if BEGIN_SOLUTION in line:
            if inside:
                raise ValueError("nested BEGIN SOLUTION")
            inside = True
            indent = re.match(r"\s*", line).group(0)  # type: ignore[union-attr]
            out.extend(indent + s for s in stub.split("\n"))
        elif END_SOLUTION in line:
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError("BEGIN SOLUTION without END SOLUTION")
    return "\n".join(out)


def remove_hidden_tests(source: str) -> str:
    """Drop every hidden-test region, markers included."""
    out: list[str] = []
    inside = False
    for line in source.split("\n"):
        if BEGIN_HIDDEN in line:
            inside = True
        elif END_HIDDEN in line:
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


def student_source(cell: Any) -> str:
    """The source a student sees for one cell of the solution notebook."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    source = str(cell["source"])
    if meta.get("solution"):
        source = clear_solutions(source, STUB if cell["cell_type"] == "code" else TEXT_STUB)
    if meta.get("grade") and cell["cell_type"] == "code":
        source = remove_hidden_tests(source)
    if cell["cell_type"] == "markdown":
        # The solutions live one folder deeper; the student notebooks link from exercises/.
        source = source.replace("](../../", "](../").replace(" (solutions)", "")
    return source


def student_version(notebook: Any) -> Any:
    """A copy of a solution notebook with the solutions cleared and hidden tests removed."""
    released = copy.deepcopy(notebook)
    for cell in released.cells:
        cell["source"] = student_source(cell)
    return released


def main() -> None:
    import nbformat

    for path in sorted((HERE / "solutions").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        nbformat.write(student_version(notebook), HERE / path.name)  # type: ignore[no-untyped-call]
        print(f"{path.relative_to(HERE.parent)} -> exercises/{path.name}")


if __name__ == "__main__":
    main()
