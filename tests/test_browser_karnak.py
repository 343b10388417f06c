"""The Karnak table in a real browser (headless Chromium, Debian's package): one Voilà server
for the whole file.

- axe-core finds no serious or critical WCAG 2.x A/AA fault in the table, in English and in
  French, with a shape chosen (the mat's cells are buttons then); a cell reached by the
  keyboard shows the focus ring;
- the table reflows from 1366 down to 320 pixels without scrolling sideways; where the mat's
  buttons would be under 24 px (a phone), its allowed cells are a row of ordinary buttons;
- a turn is played by click and keyboard: a shape by a click, the cell by the arrow keys and
  Enter (the mat is one tab stop), the rest typed in the box and sent by Enter; what the live
  region and the alert region say is, word for word, what the same table built here says
  (same seats, same seed: the same deal and the same bot).

Every locator asks for ``:visible``. Run with ``pytest -m browser``; skipped when
``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import browser_support as support
from tests.browser_support import (
    SIDEWAYS,
    SMALL_BUTTONS,
    check_axe,
    check_table_access,
    write_notebook,
)
from widgets import KarnakTable

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

expect = support.playwright_expect()

SEED = 3
#: Two tables a turn in, a shape chosen: one English, one French.
ACCESS_CELLS = [
    "from widgets import KarnakTable\n"
    f"tables = {{lang: KarnakTable(('human', 'greedy'), seed={SEED}, lang=lang)\n"
    "          for lang in ('en', 'fr')}\n"
    "for table in tables.values():\n"
    "    for typed in ('place cube c4', 'place rod d4', 'end'):\n"
    "        table.play(typed)\n"
    "    table.click_action('shape', 'cube')",
    "tables['en']",
    "tables['fr']",
]
PLAY_CELLS = [f"from widgets import KarnakTable\nKarnakTable(('human', 'greedy'), seed={SEED})"]
WHERE = """() => { const e = document.activeElement;
  return {cell: e.matches('.cn-map-mat .cn-hit.cn-legal'), typed: !!e.closest('.ka-typed'),
          name: e.textContent.trim() || e.title || ''}; }"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def voila(home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    served = support.copy_notebooks(tmp_path_factory)
    write_notebook(served / "karnak_access.ipynb", ACCESS_CELLS)
    write_notebook(served / "karnak_play.ipynb", PLAY_CELLS)
    yield from support.voila_server(home, served)


def ready(table: Any) -> None:
    """The table is drawn and it has spoken."""
    expect(table.locator(".cn-map-mat svg:visible").first).to_be_visible()
    expect(support.said(table)).not_to_have_text("")


def decisions(table: Any, count: int) -> None:
    expect(table.locator(".ka-log")).to_have_attribute("data-count", str(count))


def at_width(page: Any, tables: list[Any], width: int) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(400)  # the layout settles
    page_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= width, f"the page is {page_width} px wide in a {width} px window"
    found: dict[str, Any] = {}
    for k, table in enumerate(tables):
        sideways = table.evaluate(SIDEWAYS)
        assert not sideways, f"table {k} at {width} px: " + "; ".join(sideways)
        on_mat = table.locator(".cn-map-mat .cn-hit:visible").count()
        choices = table.locator(".ka-choices .ka-choice:visible").count()
        # The cells are buttons either over the mat or, on a phone, in a row under it.
        assert (on_mat == 0) == (choices > 0), (width, on_mat, choices)
        found[f"table {k}, {width} px"] = {
            "mat buttons shown": on_mat,
            "cell buttons shown": choices,
            "mat px": round(table.locator(".cn-map-mat svg:visible").bounding_box()["width"]),
            "buttons under 24 px": len(table.evaluate(SMALL_BUTTONS)),
        }
        assert not table.evaluate(SMALL_BUTTONS), (width, table.evaluate(SMALL_BUTTONS))
    return found


# --------------------------------------------------------------------------- tests
def test_the_table_passes_axe_shows_the_focus_and_reflows_to_320_px(page: Any, voila: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 900})
    support.open_in_voila(page, f"{voila}/voila/render/karnak_access.ipynb")
    tables = page.locator(".ka-table")
    expect(tables).to_have_count(2)
    english, french = tables.nth(0), tables.nth(1)
    for table in (english, french):
        ready(table)
        expect(table.locator(".cn-map-mat .cn-hit.cn-legal:visible").first).to_be_visible()
    expect(english).to_have_attribute("lang", "en")
    expect(french).to_have_attribute("lang", "fr")
    check_table_access(page, english, "Voilà, Karnak, English")
    check_table_access(page, french, "Voilà, Karnak, French")
    figures: dict[str, Any] = {}
    for width in support.REFLOW_WIDTHS:
        figures.update(at_width(page, [english, french], width))
    check_axe(page, english, "Voilà, Karnak, English, 320 px")
    print(json.dumps(figures, indent=1))


def test_a_turn_by_click_and_keyboard_is_heard(page: Any, voila: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    support.open_in_voila(page, f"{voila}/voila/render/karnak_play.ipynb")
    table = page.locator(".ka-table").first
    ready(table)
    mirror = KarnakTable(("human", "greedy"), seed=SEED)
    expect(support.said(table)).to_have_text(mirror.said)
    # A shape by a click: the focus goes to the mat's first allowed cell, the mat's one stop.
    table.get_by_role("button", name="Place a cube (7 left)").click()
    mirror.click_action("shape", "cube")
    expect(support.said(table)).to_have_text(mirror.said)
    page.wait_for_function(f"() => ({WHERE})().cell")
    expect(table.locator(".cn-map-mat .cn-hit[tabindex='0']:visible")).to_have_count(1)
    first = page.evaluate(WHERE)["name"]
    page.keyboard.press("ArrowRight")
    second = page.evaluate(WHERE)
    assert second["cell"] and second["name"] != first, (first, second)
    assert second["name"].startswith("Place the cube on b1"), second
    page.keyboard.press("Enter")
    mirror.click_cell("b1")
    decisions(table, 1)
    expect(support.said(table)).to_have_text(mirror.said)
    # The rest typed: a refusal first (the alert says the engine's reason), then the turn.
    box = table.locator(".ka-typed input:visible")
    box.click()
    page.keyboard.type("draw")
    page.keyboard.press("Enter")
    mirror.play("draw")
    expect(table.locator("[role='alert']")).to_have_text(mirror.alerted)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    for typed in ("place rod c1", "end"):
        expect(box).to_have_value("")
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        assert mirror.play(typed), mirror.alerted
        decisions(table, len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    expect(table.locator(".ka-status")).to_have_attribute("data-current", "0")
    assert page.evaluate(WHERE)["typed"]
