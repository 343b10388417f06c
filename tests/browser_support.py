"""What the browser tests share: servers on 127.0.0.1 started and stopped by PID (JupyterLab
and Voilà serving a temporary copy of ``notebooks/`` with ``HOME`` in a temporary folder),
Debian's headless Chromium driven by Playwright, and a turn played on the table by clicks.

The ``browser`` and ``page`` fixtures are in ``conftest.py``: a test module using them
provides a ``home`` fixture (a throw-away HOME) and takes ``expect`` from
``playwright_expect()``, which skips it when Chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
README_SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1500, "height": 1000}


#: The widths a table is looked at: a large laptop, a tablet held upright, a phone, WCAG's
#: reflow width.
REFLOW_WIDTHS = (1366, 820, 390, 320)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {process.returncode}) before {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer in {seconds} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=8)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def server_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        IPYTHONDIR=str(home / ".ipython"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    env.pop("JUPYTER_CONFIG_DIR", None)
    return env


def make_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throw-away HOME with JupyterLab settings: no autosave, no news."""
    home = tmp_path_factory.mktemp("home")
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    (settings / "docmanager-extension").mkdir(parents=True)
    (settings / "docmanager-extension" / "plugin.jupyterlab-settings").write_text(
        json.dumps({"autosave": False})
    )
    (settings / "apputils-extension").mkdir(parents=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    return home


def write_notebook(path: Path, cells: list[str]) -> None:
    """A notebook of code ``cells`` at ``path``, for a server to run."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, path)


def copy_notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of ``notebooks/``, to be served."""
    folder = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(ROOT / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return folder


@contextmanager
def server(arguments: Sequence[str], *, cwd: Path, home: Path, ready: str) -> Iterator[str]:
    """``python -m <arguments> --port=<a free port>`` run in ``cwd`` with ``HOME`` at ``home``;
    yields its address once ``ready`` (a path) answers, then stops it."""
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", *arguments, f"--port={port}"],
        cwd=cwd,
        env=server_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(address + ready, process)
        yield address
    finally:
        stop(process)


def voila_server(home: Path, served: Path, notebook: str | None = None) -> Iterator[str]:
    """Voilà serving ``notebook`` from ``served`` (every notebook there, under
    ``/voila/render/``, when ``None``); yields its address, then stops it."""
    arguments = ["voila", *([notebook] if notebook else []), "--no-browser"]
    arguments += ["--Voila.ip=127.0.0.1", f"--Voila.root_dir={served}"]
    with server(arguments, cwd=served, home=home, ready="/") as address:
        yield address


def lab_server(home: Path, served: Path) -> Iterator[str]:
    """JupyterLab serving ``served``; yields its address, then stops it."""
    arguments = [
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={served}",
        "--ServerApp.disable_check_xsrf=True",
        "--LabApp.news_url=None",
        "--LabApp.expose_app_in_browser=True",
    ]
    with server(arguments, cwd=served, home=home, ready="/api/status") as address:
        yield address


def playwright_expect() -> Any:
    """Playwright's ``expect``, waiting up to 60 s; called at a test module's top, it skips the
    module when Debian's Chromium or Playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip(
            "no /usr/bin/chromium: run `make chromium` to drive the widgets in a browser",
            allow_module_level=True,
        )
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    sync_api.expect.set_options(timeout=60_000)
    return sync_api.expect


def chromium(home: Path) -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    from playwright import sync_api

    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", str(home / "pw-browsers"))
    with sync_api.sync_playwright() as pw:
        launched = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


def new_page(browser: Any, name: str) -> Iterator[Any]:
    """A page in a fresh context; what it shows at the end is saved as ``last-<name>.png``."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        # What the page showed at the end (on a failure, that is where it stopped).
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"last-{name}.png"), full_page=True)
        context.close()


