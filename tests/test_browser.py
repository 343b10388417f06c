"""The widgets in a real browser: JupyterLab and Voilà serve the play notebook, headless
Chromium (Debian's package) clicks a market card, plays it, and checks the board changed; at
classroom widths (1024, 1280 and 1920 pixels) every text and icon of the table is measured: no
text overlaps another text or an icon, no text is under 10 px, no button cuts its label.

Run with ``pytest -m browser``. Skipped when ``/usr/bin/chromium`` is missing (``make
chromium`` installs it). Screenshots go to ``test-artifacts/``; with ``CARNUTA_SCREENSHOTS=1``
the README's pictures in ``docs/screenshots/`` are refreshed too.

The servers bind 127.0.0.1 on free ports, run with ``HOME`` in a temporary folder and serve a
temporary copy of ``notebooks/`` (autosave never touches the committed notebooks).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import browser_support as support
from tests.browser_support import ARTIFACTS, open_in_lab, play_a_turn, screenshot, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

expect = support.playwright_expect()

# A notebook of explorers, written next to the play notebook's copy: each explorer follows a
# game a few moves in, and is clicked and photographed.
EXPLORERS_NOTEBOOK = [
    "from carnuta_core import Game, GreedyBot, Row\n"
    "from widgets import RuneExplorer, ScoreLab, SynergyExplorer\n"
    "game = Game.new(3, seed=7)\n"
    "bots = [GreedyBot(seed=s) for s in range(3)]\n"
    "for _ in range(40):\n"
    "    game.play(bots[game.current_player].choose(game))",
    "runes = RuneExplorer(game, depth=2)\nrunes",
    "synergy = SynergyExplorer(game)\nsynergy",
    "lab = ScoreLab(game, seat=game.current_player)\nlab",
]

#: A staged table that fills every part of the picture: a hand over the limit with cards of
#: four cost icons, columns with a double, a Salt and a bonus token, a busy market; in English
#: and in French.
LAYOUT_POSITION = {
    "players": 3,
    "reserve": {"sun": 2, "moon": 2},
    "turn": {"phase": "discard", "actions_left": 0},
    "market": {"day": ["D07", "D14", "D28", "D21"], "night": ["N28", "N21", "N14", "N07"]},
    "boards": [
        {
            "runes": "SSMM.#",
            "played": ["S01", "D01", "D02", "D05", "N05", "N24", "D30 on D01"],
            "hand": ["D06", "D20", "N27", "N16", "D23"],
            "bonus": ["egg"],
        },
        {"runes": "SSMM##", "played": ["S02", "N01", "D08"], "hand": ["D12"]},
        {"runes": "SMMM##", "played": ["S03"]},
    ],
}
LAYOUT_NOTEBOOK = [
    f"from carnuta_core import Game\nfrom widgets import PlayTable\nposition = {LAYOUT_POSITION!r}",
    'PlayTable(("human", "greedy", "greedy"), game=Game.from_json(position))',
    'PlayTable(("human", "greedy", "greedy"), game=Game.from_json(position), lang="fr")',
]
#: Classroom screens: a small laptop, a projector, a large screen.
WIDTHS = (1024, 1280, 1920)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of ``notebooks/`` (plus the explorers' notebook), to be served."""
    folder = support.copy_notebooks(tmp_path_factory)
    write_notebook(folder / "explorers.ipynb", EXPLORERS_NOTEBOOK)
    write_notebook(folder / "layout.ipynb", LAYOUT_NOTEBOOK)
    return folder


@pytest.fixture(scope="module")
def voila(home: Path, served: Path) -> Iterator[str]:
    yield from support.voila_server(home, served)


@pytest.fixture(scope="module")
def lab(home: Path, served: Path) -> Iterator[str]:
    yield from support.lab_server(home, served)


