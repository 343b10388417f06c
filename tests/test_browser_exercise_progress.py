"""In JupyterLab, after Run All has stopped at the first ✗ of an exercise notebook, its last
cell, run on its own, names that exercise by its heading (``exercises.kit.progress``).

The student's notebook as handed out (every answer blank) is served from a temporary copy;
Run All stops at ex01's check, and the progress cell, run by itself, sends the student to ex01.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import browser_support as support
from tests.browser_support import open_in_lab
from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

expect = support.playwright_expect()
NOTEBOOK = "02_rules.ipynb"
HEADING = "ex01 · Is this action legal? (randomised)"

RUN_LAST_CODE_CELL = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets;
  const last = cells.map(c => c.model.type).lastIndexOf('code');
  panel.content.activeCellIndex = last;
  return window.jupyterapp.commands.execute('notebook:run-cell');
}"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("served") / "exercises"
    folder.mkdir()
    shutil.copy(ROOT / "exercises" / NOTEBOOK, folder / NOTEBOOK)
    return folder


@pytest.fixture(scope="module")
def lab(home: Path, served: Path) -> Iterator[str]:
    yield from support.lab_server(home, served)


def test_the_progress_cell_names_the_first_wrong_answer(page: Any, lab: str) -> None:
    open_in_lab(page, lab, NOTEBOOK)  # Run All, which stops at ex01's check
    notebook = page.locator(".jp-NotebookPanel")
    expect(notebook.get_by_text("✗ ex01: no answer yet", exact=False).first).to_be_visible()
    page.evaluate(RUN_LAST_CODE_CELL)
    summary = notebook.locator(".jp-OutputArea-output", has_text="Exercises · Rules: 0 of 6 right.")
    expect(summary).to_have_count(1)
    expect(summary).to_contain_text(f"Go to {HEADING}, the first ✗")
    # the exercise to go to is the one whose heading JupyterLab shows above the ✗
    heading = notebook.locator(f"h2[data-jupyter-id='{HEADING.replace(' ', '-')}']")
    expect(heading).to_have_count(1)
