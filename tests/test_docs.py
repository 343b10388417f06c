"""The documentation site: ``make docs`` and ``make site`` as the README gives them.

The site is built once for the file by the ``docs`` recipe of the Makefile, run as written
(only ``$(PY)`` becomes this Python): Sphinx with warnings as errors, offline, the lessons
executed by myst-nb (their outputs cached in ``build/.jupyter_cache``). The tests then read
the HTML: every lesson page with its outputs, the API reference, the getting-started pages,
and every link between pages, down to the anchor. The last test runs ``make site`` itself
and checks the folder a static host would serve, classroom site included.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from tests.conftest import LESSONS, ROOT

MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
OUT = ROOT / "build" / "docs"
SITE = ROOT / "build" / "site"
#: One object every package's page must document, by its HTML id.
KEY_OBJECTS = {
    "carnuta_core": ["carnuta_core.Game", "carnuta_core.Rules", "carnuta_core.play_game"],
    "carnival_core": ["carnival_core.Game", "carnival_core.CarnivalTitle"],
    "carcata_core": ["carcata_core.Game", "carcata_core.Rules"],
    "karnak_core": ["karnak_core.Rules", "karnak_core.Building", "karnak_core.Game"],
    "tabletop": ["tabletop.MCTSBot", "tabletop.lab.simulate", "tabletop.lab.sweep"],
    "widgets": ["widgets.PlayTable", "widgets.CarnivalTable"],
    "exercises.kit": ["exercises.kit.make", "exercises.kit.catalogue"],
    "lesson_data": ["lesson_data.load"],
}


def recipe(target: str) -> list[str]:
    """The command lines of a Makefile target, as make runs them."""
    match = re.search(rf"^{target}:[^\n]*\n((?:\t[^\n]*\n)+)", MAKEFILE, re.M)
    assert match, f"the Makefile has no {target!r} target"
    return [line[1:] for line in match[1].splitlines()]


@pytest.fixture(scope="module")
def docs() -> Path:
    (command,) = recipe("docs")
    began = time.perf_counter()
    done = subprocess.run(
        command.replace("$(PY)", sys.executable),
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    print(f"make docs: built in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    warnings = [line for line in done.stderr.splitlines() if "WARNING" in line]
    assert done.returncode == 0, "\n".join(warnings or done.stderr.splitlines()[-30:])
    return OUT


# ------------------------------------------------------------------------ the HTML
class Page(HTMLParser):
    """The ids a page defines, the links it makes, and the outputs of its notebook cells."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.outputs = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        for attribute in ("href", "src"):
            if attribute in values and tag in ("a", "img", "link", "script"):
                self.links.append(values[attribute])
        if "cell_output" in values.get("class", "").split():
            self.outputs += 1


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def broken_links(folder: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """Every link between the folder's files whose file, or anchor, does not exist."""
    pages: dict[Path, Page] = {p: read(p) for p in folder.rglob("*.html")}
    broken: list[str] = []
    for path, page in pages.items():
        if any(part.startswith("_") for part in path.relative_to(folder).parts[:-1]):
            continue  # Sphinx's own files: _static, _sources, _modules (source listings)
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or not (parts.path or parts.fragment):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(folder)}: {link}"
            if any(str(target).startswith(str((folder / s).resolve())) for s in skip):
                continue
            if not str(target).startswith(str(folder.resolve())) or not target.exists():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else read(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no such anchor)")
    return broken


def html_of(source: Path) -> Path:
    return OUT / source.with_suffix(".html")


# ----------------------------------------------------------------------- the tests
def test_the_three_getting_started_pages_exist(docs: Path) -> None:
    index = read(docs / "docs" / "index.html")
    for audience in ("student", "player", "teacher"):
        page = docs / "docs" / "start" / f"{audience}.html"
        assert page.is_file(), audience
        assert f"start/{audience}.html" in index.links, audience
        assert "Getting started" in page.read_text(encoding="utf-8")


def test_the_front_page_leads_to_the_documentation(docs: Path) -> None:
    assert "docs/index.html" in read(docs / "index.html").links


def test_the_lessons_are_all_found() -> None:
    assert len(LESSONS) >= 14, LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=[str(p) for p in LESSONS])
def test_every_lesson_page_shows_its_outputs(docs: Path, lesson: Path) -> None:
    page = html_of(lesson)
    assert page.is_file(), f"no page for {lesson}"
    outputs = read(page).outputs
    assert outputs >= 1, f"{lesson}: no cell output on its page"
    text = page.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" not in text, lesson


