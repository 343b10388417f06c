"""The Carcata table in a real browser (headless Chromium, Debian's package): one Voilà and
one JupyterLab server for the whole file.

- axe-core finds no serious or critical WCAG 2.x A/AA fault in the table, in English and in
  French, in Voilà and in JupyterLab; a space reached by the keyboard shows the focus ring;
- the table reflows from 1366 down to 320 pixels without scrolling sideways (the island's
  narrow layout, its facts under it, is the one shown on a phone);
- a whole game is played by keyboard alone (Tab into the table, then every action typed in
  the box and sent by Enter), and what the live region and the alert region say is, word for
  word, what the same table built here says (same seats, same seed: the same dice and bots);
- the island is one tab stop (the first allowed space 11 Tabs from the top of the page, the
  typed box 12; it was 47 behind the 36 beach spaces), its arrow keys move among the allowed
  spaces and Enter chooses;
- while a bot thinks, the human's controls say they are disabled and a click or an Enter on
  them plays nothing;
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
from carcata_core.svg import TEXT_STYLES
from tests import browser_support as support
from tests.browser_support import (
    SIDEWAYS,
    SMALL_BUTTONS,
    check_axe,
    check_buttons_cover_their_spaces,
    check_table_access,
    open_in_lab,
    open_in_voila,
    write_notebook,
)
from tests.test_browser_access import SMALLEST_CONTROL_TEXT, SMALLEST_TEXT, TEXT_PX
from widgets import CarcataTable
from widgets.carcata_table import ZOOM

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

expect = support.playwright_expect()

SEED = 3
#: The smallest text of the island where its wide layout is shown (a laptop, a tablet): the
#: spaces' names and gem counts, 10 units high, read at 12 px there, as the other tables'
#: pictures do (``tests/test_browser_access.py``). On a phone the island's 126 spaces are drawn
#: smaller (about 5 px at 320 px): a known gap, which the row of choice buttons under the island
#: (named by the space) and the typed box make up for.
ISLAND_TEXT_PX = TEXT_STYLES["name"][0] * ZOOM
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
#: A bot that thinks for two seconds before each decision (the table's own bot, slowed).
SLOW_BOT_CELLS = [
    "import time\nfrom widgets import CarcataTable\n"
    "table = CarcataTable(('human', 'random'), seed=3)\n"
    "class Slow:\n"
    "    def __init__(self, bot):\n"
    "        self.bot = bot\n"
    "    def choose(self, game):\n"
    "        time.sleep(2)\n"
    "        return self.bot.choose(game)\n"
    "table.bots[1].bot = Slow(table.bots[1].bot)\n"
    "table"
]
#: What the page shows once the table came: the island.
ISLAND = ".ca-table .cn-map-island svg:visible"
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
    write_notebook(folder / "carcata_slow_bot.ipynb", SLOW_BOT_CELLS)
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
    expect(support.said(table)).not_to_have_text("")


def focused(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUSED)
    return found


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
            "smallest picture text, px": round(table.evaluate(SMALLEST_TEXT), 1),
        }
        # The controls' words read at 12 px at every width, as on the other tables.
        controls = table.evaluate(SMALLEST_CONTROL_TEXT)
        assert controls >= TEXT_PX - 0.05, f"table {k} at {width} px: a control's text {controls}"
        # The island's own words are smaller (a known shortfall: see ISLAND_TEXT_PX).
        if width >= 820:
            smallest = found[f"table {k}, {width} px"]["smallest picture text, px"]
            assert smallest >= ISLAND_TEXT_PX - 0.05, (width, smallest)
    return found


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
    open_in_voila(page, f"{voila}/voila/render/carcata_access.ipynb", ISLAND)
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
    for width in support.REFLOW_WIDTHS:
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
    open_in_voila(page, f"{voila}/voila/render/carcata_keyboard.ipynb", ISLAND)
    table = page.locator(".ca-table").first
    ready(table)
    mirror = CarcataTable(("human", "random"), seed=SEED, rules=Rules(turtle_laps=1))
    expect(support.said(table)).to_have_text(mirror.said)
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
            expect(support.said(table)).to_have_text(mirror.said)
    assert mirror.game.is_over
    expect(table.locator(".ca-status")).to_have_attribute("data-phase", "over")
    expect(support.said(table)).to_have_text(mirror.said)
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


#: The most Tabs from the top of the page to the island's first allowed space and to the typed
#: box (the header's set-up row and toolbar come first: about ten controls).
TABS_TO_SPACE = 14
TABS_TO_TYPED = 18
WHERE = """() => { const e = document.activeElement;
  return {space: e.matches('.cn-map-island .cn-hit.cn-legal'), typed: !!e.closest('.ca-typed'),
          name: e.textContent.trim() || e.title || ''}; }"""


def tabs_from_the_top(page: Any, limit: int = 80) -> dict[str, int]:
    """Tab from the top of the page: the presses to the first allowed space, and to the
    typed box."""
    found: dict[str, int] = {}
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        now = page.evaluate(WHERE)
        for what in ("space", "typed"):
            if now[what]:
                found.setdefault(what, presses)
        if len(found) == 2:
            return found
    raise AssertionError(f"within {limit} Tabs only {found}")


def test_the_island_is_one_tab_stop_and_its_arrows_move_among_the_spaces(
    page: Any, voila: str
) -> None:
    open_in_voila(page, f"{voila}/voila/render/carcata_keyboard.ipynb", ISLAND)
    table = page.locator(".ca-table").first
    ready(table)
    tabs = tabs_from_the_top(page)
    print(f"Tabs from the top of the page: {tabs}")
    assert tabs["space"] <= TABS_TO_SPACE and tabs["typed"] <= TABS_TO_TYPED, tabs
    # One stop: a single allowed space of the island shown is in the Tab order.
    island = table.locator(".cn-map-island .cn-hit:visible")
    expect(table.locator(".cn-map-island .cn-hit[tabindex='0']:visible")).to_have_count(1)
    assert island.count() == 36
    # Back to the island: the arrow keys move among its allowed spaces, in reading order.
    page.keyboard.press("Shift+Tab")
    while not page.evaluate(WHERE)["space"]:
        page.keyboard.press("Shift+Tab")
    first = page.evaluate(WHERE)["name"]
    page.keyboard.press("ArrowRight")
    second = page.evaluate(WHERE)
    assert second["space"] and second["name"] != first, (first, second)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(WHERE)["name"] == first
    page.keyboard.press("ArrowDown")
    below = page.evaluate(WHERE)
    assert below["space"] and below["name"] not in (first, second["name"]), below
    page.keyboard.press("End")
    page.keyboard.press("Home")
    assert page.evaluate(WHERE)["name"] == first
    # The stop follows the focus; Enter places the pawn there.
    page.keyboard.press("ArrowRight")
    expect(table.locator(".cn-map-island .cn-hit[tabindex='0']:visible")).to_have_text(
        second["name"]
    )
    cell = re.search(r"\b(\d-\d+)\b", second["name"])
    assert cell
    page.keyboard.press("Enter")
    decisions(table, 2)
    expect(table.locator(".ca-log")).to_contain_text(f"place {cell[1]}")
    # After the bot's answer the table puts the focus back on an allowed space of the island.
    expect(table.locator(".ca-status")).to_have_attribute("data-current", "0")
    page.wait_for_function(f"() => ({WHERE})().space")
    expect(table.locator(".cn-map-island .cn-hit[tabindex='0']:visible")).to_have_count(1)


def test_the_human_s_controls_are_held_while_a_bot_thinks(page: Any, voila: str) -> None:
    open_in_voila(page, f"{voila}/voila/render/carcata_slow_bot.ipynb", ISLAND)
    table = page.locator(".ca-table").first
    ready(table)
    spaces = table.locator(".cn-map-island .cn-hit.cn-legal:visible")
    spaces.first.click()
    status = table.locator(".ca-status")
    expect(status).to_have_attribute("data-phase", "thinking")
    expect(status).to_have_attribute("data-current", "1")
    expect(support.said(table)).to_have_text("Player 2 (Random bot) is thinking…")
    # The buttons still shown say they are disabled, and a click on one does nothing.
    expect(spaces.nth(3)).to_have_attribute("aria-disabled", "true")
    expect(table.locator(".ca-typed input:visible")).to_have_attribute("aria-disabled", "true")
    spaces.nth(3).click(force=True)
    box = table.locator(".ca-typed input:visible")
    box.fill("place 1-20", force=True)
    box.press("Enter")
    # The bot plays; then only the human's first placing and the bot's are in the log.
    expect(status).to_have_attribute("data-current", "0")
    expect(status).not_to_have_attribute("data-phase", "thinking")
    decisions(table, 2)
    page.wait_for_timeout(1500)  # what a held-back click would have played by now
    decisions(table, 2)
    expect(spaces.first).not_to_have_attribute("aria-disabled", "true")
