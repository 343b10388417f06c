"""Student notebooks from the instructor solutions, the way ``nbgrader generate_assignment`` does.

The notebooks in ``exercises/solutions/`` are the nbgrader *source* version: answer cells hold
``### BEGIN SOLUTION`` ... ``### END SOLUTION``. The student version replaces each solution region
with ``STUB`` (indented like the region) and drops any hidden-test region, exactly as nbgrader
does with ``exercises/nbgrader_config.py``; its text loses the title's "(solutions)" and its
links to the lessons lead where the students read them (``student_markdown``). The French
instructor notebooks are in ``exercises/solutions/fr/`` (title "(corrigé)", links to the French
lessons one folder deeper) and their student versions in ``exercises/fr/``. Regenerate the
student notebooks, in both languages, after editing a solution notebook::

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
#: How a solution notebook links to a lesson: from exercises/solutions/ to notebooks/.
SOURCE_LESSONS = "../../notebooks/"
#: Where the student notebooks of this checkout (exercises/*.ipynb) find the lessons.
CHECKOUT_LESSONS = "../notebooks/"
SOLUTIONS_TITLE = " (solutions)"
#: Each language's subfolder of ``solutions/`` and of ``exercises/``, its title mark, and how
#: a lesson is named when there is no address to link to.
LANGUAGES = {
    "en": {"folder": "", "title": SOLUTIONS_TITLE, "lesson": "lesson"},
    "fr": {"folder": "fr", "title": " (corrigé)", "lesson": "leçon"},
}


def lesson_link(lang: str = "en") -> re.Pattern[str]:
    """A link to a lesson in a solution notebook of ``lang`` (one folder deeper in French)."""
    source = "../" * bool(LANGUAGES[lang]["folder"]) + SOURCE_LESSONS
    return re.compile(r"\[([^\]\n]*)\]\(" + re.escape(source) + r"([^)\s]*)\)")


def checkout_lessons(lang: str = "en") -> str:
    """Where the student notebooks of ``lang`` in this checkout find the lessons."""
    return "../" * bool(LANGUAGES[lang]["folder"]) + CHECKOUT_LESSONS


def clear_solutions(source: str, stub: str = STUB) -> str:
    """Replace every solution region by ``stub``, indented like its BEGIN line."""
    out: list[str] = []
    inside = False
    for line in source.split("\n"):
        if BEGIN_SOLUTION in line:
            if inside:
                raise ValueError("nested BEGIN SOLUTION")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
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


def lesson_links(text: str, lessons: str | None, lang: str = "en") -> str:
    """Each link to a lesson pointed at ``lessons`` (a folder or an address ending in '/');
    with ``lessons=None``, the lesson named in words instead (never a link to nowhere).
    ``lang`` is the solution notebook's language.

    >>> text = "See [01 Rules](../../notebooks/01_rules.ipynb)."
    >>> lesson_links(text, "https://example.org/notebooks/")
    'See [01 Rules](https://example.org/notebooks/01_rules.ipynb).'
    >>> lesson_links(text, None)
    'See *01 Rules* (lesson 01_rules.ipynb).'
    """
    link = lesson_link(lang)
    if lessons is None:
        lesson = LANGUAGES[lang]["lesson"]
        return link.sub(lambda m: f"*{m[1]}* ({lesson} {m[2]})", text)
    return link.sub(lambda m: f"[{m[1]}]({lessons}{m[2]})", text)


def student_markdown(text: str, lessons: str | None, lang: str = "en") -> str:
    """A solution notebook's text as the students read it: the title without "(solutions)"
    (in French "(corrigé)") and the lesson links pointed at ``lessons`` (see
    ``lesson_links``)."""
    title, newline, rest = text.partition("\n")
    if title.startswith("# "):
        title = title.replace(LANGUAGES[lang]["title"], "")
    return lesson_links(title + newline + rest, lessons, lang)


def student_source(cell: Any, lessons: str | None = CHECKOUT_LESSONS, lang: str = "en") -> str:
    """The source a student sees for one cell of the solution notebook."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    source = str(cell["source"])
    if meta.get("solution"):
        source = clear_solutions(source, STUB if cell["cell_type"] == "code" else TEXT_STUB)
    if meta.get("grade") and cell["cell_type"] == "code":
        source = remove_hidden_tests(source)
    if cell["cell_type"] == "markdown":
        source = student_markdown(source, lessons, lang)
    return source


def student_version(notebook: Any, lang: str = "en") -> Any:
    """A copy of a solution notebook of ``lang`` with the solutions cleared and hidden tests
    removed, its lesson links pointing at this checkout's lessons."""
    released = copy.deepcopy(notebook)
    for cell in released.cells:
        cell["source"] = student_source(cell, checkout_lessons(lang), lang)
    return released


def solution_paths(lang: str = "en") -> list[Path]:
    """The instructor notebooks of ``lang``."""
    return sorted((HERE / "solutions" / LANGUAGES[lang]["folder"]).glob("*.ipynb"))


def student_path(solution: Path, lang: str = "en") -> Path:
    """Where the student version of the solution notebook ``solution`` goes."""
    return HERE / LANGUAGES[lang]["folder"] / solution.name


def main() -> None:
    import nbformat

    for lang in LANGUAGES:
        for path in solution_paths(lang):
            notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
            target = student_path(path, lang)
            nbformat.write(student_version(notebook, lang), target)  # type: ignore[no-untyped-call]
            print(f"{path.relative_to(HERE.parent)} -> {target.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