# --------------------------------------------------------------------------- tests
def test_voila_serves_the_play_notebook_without_code(page: Any, voila: str) -> None:
    support.open_in_voila(page, f"{voila}/voila/render/play.ipynb")
    expect(page).to_have_title("Play Carnuta")  # the notebook's metadata title, not "play"
    table = page.locator(".cn-table")
    expect(table.locator(".cn-map-market svg:visible")).to_be_visible()
    # Voilà shows the markdown and the widgets, never the code.
    assert page.locator(".jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "from widgets import" not in page.locator("body").inner_text()
    play_a_turn(page, table, "play-table")


def test_jupyterlab_runs_the_notebook_and_plays(page: Any, lab: str) -> None:
    open_in_lab(page, lab, "play.ipynb")
    table = page.locator(".jp-OutputArea-output .cn-table")
    expect(table.locator(".cn-map-market svg:visible")).to_be_visible()
    play_a_turn(page, table, None)
    # After the bots the table put the focus on an allowed control: Space plays it.
    log = table.locator(".cn-log")
    before = int(log.get_attribute("data-count") or 0)
    expect(page.locator(":focus")).to_have_class(re.compile(r"\bcn-legal\b"))
    page.keyboard.press("Space")
    expect(log).to_have_attribute("data-count", str(before + 1))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "play-table-jupyterlab.png"))


def test_explorers_in_jupyterlab(page: Any, lab: str) -> None:
    page.set_viewport_size({"width": 1500, "height": 1700})
    open_in_lab(page, lab, "explorers.ipynb")
    explorers = page.locator(".jp-OutputArea-output .cn-explorer")
    expect(explorers).to_have_count(3)
    runes, synergy, lab = explorers.nth(0), explorers.nth(1), explorers.nth(2)
    # Rune explorer: click a market card; the path panel and the graph follow.
    expect(runes.locator(".cn-figure svg")).to_be_visible()
    path = runes.locator(".cn-panel [data-actions]")
    cards = runes.locator(".cn-hit")
    for k in range(cards.count()):  # a card that needs rune actions first, if there is one
        name = cards.nth(k).inner_text().strip()
        cards.nth(k).click()
        expect(runes.locator(".cn-hit.cn-selected")).to_have_text(name)
        expect(path).to_contain_text(name)
        expect(runes.locator(f".cn-figure [data-focus='{name}'] svg")).to_be_visible()
        if path.get_attribute("data-actions") not in ("0", "None"):
            expect(runes.locator(".cn-path li").first).to_be_visible()
            break
    screenshot(runes, "rune-explorer", readme=True)
    # Synergy explorer: a card, then an ingredient.
    expect(synergy.locator(".cn-figure svg")).to_be_visible()
    synergy.locator(".cn-hit").nth(2).click()
    chosen = synergy.locator(".cn-hit.cn-selected").inner_text().strip()
    expect(synergy.locator(".cn-panel h4")).to_contain_text(chosen)
    synergy.get_by_role("button", name="Berry", exact=True).click()
    expect(synergy.locator(".cn-panel h4")).to_have_text("Berry")
    expect(synergy.locator(".cn-figure [data-focus='berry'] svg")).to_be_visible()
    screenshot(synergy, "synergy-explorer", readme=True)
    # Score lab: a market card joins the potion, then a bonus token; the value follows.
    value = lab.locator("[data-potion-value]")
    expect(value).to_be_visible()
    potion = lab.locator("[class*='cn-map-lab-potion'] .cn-hit")
    cards = potion.count()
    added = lab.locator(".cn-map-lab-market0 .cn-hit").inner_text().strip()
    lab.locator(".cn-map-lab-market0 .cn-hit").click()
    expect(potion).to_have_count(cards + 1)
    expect(potion.last).to_have_text(added)
    # The ingredient worth most whose token is free: taking it adds exactly the gain shown.
    gains = lab.locator("td[data-cn-gain]")
    for k in range(8):
        ingredient = gains.nth(k).get_attribute("data-cn-gain") or ""
        token = lab.locator(".widget-toggle-button").filter(
            has_text=re.compile(f"^{ingredient}$", re.I)
        )
        if "mod-active" not in (token.get_attribute("class") or ""):
            break
    gain = int(gains.nth(k).inner_text())
    now = int(value.get_attribute("data-potion-value") or 0)
    token.click()
    expect(value).to_have_attribute("data-potion-value", str(now + gain))
    # The sympy formulas are typeset by the page's MathJax, not left as raw LaTeX.
    expect(lab.locator("[data-maths='ok'] mjx-container").first).to_be_visible()
    screenshot(lab, "score-lab", readme=True)