def screenshot(locator: Any, name: str, *, readme: bool = False) -> Path:
    """A picture of ``locator`` in ``test-artifacts/``; with ``CARNUTA_SCREENSHOTS=1``, the
    README's copy in ``docs/screenshots/`` too."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, f"{name}.png looks empty"
    if readme and os.environ.get("CARNUTA_SCREENSHOTS") == "1":
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, README_SHOTS / f"{name}.png")
    return path


# ----------------------------------------------------------------- driving the table
COST = re.compile(r"#cn-(flip|return)-(sun|moon)")


def affordable_market_card(table: Any, suns: int, moons: int) -> str:
    """The id of a market card (not a Salt) whose cost these runes pay, read from the picture."""
    slots = table.locator(".cn-map-market .carnuta-slot .carnuta-card")
    for k in range(slots.count()):
        card = slots.nth(k)
        uses = card.evaluate("g => [...g.querySelectorAll('use')].map(u => u.getAttribute('href'))")
        if "#cn-salt" in uses:
            continue
        need = {"sun": 0, "moon": 0}
        for href in uses:
            match = COST.fullmatch(href or "")
            if match:
                need[match[2]] += 1
        if need["sun"] <= suns and need["moon"] <= moons:
            return str(card.get_attribute("data-card"))
    raise AssertionError("no affordable card in the market")


def check_buttons_cover_their_cards(table: Any) -> None:
    """Every glowing button laid over a card covers that card's drawing (of the pictures the
    page shows: the layout that fits the width)."""
    hits = table.locator(".cn-hit.cn-legal:visible")
    assert hits.count() > 0
    for k in range(hits.count()):
        hit = hits.nth(k)
        label = hit.inner_text().strip() or hit.get_attribute("title") or ""
        match = re.search(r"\b([A-Z]+\d+)\b", label)
        if not match:
            continue
        box = hit.bounding_box()
        card = table.locator(f".cn-map [data-card='{match[1]}']:visible").first
        drawn = card.bounding_box()
        assert box and drawn, (label, box, drawn)
        assert abs(box["x"] - drawn["x"]) < 3 and abs(box["y"] - drawn["y"]) < 3, (
            label,
            box,
            drawn,
        )
        assert drawn["width"] - 3 < box["width"] + 3 and box["height"] > drawn["height"] - 4, (
            label,
            box,
            drawn,
        )


def check_buttons_cover_their_spaces(table: Any) -> int:
    """Each button shown over Carcata's island sits on the space its name says (of the layout the
    page shows); how many were looked at."""
    hits = table.locator(".cn-map-island .cn-hit:visible")
    for k in range(hits.count()):
        hit = hits.nth(k)
        name = hit.inner_text().strip() or hit.get_attribute("title") or ""
        match = re.search(r"\b(\d-\d+)\b", name)
        if not match:
            continue
        box = hit.bounding_box()
        space = table.locator(f".cn-map-island svg:visible g.carcata-cell[data-cell='{match[1]}']")
        drawn = space.bounding_box()
        assert box and drawn, (name, box, drawn)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert drawn["x"] < x < drawn["x"] + drawn["width"], (name, box, drawn)
        assert drawn["y"] < y < drawn["y"] + drawn["height"], (name, box, drawn)
    return int(hits.count())


def play_a_turn(page: Any, table: Any, shot: str | None) -> None:
    """Take an affordable card, play it, check the board, end the turn, wait for the bots."""
    from playwright.sync_api import expect

    status = table.locator(".cn-status")
    expect(status).to_have_attribute("data-current", "0")
    check_buttons_cover_their_cards(table)
    log = table.locator(".cn-log")
    before = int(log.get_attribute("data-count") or 0)
    card = affordable_market_card(table, 2, 2)
    # A card button's name says whether its action is allowed now.
    table.get_by_role("button", name=f"Take {card} (allowed)", exact=True).click()
    hand = table.locator(f".cn-map-seat0 .carnuta-hand [data-card='{card}']:visible")
    expect(hand).to_be_visible()
    expect(table.locator(f".cn-map-market [data-card='{card}']")).to_have_count(0)
    expect(log).to_have_attribute("data-count", str(before + 1))
    play = table.get_by_role("button", name=f"Play {card} (allowed)", exact=True)
    expect(play).to_be_enabled()
    check_buttons_cover_their_cards(table)
    if shot:
        screenshot(table, shot, readme=True)
    play.click()
    column = table.locator(f".cn-map-seat0 .carnuta-column [data-card='{card}']:visible")
    expect(column).to_be_visible()
    expect(hand).to_have_count(0)
    expect(log).to_have_attribute("data-count", str(before + 2))
    expect(table.locator(".cn-explain")).to_contain_text(f"play {card}")
    expect(table.locator(".cn-map-seat0 .carnuta-counter:visible")).to_have_attribute(
        "data-step", "2"
    )
    # An illegal typed action shows the engine's reason and changes nothing.
    table.locator(".cn-side input[type='text']").fill("take day 1")
    table.get_by_role("button", name="Play", exact=True).click()
    expect(table.locator(".cn-message")).to_contain_text("both actions")
    expect(table.locator("[role='alert']")).to_contain_text("Not allowed: take day 1: ")
    expect(log).to_have_attribute("data-count", str(before + 2))
    # So does a click on a card that does not glow: the reason shows where the learner looks.
    table.locator(".cn-map-market .cn-hit:visible").first.click()
    expect(table.locator(".cn-prompt .cn-refused")).to_contain_text("take day 1: you have taken")
    expect(log).to_have_attribute("data-count", str(before + 2))
    # End the turn: the bots play step by step, then it is Player 1's turn again.
    table.get_by_role("button", name="End turn").click()
    expect(status).not_to_have_attribute("data-current", "0")
    expect(status).to_have_attribute("data-current", "0", timeout=60_000)
    expect(table.locator(".cn-log div").first).to_contain_text("P3")
    # The live region tells the bots' turns and what is ours; the table is English to a reader.
    told = re.compile(r"^You ended\. Player 2 .+\. Player 3 .+\. Your turn: 2 actions left\.$")
    expect(table.locator("[role='status'][aria-live='polite']")).to_have_text(told)
    expect(table).to_have_attribute("lang", "en")


KERNEL_IDLE = """(path) => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!widget || !widget.context || widget.context.path !== path) { return false; }
  const session = widget.sessionContext && widget.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === 'idle');
}"""


def said(table: Any) -> Any:
    """The table's polite live region: what it announces."""
    return table.locator("[role='status'][aria-live='polite']")


