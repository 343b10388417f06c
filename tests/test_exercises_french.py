"""The French exercise notebooks, run in a real kernel the way a student runs them: every
sentence the checks write is French (no English check message in any output), a blank answer
stops its check with the French ✗, and the instructor's answers all pass."""

from __future__ import annotations

import os
import re
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from exercises.kit import EXERCISES
from exercises.kit.base import WORDS
from exercises.kit.progress import SUMMARY
from exercises.kit.release import solution_paths, student_path
from tests.conftest import ROOT

FRENCH_SOLUTIONS = solution_paths("fr")
#: English the kernel itself adds to the check's words (cells.py), and the hint's labels.
ENGLISH_OF_THE_CELLS = (
    "there is no answer",
    "your answer cell",
    "Correct the answer cell",
    "Hint:",
    "Answer:",
    "Rulebook,",
)


def english_fragments() -> set[str]:
    """The fixed pieces (three words or more) of every English sentence a French notebook's
    exercises could say: the check's own, the summary's, and each of its exercises' titles,
    forms and words."""
    english = [pair[0] for table in (WORDS, SUMMARY) for pair in table.values()]
    english += ENGLISH_OF_THE_CELLS
    for cls in EXERCISES.values():
        if cls.title_fr:
            english += [cls.title, cls.how] + [pair[0] for pair in cls.words.values()]
    pieces = {piece.strip(" .:;,()'") for text in english for piece in re.split(r"\{[^}]*\}", text)}
    return {piece for piece in pieces if len(piece.split()) >= 3}


def run(path: Any) -> list[Any]:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=True)
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    client.execute(env={**os.environ, "PYTHONPATH": python_path})
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def output_text(cell: Any) -> str:
    parts: list[str] = []
    for output in cell.outputs:
        if output.output_type == "error":
            parts += [output.evalue, *output.traceback]
        elif output.output_type == "stream":
            parts.append(output.text)
        else:
            data = output.get("data", {})
            parts += [data.get("text/plain", ""), data.get("text/html", "")]
    return "\n".join(parts)


def test_the_english_fragments_would_be_found() -> None:
    fragments = english_fragments()
    assert "not this one" in fragments and "The rulebook's full turn" in fragments


@pytest.mark.parametrize("path", FRENCH_SOLUTIONS, ids=lambda p: p.name)
def test_a_french_notebook_speaks_french_when_run(path: Any) -> None:
    fragments = english_fragments()
    for notebook, answered in ((path, True), (student_path(path, "fr"), False)):
        cells = run(notebook)
        checks = [c for c in cells if c.metadata.get("nbgrader", {}).get("grade")]
        assert checks
        for cell in checks:
            errors = [o for o in cell.outputs if o.output_type == "error"]
            text = output_text(cell)
            if answered:
                assert not errors and " : juste." in text, (notebook.name, text)
            else:
                assert [e.ename for e in errors] == ["WrongAnswer"], (notebook.name, text)
                assert "pas encore de réponse : " in text and "Indice : " in text
        said = "\n".join(output_text(c) for c in cells)
        found = sorted(piece for piece in fragments if piece in said)
        assert not found, f"{notebook.name} says in English: {found}"


STEPS = [
    ("setup", "from exercises.kit import make\nex03 = make('full_turn', lang='fr')"),
    ("unquoted", "answer03 = (\n    2 Soleils, 1 Lune\n)"),
    ("check", "ex03.verify(answer03)"),
    ("right", "answer03 = (\n    '2 Soleils, 1 Lune'\n)"),
    ("check", "ex03.verify(answer03)"),
    ("unquoted", "answer03 = (\n    2 Soleils, 1 Lune\n)"),
    ("check", "ex03.verify(answer03)"),
]


def test_a_failed_answer_cell_is_explained_in_french() -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for _, source in STEPS]
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True)
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    client.execute(env={**os.environ, "PYTHONPATH": python_path})
    checks = [c for (step, _), c in zip(STEPS, notebook.cells, strict=True) if step == "check"]
    missing, right, older = (output_text(c) for c in checks)
    assert "answer03 n'existe pas encore : votre cellule de réponse n'a pas tourné" in missing
    assert "Corrigez la cellule de réponse" in missing
    assert "✓ ex03 : juste." in right
    assert "donc answer03 garde une réponse plus ancienne" in older
