"""A class of three takes the exercises through nbgrader, offline, in a temporary home folder.

The commands are exercises/README.md's own: the test reads its ```bash blocks, each preceded by
a comment saying who types it (``<!-- commands: teacher -->``, ``student through the
exchange``, ``every student``, ``maintainer``), and runs them as written and in order, the
teacher's in one shell session (from a checkout holding ``.venv``, which the first block
activates), each student's in a session of their own in their own home folder. Two things
move into the temporary folder: ``HOME``, and nbgrader's default exchange folder, which the
README names (the test checks it is nbgrader's default). Two students come through the
exchange: the right one answers with the solutions' code, the blank one hands the notebooks back
untouched; ``bob`` gets a copy of the released notebooks, gets one exercise per notebook right
(and types one answer without quotes), and hands his files back, which the teacher files with
the kit's ``--hand-in``. Feedback is released to all: through the exchange to two, as files to
bob.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import nbformat
import pytest
import yaml
from nbgrader.api import Gradebook
from nbgrader.exchange.default import Exchange
from nbgrader.utils import get_username

from exercises.kit import EXERCISES
from exercises.kit.release import BEGIN_SOLUTION, END_SOLUTION
from tests.conftest import ROOT

pytestmark = pytest.mark.slow

README = ROOT / "exercises" / "README.md"
COURSE_ID = "carnuta101"
ASSIGNMENT = "carnuta"
LESSONS_URL = "https://your.site/carnuta/notebooks/"
NOTEBOOKS = sorted(p.stem for p in (ROOT / "exercises" / "solutions").glob("*.ipynb"))
#: The student through the exchange with every answer right is this machine's user; the blank
#: one is another account (its home's nbgrader config names it); bob hands files back.
RIGHT, BLANK, WRONG = get_username(), "dave", "bob"
THROUGH_EXCHANGE = (RIGHT, BLANK)
STUDENT_NUMBERS = {RIGHT: 3, WRONG: 17, BLANK: 42}
#: The wrong student's one right exercise per notebook, and the answer typed without quotes.
WRONG_BUT_RIGHT = {"ex01", "ex07", "ex10", "ex16", "ex19", "ex22", "ex28", "ex32", "ex37"}
UNQUOTED = ("ex03", "2 Suns, 1 Moon")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HREF = re.compile(r'href="([^"#]+)"')
BLOCK = re.compile(r"<!-- commands: ([^>]+?) -->\n```bash\n(.*?)```", re.DOTALL)
ROLES = {"teacher", "student through the exchange", "every student", "maintainer"}
#: nbgrader's default exchange folder, which the README names.
DEFAULT_EXCHANGE = Exchange.root.default_value
TIMES: list[tuple[str, float]] = []


def readme_blocks() -> list[tuple[str, str]]:
    """The README's shell blocks in order, each with who types it."""
    text = README.read_text(encoding="utf-8")
    blocks = [(who, body) for who, body in BLOCK.findall(text)]
    assert len(blocks) == text.count("```bash"), "a ```bash block says who types it"
    assert {who for who, _ in blocks} <= ROLES, {who for who, _ in blocks}
    return blocks


class Shell:
    """A terminal session: each block runs in bash (stopping at the first failing command) from
    where the previous one left, with the environment it left (``cd``, ``source`` carry over)."""

    def __init__(self, name: str, cwd: Path, env: dict[str, str]) -> None:
        self.name, self.cwd, self.env = name, cwd, env
        self.state = cwd / f".{name}-shell"

    def run(self, body: str) -> subprocess.CompletedProcess[str]:
        self.state.mkdir(exist_ok=True)
        script = f"set -e\n{body}\npwd > {self.state}/cwd\nenv -0 > {self.state}/env\n"
        start = time.perf_counter()
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=self.cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        TIMES.append((f"{self.name}: {body.split(chr(10))[-2][:40]}", time.perf_counter() - start))
        assert done.returncode == 0, f"{self.name} ran\n{body}\n{done.stdout}\n{done.stderr}"
        self.cwd = Path((self.state / "cwd").read_text(encoding="utf-8").strip())
        pairs = (self.state / "env").read_text(encoding="utf-8").split("\0")
        self.env = dict(pair.split("=", 1) for pair in pairs if "=" in pair)
        return done