def test_every_lesson_ran_top_to_bottom_in_a_fresh_kernel(docs: Path) -> None:
    """The build is the lessons' restart-and-run-all: myst-nb runs each in a new kernel and
    fails on any error (``nb_execution_raise_on_error``). jupyter-cache keeps a record of each
    run that succeeded, keyed by the lesson's code, in a folder named after the kit's code;
    a lesson whose code matches no record did not run clean with this kit."""
    from jupyter_cache import get_cache

    (cache,) = (ROOT / "build" / ".jupyter_cache").iterdir()  # the build removed stale ones
    records = get_cache(cache)
    runs = {}
    for lesson in LESSONS:
        try:
            runs[lesson] = records.match_cache_file(str(ROOT / lesson)).data["execution_seconds"]
        except KeyError:
            pytest.fail(f"{lesson}: no clean run of its code is recorded")
    for lesson, seconds in sorted(runs.items(), key=lambda run: -run[1]):
        print(f"{lesson}: ran in {seconds:.1f} s")


def test_the_play_table_of_lesson_00_is_kept_as_a_widget_snapshot(docs: Path) -> None:
    """myst-nb stores the widgets' state: the table shows on the page, frozen."""
    text = html_of(Path("notebooks/00_start_here.ipynb")).read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in text
    assert "application/vnd.jupyter.widget-view+json" in text


def test_the_api_reference_covers_every_public_package(docs: Path) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = pyproject["tool"]["mypy"]["packages"]
    documented = {p for p in packages if p != "lite"}  # lite/ is the site's build script
    assert documented == set(KEY_OBJECTS)
    index = read(docs / "docs" / "api" / "index.html")
    for package, names in KEY_OBJECTS.items():
        page = docs / "docs" / "api" / f"{package}.html"
        assert f"{package}.html" in index.links, package
        ids = read(page).ids
        missing = [name for name in names if name not in ids]
        assert not missing, f"{page.name} documents none of {missing}"


def test_the_api_reference_is_read_from_the_docstrings(docs: Path) -> None:
    from carnuta_core import Game

    assert Game.__doc__
    first = Game.__doc__.strip().splitlines()[0].split("`")[0][:40]
    assert first in (docs / "docs" / "api" / "carnuta_core.html").read_text(encoding="utf-8")


def test_the_old_docs_keep_their_paths(docs: Path) -> None:
    sources = [*(ROOT / "docs").glob("*.md"), ROOT / "exercises" / "README.md", ROOT / "README.md"]
    for source in sources:
        assert html_of(source.relative_to(ROOT)).is_file(), source


def test_every_internal_link_resolves(docs: Path) -> None:
    # lite/ is the classroom site, which `make site` puts beside the documentation.
    broken = broken_links(docs, skip=("lite",))
    assert not broken, "\n".join(broken[:40])


def test_the_build_is_strict_and_offline() -> None:
    (command,) = recipe("docs")
    assert "-W" in command.split() and "--keep-going" in command.split()
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert "sphinx.ext.intersphinx" not in conf and "nitpicky = True" in conf


def test_the_readme_gives_both_commands_and_where_they_write() -> None:
    for text in ("`make docs`", "`build/docs/`", "`make site`", "`build/site/`"):
        assert text in README, text
    assert "docs:" in MAKEFILE and "site:" in MAKEFILE


def test_the_game_command_the_players_page_gives_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from carnuta_core import __main__ as cli

    page = (ROOT / "docs" / "start" / "player.md").read_text(encoding="utf-8")
    commands = re.findall(r"`(carnuta play [^`]*)`", page)
    assert commands, "the players' page shows a game from a shell"
    for command in commands:
        assert cli.main(command.split()[1:]) == 0, command
        assert "Player 1" in capsys.readouterr().out, command


def test_the_pages_workflow_runs_the_documented_command() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    assert [s["run"] for s in steps if "run" in s] == ["make site"]
    (upload,) = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages")]
    assert upload["with"]["path"] == "build/site"
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in steps)
    # `on:` reads as True in YAML 1.1: the example runs only when started by hand.
    assert set(workflow[True]) == {"workflow_dispatch"}


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_make_site_builds_one_folder_for_a_static_host(
    docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if shutil.which("npm") is None:
        pytest.skip("no npm: the classroom site's Pyodide runtime is the npm package pyodide")
    if shutil.which("make") is None:
        pytest.skip("no make")
    venv = Path(sys.executable).parent.parent
    began = time.perf_counter()
    # This Python's environment is the one make would use; -o: do not reinstall it. The
    # downloads go to their own cache, so that tests/test_lite.py may build at the same time.
    done = subprocess.run(
        ["make", "site", f"VENV={venv}", "-o", f"{venv}/.installed", f"LITE_CACHE={tmp_path}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    print(f"make site: built in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    assert (SITE / "index.html").is_file() and (SITE / "docs" / "index.html").is_file()
    assert (SITE / "lite" / "lab" / "index.html").is_file()
    assert (SITE / "lite" / "files" / "notebooks" / "00_start_here.ipynb").is_file()
    assert (SITE / ".nojekyll").is_file()
    classroom = read(SITE / "docs" / "classroom.html").links
    assert "../lite/lab/index.html?path=notebooks/00_start_here.ipynb" in classroom
    broken = [b for b in broken_links(SITE) if not b.startswith("lite/")]  # JupyterLite's own
    assert not broken, "\n".join(broken[:40])
