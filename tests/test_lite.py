"""The zero-install classroom site (``make lite``): built, then run in headless Chromium with
no network but 127.0.0.1.

The site is built by ``lite/build.py`` into a temporary folder (its downloads are cached in
``build/lite-cache``) and served by a static file server on 127.0.0.1, as any school web
server would. Every request for anything but 127.0.0.1 is aborted and recorded: lesson 00,
the play notebook and the exercises must run with none, and the lessons that need compiled
packages must ask Pyodide's CDN for them and nothing else.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from lite import build as lite_build
from tests.browser_support import (
    ACCESS_CELLS,
    CHROMIUM,
    KERNEL_IDLE,
    ROOT,
    check_table_access,
    play_a_turn,
)

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
expect = sync_api.expect
expect.set_options(timeout=60_000)
#: The lessons that need no compiled package (the README's table says so), and the table.
OFFLINE_LESSONS = [
    "notebooks/00_start_here.ipynb",
    "notebooks/fr/00_commencer_ici.ipynb",
    "notebooks/02_rules_to_the_end.ipynb",
    "notebooks/fr/02_regles_jusqu_a_la_fin.ipynb",
    "notebooks/play_carnival.ipynb",
]
#: The tables run whole and played by a click in their own test, with their language: the
#: table's CSS class, the button that starts a move (None: a cell of the picture starts it),
#: the picture whose legal cell is then clicked, and the decisions logged after that click.
PLAYED_TABLES = [
    ("notebooks/play_carcata.ipynb", "en", "ca", None, "island", 2),
    ("notebooks/fr/jouer_carcata.ipynb", "fr", "ca", None, "island", 2),
    ("notebooks/play_karnak.ipynb", "en", "ka", "Place a cube", "mat", 1),
    ("notebooks/fr/jouer_karnak.ipynb", "fr", "ka", "Poser : cube", "mat", 1),
]
PLAY = "notebooks/play.ipynb"
COMPILED = ("numpy", "pandas", "matplotlib", "scipy")
EXERCISES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "exercises").glob("*.ipynb"))
#: The exercise notebooks that run with no compiled package (the others, such as the integer
#: programs of 09_maths, load theirs from Pyodide's CDN like the lessons that need them).
OFFLINE_EXERCISES = [e for e in EXERCISES if e not in lite_build.COMPILED_PACKAGES_FOR]
browser_test = pytest.mark.skipif(
    not CHROMIUM.exists() or shutil.which("npm") is None,
    reason="needs /usr/bin/chromium and npm (make test installs them)",
)
pytestmark = pytest.mark.timeout(900)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("npm") is None:
        pytest.skip("no npm: the site's Pyodide runtime is the npm package pyodide")
    out = tmp_path_factory.mktemp("lite") / "site"
    subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--out", str(out)], check=True)
    return out


def lock_of(site: Path) -> dict[str, Any]:
    packages: dict[str, Any] = json.loads(
        (site / "static" / "pyodide" / lite_build.LOCK).read_bytes()
    )["packages"]
    return packages


# ----------------------------------------------------------------------- the site's files
def test_the_pyodide_is_the_one_the_kernel_expects() -> None:
    from jupyterlite_pyodide_kernel import constants

    assert lite_build.PYODIDE_VERSION == constants.PYODIDE_VERSION
    assert lite_build.PYODIDE_CDN == constants.PYODIDE_CDN_URL + "/"


def test_shipped_wheels_are_pure_and_match_their_lock_entry(site: Path) -> None:
    shipped = {
        name: entry
        for name, entry in lock_of(site).items()
        if not entry["file_name"].startswith("https://")
    }
    assert {"carnuta-kit", "sympy", "networkx", "ipywidgets", "ipython", "micropip"} <= set(shipped)
    for name, entry in shipped.items():
        wheel = site / "static" / "pyodide" / entry["file_name"]
        assert wheel.name.endswith("-none-any.whl"), name
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(shipped), name  # starts with no network


def test_the_kit_loads_without_compiled_packages_which_stay_on_pyodides_cdn(site: Path) -> None:
    lock = lock_of(site)
    kit = lock["carnuta-kit"]
    assert set(kit["imports"]) >= {"carnuta_core", "widgets", "exercises"}
    needed, wanted = set(), ["carnuta-kit"]
    while wanted:
        name = wanted.pop()
        if name not in needed:
            needed.add(name)
            wanted.extend(lock[name]["depends"])
    assert not needed & {"numpy", "pandas", "matplotlib", "scipy"}
    runtime = lite_build.pyodide_runtime(ROOT / "build" / "lite-cache")
    original = json.loads((runtime / lite_build.LOCK).read_bytes())["packages"]
    for name in ("numpy", "pandas", "matplotlib", "scipy"):
        assert lock[name]["file_name"] == lite_build.PYODIDE_CDN + original[name]["file_name"]
        assert lock[name]["sha256"] == original[name]["sha256"]
    # Lesson 13's rating library is not in Pyodide's distribution: the site ships its wheel.
    assert "openskill" not in original
    assert lock["openskill"]["file_name"].startswith("openskill-")
    assert (site / "static" / "pyodide" / lock["openskill"]["file_name"]).is_file()


def test_the_site_holds_the_lessons_and_exercises_but_no_solutions(site: Path) -> None:
    files = site / "files"
    for folder in ("notebooks", "exercises"):
        for notebook in (ROOT / folder).glob("*.ipynb"):
            assert (files / folder / notebook.name).is_file(), notebook
    assert (files / "notebooks" / "fr" / "00_commencer_ici.ipynb").is_file()
    # The French exercise notebooks too, the students' versions.
    french = sorted((ROOT / "exercises" / "fr").glob("*.ipynb"))
    assert french and all((files / "exercises" / "fr" / p.name).is_file() for p in french)
    assert not list(files.rglob("solutions")) and not list(files.rglob("*.py"))
    # The kit's wheel the browser installs leaves out the instructor notebooks the package has.
    (kit,) = (site / "static" / "pyodide").glob("carnuta_kit-*.whl")
    names = zipfile.ZipFile(kit).namelist()
    assert "exercises/kit/course.py" in names and not [n for n in names if "solutions/" in n]
    for lesson, packages in lite_build.COMPILED_PACKAGES_FOR.items():
        first = nbformat.read(files / lesson, as_version=4).cells[0]
        assert first.cell_type == "code" and first.source.endswith("import " + ", ".join(packages))
    settings = json.loads((site / "jupyter-lite.json").read_bytes())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "carnuta-kit" in kernel["loadPyodideOptions"]["packages"]
    # The layout of open tabs lives in memory only; the students' files stay in IndexedDB.
    assert settings["enableMemoryStorage"] is True
    assert settings["workspacesStorageDrivers"] == ["memoryStorageDriver"]
    assert "contentsStorageDrivers" not in settings


def imports_compiled_packages(notebook: Path) -> bool:
    for cell in nbformat.read(notebook, as_version=4).cells:
        if cell.cell_type == "code":
            for node in ast.walk(ast.parse(cell.source)):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                else:
                    continue
                if any(name.partition(".")[0] in COMPILED for name in names):
                    return True
    return False


def test_every_lesson_is_known_to_run_offline_or_to_need_compiled_packages() -> None:
    """A new lesson goes in OFFLINE_LESSONS (then the browser test runs it) or, if the kit
    needs compiled packages for it, in lite/build.py's COMPILED_PACKAGES_FOR."""
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        lesson = path.relative_to(ROOT).as_posix()
        known = (
            lesson in OFFLINE_LESSONS
            or lesson in {table[0] for table in PLAYED_TABLES}
            or lesson == PLAY
            or lesson in lite_build.COMPILED_PACKAGES_FOR
            or imports_compiled_packages(path)
        )
        assert known, f"{lesson}: add it to OFFLINE_LESSONS or to COMPILED_PACKAGES_FOR"
    for lesson in [*OFFLINE_LESSONS, *(table[0] for table in PLAYED_TABLES)]:
        assert lesson not in lite_build.COMPILED_PACKAGES_FOR
        assert not imports_compiled_packages(ROOT / lesson), lesson