def nbgrader(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """An nbgrader command the test runs itself (to read what a notebook's checks say)."""
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
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


def environment(home: Path) -> dict[str, str]:
    """A login's environment: its home, no environment active (the kit importable from this
    checkout, as an editable install has it)."""
    venv_bin = str(Path(sys.prefix) / "bin")
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p and p != venv_bin]
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("JUPYTER", "VIRTUAL_ENV", "PYTEST", "CONDA"))
    }
    env.update(HOME=str(home), PATH=os.pathsep.join(path), PYTHONPATH=str(ROOT))
    assert shutil.which("nbgrader", path=env["PATH"]) is None, "nbgrader needs the environment"
    return env


def activated(env: dict[str, str]) -> dict[str, str]:
    """A terminal of the class's environment (a JupyterHub's, or the kit's activated)."""
    bin_dir = str(Path(sys.prefix) / "bin")
    return {**env, "VIRTUAL_ENV": sys.prefix, "PATH": bin_dir + os.pathsep + env["PATH"]}


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The whole term, once, as the README has it: every block's log, and the folders left."""
    start = time.perf_counter()
    top = tmp_path_factory.mktemp("term")
    exchange = top / "exchange"
    checkout = top / "checkout"
    checkout.mkdir()
    assert (Path(sys.prefix) / "bin" / "activate").is_file(), "the tests run in a venv"
    (checkout / ".venv").symlink_to(sys.prefix)
    teacher_home = top / "teacher"
    homes = {s: top / s for s in (RIGHT, BLANK, WRONG)}
    for home in (teacher_home, *homes.values()):
        home.mkdir()
    # dave's own account: nbgrader knows a student by the login's name, which the home's
    # nbgrader config gives here.
    (homes[BLANK] / ".jupyter").mkdir()
    (homes[BLANK] / ".jupyter" / "nbgrader_config.py").write_text(
        f"c.CourseDirectory.student_id = {BLANK!r}\n", encoding="utf-8"
    )
    teacher = Shell("teacher", checkout, environment(teacher_home))
    students = {s: Shell(s, home, activated(environment(home))) for s, home in homes.items()}
    blocks = readme_blocks()
    text = "".join(body for _, body in blocks)
    assert DEFAULT_EXCHANGE in text and "/srv/nbgrader" not in README.read_text(encoding="utf-8")
    logs: dict[str, list[tuple[str, str]]] = {}
    bob_has_his_copy = False
    for who, body in blocks:
        body = body.replace(DEFAULT_EXCHANGE, str(exchange))
        if who == "maintainer":
            # tests/test_exercises.py checks the student notebooks are the release of today's
            # solutions: what this command would write.
            assert body == "python -m exercises.kit.release\n", body
            continue
        if who == "teacher":
            if "--hand-in" in body:
                shutil.copytree(homes[WRONG] / ASSIGNMENT, teacher_home / "handed-in" / WRONG)
            done = teacher.run(body)
            logs.setdefault("teacher", []).append((body, done.stdout + done.stderr))
            continue
        if who == "every student" and not bob_has_his_copy:
            # bob got a copy of release/carnuta/ (a shared drive, email), and works in it.
            released = teacher_home / "carnuta-course" / "release" / ASSIGNMENT
            shutil.copytree(released, homes[WRONG] / ASSIGNMENT)
            fill_in(homes[WRONG] / ASSIGNMENT, WRONG)
            bob_has_his_copy = True
        for student in THROUGH_EXCHANGE if who != "every student" else (RIGHT, BLANK, WRONG):
            done = students[student].run(body)
            logs.setdefault(student, []).append((body, done.stdout + done.stderr))
            if "fetch_assignment" in body:
                fill_in(homes[student] / ASSIGNMENT, student)
    course = teacher_home / "carnuta-course"
    steps = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in TIMES)
    print(f"the term took {time.perf_counter() - start:.0f} s: {steps}")
    return {"course": course, "homes": homes, "logs": logs}


