"""The lessons form one path: every notebook opens with its title and a navigation line, closes
with the same line, and every link between notebooks leads to a notebook that exists."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tests.conftest import IDS, NOTEBOOKS, ROOT

#: Notebooks that are apps rather than lessons: their links are checked, not their layout.
APPS = {"play.ipynb", "play_carnival.ipynb"}
LESSONS = [p for p in NOTEBOOKS if p.name not in APPS]
LESSON_IDS = [str(p.relative_to(ROOT)) for p in LESSONS]

LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
TITLE = re.compile(r"^# (?:Exercises )?\d\d · \S")
START = ("Start here", "Commencer ici")
#: The path ends with the last exercise notebook: it has nowhere further to go.
LAST = max(p.name for p in (ROOT / "exercises").glob("*.ipynb"))


def markdown(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]


def navigation(text: str) -> str | None:
    """The navigation line of a cell: links joined by ' · ', one of them to Start here."""
    for line in text.splitlines():
        links = LINK.findall(line)
        rest = LINK.sub("", line).replace("·", "").strip()
        if links and not rest and any(label in START for label, _ in links):
            return line.strip()
    return None


def test_every_lesson_of_the_path_exists() -> None:
    names = {p.name for p in NOTEBOOKS}
    for lesson in ("00_start_here.ipynb", "01_rules_a_turn.ipynb", "02_rules_to_the_end.ipynb"):
        assert lesson in names
    assert (ROOT / "notebooks" / "fr" / "00_commencer_ici.ipynb").exists()
    for lesson in ("01_regles_un_tour.ipynb", "02_regles_jusqu_a_la_fin.ipynb"):
        assert (ROOT / "notebooks" / "fr" / lesson).exists()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_links_between_notebooks_resolve(path: Path) -> None:
    broken = []
    for text in markdown(path):
        for label, target in LINK.findall(text):
            if "://" in target or target.startswith("#") or target.startswith("mailto:"):
                continue
            file = target.split("#")[0]
            if file and not (path.parent / file).exists():
                broken.append(f"[{label}]({target})")
    assert not broken, f"{path.relative_to(ROOT)}: links to nothing: {', '.join(broken)}"


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_title_and_navigation_at_top_and_bottom(path: Path) -> None:
    cells = markdown(path)
    assert cells, f"{path.name} has no text"
    first, last = cells[0], cells[-1]
    assert TITLE.match(first), f"{path.name}: the first cell should open with '# NN · Title'"
    top = navigation(first)
    assert top, f"{path.name}: no navigation line (with a Start here link) under the title"
    assert navigation(last) == top, f"{path.name}: the last cell should repeat {top!r}"


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_navigation_points_forward_and_back(path: Path) -> None:
    top = navigation(markdown(path)[0])
    assert top is not None
    labels = [label for label, _ in LINK.findall(top)]
    if path.name not in ("00_start_here.ipynb", "00_commencer_ici.ipynb"):
        assert labels[0].startswith("←"), f"{path.name}: the first link goes back: {top!r}"
    if path.name != LAST:
        assert labels[-1].endswith("→"), f"{path.name}: the last link goes forward: {top!r}"
