"""The Carcata table in a real browser (headless Chromium, Debian's package): one Voilà and
one JupyterLab server for the whole file.

- axe-core finds no serious or critical WCAG 2.x A/AA fault in the table, in English and in
  French, in Voilà and in JupyterLab; a space reached by the keyboard shows the focus ring;
- the table reflows from 1366 down to 320 pixels without scrolling sideways (the island's
  narrow layout, its facts under it, is the one shown on a phone);
- a whole game is played by keyboard alone (Tab into the table, then every action typed in
  the box and sent by Enter), and what the live region and the alert region say is, word for
  word, what the same table built here says (same seats, same seed: the same dice and bots);
- the notebook ``play_carcata.ipynb`` runs in JupyterLab and plays by clicks.

Every locator asks for ``:visible`` (the page holds both layouts of the island), and each
click waits for the table to have placed its focus (the kernel is done) first. Run with
``pytest -m browser``; skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carcata_core import Rules
from tests import browser_support as support
from tests.browser_support import (
    SIDEWAYS,
    SMALL_BUTTONS,
    check_axe,
    check_table_access,
    open_in_lab,
    write_notebook,
)
from widgets import CarcataTable

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

expect = support.playwright_expect()

SEED = 3
#: The widths looked at: a large laptop, a tablet held upright, a phone, WCAG's reflow width.
WIDTHS = (1366, 820, 390, 320)
#: Two tables a few moves in, their dice kept: one English, one French.
ACCESS_CELLS = [
    "from widgets import CarcataTable\n"
    "tables = {lang: CarcataTable(('human', 'random'), seed=3, lang=lang) for lang in ('en', 'fr')}\n"
    "for table in tables.values():\n"
    "    for cell in ('1-1', '1-7', '1-13', '1-19', '1-25'):\n"
    "        table.play(f'place {cell}')\n"
    "    table.click('keep')",
    "tables['en']",
    "tables['fr']",
]
#: The game played by keyboard: one lap of the Turtle, so that it is short.
KEYBOARD_CELLS = [
    "from carcata_core import Rules\nfrom widgets import CarcataTable\n"
    f"CarcataTable(('human', 'random'), seed={SEED}, rules=Rules(turtle_laps=1))"
]
FOCUSED = """() => { const e = document.activeElement;
  return {cls: e.className || '', inTable: !!e.closest('.ca-table'),
          typed: !!e.closest('.ca-typed')}; }"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = support.copy_notebooks(tmp_path_factory)
    write_notebook(folder / "carcata_access.ipynb", ACCESS_CELLS)
    write_notebook(folder / "carcata_keyboard.ipynb", KEYBOARD_CELLS)
    return folder


@pytest.fixture(scope="module")
def voila(home: Path, served: Path) -> Iterator[str]:
    yield from support.voila_server(home, served)


@pytest.fixture(scope="module")
def lab(home: Path, served: Path) -> Iterator[str]:
    yield from support.lab_server(home, served)


# ----------------------------------------------------------------- driving the table
def ready(table: Any) -> None:
    """The table is drawn, its buttons are on the page and it has spoken (in Voilà the page
    is drawn once every cell has run; JupyterLab's tests wait for the kernel too)."""
    expect(table.locator(".cn-map-island svg:visible").first).to_be_visible()
    expect(table.locator(".cn-map-island .cn-hit:visible").first).to_be_visible()
    expect(said(table)).not_to_have_text("")


def focused(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUSED)
    return found


def said(table: Any) -> Any:
    return table.locator("[role='status'][aria-live='polite']")


def decisions(table: Any, count: int) -> None:
    expect(table.locator(".ca-log")).to_have_attribute("data-count", str(count))


def tab_to_typed_box(page: Any, limit: int = 80) -> int:
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if focused(page)["typed"]:
            return presses
    raise AssertionError(f"no typed box within {limit} Tabs")


def at_width(page: Any, tables: list[Any], width: int) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)  # the layout settles
    page_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= width, f"the page is {page_width} px wide in a {width} px window"
    found: dict[str, Any] = {}
    for k, table in enumerate(tables):
        sideways = table.evaluate(SIDEWAYS)
        assert not sideways, f"table {k} at {width} px: " + "; ".join(sideways)
        # One layout of the island is shown, and only it is read out.
        shown = table.locator(".cn-map-island svg[role=img]:visible")
        expect(shown).to_have_count(1)
        covered = check_buttons_cover_their_spaces(table)
        # Where the island's buttons would be small, its choices are a row of buttons.
        choices = table.locator(".ca-choices .ca-choice:visible").count()
        assert (covered == 0) == (choices > 0), (width, covered, choices)
        found[f"table {k}, {width} px"] = {
            "island buttons shown": covered,
            "choice buttons shown": choices,
            "island layout": shown.get_attribute("data-layout"),
            "island px": round(shown.bounding_box()["width"]),
            "buttons under 24 px": len(table.evaluate(SMALL_BUTTONS)),
        }
    return found