# --------------------------------------------------------------------------- the browser
class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on for modules and WebAssembly."""

    extensions_map = {
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture
def offline(page: Any, served: str) -> Iterator[list[str]]:
    """Abort every request for anything but the site; the list of those asked for."""
    asked: list[str] = []

    def guard(route: Any) -> None:
        url = route.request.url
        if url.startswith((served + "/", "data:", "blob:")):
            route.continue_()
        else:
            asked.append(url)
            route.abort()

    # The context's routes also see the kernel's web worker, which fetches the packages.
    page.context.route("**/*", guard)
    yield asked


#: What the open notebook's run reached: code cells run, errors, the kernel's status.
RUN_STATE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = [...panel.content.model.cells].filter(c => c.type === 'code');
  const errors = [];
  for (const cell of cells) {
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error') { errors.push(out.ename + ': ' + out.evalue); }
    }
  }
  const kernel = panel.sessionContext.session.kernel;
  return {cells: cells.length, run: cells.filter(c => c.executionCount).length, errors,
          idle: kernel.status === 'idle'};
}"""
FINISHED = f"() => {{ const s = ({RUN_STATE})(); return s.errors.length > 0 || (s.idle && s.run === s.cells); }}"


def open_notebook(page: Any, served: str, path: str) -> None:
    page.goto(f"{served}/lab/index.html?path={path}")
    page.wait_for_function(KERNEL_IDLE, arg=path, timeout=180_000)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); }")


