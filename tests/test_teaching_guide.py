"""The teacher's guide (docs/teaching/) keeps up with the lessons and exercises it describes.

Each session page names its lesson(s) on a ``**Lessons:**`` line and its exercise notebooks on
an ``**Exercises:**`` line. The tests read the notebooks themselves: every lesson of
``notebooks/`` has a page; every question of a lesson's "Questions for discussion" has a
numbered answer (``### NN · Question k``) on that page, and no question the lesson no longer
asks; every objective of the lesson is the page's; every exercise of every exercise notebook
has its answer; every misconception names a cell the lesson still has; every ```python block
and ```bash block of the guide runs as written; every percentage the guide quotes is the
README's (where the benchmarks that measured it are named); every link resolves. Lessons are
found by listing ``notebooks/``, so a lesson that arrives later is checked from then on; the
French pages (``docs/teaching/fr/``), where they exist, mirror the English structure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "teaching"
FRENCH = GUIDE / "fr"
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = sorted((ROOT / "exercises").glob("[0-9][0-9]_*.ipynb"))
PAGES = sorted(GUIDE.glob("session_*.md"))
FRENCH_PAGES = sorted(FRENCH.glob("seance_*.md"))
#: Files the guide links to that other parts of the kit bring (lessons 11-13, the French
#: lessons 03-10 and the design project's pages): a link to one is checked once it is there.
ARRIVING = {
    *(
        f"notebooks/fr/{name}.ipynb"
        for name in (
            "03_economie_des_runes",
            "04_mathematiques_du_score",
            "05_synergies_des_cartes",
            "06_jouer_et_se_faire_coacher",
            "07_laboratoire_de_conception",
            "08_des_maths_qui_derivent",
            "09_la_meilleure_potion",
            "10_deux_jeux_un_laboratoire",
        )
    ),
    "notebooks/11_playtesting_with_people.ipynb",
    "notebooks/12_design_project.ipynb",
    "notebooks/13_bot_tournament.ipynb",
    "docs/teaching/project.md",
    "docs/teaching/project_worked_example.md",
    "docs/teaching/projet.md",
}
SECTIONS = (
    "## Objectives",
    "## The 90 minutes",
    "## What to demonstrate",
    "## Answers to the questions for discussion",
    "## Misconceptions",
    "## Shorter or longer",
)
FRENCH_SECTIONS = (
    "## Objectifs",
    "## Les 90 minutes",
    "## Ce qu'on montre",
    "## Réponses aux questions de discussion",
    "## Idées fausses",
    "## Plus court ou plus long",
)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
BLOCK = re.compile(r"^```(python|bash)\n(.*?)^```", re.S | re.M)
CELL_REFERENCE = re.compile(r"[Cc]ell `([^`]+)`")


def notebook_cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def questions(lesson: Path) -> list[int]:
    """The numbers of the lesson's questions for discussion, as the notebook numbers them."""
    for cell in notebook_cells(lesson):
        text = source(cell)
        for heading in ("## Questions for discussion", "## Questions pour la discussion"):
            if heading not in text:
                continue
            after = text.split(heading, 1)[1]
            return [int(n) for n in re.findall(r"^(\d+)\. ", after, re.M)]
    raise AssertionError(f"{lesson.name} has no questions for discussion")


def objectives(lesson: Path) -> list[str]:
    """The bullets under the lesson's "By the end ..." (or "À la fin ...") line, one line each."""
    text = source(notebook_cells(lesson)[0])
    after = re.split(r"(?:By the end|À la fin)[^\n]*\n", text, maxsplit=1)[1]
    bullets: list[str] = []
    for line in after.splitlines():
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif bullets and line.startswith("  "):
            bullets[-1] += " " + line.strip()
        elif bullets:
            break
    assert bullets, f"{lesson.name}: no objectives found"
    return bullets


def one_line(text: str) -> str:
    return " ".join(text.split())


