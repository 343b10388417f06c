"""A class of three takes the exercises through nbgrader, offline, in a temporary course folder.

The commands are the ones exercises/README.md gives a teacher: ``python -m exercises.kit.course``
sets the course up, ``generate_assignment`` and ``release_assignment`` (to an exchange folder on
this machine) hand the notebooks out, one student fetches and submits through the exchange and
the teacher collects, the two others hand their notebooks back as files placed in
``submitted/<student>/carnuta/``; then ``autograde``, ``generate_feedback``, ``release_feedback``
and ``fetch_feedback``. The right student answers with the solutions' code, the wrong one gets
one exercise per notebook right (and types one answer without quotes), the blank one hands the
notebooks back untouched.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbgrader.api import Gradebook
from nbgrader.utils import get_username

from exercises.kit import EXERCISES
from exercises.kit.release import BEGIN_SOLUTION, END_SOLUTION
from tests.conftest import ROOT

pytestmark = pytest.mark.slow

COURSE_ID = "carnuta101"
ASSIGNMENT = "carnuta"
LESSONS_URL = "https://lessons.example.org/carnuta/notebooks/"
NOTEBOOKS = sorted(p.stem for p in (ROOT / "exercises" / "solutions").glob("*.ipynb"))
RIGHT, WRONG, BLANK = get_username(), "bob", "carol"
STUDENT_NUMBERS = {RIGHT: 3, WRONG: 17, BLANK: 42}
#: The wrong student's one right exercise per notebook, and the answer typed without quotes.
WRONG_BUT_RIGHT = {"ex01", "ex07", "ex10", "ex16", "ex19", "ex22", "ex28"}
UNQUOTED = ("ex03", "2 Suns, 1 Moon")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HREF = re.compile(r'href="([^"#]+)"')
TIMES: list[tuple[str, float]] = []


def nbgrader(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run an nbgrader command as a teacher or student types it."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        # nbgrader runs its database tool (alembic) from the PATH: this Python's scripts first.
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
    }
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    TIMES.append((args[0], time.perf_counter() - start))
    assert done.returncode == 0, f"nbgrader {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
    return done


def solution_code(source: str) -> str:
    """An answer cell of the solution notebook as the right student types it."""
    lines = source.split("\n")
    return "\n".join(
        line for line in lines if BEGIN_SOLUTION not in line and END_SOLUTION not in line
    )


def answer_cell(grade_id: str, student: str, solutions: dict[str, str]) -> str:
    number = grade_id[2:4]
    name = f"ex{number}"
    if student == RIGHT or name in WRONG_BUT_RIGHT:
        return solution_code(solutions[grade_id])
    if name == UNQUOTED[0]:
        return f"answer{number} = (\n    {UNQUOTED[1]}\n)"
    return f"answer{number} = (\n    {name}.wrong_answers()[0]\n)"


def fill_in(folder: Path, student: str) -> None:
    """A student's work on the released notebooks in ``folder`` (the blank one changes nothing)."""
    if student == BLANK:
        return
    for stem in NOTEBOOKS:
        path = folder / f"{stem}.ipynb"
        notebook = nbformat.read(path, as_version=4)
        source = nbformat.read(ROOT / "exercises" / "solutions" / f"{stem}.ipynb", as_version=4)
        solutions = {
            c.metadata["nbgrader"]["grade_id"]: c.source
            for c in source.cells
            if c.metadata.get("nbgrader", {}).get("solution")
        }
        for cell in notebook.cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.source == "STUDENT = 0":
                cell.source = f"STUDENT = {STUDENT_NUMBERS[student]}"
            elif meta.get("solution"):
                cell.source = answer_cell(meta["grade_id"], student, solutions)
        nbformat.write(notebook, path)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The whole term, once: every command's log, and the folders it left."""
    start = time.perf_counter()
    top = tmp_path_factory.mktemp("term")
    course, exchange, home = top / "course", top / "exchange", top / "home"
    exchange.mkdir()
    home.mkdir()
    subprocess.run(
        [sys.executable, "-m", "exercises.kit.course", str(course), "--lessons-url", LESSONS_URL],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with (course / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(f"c.CourseDirectory.course_id = {COURSE_ID!r}\n")
        config.write(f"c.Exchange.root = {str(exchange)!r}\n")
    logs: dict[str, subprocess.CompletedProcess[str]] = {}
    student_exchange = ["--course", COURSE_ID, f"--Exchange.root={exchange}"]
    logs["generate"] = nbgrader("generate_assignment", ASSIGNMENT, cwd=course)
    logs["release"] = nbgrader("release_assignment", ASSIGNMENT, cwd=course)
    # The right student works through the exchange.
    logs["fetch"] = nbgrader("fetch_assignment", ASSIGNMENT, *student_exchange, cwd=home)
    fill_in(home / ASSIGNMENT, RIGHT)
    logs["submit"] = nbgrader("submit", ASSIGNMENT, *student_exchange, cwd=home)
    logs["collect"] = nbgrader("collect", ASSIGNMENT, cwd=course)
    # The two others hand their notebooks back as files.
    for student in (WRONG, BLANK):
        folder = course / "submitted" / student / ASSIGNMENT
        shutil.copytree(course / "release" / ASSIGNMENT, folder)
        fill_in(folder, student)
    logs["validate"] = nbgrader(
        "validate",
        *(
            str(course / "submitted" / s / ASSIGNMENT / "02_rules.ipynb")
            for s in (RIGHT, WRONG, BLANK)
        ),
        cwd=course,
    )
    logs["autograde"] = nbgrader("autograde", ASSIGNMENT, cwd=course)
    logs["feedback"] = nbgrader("generate_feedback", ASSIGNMENT, cwd=course)
    # Feedback goes back through the exchange to the student who came through it; the others
    # get their feedback/<student>/carnuta/ pages as files.
    logs["release_feedback"] = nbgrader(
        "release_feedback", ASSIGNMENT, "--student", RIGHT, cwd=course
    )
    logs["fetch_feedback"] = nbgrader("fetch_feedback", ASSIGNMENT, *student_exchange, cwd=home)
    steps = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in TIMES)
    print(f"the term took {time.perf_counter() - start:.0f} s: {steps}")
    return {"course": course, "home": home, "logs": logs}


def checks_in(stem: str) -> int:
    """How many check cells (one point each) a notebook has."""
    notebook = nbformat.read(ROOT / "exercises" / "solutions" / f"{stem}.ipynb", as_version=4)
    return sum(1 for c in notebook.cells if c.metadata.get("nbgrader", {}).get("grade"))


def test_each_student_scores_exactly(course: dict[str, Any]) -> None:
    expected = {
        RIGHT: {stem: checks_in(stem) for stem in NOTEBOOKS},
        WRONG: dict.fromkeys(NOTEBOOKS, 1),
        BLANK: dict.fromkeys(NOTEBOOKS, 0),
    }
    assert sum(expected[RIGHT].values()) == len(EXERCISES) == 31
    with Gradebook(f"sqlite:///{course['course'] / 'gradebook.db'}", COURSE_ID) as gradebook:
        for student, scores in expected.items():
            submission = gradebook.find_submission(ASSIGNMENT, student)
            assert {nb.name: nb.score for nb in submission.notebooks} == scores, student
            assert submission.score == sum(scores.values())
            assert submission.max_score == len(EXERCISES)
            assert not submission.needs_manual_grade


def test_no_check_cell_is_read_as_partial_credit(course: dict[str, Any]) -> None:
    log = course["logs"]["autograde"].stderr
    assert "cannot be converted to a float" not in log
    assert "full credit" not in log


def test_validate_agrees_with_the_checks(course: dict[str, Any]) -> None:
    # nbgrader validate prints one verdict per notebook, in order: right, wrong, blank.
    verdicts = re.findall(
        r"Success! Your notebook passes all the tests|VALIDATION FAILED ON (\d+) CELL",
        course["logs"]["validate"].stdout,
    )
    exercises_in_01 = checks_in("02_rules")
    assert verdicts == ["", str(exercises_in_01 - 1), str(exercises_in_01)]


def test_the_unquoted_answer_is_explained_not_graded(course: dict[str, Any]) -> None:
    autograded = course["course"] / "autograded" / WRONG / ASSIGNMENT / "02_rules.ipynb"
    notebook = json.loads(autograded.read_text(encoding="utf-8"))
    number = UNQUOTED[0][2:]
    check = next(
        c
        for c in notebook["cells"]
        if c["metadata"].get("nbgrader", {}).get("grade_id") == f"ex{number}-check"
    )
    # In nbgrader's fresh kernel the failed cell leaves no answer03 at all: the NameError
    # is explained in the check's words, and the cell scores 0.
    (error,) = [o for o in check["outputs"] if o["output_type"] == "error"]
    assert error["ename"] == "NameError"
    assert "your answer cell did not run" in "\n".join(error["traceback"])


def test_feedback_reaches_every_student(course: dict[str, Any]) -> None:
    for student in (RIGHT, WRONG, BLANK):
        folder = course["course"] / "feedback" / student / ASSIGNMENT
        assert sorted(p.stem for p in folder.glob("*.html")) == NOTEBOOKS
    wrong = (course["course"] / "feedback" / WRONG / ASSIGNMENT / "03_runes.html").read_text(
        encoding="utf-8"
    )
    assert "✗" in wrong and "Hint:" in wrong
    fetched = list((course["home"] / ASSIGNMENT / "feedback").rglob("*.html"))
    assert sorted(p.stem for p in fetched) == NOTEBOOKS


def test_released_notebooks_read_as_the_students_version(course: dict[str, Any]) -> None:
    for stem in NOTEBOOKS:
        notebook = nbformat.read(
            course["course"] / "release" / ASSIGNMENT / f"{stem}.ipynb", as_version=4
        )
        title = notebook.cells[0].source.splitlines()[0]
        assert title.startswith("# Exercises ") and "solutions" not in title


def _links_resolve(folder: Path, texts: list[str], pattern: re.Pattern[str]) -> list[str]:
    broken = []
    lessons = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    for text in texts:
        for target in pattern.findall(text):
            if target.startswith(LESSONS_URL):
                ok = target.removeprefix(LESSONS_URL) in lessons
            elif "://" in target:
                ok = target.startswith("https://")
            else:
                ok = (folder / target).exists()
            if not ok:
                broken.append(target)
    return broken


def test_links_work_in_every_folder_of_the_course(course: dict[str, Any]) -> None:
    root = course["course"]
    folders = [
        root / "source" / ASSIGNMENT,
        root / "release" / ASSIGNMENT,
        course["home"] / ASSIGNMENT,
        *(root / "submitted" / s / ASSIGNMENT for s in (RIGHT, WRONG, BLANK)),
        *(root / "autograded" / s / ASSIGNMENT for s in (RIGHT, WRONG, BLANK)),
    ]
    for folder in folders:
        texts = [
            cell.source
            for path in folder.glob("*.ipynb")
            for cell in nbformat.read(path, as_version=4).cells
            if cell.cell_type == "markdown"
        ]
        assert texts and not _links_resolve(folder, texts, LINK), folder
    for student in (RIGHT, WRONG, BLANK):
        folder = root / "feedback" / student / ASSIGNMENT
        pages = [p.read_text(encoding="utf-8") for p in folder.glob("*.html")]
        assert pages and not _links_resolve(folder, pages, HREF), folder