def run_all(page: Any) -> dict[str, Any]:
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(FINISHED, timeout=300_000, polling=500)
    state: dict[str, Any] = page.evaluate(RUN_STATE)
    return state


#: Open a notebook in a new tab on the given kernel (no new Pyodide to boot); its kernel's id.
OPEN_ON_KERNEL = """async ([path, kernelId]) => {
  const widget = await window.jupyterapp.commands.execute(
    'docmanager:open', {path, kernel: {id: kernelId}});
  await widget.sessionContext.ready;
  return widget.sessionContext.session.kernel.id;
}"""
KERNEL_ID = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id"


def run_each_on_one_kernel(
    page: Any,
    served: str,
    notebooks: list[str],
    also_right: Callable[[str], bool],
    prepare: Callable[[str], None] = lambda notebook: None,
) -> dict[str, Any]:
    """Open the notebooks one after another in tabs sharing one browser kernel, as they would
    share a student's Pyodide (booting one per notebook would only repeat the boot; each runs
    alone in a fresh kernel in CPython in tests/test_notebooks.py and tests/test_docs.py);
    ``prepare`` each, run all its cells. The state of each notebook that had an error, did not
    run every cell, or whose ``also_right`` check failed."""
    open_notebook(page, served, notebooks[0])
    kernel = page.evaluate(KERNEL_ID)
    failed: dict[str, Any] = {}
    for notebook in notebooks:
        if notebook != notebooks[0]:
            assert page.evaluate(OPEN_ON_KERNEL, [notebook, kernel]) == kernel, notebook
            page.wait_for_function(KERNEL_IDLE, arg=notebook, timeout=60_000)
        prepare(notebook)
        state = run_all(page)
        if state["errors"] or state["run"] != state["cells"] or not also_right(notebook):
            failed[notebook] = state
    return failed


@browser_test
@pytest.mark.browser
def test_the_offline_lessons_run_in_the_browser(page: Any, served: str, offline: list[str]) -> None:
    """Each lesson that needs no compiled package runs all its cells with no error and no
    request beyond the site (the lessons share one browser kernel)."""
    failed = run_each_on_one_kernel(page, served, OFFLINE_LESSONS, lambda notebook: True)
    assert not failed, failed
    assert offline == []


@browser_test
@pytest.mark.browser
def test_the_play_notebook_plays_by_clicks_offline(
    page: Any, served: str, offline: list[str]
) -> None:
    open_notebook(page, served, PLAY)
    state = run_all(page)
    assert state["errors"] == [], state
    table = page.locator(".jp-OutputArea-output .cn-table")
    play_a_turn(page, table, None)  # take a card, play it, end the turn, watch the bots
    log = table.locator(".cn-log")
    before = int(log.get_attribute("data-count") or 0)
    table.locator(".cn-side input[type='text']").fill("take day 1")
    table.get_by_role("button", name="Play", exact=True).click()
    expect(log).to_have_attribute("data-count", str(before + 1))
    expect(table.locator(".cn-map-seat0 .carnuta-hand [data-card]:visible")).to_have_count(1)
    table.get_by_role("button", name="Undo").click()
    expect(log).to_have_attribute("data-count", str(before))
    expect(table.locator(".cn-map-seat0 .carnuta-hand [data-card]:visible")).to_have_count(0)
    assert offline == []


#: Add a code cell at the end of the open notebook and run it.
RUN_NEW_CELL = """(source) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const model = panel.content.model;
  model.sharedModel.insertCell(model.cells.length, {cell_type: 'code', source});
  panel.content.activeCellIndex = model.cells.length - 1;
  window.jupyterapp.commands.execute('notebook:run-cell');
}"""