def log_of(course: dict[str, Any], who: str, command: str) -> str:
    """What the block holding ``command`` printed when ``who`` ran it."""
    (out,) = [out for body, out in course["logs"][who] if command in body]
    return out


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
    assert sum(expected[RIGHT].values()) == len(EXERCISES) == 40
    with Gradebook(f"sqlite:///{course['course'] / 'gradebook.db'}", COURSE_ID) as gradebook:
        for student, scores in expected.items():
            submission = gradebook.find_submission(ASSIGNMENT, student)
            assert {nb.name: nb.score for nb in submission.notebooks} == scores, student
            assert submission.score == sum(scores.values())
            assert submission.max_score == len(EXERCISES)
            assert not submission.needs_manual_grade


def test_no_check_cell_is_read_as_partial_credit(course: dict[str, Any]) -> None:
    log = log_of(course, "teacher", "nbgrader autograde")
    assert "cannot be converted to a float" not in log
    assert "full credit" not in log


def test_validate_agrees_with_the_checks(course: dict[str, Any]) -> None:
    # Each student validated 02_rules before handing it in: right, wrong, blank.
    verdicts = [
        re.findall(
            r"Success! Your notebook passes all the tests|VALIDATION FAILED ON (\d+) CELL",
            log_of(course, student, "nbgrader validate"),
        )
        for student in (RIGHT, WRONG, BLANK)
    ]
    exercises_in_01 = checks_in("02_rules")
    assert verdicts == [[""], [str(exercises_in_01 - 1)], [str(exercises_in_01)]]


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
    for student in THROUGH_EXCHANGE:
        fetched = (course["homes"][student] / ASSIGNMENT / "feedback").rglob("*.html")
        assert sorted(p.stem for p in fetched) == NOTEBOOKS, student
    # bob handed files back: the release names him, and leaves him out.
    released = log_of(course, "teacher", "nbgrader release_feedback")
    assert (
        f"handed files back), send them their feedback/<student>/carnuta/ folder: {WRONG}"
        in released
    )
    assert "Traceback" not in released
    for student in THROUGH_EXCHANGE:
        assert f"Releasing feedback for student '{student}'" in released
    assert f"student '{WRONG}'" not in released


def test_a_file_hand_in_is_stamped_as_a_collected_one(course: dict[str, Any]) -> None:
    submitted = course["course"] / "submitted"
    for student in (RIGHT, WRONG, BLANK):
        assert (submitted / student / ASSIGNMENT / "timestamp.txt").is_file(), student
        assert (
            sorted(p.stem for p in (submitted / student / ASSIGNMENT).glob("*.ipynb")) == NOTEBOOKS
        )
    with Gradebook(f"sqlite:///{course['course'] / 'gradebook.db'}", COURSE_ID) as gradebook:
        assert gradebook.find_submission(ASSIGNMENT, WRONG).timestamp is not None


def test_grades_are_exported(course: dict[str, Any]) -> None:
    rows = (course["course"] / "grades.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 4 and all(f",{s}," in "".join(rows) for s in (RIGHT, WRONG, BLANK))


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
        *(course["homes"][s] / ASSIGNMENT for s in (RIGHT, WRONG, BLANK)),
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


def test_the_commands_the_blocks_do_not_run_name_what_exists() -> None:
    """Installing and conda are not run (tests/test_packaging.py installs the wheel with the
    teaching extra): their lines name the extra pyproject defines and the conda environment."""
    text = README.read_text(encoding="utf-8")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    installs = re.findall(r"`pip install ([^`]+)`", text)
    assert installs and {re.search(r"\[(\w+)\]", i)[1] for i in installs} == {"teach"}
    assert "teach" in pyproject["project"]["optional-dependencies"]
    version = pyproject["project"]["version"]
    assert f'`pip install "carnuta_kit-{version}-py3-none-any.whl[teach]"`' in text
    environment = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert f"`conda activate {environment['name']}`" in text
    # Every nbgrader command the prose names is one a block runs.
    ran = "".join(body for _, body in readme_blocks())
    for command in re.findall(r"`(nbgrader \w+)", text):
        assert command in ran, command
