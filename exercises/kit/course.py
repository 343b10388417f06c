"""Teaching the exercises with nbgrader: a course folder, files handed back filed as nbgrader
files a submission, the two nbgrader steps that fit the student version's text to the course,
and a release of feedback for a class that hands work back both ways.

``python -m exercises.kit.course COURSE [--lessons-url URL] [--course-id ID --exchange ROOT]``
writes ``COURSE/nbgrader_config.py`` and the nine instructor notebooks in
``COURSE/source/carnuta/``; ``exercises/README.md`` walks a teacher from there to feedback.
``python -m exercises.kit.course COURSE --hand-in STUDENT FOLDER`` files the notebooks a student
handed back outside nbgrader's exchange as ``COURSE/submitted/STUDENT/carnuta/``, stamped with
the time they came in (``timestamp.txt``), as ``nbgrader collect`` does. nbgrader's own steps
then run with three of the kit's:

- ``StudentVersion`` (in ``generate_assignment``, before nbgrader saves the cells): the title
  loses "(solutions)" and each link to a lesson points at ``lessons_url``, the address where
  the students read the lessons; without one, the lesson is named in words. A link between
  exercise notebooks stays relative: the exercise notebooks travel together, in every folder of
  the course (``source``, ``release``, ``submitted``, ``autograded``).
- ``FeedbackLinks`` (in ``generate_feedback``): feedback is HTML, so a link to a sibling
  notebook ``03_runes.ipynb`` becomes ``03_runes.html``.
- ``ReleaseFeedback`` (in ``release_feedback``): nbgrader's own release reads the secret that
  ``nbgrader submit`` leaves with a submission, and stops with a ``FileNotFoundError`` at the
  first student who handed files back instead; the kit's releases the feedback of every student
  who came through the exchange and names the others, whose ``feedback/STUDENT/carnuta/``
  pages the teacher sends.
"""

from __future__ import annotations

import argparse
import datetime
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from nbgrader.exchange.default import ExchangeReleaseFeedback
from traitlets import Bool, Unicode

from .release import HERE, lesson_links, student_markdown

ASSIGNMENT = "carnuta"
CONFIG = HERE / "nbgrader_config.py"
LESSONS_SETTING = 'c.StudentVersion.lessons_url = ""'
#: What ``nbgrader submit`` leaves with a submission, and nbgrader's release of feedback reads.
SUBMISSION_SECRET = "submission_secret.txt"
TIMESTAMP = "timestamp.txt"
#: nbgrader's format for ``timestamp.txt`` (``Exchange.timestamp_format``), in UTC.
TIMESTAMP_FORMAT = "%Y-%m-%d %H:%M:%S.%f %Z"
SIBLING_NOTEBOOK = re.compile(r"\]\(([\w-]+)\.ipynb\)")


class StudentVersion(Preprocessor):
    """nbgrader step: the student version's title and lesson links (see the module)."""

    enabled = Bool(True, help="nbconvert runs a preprocessor only when it is enabled").tag(
        config=True
    )

    lessons_url = Unicode(
        "",
        help="Where the students read the lessons (an address or folder ending in '/'); "
        "empty: the lessons are named in words, without links.",
    ).tag(config=True)

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        if cell.cell_type == "markdown":
            cell.source = student_markdown(cell.source, self.lessons_url or None)
        return cell, resources


class FeedbackLinks(Preprocessor):
    """nbgrader step: feedback pages link to each other's HTML, not to notebooks."""

    enabled = Bool(True, help="nbconvert runs a preprocessor only when it is enabled").tag(
        config=True
    )

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        if cell.cell_type == "markdown":
            cell.source = SIBLING_NOTEBOOK.sub(r"](\1.html)", cell.source)
        return cell, resources


class ReleaseFeedback(ExchangeReleaseFeedback):  # type: ignore[misc]
    """nbgrader's release of feedback, for a class that hands work back both ways: the students
    whose submission carries no secret (they handed files back) are left out and named."""

    def copy_files(self) -> None:
        feedback = Path(self.coursedir.root) / self.coursedir.feedback_directory
        handed_files = sorted(
            folder.parent.name
            for folder in feedback.glob(f"*/{self.coursedir.assignment_id}")
            if not (folder / SUBMISSION_SECRET).is_file()
        )
        if handed_files:
            self.log.info(
                "Not through the exchange (handed files back), send them their "
                "feedback/<student>/%s/ folder: %s",
                self.coursedir.assignment_id,
                ", ".join(handed_files),
            )
            excluded = set(filter(None, self.coursedir.student_id_exclude.split(",")))
            self.coursedir.student_id_exclude = ",".join(sorted(excluded | set(handed_files)))
        super().copy_files()


def solution_notebooks() -> list[Path]:
    """The instructor notebooks this copy of the kit holds (nine), or ``FileNotFoundError``."""
    found = sorted((HERE / "solutions").glob("*.ipynb"))
    if not found:
        raise FileNotFoundError(
            f"no solution notebooks in {HERE / 'solutions'}: this copy of the kit lacks "
            "exercises/solutions/*.ipynb (use a checkout of the kit, or a complete install)"
        )
    if not CONFIG.is_file():
        raise FileNotFoundError(f"no {CONFIG}: this copy of the kit lacks its nbgrader settings")
    return found