def test_lesson_04_sliders_rescore_eric_in_jupyterlab(page: Any, lab: str) -> None:
    from carnuta_core import Ingredient, reference_deck
    from carnuta_core.maths import Potion, potion_formula

    open_in_lab(page, lab, "04_scoring_maths.ipynb")
    view = page.locator(".jp-OutputArea-output .widget-vbox").filter(
        has=page.locator(".widget-slider")
    )
    total = view.locator(".carnuta-score-pad tr:last-child td:last-child")
    expect(total).to_have_text("40")  # the sliders start at Eric's counts
    expect(view.locator("mjx-container").first).to_be_visible()  # the formula is typeset
    clover = view.locator(".widget-slider").filter(has_text="Clover")
    readout = clover.locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    eric = Potion.of(
        ["D26", "D01", "D19", "D16", "N24", "N19", "N17", "N20", "S06", "N13", "N11"],
        bonus_tokens=["clover", "butterfly"],
        deck=reference_deck(),
    )
    expected = potion_formula(eric).evaluate({**eric.counts(), Ingredient.CLOVER: 5}).total
    assert expected != 40
    expect(total).to_have_text(str(expected))
    screenshot(view, "lesson-03-sliders")


# ------------------------------------------------------------------------ the table's layout
MEASURE = """(table) => {
  const problems = [];
  let texts = 0, icons = 0, smallest = Infinity;
  const where = (el) => {
    const map = el.closest('.cn-map');
    const name = map ? [...map.classList].find(c => c.startsWith('cn-map-')) : 'picture';
    const card = el.closest('[data-card]');
    const what = el.tagName === 'use'
      ? 'icon ' + el.getAttribute('href')
      : 'text "' + el.textContent.trim() + '"';
    return name + (card ? ' card ' + card.dataset.card : '') + ' ' + what;
  };
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const svg of table.querySelectorAll('.cn-map svg.carnuta-svg')) {
    if (!svg.getClientRects().length) continue;
    const words = [];
    for (const text of svg.querySelectorAll('text')) {
      const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
      const spans = text.querySelectorAll('tspan');
      for (const part of (spans.length ? [...spans] : [text])) {
        if (!part.textContent.trim()) continue;
        texts += 1;
        smallest = Math.min(smallest, size);
        if (size < 9.95) problems.push(where(part) + ' is ' + size.toFixed(1) + ' px');
        words.push([part, part.getBoundingClientRect()]);
      }
    }
    const marks = [];
    for (const use of svg.querySelectorAll('use')) {
      const href = use.getAttribute('href') || '';
      if (use.closest('defs') || /^#cn-(card|strip|space)-/.test(href)) continue;
      icons += 1;
      marks.push([use, use.getBoundingClientRect()]);
    }
    words.forEach(([a, boxA], k) => {
      for (const [b, boxB] of words.slice(k + 1)) {
        if (overlap(boxA, boxB)) problems.push(where(a) + ' overlaps ' + where(b));
      }
      for (const [b, boxB] of marks) {
        if (overlap(boxA, boxB)) problems.push(where(a) + ' overlaps ' + where(b));
      }
    });
  }
  for (const button of table.querySelectorAll('button.jupyter-button:not(.cn-hit)')) {
    if (!button.getClientRects().length) continue;
    if (button.scrollWidth > button.clientWidth + 1) {
      problems.push('button "' + button.textContent.trim() + '" cuts its label');
    }
  }
  const body = table.querySelector('.cn-body').getBoundingClientRect();
  const side = table.querySelector('.cn-side').getBoundingClientRect();
  return {texts, icons, smallest, problems, side: side.top >= body.top + 50 ? 'under' : 'beside'};
}"""


