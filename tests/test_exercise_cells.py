"""An answer cell that fails to run is explained at its check, never graded on an older value.

The notebook below is what a student does in JupyterLab, run in a real IPython kernel: an
answer typed without quotes (a SyntaxError), then a right answer, then the unquoted one again,
then an answer that stops with a NameError.
"""

from __future__ import annotations

import os
from typing import Any

import nbformat
from nbclient import NotebookClient

from exercises.kit.cells import assigned_answers
from tests.conftest import ROOT

STEPS = [
    ("setup", "from exercises.kit import make\nex03 = make('full_turn')"),
    ("unquoted", "answer03 = (\n    2 Suns, 1 Moon\n)"),
    ("check", "ex03.verify(answer03)"),
    ("right", "answer03 = (\n    (2, 1)\n)"),
    ("check", "ex03.verify(answer03)"),
    ("unquoted", "answer03 = (\n    2 Suns, 1 Moon\n)"),
    ("check", "ex03.verify(answer03)"),
    ("fails", "answer03 = (\n    two_suns\n)"),
    ("check", "ex03.verify(answer03)"),
    ("quoted", "answer03 = (\n    '2 Suns, 1 Moon'\n)"),
    ("check", "ex03.verify(answer03)"),
    ("other", "not_an_answer"),
]


def run_steps() -> list[Any]:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for _, source in STEPS]
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True)
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    client.execute(env={**os.environ, "PYTHONPATH": python_path})
    return [cell.outputs for cell in notebook.cells]


def error_of(outputs: Any) -> tuple[str, str]:
    (error,) = [o for o in outputs if o.output_type == "error"]
    return error.ename, "\n".join(error.traceback)


def test_a_failed_answer_cell_is_explained_at_its_check() -> None:
    outputs = run_steps()
    checks = [out for (step, _), out in zip(STEPS, outputs, strict=True) if step == "check"]
    # A fresh kernel: the unquoted answer left no answer03 at all.
    name, text = error_of(checks[0])
    assert name == "NameError" and "there is no answer03 yet" in text
    assert "did not run (Python cannot read line 2, '2 Suns, 1 Moon'" in text
    # A right answer passes.
    assert not [o for o in checks[1] if o.output_type == "error"]
    assert "✓ ex03" in str(checks[1])
    # The unquoted answer again: answer03 still holds the right (2, 1), yet the check says why
    # it will not grade it.
    name, text = error_of(checks[2])
    assert name == "WrongAnswer" and "still holds an older answer" in text
    name, text = error_of(checks[3])
    assert name == "WrongAnswer" and "stopped (NameError" in text
    # Quoted, the same words are a right answer.
    assert "✓ ex03" in str(checks[4])
    # Any other missing name is Python's usual NameError.
    name, text = error_of(outputs[-1])
    assert name == "NameError" and "not_an_answer" in text and "✗" not in text


def test_answer_names_are_read_from_any_cell_text() -> None:
    assert assigned_answers("answer03 = (\n    2 Suns, 1 Moon\n)") == {"answer03"}
    assert assigned_answers("answer03=(1)\nanswer12 = 2") == {"answer03", "answer12"}
    for text in ("answer03 == 1", "ex03.verify(answer03)", "my_answer03 = 1", "answer3 = 1", ""):
        assert assigned_answers(text) == set(), text