def open_in_voila(page: Any, url: str, shown: str = ".cn-map svg:visible") -> None:
    """Open a Voilà page. Once, on a loaded machine, Voilà served a page on which the table
    never came (its kernel busy starting while a JupyterLab server ran beside it): a page
    where nothing matches ``shown`` (a table's picture) after 60 s says what it shows and is
    loaded once more."""
    from playwright.sync_api import TimeoutError as PageTimeout

    page.goto(url)
    try:
        page.locator(shown).first.wait_for(timeout=60_000)
    except PageTimeout:
        print(f"{url}: no table after 60 s; the page said {page.inner_text('body')[:300]!r}")
        page.reload()


def open_in_lab(page: Any, lab: str, notebook: str) -> None:
    """Open ``notebook`` alone in a fresh workspace, wait for its kernel, run all cells."""
    page.goto(f"{lab}/lab/workspaces/{notebook.replace('.', '-')}/tree/{notebook}?reset")
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    # The notebook's own kernel must be up, or JupyterLab asks which kernel to start.
    page.wait_for_function(KERNEL_IDLE, arg=notebook, timeout=60_000)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); }")
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


# ----------------------------------------------------------------- accessibility checks
#: The WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA, as axe-core tags them.
#: The visible buttons of a table smaller than 24 px either way (WCAG's target size).
SMALL_BUTTONS = """(table) => [...table.querySelectorAll('button')]
  .filter(b => b.getClientRects().length)
  .map(b => [b.textContent.trim() || b.title, b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 23.5 || r.height < 23.5)
  .map(([name, r]) => name.slice(0, 40) + ' ' + r.width.toFixed(0) + 'x' + r.height.toFixed(0))"""


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN_AXE = """async (root, tags) => {
  const found = await axe.run(root, {runOnly: {type: 'tag', values: tags},
                                     resultTypes: ['violations']});
  return found.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""


def axe_violations(page: Any, root: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.x A and AA violations inside ``root`` (a locator: one table; the page
    around it, JupyterLab's or Voilà's own, is not looked at)."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE_SCRIPT)
    return list(root.evaluate(RUN_AXE, AXE_TAGS))


def check_axe(page: Any, root: Any, where: str) -> list[dict[str, Any]]:
    """Fail on any serious or critical violation axe-core finds in ``root``, printing them all."""
    found = axe_violations(page, root)
    for violation in found:
        print(f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            print("   ", node.replace("\n", " "))
    grave = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
    assert not grave, f"{where}: axe-core finds {', '.join(grave)}"
    return found


#: A notebook's cells: both tables, in English and in French, a few moves in (the browser
#: tests of accessibility look at them).
ACCESS_CELLS = [
    "from widgets import CarnivalTable, PlayTable\n"
    "carnuta = {lang: PlayTable(('human', 'greedy'), seed=3, lang=lang) for lang in ('en', 'fr')}\n"
    "carnival = {lang: CarnivalTable(('human', 'greedy', 'greedy'), seed=7, lang=lang)\n"
    "            for lang in ('en', 'fr')}\n"
    "for table in carnuta.values():  # a whole turn, then the bot's\n"
    "    table.click_market('day', 2)\n"
    "    table.click_market('day', 1)\n"
    "    table.click_end()\n"
    "for table in carnival.values():\n"
    "    table.click_hand(next(c.id for c in table.observation().hand if not c.is_mask))\n"
    "    table.click_place('carnival')",
    "carnuta['en']",
    "carnuta['fr']",
    "carnival['en']",
    "carnival['fr']",
]
#: Whether anything inside a table scrolls sideways, or the table is wider than its place.
SIDEWAYS = """(table) => {
  const found = [];
  if (table.scrollWidth > table.clientWidth + 1) {
    found.push('the table: ' + table.scrollWidth + ' px in ' + table.clientWidth);
  }
  for (const el of table.querySelectorAll('*')) {
    const x = getComputedStyle(el).overflowX;
    if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
      found.push(el.className.toString().slice(0, 80) + ': ' + el.scrollWidth + ' px in '
                 + el.clientWidth);
    }
  }
  const right = table.getBoundingClientRect().right;
  if (right > document.documentElement.clientWidth + 1) {
    found.push('the table ends at ' + right + ' px, past the window');
  }
  return found;
}"""
#: The focus style of the element that has the focus.
FOCUS_STYLE = """() => { const s = getComputedStyle(document.activeElement);
  return {color: s.outlineColor, width: parseFloat(s.outlineWidth), style: s.outlineStyle}; }"""


def check_focus_ring(page: Any, table: Any) -> None:
    """A card button reached by the keyboard shows the focus ring (dark, 2 px or more), not
    the glow it has when it is only legal."""
    hit = table.locator(
        ".cn-hit.cn-legal:visible, .cn-hit.cn-pick:visible, .cn-hit.cn-target:visible"
    ).first
    glow = hit.evaluate("b => getComputedStyle(b).outlineColor")
    hit.scroll_into_view_if_needed()
    box = hit.bounding_box()
    assert box
    around = {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16,
              "height": box["height"] + 16}  # fmt: skip
    before = page.screenshot(clip=around)
    # Keyboard focus: Tab from the button before it (the browser shows :focus-visible).
    hit.evaluate("b => { b.blur(); }")
    page.keyboard.press("Shift+Tab")
    hit.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = page.evaluate(FOCUS_STYLE)
    assert hit.evaluate("b => b === document.activeElement")
    assert ring["color"] == "rgb(26, 26, 26)" and ring["width"] >= 2, ring
    assert ring["color"] != glow
    assert page.screenshot(clip=around) != before, "focus changes no pixel"
    # ipywidgets' own controls show the same ring (their own is 1 px, pale on the felt).
    box = table.locator("input[type='text']").first
    box.focus()
    ring = page.evaluate(FOCUS_STYLE)
    assert ring["color"] == "rgb(26, 26, 26)" and ring["width"] >= 2, ring


def check_table_access(page: Any, table: Any, where: str) -> None:
    """axe-core finds nothing serious in the table, the focus ring shows, nothing scrolls
    sideways."""
    check_axe(page, table, where)
    check_focus_ring(page, table)
    sideways = table.evaluate(SIDEWAYS)
    assert not sideways, f"{where}: " + "; ".join(sideways)