def measure_tables(page: Any, tables: Any, app: str) -> dict[str, Any]:
    """Measure every table at each classroom width; fail naming the elements at fault."""
    figures: dict[str, Any] = {}
    faults: list[str] = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 1100})
        page.wait_for_timeout(700)  # the layout settles (the side panel may wrap)
        for k in range(tables.count()):
            found = tables.nth(k).evaluate(MEASURE)
            figures[f"{app} {width} px, table {k + 1}"] = {
                key: found[key] for key in ("texts", "icons", "smallest", "side")
            }
            faults += [f"{app} at {width} px, table {k + 1}: {p}" for p in found["problems"]]
        ARTIFACTS.mkdir(exist_ok=True)
        tables.first.screenshot(path=str(ARTIFACTS / f"layout-{app}-{width}.png"))
    print(json.dumps(figures, indent=1))
    with open(ARTIFACTS / f"layout-{app}.json", "w", encoding="utf-8") as out:
        json.dump(figures, out, indent=1)
    assert not faults, "\n".join(faults[:40])
    return figures


def test_the_table_reads_at_classroom_widths_in_voila(page: Any, voila: str) -> None:
    support.open_in_voila(page, f"{voila}/voila/render/layout.ipynb")
    tables = page.locator(".cn-table")
    expect(tables).to_have_count(2)
    expect(tables.nth(1).locator(".cn-map-seat0 svg:visible")).to_be_visible()
    figures = measure_tables(page, tables, "voila")
    assert figures["voila 1024 px, table 1"]["side"] == "under"
    assert figures["voila 1920 px, table 1"]["side"] == "beside"


def test_the_table_reads_at_classroom_widths_in_jupyterlab(page: Any, lab: str) -> None:
    open_in_lab(page, lab, "layout.ipynb")
    tables = page.locator(".jp-OutputArea-output .cn-table")
    expect(tables).to_have_count(2)
    expect(tables.nth(1)).to_have_attribute("lang", "fr")  # read with a French voice
    expect(tables.nth(1).locator(".cn-map-seat0 svg:visible")).to_be_visible()
    measure_tables(page, tables, "jupyterlab")


def test_the_layout_check_sees_overlaps_small_text_and_cut_labels(browser: Any) -> None:
    page = browser.new_page(viewport={"width": 600, "height": 400})
    page.set_content(
        "<div class='cn-table'><div class='cn-body'><div class='cn-map cn-map-seat0'>"
        "<svg class='carnuta-svg' width='300' height='100' viewBox='0 0 300 100'>"
        "<defs><symbol id='cn-flip-sun' viewBox='0 0 10 10'><circle cx='5' cy='5' r='5'/>"
        "</symbol></defs><g data-card='D06'><use href='#cn-flip-sun' x='10' y='10' width='20' "
        "height='20'/><text x='15' y='25' style='font-size:12px'>D06</text></g>"
        "<text x='200' y='60' style='font-size:8px'>tiny</text></svg></div>"
        "<div class='cn-side'><button class='jupyter-button' style='width:30px;overflow:hidden;"
        "white-space:nowrap'>Annuler</button></div></div></div>"
    )
    found = page.locator(".cn-table").evaluate(MEASURE)
    page.close()
    problems = "\n".join(found["problems"])
    assert 'cn-map-seat0 card D06 text "D06" overlaps cn-map-seat0 card D06 icon #cn-flip-sun' in (
        problems
    )
    assert 'text "tiny" is 8.0 px' in problems
    assert 'button "Annuler" cuts its label' in problems
