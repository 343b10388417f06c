"""Run All stops at the first ✗; the last cell of every exercise notebook says where it is.

``progress(theme)`` lists the notebook's exercises, by their headings, with ✓, ✗ or "not checked
yet" (``exercises.kit.progress``). The run below is a student's: the rules notebook
with a wrong answer to ex02, run from the top until that check stops it (as Run All does),
then the progress cell run on its own, in a real IPython kernel.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from exercises.kit import EXERCISES, progress
from tests.conftest import ROOT

NOTEBOOKS = [
    path
    for folder in ("", "solutions", "fr", "solutions/fr")
    for path in sorted((ROOT / "exercises" / folder).glob("*.ipynb"))
]
PROGRESS = re.compile(
    r"from exercises\.kit import progress\n\nprogress\('(\w+)'(?:, lang='(fr)')?\)"
)
#: The sentences a French notebook's summary starts and ends with.
EXPLAINED = {"en": "Run All stops at the first ✗", "fr": "Run All s'arrête au premier ✗"}
CLOSING = {"en": "That is all for", "fr": "C'est tout pour"}


def headings(notebook: nbformat.NotebookNode) -> list[str]:
    return [
        line[3:]
        for cell in notebook.cells
        if cell.cell_type == "markdown"
        for line in cell.source.splitlines()
        if line.startswith("## ex")
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "exercises")))
def test_every_exercise_notebook_ends_with_its_checks(path: Path) -> None:
    lang = "fr" if "fr" in path.relative_to(ROOT / "exercises").parts else "en"
    notebook = nbformat.read(path, as_version=4)
    *_, explained, cell, closing = notebook.cells
    assert EXPLAINED[lang] in explained.source
    found = PROGRESS.fullmatch(cell.source)
    assert cell.cell_type == "code" and found, path.name
    assert (found.group(2) or "en") == lang, path.name
    rows = progress(found.group(1), lang).rows
    # its rows are the notebook's exercises, named by their headings
    assert [row.heading for row in rows] == headings(notebook)
    assert closing.source.startswith(CLOSING[lang])


def test_after_a_stopped_run_the_progress_cell_names_the_first_wrong_answer() -> None:
    solution = nbformat.read(ROOT / "exercises" / "solutions" / "02_rules.ipynb", as_version=4)
    cells = [nbformat.v4.new_code_cell(c.source) for c in solution.cells if c.cell_type == "code"]
    sources = [c.source for c in cells]
    answer02 = next(i for i, s in enumerate(sources) if s.startswith("answer02 ="))
    cells[answer02].source = "answer02 = (\n    'X99'\n)"
    stop = sources.index("ex02.verify(answer02)")
    run = [*cells[: stop + 1], cells[-1]]  # Run All stops at ex02; then the last cell alone
    notebook = nbformat.v4.new_notebook()
    notebook.cells = run
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True)
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    client.execute(env={**os.environ, "PYTHONPATH": python_path})
    assert [o.output_type for o in run[stop].outputs] == ["error"]
    (shown,) = run[-1].outputs
    text, page = shown.data["text/plain"], shown.data["text/html"]
    lines = text.splitlines()
    assert lines[0] == "Exercises · Rules: 1 of 6 right."
    assert lines[1] == "✓ ex01 · Is this action legal? (randomised)"
    assert lines[2].startswith("✗ ex02 · Which cards can you play now? (randomised): ")
    rules = [cls for cls in EXERCISES.values() if cls.theme == "rules"]
    assert (
        all(line.endswith(": not checked yet") for line in lines[3:-1])
        and len(lines) == len(rules) + 2
    )
    assert lines[-1] == (
        "Go to ex02 · Which cards can you play now? (randomised), the first ✗ (the table of "
        "contents lists it): correct its answer and run its check again."
    )
    assert "<li>✗ <b>ex02 · Which cards can you play now? (randomised)</b>: " in page


def test_the_french_summary_speaks_french() -> None:
    from exercises.kit import WrongAnswer, make
    from exercises.kit.base import CHECKED

    CHECKED.clear()
    ex01, ex02 = make("is_legal", seed=0, lang="fr"), make("playable_cards", seed=0, lang="fr")
    ex01.verify(ex01.answer())
    with pytest.raises(WrongAnswer):
        ex02.verify("X99")
    summary = progress("rules", "fr")
    lines = str(summary).splitlines()
    assert lines[0] == "Exercices · Règles : 1 sur 6 justes."
    assert lines[1] == "✓ ex01 · Cette action est-elle légale ? (au hasard)"
    assert lines[2].startswith(
        "✗ ex02 · Quelles cartes pouvez-vous poser maintenant ? (au hasard) : "
    )
    assert all(line.endswith(" : pas encore vérifié") for line in lines[3:-1])
    assert lines[-1].startswith("Allez à ex02 · Quelles cartes pouvez-vous poser maintenant ? (au")
    assert "le premier ✗" in lines[-1] and "Allez à" in summary._repr_html_()
    CHECKED.clear()