def named(page: Path, label: str) -> list[str]:
    """The file names a page's ``**Lessons:**`` (or ``**Exercises:**``, ``**Leçons :**``) line
    mentions."""
    match = re.search(rf"^\*\*{label} ?:\*\*(.*)$", page.read_text(encoding="utf-8"), re.M)
    return re.findall(r"`([^`]+\.ipynb)`", match[1]) if match else []


def page_for(lesson: Path) -> Path:
    (page,) = [p for p in PAGES if lesson.name in named(p, "Lessons")]
    return page


def section(text: str, heading: str) -> str:
    """The text under a ``## `` heading, up to the next one."""
    start = text.index(heading + "\n")
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def test_the_guide_has_a_page_per_lesson_and_a_term_plan() -> None:
    assert (GUIDE / "term_plan.md").exists() and PAGES
    for lesson in LESSONS:
        page_for(lesson)  # exactly one page names it


def test_the_term_plan_names_every_lesson_and_every_page() -> None:
    plan = (GUIDE / "term_plan.md").read_text(encoding="utf-8")
    for lesson in LESSONS:
        assert f"`{lesson.name}`" in plan, f"the term plan does not name {lesson.name}"
    for page in PAGES:
        assert f"({page.name})" in plan, f"the term plan does not link {page.name}"
    sessions = re.findall(r"^\| \[(\d+)\]\(session_\d+\.md\)", plan, re.M)
    assert 10 <= len(sessions) <= 14 and sessions == [str(n + 1) for n in range(len(sessions))]
    assert plan.count("**playtest") >= 2 and "record_to=" in plan and "project.md" in plan