def init_course(
    course: Path,
    lessons_url: str | None = None,
    course_id: str | None = None,
    exchange: str | None = None,
) -> list[Path]:
    """Write ``course/nbgrader_config.py`` and the instructor notebooks into
    ``course/source/carnuta/`` (their lesson links already pointing at ``lessons_url``).
    ``course_id`` and ``exchange`` (the exchange's root folder), given together, set up
    nbgrader's exchange. Returns the files written; ``FileNotFoundError`` when this copy of
    the kit holds no solution notebooks (and nothing is written)."""
    if (course_id is None) != (exchange is None):
        raise ValueError(
            "course_id (--course-id) and exchange (--exchange) go together (an exchange "
            "serves courses by their id): "
            f"got course_id={course_id!r}, exchange={exchange!r}"
        )
    if course_id is not None and not re.fullmatch(r"[\w.-]+", course_id):
        raise ValueError(f"course_id: letters, digits, '.', '-' or '_', not {course_id!r}")
    if exchange is not None and not Path(exchange).is_absolute():
        raise ValueError(
            f"exchange: an absolute folder, the same for the teacher and every student, "
            f"not {exchange!r}"
        )
    solutions = solution_notebooks()
    if lessons_url and not lessons_url.endswith("/"):
        lessons_url += "/"
    config = CONFIG.read_text(encoding="utf-8")
    if LESSONS_SETTING not in config:
        raise ValueError(f"{CONFIG} no longer holds the line {LESSONS_SETTING!r}")
    config = config.replace(
        LESSONS_SETTING, f"c.StudentVersion.lessons_url = {lessons_url or ''!r}"
    )
    if course_id is not None:
        config += (
            "# nbgrader's exchange: the course's id, and the folder every student can write.\n"
            f"c.CourseDirectory.course_id = {course_id!r}\n"
            f"c.Exchange.root = {exchange!r}\n"
        )
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True, exist_ok=True)
    written = [course / "nbgrader_config.py"]
    written[0].write_text(config, encoding="utf-8")
    for path in solutions:
        notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                cell.source = lesson_links(cell.source, lessons_url)
        nbformat.write(notebook, source / path.name)  # type: ignore[no-untyped-call]
        written.append(source / path.name)
    return written


def hand_in(course: Path, student: str, folder: Path) -> Path:
    """File the notebooks ``folder`` holds as ``student``'s submission,
    ``course/submitted/<student>/carnuta/``, stamped with the time (UTC) as nbgrader's exchange
    does. Returns that folder; ``ValueError`` naming the argument when the student id or the
    folder cannot be one."""
    if not re.fullmatch(r"[\w.-]+", student) or student.startswith("."):
        raise ValueError(f"student: a folder name of letters, digits, '.', '-' or '_': {student!r}")
    if not (course / "nbgrader_config.py").is_file():
        raise ValueError(f"course: {course} is no course folder (no nbgrader_config.py)")
    released = course / "release" / ASSIGNMENT
    expected = {p.name for p in released.glob("*.ipynb")}
    found = {p.name for p in folder.glob("*.ipynb")} if folder.is_dir() else set()
    if not found & expected:
        raise ValueError(
            f"folder: {folder} holds none of the notebooks of {released} "
            f"({', '.join(sorted(expected)) or 'none released yet'})"
        )
    dest = course / "submitted" / student / ASSIGNMENT
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in sorted(found & expected):
        shutil.copy2(folder / name, dest / name)
    stamp = datetime.datetime.now(datetime.UTC).strftime(TIMESTAMP_FORMAT)
    (dest / TIMESTAMP).write_text(stamp, encoding="utf-8")
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m exercises.kit.course",
        description="Set up an nbgrader course folder for the Carnuta exercises, or file the "
        "notebooks a student handed back (--hand-in).",
    )
    parser.add_argument("course", type=Path, help="the course folder (created if missing)")
    parser.add_argument(
        "--lessons-url",
        help="where your students read the lessons, ending in '/' "
        "(without it, the exercises name the lessons in words)",
    )
    parser.add_argument("--course-id", help="the course's id in nbgrader's exchange")
    parser.add_argument(
        "--exchange", help="nbgrader's exchange folder, which every student can write"
    )
    parser.add_argument(
        "--hand-in",
        nargs=2,
        metavar=("STUDENT", "FOLDER"),
        help="file the notebooks in FOLDER as STUDENT's submission (work handed back as files)",
    )
    args = parser.parse_args(argv)
    try:
        if args.hand_in:
            if args.lessons_url or args.course_id or args.exchange:
                parser.error("--hand-in files a submission: it takes no set-up option")
            student, folder = args.hand_in[0], Path(args.hand_in[1])
            dest = hand_in(args.course, student, folder)
            left_out = sorted(
                {p.name for p in folder.glob("*.ipynb")} - {p.name for p in dest.glob("*.ipynb")}
            )
            if left_out:
                print(
                    f"left out (not notebooks of the assignment): {', '.join(left_out)}",
                    file=sys.stderr,
                )
            print(dest)
            return 0
        written = init_course(args.course, args.lessons_url, args.course_id, args.exchange)
    except (ValueError, FileNotFoundError) as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
