"""Both play tables for every student, in a real browser (WCAG 2.2 AA): axe-core finds no
serious or critical fault in either table, in English and in French, in Voilà and in
JupyterLab (the classroom site's check is in ``test_lite.py``, which builds the site); a card
reached by the keyboard shows a focus ring unlike the glow of a legal card; the tables reflow
without scrolling sideways from 1366 down to 320 pixels (a tablet held upright is 820, a page
zoomed to 200 % on a laptop is about 683) and in JupyterLab at 1280 pixels with its file
browser open; the buttons are 24 pixels or more; a round's reveal and the score pad read at
12 pixels or more at every width too. Screenshots at 1366, 820 and 390 pixels (the reveal and
the end of a game at 390) go to ``test-artifacts/``.

Run with ``pytest -m browser``; skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import browser_support as support
from tests.browser_support import (
    ACCESS_CELLS,
    ARTIFACTS,
    SIDEWAYS,
    SMALL_BUTTONS,
    check_table_access,
    write_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

expect = support.playwright_expect()

NOTEBOOK = "access.ipynb"
SHOTS = (1366, 820, 390)
#: The four tables of the notebook, in order: what each is.
TABLES = ("Carnuta, English", "Carnuta, French", "Carnival, English", "Carnival, French")
#: The smallest target WCAG 2.5.8 allows, in CSS pixels.
TARGET_PX = 24
#: The smallest text WCAG's reading size asks at the default zoom, in CSS pixels.
TEXT_PX = 12
SMALLEST_TEXT = """(table) => Math.min(...[...table.querySelectorAll('svg text')]
  .filter(e => e.getBoundingClientRect().width > 0 && e.textContent.trim())
  .map(e => e.getScreenCTM().a * parseFloat(getComputedStyle(e).fontSize)))"""
#: The smallest text of the table's visible controls (buttons, boxes, menus, labels), the
#: transparent buttons over the pictures left out (their words are their accessible names).
SMALLEST_CONTROL_TEXT = """(table) => Math.min(...[...table.querySelectorAll(
    'button:not(.cn-hit), input, select, textarea, label, .widget-label')]
  .filter(e => e.getClientRects().length && (e.textContent.trim() || e.value))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("access")
    write_notebook(folder / NOTEBOOK, ACCESS_CELLS)
    return folder


@pytest.fixture(scope="module")
def voila(home: Path, served: Path) -> Iterator[str]:
    yield from support.voila_server(home, served, NOTEBOOK)


REVEAL_NOTEBOOK = "reveal.ipynb"
#: Two Carnival tables played by their Python side: one at the last step of the first
#: round's reveal (the score pad beside it), one at the end of a three-round game in French.
REVEAL_CELLS = [
    "from carnival_core import Rules\n"
    "from widgets import CarnivalTable\n"
    "def to_reveal(table):  # the human plays its first allowed action until a reveal\n"
    "    while table.revealing is None and not table.game.is_over:\n"
    "        table.play(table.game.legal_actions()[0])\n"
    "mid = CarnivalTable(('human', 'greedy', 'greedy'), seed=7)\n"
    "to_reveal(mid)\n"
    "mid.click_next()\n"
    "mid.click_next()\n"
    "over = CarnivalTable(('human', 'greedy', 'greedy', 'greedy'), seed=5,\n"
    "                     rules=Rules(rounds=3), lang='fr')\n"
    "while not over.game.is_over:\n"
    "    to_reveal(over)\n"
    "    while over.revealing is not None:\n"
    "        over.click_next()",
    "mid",
    "over",
]


@pytest.fixture(scope="module")
def voila_reveal(home: Path, served: Path) -> Iterator[str]:
    write_notebook(served / REVEAL_NOTEBOOK, REVEAL_CELLS)
    yield from support.voila_server(home, served, REVEAL_NOTEBOOK)


@pytest.fixture(scope="module")
def lab(home: Path, served: Path) -> Iterator[str]:
    yield from support.lab_server(home, served)


def tables_of(page: Any, inside: str = "") -> Any:
    tables = page.locator(f"{inside} .cn-table, {inside} .cv-table".strip())
    expect(tables).to_have_count(len(TABLES))
    expect(tables.nth(3).locator(".cn-map-centre svg:visible")).to_be_visible()
    return tables


def play_in_the_page(tables: Any) -> None:
    """One more move by click on each table: a card taken (Carnuta), a card chosen, so that
    the places it may go glow (Carnival)."""
    for k in (0, 1):
        before = tables.nth(k).locator(".cn-log").get_attribute("data-count")
        tables.nth(k).locator(".cn-map-market .cn-hit.cn-legal:visible").first.click()
        expect(tables.nth(k).locator(".cn-log")).not_to_have_attribute("data-count", before or "")
    for k in (2, 3):
        tables.nth(k).locator(".cn-map-seat0 .cn-hit.cn-pick:visible").first.click()
        expect(tables.nth(k).locator(".cn-hit.cn-target:visible").first).to_be_visible()


def at_width(page: Any, width: int) -> None:
    """The page in a window ``width`` pixels wide, which it fits without scrolling sideways."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(500)  # the layout settles
    page_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= width, f"the page is {page_width} px wide in a {width} px window"


def test_both_tables_pass_axe_and_reflow_in_voila(page: Any, voila: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    support.open_in_voila(page, f"{voila}/")
    tables = tables_of(page)
    play_in_the_page(tables)
    for k, what in enumerate(TABLES):
        check_table_access(page, tables.nth(k), f"Voilà, {what}")
    # On a 1366-pixel screen every word of the pictures reads at 12 px or more, and every
    # button is 24 pixels or more.
    for k in (0, 2):
        assert tables.nth(k).evaluate(SMALLEST_TEXT) >= TEXT_PX - 0.05, TABLES[k]
        assert not tables.nth(k).evaluate(SMALL_BUTTONS), TABLES[k]
    figures: dict[str, Any] = {}
    # At every width each table shows the layout of its pictures that fits: every word at
    # 12 px or more, every button 24 pixels or more, each over its card.
    for width in support.REFLOW_WIDTHS:
        at_width(page, width)
        for k, what in enumerate(TABLES):
            table = tables.nth(k)
            sideways = table.evaluate(SIDEWAYS)
            assert not sideways, f"{what} at {width} px: " + "; ".join(sideways)
            smallest = table.evaluate(SMALLEST_TEXT)
            controls = table.evaluate(SMALLEST_CONTROL_TEXT)
            small = table.evaluate(SMALL_BUTTONS)
            figures[f"{what}, {width} px"] = {
                "smallest text, px": round(smallest, 1),
                "smallest control text, px": round(controls, 1),
                f"buttons under {TARGET_PX} px": small,
            }
            assert smallest >= TEXT_PX - 0.05, f"{what} at {width} px: text of {smallest:.1f} px"
            assert controls >= TEXT_PX - 0.05, f"{what} at {width} px: a control's text {controls}"
            assert not small, f"{what} at {width} px: " + "; ".join(small)
            support.check_buttons_cover_their_cards(table)
        if width in SHOTS:  # in a window tall enough for a whole table
            page.set_viewport_size({"width": width, "height": 3200})
            page.wait_for_timeout(400)
            for k, name in ((0, "carnuta"), (2, "carnival")):
                tables.nth(k).evaluate("t => t.scrollIntoView()")
                support.screenshot(tables.nth(k), f"access-{name}-{width}")
    print(json.dumps(figures, indent=1, ensure_ascii=False))


def test_both_tables_pass_axe_and_fit_in_jupyterlab_with_the_file_browser(
    page: Any, lab: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{lab}/lab/workspaces/access/tree/{NOTEBOOK}?reset")
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    page.wait_for_function(support.KERNEL_IDLE, arg=NOTEBOOK, timeout=60_000)
    # JupyterLab's default: the file browser open beside the notebook.
    page.evaluate("() => { window.jupyterapp.commands.execute('filebrowser:activate'); }")
    expect(page.locator(".jp-FileBrowser")).to_be_visible()
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    tables = tables_of(page, ".jp-OutputArea-output")
    play_in_the_page(tables)
    for k, what in enumerate(TABLES):
        check_table_access(page, tables.nth(k), f"JupyterLab, {what}")
        # Beside the file browser, each table shows the layout of its pictures that fits.
        smallest = tables.nth(k).evaluate(SMALLEST_TEXT)
        print(f"JupyterLab, {what}: smallest text {smallest:.1f} px")
        assert smallest >= TEXT_PX - 0.05, f"JupyterLab, {what}: text of {smallest:.1f} px"
        assert not tables.nth(k).evaluate(SMALL_BUTTONS), what
        support.check_buttons_cover_their_cards(tables.nth(k))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "access-jupyterlab-1280.png"))


def test_the_reveal_and_the_score_pad_read_at_12_px_on_a_phone(
    page: Any, voila_reveal: str
) -> None:
    """A round's reveal and the score pad show, in the room a phone leaves them, their
    narrower layout: every word at 12 px or more, nothing scrolling sideways, and only the
    layout shown read out."""
    page.set_viewport_size({"width": 1366, "height": 900})
    support.open_in_voila(page, f"{voila_reveal}/")
    tables = page.locator(".cv-table")
    expect(tables).to_have_count(2)
    mid, over = tables.nth(0), tables.nth(1)
    expect(mid.locator(".cv-status")).to_have_attribute("data-step", "3")
    expect(over.locator(".cv-status")).to_have_attribute("data-phase", "over")
    figures: dict[str, Any] = {}
    for width in support.REFLOW_WIDTHS:
        at_width(page, width)
        for what, table in (("round 1's reveal", mid), ("the game's end, French", over)):
            for part in ("reveal", "scores"):
                # One layout of each picture is shown, and only it is read out.
                pictures = table.locator(f".cn-map-{part} svg[role=img]:visible")
                expect(pictures).to_have_count(1)
                expect(table.locator(f".cn-map-{part}").get_by_role("img")).to_have_count(1)
                smallest = table.locator(f".cn-map-{part}").evaluate(SMALLEST_TEXT)
                shown = pictures.get_attribute("width")
                figures[f"{what}, {part}, {width} px"] = f"{smallest:.1f} px ({shown} units)"
                assert smallest >= TEXT_PX - 0.05, f"{what}, {part} at {width} px: {smallest:.1f}"
            # The page does not scroll sideways (above), nor do the reveal and the side panel.
            for part in (".cv-reveal-box", ".cv-side"):
                sideways = table.locator(part).evaluate(SIDEWAYS)
                assert not sideways, f"{what} at {width} px: " + "; ".join(sideways)
            assert not table.evaluate(SMALL_BUTTONS), what
        if width == 390:
            page.set_viewport_size({"width": width, "height": 3200})
            page.wait_for_timeout(400)
            for name, table in (("reveal", mid), ("over", over)):
                table.evaluate("t => t.scrollIntoView()")
                support.screenshot(table, f"access-carnival-{name}-{width}")
    print(json.dumps(figures, indent=1, ensure_ascii=False))
