"""Teaching the exercises with nbgrader: a course folder, and the two nbgrader steps that fit the
student version's text to it.

``python -m exercises.kit.course COURSE [--lessons-url URL]`` writes ``COURSE/nbgrader_config.py``
and the instructor notebooks in ``COURSE/source/carnuta/``; ``exercises/README.md`` walks a
teacher from there to feedback. nbgrader's own steps then run with two of the kit's:

- ``StudentVersion`` (in ``generate_assignment``, before nbgrader saves the cells): the title
  loses "(solutions)" and each link to a lesson points at ``lessons_url``, the address where
  the students read the lessons; without one, the lesson is named in words. A link between
  exercise notebooks stays relative: the exercise notebooks travel together, in every folder of
  the course (``source``, ``release``, ``submitted``, ``autograded``).
- ``FeedbackLinks`` (in ``generate_feedback``): feedback is HTML, so a link to a sibling
  notebook ``03_runes.ipynb`` becomes ``03_runes.html``.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool, Unicode

from .release import HERE, lesson_links, student_markdown

ASSIGNMENT = "carnuta"
CONFIG = HERE / "nbgrader_config.py"
LESSONS_SETTING = 'c.StudentVersion.lessons_url = ""'
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


def init_course(course: Path, lessons_url: str | None = None) -> list[Path]:
    """Write ``course/nbgrader_config.py`` and the instructor notebooks into
    ``course/source/carnuta/`` (their lesson links already pointing at ``lessons_url``).
    Returns the files written."""
    if lessons_url and not lessons_url.endswith("/"):
        lessons_url += "/"
    source = course / "source" / ASSIGNMENT
    source.mkdir(parents=True, exist_ok=True)
    config = CONFIG.read_text(encoding="utf-8")
    if LESSONS_SETTING not in config:
        raise ValueError(f"{CONFIG} no longer holds the line {LESSONS_SETTING!r}")
    config = config.replace(
        LESSONS_SETTING, f"c.StudentVersion.lessons_url = {lessons_url or ''!r}"
    )
    written = [course / "nbgrader_config.py"]
    written[0].write_text(config, encoding="utf-8")
    for path in sorted((HERE / "solutions").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                cell.source = lesson_links(cell.source, lessons_url)
        nbformat.write(notebook, source / path.name)  # type: ignore[no-untyped-call]
        written.append(source / path.name)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m exercises.kit.course",
        description="Set up an nbgrader course folder for the Carnuta exercises.",
    )
    parser.add_argument("course", type=Path, help="the course folder (created if missing)")
    parser.add_argument(
        "--lessons-url",
        help="where your students read the lessons, ending in '/' "
        "(without it, the exercises name the lessons in words)",
    )
    args = parser.parse_args(argv)
    for path in init_course(args.course, args.lessons_url):
        print(path)


if __name__ == "__main__":
    main()