@browser_test
@pytest.mark.browser
def test_both_tables_pass_axe_in_the_classroom_site(
    page: Any, served: str, offline: list[str]
) -> None:
    """The browser kernel draws both tables, in English and in French, a few moves in; axe-core
    finds no serious fault in any, the focus ring shows and nothing scrolls sideways."""
    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, served, PLAY)
    shown = "\nfor table in (*carnuta.values(), *carnival.values()):\n    display(table)"
    page.evaluate(RUN_NEW_CELL, ACCESS_CELLS[0] + shown)
    tables = page.locator(".jp-Notebook .jp-Cell").last.locator(".cn-table, .cv-table")
    expect(tables).to_have_count(4)
    expect(tables.nth(3).locator(".cn-map-centre svg:visible")).to_be_visible()
    for k, what in enumerate(("Carnuta", "Carnuta, French", "Carnival", "Carnival, French")):
        check_table_access(page, tables.nth(k), f"classroom site, {what}")
    assert offline == []


@browser_test
@pytest.mark.browser
@pytest.mark.parametrize(
    ("notebook", "lang", "css", "start", "picture", "logged"),
    PLAYED_TABLES,
    ids=[Path(table[0]).stem for table in PLAYED_TABLES],
)
def test_the_carcata_and_karnak_tables_pass_axe_and_play_in_the_classroom_site(
    page: Any,
    served: str,
    offline: list[str],
    notebook: str,
    lang: str,
    css: str,
    start: str | None,
    picture: str,
    logged: int,
) -> None:
    """The browser kernel draws the table; axe-core finds no serious fault in it, the focus
    ring shows, nothing scrolls sideways, and clicks play (Carcata: a pawn placed; Karnak: a
    cube placed, its shape first). The window is wide enough for the cells to be drawn over
    the picture (narrower, they become a row of buttons under it, as on a phone)."""
    page.set_viewport_size({"width": 1600, "height": 900})
    open_notebook(page, served, notebook)
    state = run_all(page)
    assert state["errors"] == [] and state["run"] == state["cells"], state
    table = page.locator(f".jp-OutputArea-output .{css}-table")
    # The cells are buttons over the picture or, in a narrow output area, in a row under it.
    legal = f".cn-map-{picture} .cn-hit.cn-legal:visible, .{css}-choices .{css}-choice:visible"
    expect(table.locator(f".cn-map-{picture} svg:visible").first).to_be_visible()
    expect(table).to_have_attribute("lang", lang)
    if start is not None:  # the cells open once the kind of move is chosen
        table.get_by_role("button", name=re.compile(f"^{re.escape(start)}")).click()
    check_table_access(page, table, f"classroom site, {Path(notebook).stem}")
    table.locator(legal).first.click()
    expect(table.locator(f".{css}-log")).to_have_attribute("data-count", str(logged))
    assert offline == []


#: Put a solution into its answer cell (by nbgrader grade id) in the open notebook.
SET_ANSWER = """([gradeId, source]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const cell of panel.content.model.cells) {
    const grader = cell.getMetadata('nbgrader');
    if (grader && grader.grade_id === gradeId) { cell.sharedModel.setSource(source); return true; }
  }
  return false;
}"""
#: The text each check cell shows.
CHECKS = """() => [...window.jupyterapp.shell.currentWidget.content.model.cells]
  .filter(c => (c.getMetadata('nbgrader') || {}).grade === true)
  .map(c => c.outputs.toJSON().map(o => (o.data || {})['text/plain'] || o.text || '').join(''))"""


def solutions(exercise: str) -> dict[str, str]:
    """The instructor's answer cells of an exercise notebook, by nbgrader grade id."""
    notebook = nbformat.read(ROOT / "exercises" / "solutions" / Path(exercise).name, 4)
    return {
        cell.metadata["nbgrader"]["grade_id"]: cell.source
        for cell in notebook.cells
        if cell.metadata.get("nbgrader", {}).get("solution")
    }