def test_the_index_lists_every_page() -> None:
    index = (GUIDE / "index.md").read_text(encoding="utf-8")
    for page in [GUIDE / "term_plan.md", *PAGES]:
        assert f"\n{page.stem}\n" in index, f"docs/teaching/index.md misses {page.stem}"
    assert "\nteaching/index\n" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_page_has_its_sections(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    places = [text.find(heading + "\n") for heading in SECTIONS]
    assert -1 not in places and places == sorted(places), f"{page.name}: {SECTIONS}"
    plan = section(text, "## The 90 minutes")
    minutes = [int(m) for m in re.findall(r"^\| \d+[–-](\d+) \|", plan, re.M)]
    assert minutes and minutes[-1] == 90, f"{page.name}: the plan must end at minute 90"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_question_of_the_lesson_has_an_answer(lesson: Path) -> None:
    text = page_for(lesson).read_text(encoding="utf-8")
    number = lesson.name[:2]
    asked = questions(lesson)
    assert asked == list(range(1, len(asked) + 1)) and 3 <= len(asked) <= 5
    answered = [int(k) for k in re.findall(rf"^### {number} · Question (\d+)\n", text, re.M)]
    assert answered == asked, f"{lesson.name}: questions {asked}, answers {answered}"
    for k in asked:
        start = text.index(f"### {number} · Question {k}\n")
        end = text.find("\n#", start + 1)
        assert len(text[start:end].split()) >= 40, f"{lesson.name} question {k}: a real answer"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_objectives_are_the_lessons_own(lesson: Path) -> None:
    text = one_line(section(page_for(lesson).read_text(encoding="utf-8"), "## Objectives"))
    for objective in objectives(lesson):
        assert one_line(objective) in text, f"{lesson.name}: objective {objective!r}"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_misconception_names_a_cell_the_lesson_has(lesson: Path) -> None:
    page = page_for(lesson)
    text = section(page.read_text(encoding="utf-8"), "## Misconceptions")
    cells = [
        source(cell).strip()
        for path in LESSONS
        if path.name in named(page, "Lessons")
        for cell in notebook_cells(path)
    ]
    items = re.findall(r"^- (.*(?:\n  .*)*)", text, re.M)
    assert len(items) >= 2, f"{page.name}: at least two misconceptions"
    for item in items:
        references = CELL_REFERENCE.findall(one_line(item))
        assert references, f"{page.name}: name the cell that exposes {item[:60]!r}"
        for reference in references:
            assert any(cell.startswith(reference) for cell in cells), (
                f"{page.name}: no cell of its lessons starts with {reference!r}"
            )


def test_every_exercise_has_its_answer() -> None:
    covered = {name for page in PAGES for name in named(page, "Exercises")}
    assert {p.name for p in EXERCISES} <= covered
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for name in named(page, "Exercises"):
            cells = notebook_cells(ROOT / "exercises" / "solutions" / name)
            ids = sorted({m for c in cells for m in re.findall(r"^## (ex\d\d) ·", source(c), re.M)})
            assert ids, name
            for exercise in ids:
                assert f"\n### {exercise} ·" in text, f"{page.name}: no answer to {exercise}"
                assert f"answer{exercise[2:]}" in text, f"{page.name}: point to answer cell"


def guide_pages() -> list[Path]:
    return sorted(GUIDE.rglob("*.md"))


def test_every_link_resolves() -> None:
    for page in guide_pages():
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("#"):
                continue
            path = (page.parent / target.split("#")[0]).resolve()
            relative = path.relative_to(ROOT).as_posix()
            if relative in ARRIVING and not path.exists():
                continue
            assert path.exists(), f"{page.relative_to(ROOT)}: {target} does not exist"


def test_every_percentage_is_the_readmes_or_its_lessons() -> None:
    """A percentage is quoted from the README (whose figures the benchmarks measured) or from
    the text of the page's own lessons (a confidence level, a question's 55%)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in guide_pages():
        text = page.read_text(encoding="utf-8")
        lessons = "".join(
            source(cell)
            for name in named(page, "Lessons") + named(page, "Leçons")
            if (ROOT / "notebooks" / name).exists()
            for cell in notebook_cells(ROOT / "notebooks" / name)
        )
        for figure in re.findall(r"\d+(?:[.,]\d+)?\s?%", text):
            figure = figure.replace(",", ".").replace("\u202f", "").replace(" ", "")
            assert figure in readme or figure in lessons, (
                f"{page.relative_to(ROOT)}: {figure} is neither the README's nor its lessons'"
            )


def blocks() -> list[tuple[Path, str, str]]:
    return [
        (page, kind, body)
        for page in guide_pages()
        for kind, body in BLOCK.findall(page.read_text(encoding="utf-8"))
    ]


def test_the_guide_has_examples_to_type() -> None:
    assert {kind for _, kind, _ in blocks()} == {"python", "bash"}


@pytest.mark.parametrize("page", guide_pages(), ids=[p.stem for p in guide_pages()])
def test_every_example_runs(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict[str, Any] = {"__name__": "__guide__"}
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(ROOT),
    }
    for origin, kind, body in blocks():
        if origin != page:
            continue
        if kind == "python":
            exec(compile(body, str(page), "exec"), namespace)
        else:
            done = subprocess.run(
                ["bash", "-e", "-c", body],
                cwd=ROOT,
                env=environment,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr[-2000:]


def test_a_french_page_mirrors_its_english_page() -> None:
    """Each French session page (where there is one) has the English page's sections, its
    numbered answers and exercises; the French lesson it names (or else the English one) sets
    the objectives it quotes (or translates one for one) and the questions it answers, and its
    misconceptions name cells of the lesson, in either language."""
    for page in FRENCH_PAGES:
        english = GUIDE / page.name.replace("seance_", "session_")
        text, original = page.read_text(encoding="utf-8"), english.read_text(encoding="utf-8")
        places = [text.find(heading + "\n") for heading in FRENCH_SECTIONS]
        assert -1 not in places and places == sorted(places), f"{page.name}: {FRENCH_SECTIONS}"
        answers = re.findall(r"^### (\d\d) · Question (\d+)\n", original, re.M)
        assert re.findall(r"^### (\d\d) · Question (\d+)\n", text, re.M) == answers, page.name
        assert re.findall(r"^### (ex\d\d) ·", text, re.M) == re.findall(
            r"^### (ex\d\d) ·", original, re.M
        ), page.name
        lessons, expected_objectives = [], 0
        objectives_text = section(text, "## Objectifs")
        for name in named(english, "Lessons"):
            english_lesson = ROOT / "notebooks" / name
            # The page quotes the French lesson it names; a page written while a lesson
            # existed in English only names that one and translates its objectives.
            french = [
                ROOT / "notebooks" / other
                for other in named(page, "Leçons")
                if other.startswith(f"fr/{name[:2]}_")
            ]
            assert french or name in named(page, "Leçons"), f"{page.name}: name {name}"
            french = [path for path in french if path.exists()]
            if not (french or english_lesson.exists()):
                continue  # a lesson still to come: checked once it is in notebooks/
            lesson = french[0] if french else english_lesson
            lessons += [path for path in (english_lesson, *french) if path.exists()]
            numbered = re.findall(rf"^### {name[:2]} · Question (\d+)\n", text, re.M)
            assert [int(k) for k in numbered] == questions(lesson), page.name
            expected_objectives += len(objectives(lesson))
            if french:  # the French lesson's own words; an English one's are translated
                for objective in objectives(lesson):
                    assert one_line(objective) in one_line(objectives_text), (page.name, objective)
        if expected_objectives:  # one bullet for each objective of the lessons, one for one
            bullets = re.findall(r"^- ", objectives_text, re.M)
            assert len(bullets) == expected_objectives, page.name
        cells = [source(cell).strip() for lesson in lessons for cell in notebook_cells(lesson)]
        misconceptions = one_line(section(text, "## Idées fausses"))
        references = re.findall(r"[Cc]ellule `([^`]+)`", misconceptions)
        assert len(references) >= 2, page.name
        for reference in references if lessons else []:
            assert any(cell.startswith(reference) for cell in cells), f"{page.name}: {reference!r}"
    if FRENCH.exists():
        plan = (FRENCH / "plan.md").read_text(encoding="utf-8")
        for lesson in LESSONS:
            assert f"`{lesson.name}`" in plan, f"the French term plan does not name {lesson.name}"
        for page in FRENCH_PAGES:
            assert f"({page.name})" in plan, f"the French term plan does not link {page.name}"
    for page in [*FRENCH.glob("*.md")] if FRENCH.exists() else []:
        assert_french_typography(page)


def assert_french_typography(page: Path) -> None:
    """A space (narrow or not) before : ; ? and !, outside code, links, addresses and « »
    quotes (which may quote an English lesson's headings as they are written)."""
    text = page.read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```|«[^»]*»", "", text, flags=re.S | re.M)
    prose = re.sub(
        r"`[^`]*`|\]\([^)]*\)|https?://\S+|^\|[ -|]*\|$|^:\w+:.*$", "", prose, flags=re.M
    )
    bad = re.findall(r"\w[*»)]?[:;?!](?=\s|$)", prose, flags=re.M)
    assert not bad, f"{page.relative_to(ROOT)}: a space before : ; ? ! ({bad[:5]})"


def test_the_french_guide_has_every_page_of_the_english_one() -> None:
    if not FRENCH.exists():
        return
    french = {page.name.replace("seance_", "session_") for page in FRENCH_PAGES}
    assert french == {page.name for page in PAGES}, "a session page without its French page"
    index = (FRENCH / "index.md").read_text(encoding="utf-8")
    for page in [FRENCH / "plan.md", *FRENCH_PAGES]:
        assert f"\n{page.stem}\n" in index, f"docs/teaching/fr/index.md misses {page.stem}"
    assert "\nfr/index\n" in (GUIDE / "index.md").read_text(encoding="utf-8")
