"""The lessons form one path: every notebook opens with its title and a navigation line, closes
with the same line, and every link between notebooks leads to a notebook that exists. The path
runs lesson by lesson, each lesson followed by the exercise notebook that carries its number;
every lesson states its objectives and ends with what we learned and questions to discuss."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tests.conftest import IDS, NOTEBOOKS, ROOT

#: Notebooks that are apps rather than lessons: their links are checked, not their layout.
APPS = {
    "play.ipynb",
    "play_carnival.ipynb",
    "play_carcata.ipynb",
    "jouer_carcata.ipynb",
    "play_karnak.ipynb",
    "jouer_karnak.ipynb",
}
LESSONS = [p for p in NOTEBOOKS if p.name not in APPS]
LESSON_IDS = [str(p.relative_to(ROOT)) for p in LESSONS]

LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
TITLE = re.compile(r"^# (?:Exercises |Exercices )?\d\d · \S")
START = ("Start here", "Commencer ici")


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
    for lesson in (
        "00_start_here.ipynb",
        "01_rules_a_turn.ipynb",
        "10_two_games_one_lab.ipynb",
        "11_playtesting_with_people.ipynb",
    ):
        assert lesson in names
    for lesson in ("00_commencer_ici", "01_regles_un_tour", "02_regles_jusqu_a_la_fin"):
        assert (ROOT / "notebooks" / "fr" / f"{lesson}.ipynb").exists()
    assert "12_design_project.ipynb" in names


def number(path: Path) -> int:
    return int(path.name[:2])


#: The English lessons in order, each followed by its exercise notebook when it has one.
ENGLISH = sorted(p for p in LESSONS if p.parent == ROOT / "notebooks")
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
PATH = [
    notebook
    for lesson in ENGLISH
    for notebook in [lesson, *(e for e in EXERCISES if number(e) == number(lesson))]
]
#: The path's last notebook has nowhere further to go.
LAST = PATH[-1].name


def test_one_lesson_per_number_and_every_exercise_follows_a_lesson() -> None:
    assert len({number(p) for p in ENGLISH}) == len(ENGLISH)
    assert [number(p) for p in ENGLISH] == list(range(len(ENGLISH)))
    lessons = {number(p) for p in ENGLISH}
    assert all(number(e) in lessons for e in EXERCISES), [e.name for e in EXERCISES]
    assert {p.name for p in PATH} == {p.name for p in ENGLISH} | {e.name for e in EXERCISES}


@pytest.mark.parametrize("index", range(len(PATH)), ids=[p.name for p in PATH])
def test_the_path_goes_lesson_then_its_exercises(index: int) -> None:
    here = PATH[index]
    links = LINK.findall(navigation(markdown(here)[0]) or "")
    targets = [(here.parent / target).resolve() for _, target in links]
    if index > 0:
        assert targets[0] == PATH[index - 1], (
            f"{here.name} should go back to {PATH[index - 1].name}"
        )
    if index + 1 < len(PATH):
        assert targets[-1] == PATH[index + 1], f"{here.name} should lead to {PATH[index + 1].name}"


OBJECTIVES = re.compile(
    r"By the end(?: of this lesson)?,? you can|À la fin de cette leçon, vous sa(?:vez|urez)"
)
LEARNED = re.compile(r"^## (What we learned|Ce que nous avons appris)$", re.MULTILINE)
QUESTIONS = re.compile(
    r"^## (Questions for discussion|Questions pour la discussion)$", re.MULTILINE
)
#: The lessons proper (the exercise notebooks have their own layout).
TAUGHT = [p for p in LESSONS if "notebooks" in p.parts]


@pytest.mark.parametrize("path", TAUGHT, ids=[str(p.relative_to(ROOT)) for p in TAUGHT])
def test_objectives_first_then_what_we_learned_and_questions(path: Path) -> None:
    cells = markdown(path)
    assert OBJECTIVES.search(cells[0]), f"{path.name}: no learning objectives in the first cell"
    text = "\n\n".join(cells)
    learned, asked = LEARNED.search(text), QUESTIONS.search(text)
    assert learned and asked and learned.start() < asked.start(), (
        f"{path.name}: should end with 'What we learned', then the questions for discussion"
    )
    questions = text[asked.end() :]
    assert not re.search(r"^#", questions, flags=re.MULTILINE), (
        f"{path.name}: nothing but the navigation follows the questions"
    )
    numbered = re.findall(r"^\d+\. ", questions, flags=re.MULTILINE)
    assert 3 <= len(numbered) <= 5, f"{path.name}: {len(numbered)} questions for discussion"


@pytest.mark.parametrize("start", ["00_start_here.ipynb", "fr/00_commencer_ici.ipynb"])
def test_the_map_lists_every_lesson(start: str) -> None:
    page = ROOT / "notebooks" / start
    linked = {
        (page.parent / target).resolve()
        for text in markdown(page)
        for _, target in LINK.findall(text)
        if "://" not in target
    }
    # A lesson is on the map in English or, on the French map, in its French version.
    numbers = {number(p) for p in linked if p.suffix == ".ipynb" and p.name[:2].isdigit()}
    # An exercise notebook too, in English or in its French version (exercises/fr/).
    exercises = {number(p) for p in linked if "exercises" in p.parts}
    missing = [p.name for p in EXERCISES if number(p) not in exercises]
    missing += [p.name for p in ENGLISH if number(p) not in numbers]
    missing += [p.name for p in LESSONS if p.parent == page.parent and p.resolve() not in linked]
    assert not missing, f"{start}: the map leaves out {missing}"


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


#: The last French lesson ends the French path, as the path's last notebook ends the English one.
LAST_FRENCH = max(p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb") if p.name not in APPS)


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_navigation_points_forward_and_back(path: Path) -> None:
    top = navigation(markdown(path)[0])
    assert top is not None
    labels = [label for label, _ in LINK.findall(top)]
    if path.name not in ("00_start_here.ipynb", "00_commencer_ici.ipynb"):
        assert labels[0].startswith("←"), f"{path.name}: the first link goes back: {top!r}"
    if path.name not in (LAST, LAST_FRENCH):
        assert labels[-1].endswith("→"), f"{path.name}: the last link goes forward: {top!r}"