@browser_test
@pytest.mark.browser
def test_every_exercise_notebook_checks_the_engines_answers_offline(
    page: Any, served: str, offline: list[str]
) -> None:
    """Each exercise sheet that needs no compiled package, its answer cells filled with the
    solutions, runs all its cells with every check ✓ (the sheets share one browser kernel)."""
    assert len(OFFLINE_EXERCISES) >= 7, OFFLINE_EXERCISES
    answered = {exercise: solutions(exercise) for exercise in OFFLINE_EXERCISES}

    def fill_answers(exercise: str) -> None:
        for grade_id, source in answered[exercise].items():
            assert page.evaluate(SET_ANSWER, [grade_id, source]), (exercise, grade_id)

    def all_checks_right(exercise: str) -> bool:
        checks: list[str] = page.evaluate(CHECKS)
        return len(checks) >= len(answered[exercise]) and all(c.startswith("✓") for c in checks)

    failed = run_each_on_one_kernel(page, served, OFFLINE_EXERCISES, all_checks_right, fill_answers)
    assert not failed, failed
    assert offline == []


@browser_test
@pytest.mark.browser
@pytest.mark.parametrize(
    ("notebook", "first_missing", "asked"),
    [
        ("notebooks/03_rune_economy.ipynb", "matplotlib", {"numpy", "matplotlib", "pandas"}),
        ("exercises/09_maths.ipynb", "numpy", {"numpy", "scipy"}),
    ],
)
def test_a_notebook_needing_compiled_packages_asks_pyodides_cdn_for_them(
    page: Any, served: str, offline: list[str], notebook: str, first_missing: str, asked: set[str]
) -> None:
    """Offline, such a notebook stops at its first cell; what it asked for is on Pyodide's
    CDN."""
    assert notebook in lite_build.COMPILED_PACKAGES_FOR
    open_notebook(page, served, notebook)
    state = run_all(page)
    assert state["run"] == 1 and state["errors"], state
    assert "ModuleNotFoundError" in state["errors"][0], state
    assert f"No module named '{first_missing}'" in state["errors"][0], state
    assert offline and all(url.startswith(lite_build.PYODIDE_CDN) for url in offline), offline
    wheels = {url.removeprefix(lite_build.PYODIDE_CDN).split("-")[0] for url in offline}
    assert asked <= wheels


#: The notebooks open in the main area, and the kernels this page started.
OPEN_TABS = """async () => {
  const app = window.jupyterapp;
  await app.restored;
  const tabs = [...app.shell.widgets('main')]
    .filter(w => w.context && w.context.path.endsWith('.ipynb'))
    .map(w => w.context.path);
  const kernels = [...app.serviceManager.kernels.running()].length;
  return {tabs, kernels};
}"""
#: Three visits to three lessons, as a student comes back to the site lesson after lesson.
VISITS = OFFLINE_LESSONS[:3]


@browser_test
@pytest.mark.browser
def test_each_visit_opens_the_lesson_asked_for_and_restores_no_old_tabs(
    browser: Any, served: str
) -> None:
    """One browser profile (its IndexedDB kept between visits) opens lesson after lesson:
    each visit shows the lesson of its link, with one kernel, whatever was open before; the
    lesson's edits stay in the browser (contents are kept), the layout of old tabs does not."""
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    asked: list[str] = []

    def guard(route: Any) -> None:
        if route.request.url.startswith((served + "/", "data:", "blob:")):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(60_000)
    seen: list[dict[str, Any]] = []
    try:
        for visit, lesson in enumerate(VISITS, 1):
            start = time.monotonic()
            open_notebook(page, served, lesson)
            seconds = time.monotonic() - start
            page.wait_for_timeout(1_000)  # time for the layout to be saved, as a student's would
            state: dict[str, Any] = page.evaluate(OPEN_TABS)
            state["kernel_start_s"] = round(seconds, 1)
            seen.append(state)
            print(f"visit {visit}: {lesson}: kernel ready in {seconds:.1f} s, {state}")
        # The edit a student makes stays: the next visit to the same lesson shows it.
        page.evaluate(
            """() => { const panel = window.jupyterapp.shell.currentWidget;
                panel.content.model.cells.get(0).sharedModel.setSource('# my note');
                return panel.context.save(); }"""
        )
        open_notebook(page, served, VISITS[-1])
        first = page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.model.cells.get(0)"
            ".sharedModel.getSource()"
        )
        state = page.evaluate(OPEN_TABS)
        print(f"visit {len(VISITS) + 1}: {VISITS[-1]} again: {state}")
    finally:
        context.close()
    for lesson, state in zip(VISITS, seen, strict=True):
        assert state["tabs"] == [lesson] and state["kernels"] == 1, seen
    assert first == "# my note" and state["tabs"] == [VISITS[-1]], state
    assert asked == []