def check_buttons_cover_their_spaces(table: Any) -> int:
    """Each button shown over the island sits on the space its name says (of the layout the
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


def chooser_move(game: Any, chooser: random.Random) -> Any:
    """The human's choice in the keyboard game: keep the dice, pour and throw where it must,
    end the turn once it may (a short game), else a random action."""
    legal = list(game.legal_actions())
    for word in ("keep", "end"):
        found = [a for a in legal if str(a) == word]
        if found:
            return found[0]
    return chooser.choice(legal)


# --------------------------------------------------------------------------- tests
def test_the_table_passes_axe_and_reflows_to_320_px_in_voila(page: Any, voila: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{voila}/voila/render/carcata_access.ipynb")
    tables = page.locator(".ca-table")
    expect(tables).to_have_count(2)
    english, french = tables.nth(0), tables.nth(1)
    for table in (english, french):
        ready(table)
    expect(french).to_have_attribute("lang", "fr")
    expect(english).to_have_attribute("lang", "en")
    # A pawn chosen by a click: the spaces it may go to glow, and say so.
    english.locator(".cn-hit.cn-pick:visible").first.click()
    expect(english.locator(".cn-hit.cn-target:visible").first).to_be_visible()
    expect(english.get_by_role("button", name="Cancel")).to_be_visible()
    check_table_access(page, english, "Voilà, Carcata, English")
    check_table_access(page, french, "Voilà, Carcata, French")
    assert not english.evaluate(SMALL_BUTTONS)  # every button 24 px or more on a laptop
    figures: dict[str, Any] = {}
    for width in WIDTHS:
        figures.update(at_width(page, [english, french], width))
        if width == 390:
            page.set_viewport_size({"width": width, "height": 2600})
            page.wait_for_timeout(300)
            support.screenshot(english, "carcata-table-390")
    assert figures["table 0, 320 px"]["island layout"] == "narrow"
    # axe-core again where the phone layout is shown (the small spaces are reported: the
    # typed box and its suggestions do everything the island's buttons do).
    phone = check_axe(page, english, "Voilà, Carcata, English, 320 px")
    print(json.dumps(figures, indent=1))
    print("axe-core at 320 px:", [(v["id"], v["impact"]) for v in phone])


def test_a_whole_game_by_keyboard_is_heard_in_voila(page: Any, voila: str) -> None:
    page.goto(f"{voila}/voila/render/carcata_keyboard.ipynb")
    table = page.locator(".ca-table").first
    ready(table)
    mirror = CarcataTable(("human", "random"), seed=SEED, rules=Rules(turtle_laps=1))
    expect(said(table)).to_have_text(mirror.said)
    entering = tab_to_typed_box(page)
    box = table.locator(".ca-typed input:visible")
    # A refusal typed: the alert region says the engine's reason; nothing is played.
    page.keyboard.type("move 1-1 ne")
    page.keyboard.press("Enter")
    mirror.play("move 1-1 ne")
    expect(table.locator("[role='alert']")).to_have_text(mirror.alerted)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    chooser = random.Random(SEED)
    typed = 0
    for _ in range(600):
        game = mirror.game
        if game.is_over:
            break
        action = chooser_move(game, chooser)
        expect(box).to_have_value("")
        assert focused(page)["typed"], focused(page)
        page.keyboard.type(action.notation())
        page.keyboard.press("Enter")
        typed += 1
        assert mirror.play(action), mirror.alerted
        decisions(table, mirror.decisions())
        if typed in (1, 6, 7):  # a pawn placed, the first dice, the first effects
            expect(said(table)).to_have_text(mirror.said)
    assert mirror.game.is_over
    expect(table.locator(".ca-status")).to_have_attribute("data-phase", "over")
    expect(said(table)).to_have_text(mirror.said)
    assert "Game over · " in mirror.said
    print(f"Tabs into the typed box: {entering}; actions typed: {typed}")


def test_the_play_notebook_runs_and_plays_by_clicks_in_jupyterlab(page: Any, lab: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    open_in_lab(page, lab, "play_carcata.ipynb")
    table = page.locator(".jp-OutputArea-output .ca-table")
    ready(table)
    page.wait_for_function(support.KERNEL_IDLE, arg="play_carcata.ipynb", timeout=60_000)
    check_table_access(page, table, "JupyterLab, Carcata")
    # A pawn placed by a click; the bot answers (at the notebook's speed).
    table.locator(".cn-hit.cn-legal:visible").first.click()
    decisions(table, 2)
    expect(table.locator(".ca-status")).to_have_attribute("data-current", "0")
    expect(table.locator(".ca-log")).to_contain_text("place 1-1")
    # The language switch: the same table in French, its root marked French.
    table.get_by_role("button", name="FR", exact=True).click()
    expect(table).to_have_attribute("lang", "fr")
    expect(table.locator(".ca-log")).to_contain_text("poser 1-1")
    check_axe(page, table, "JupyterLab, Carcata, French")
