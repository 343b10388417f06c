"""What both tables say and where they keep the focus, in a real browser (Voilà, headless
Chromium): the live region after a human action and after the bots, a refusal in the alert
region, Carnival's reveal steps and winner, ``lang="fr"`` on a French table, a whole game of
each played by keyboard alone, and the key presses of one Carnuta turn.

Each table is also built in this process with the same seats and seed: its bots answer the
same way, so what the page announces is compared with what the Python table says, word for
word (``tests/test_widgets.py`` and ``tests/test_carnival_table.py`` check those sentences).

Run with ``pytest -m browser``. Skipped when ``/usr/bin/chromium`` is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carnival_core.bots import make_bot as make_carnival_bot
from carnuta_core.bots import make_bot
from tests import browser_support as support
from widgets import CarnivalTable, PlayTable

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

expect = support.playwright_expect()

SEED = 3
CARNIVAL_SEED = 5
#: One small table a notebook: two players, the bots at full speed, a fixed deal.
NOTEBOOKS = {
    "carnuta_en": f'PlayTable(("human", "greedy"), seed={SEED})',
    "carnuta_fr": f'PlayTable(("human", "greedy"), seed={SEED}, lang="fr")',
    "carnival_en": f'CarnivalTable(("human", "greedy"), seed={CARNIVAL_SEED})',
    "carnival_fr": f'CarnivalTable(("human", "greedy"), seed={CARNIVAL_SEED}, lang="fr")',
}
#: The most key presses one Carnuta turn may take by keyboard alone.
TURN_KEYS = 12
FOCUSED = """() => { const e = document.activeElement;
  return {tag: e.tagName, cls: e.className || '', inTable: !!e.closest('.cn-table, .cv-table'),
          typed: !!e.closest('.cn-typed, .cv-typed')}; }"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import nbformat

    folder = tmp_path_factory.mktemp("voice")
    for name, cell in NOTEBOOKS.items():
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(f"from widgets import *\n{cell}")]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, folder / f"{name}.ipynb")
    return folder


@pytest.fixture(scope="module")
def voila(home: Path, served: Path) -> Iterator[str]:
    yield from support.voila_server(home, served)


def open_table(page: Any, voila: str, name: str) -> Any:
    support.open_in_voila(page, f"{voila}/voila/render/{name}.ipynb")
    table = page.locator(".cn-table, .cv-table").first
    expect(table.locator(".cn-map svg:visible").first).to_be_visible()
    return table


def alerted(table: Any) -> Any:
    return table.locator("[role='alert']")


def focused(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUSED)
    return found


def focus_requests_done(table: Any) -> int:
    """How many of the table's focus requests its front end has carried out so far."""
    return int(table.locator(".table-voice").get_attribute("data-focus-done") or 0)


def after_focus(page: Any, table: Any, done: int) -> dict[str, Any]:
    """Wait until the table has placed the focus after request number ``done``; the focus."""
    expect(table.locator(".table-voice")).not_to_have_attribute("data-focus-done", str(done))
    return focused(page)


def wait_for_log(table: Any, css: str, count: int) -> None:
    expect(table.locator(f".{css}-log")).to_have_attribute("data-count", str(count))


def type_and_enter(page: Any, table: Any, text: str) -> None:
    """Type ``text`` in the typed box, which must have the focus, and press Enter."""
    box = table.locator(".cn-side input[type='text'], .cv-side input[type='text']").first
    expect(box).to_have_value("")
    assert focused(page)["typed"], focused(page)
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def tab_to(page: Any, wanted: str, limit: int = 60) -> int:
    """Press Tab until the focused element's class list has ``wanted`` (``typed``: the typed
    box); the presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        now = focused(page)
        if (wanted == "typed" and now["typed"]) or wanted in now["cls"].split():
            return presses
    raise AssertionError(f"no {wanted} within {limit} Tabs")


# --------------------------------------------------------------------------- Carnuta
def test_carnuta_announces_actions_bots_and_refusals(page: Any, voila: str) -> None:
    table = open_table(page, voila, "carnuta_en")
    mirror = PlayTable(("human", "greedy"), seed=SEED)
    expect(support.said(table)).to_have_text(mirror.said)
    assert table.get_attribute("lang") == "en"
    # A card taken by keyboard: Tab to the first allowed card, Space.
    tab_to(page, "cn-legal")
    page.keyboard.press("Space")
    mirror.play(next(b.payload for b in mirror.market_map.visible() if b.legal))
    wait_for_log(table, "cn", len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    assert mirror.said.startswith("You took ") and "1 action left" in mirror.said
    # A refusal typed in the box: the alert region says it, the log stays.
    box = table.locator(".cn-side input[type='text']")
    box.fill("end")
    box.press("Enter")
    mirror.play("end")
    expect(alerted(table)).to_have_text(mirror.alerted)
    assert mirror.alerted.startswith("Not allowed: end")
    wait_for_log(table, "cn", len(mirror.game.log))
    # A second take typed, then End turn by Enter: the bots' turn is told, then ours.
    action = next(a for a in mirror.game.legal_actions() if str(a).startswith("take"))
    box.fill(str(action))
    box.press("Enter")
    mirror.play(action)
    wait_for_log(table, "cn", len(mirror.game.log))
    box.fill("end")
    box.press("Enter")
    mirror.play("end")
    wait_for_log(table, "cn", len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    assert re.fullmatch(r"You ended\. Player 2 .+\. Your turn: 2 actions left\.", mirror.said)


def test_a_french_carnuta_table_is_french_to_a_screen_reader(page: Any, voila: str) -> None:
    table = open_table(page, voila, "carnuta_fr")
    expect(table).to_have_attribute("lang", "fr")
    mirror = PlayTable(("human", "greedy"), seed=SEED, lang="fr")
    box = table.locator(".cn-side input[type='text']")
    for action in ("prendre jour 2", "prendre jour 2", "fin"):
        box.fill(action)
        box.press("Enter")
        mirror.play(action)
        wait_for_log(table, "cn", len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    assert mirror.said.startswith("Vous avez fini votre tour. Joueur 2 a ")
    assert mirror.said.endswith("À vous : 2 actions restantes.")
    # The pressed language is exposed as pressed.
    french = table.locator(".widget-toggle-button", has_text=re.compile("^FR$"))
    expect(french).to_have_attribute("aria-pressed", "true")


def test_one_carnuta_turn_takes_at_most_12_key_presses(page: Any, voila: str) -> None:
    """Each turn: Space on the control the table focused (the first allowed card, then Play
    for the card just taken or another allowed card, then End turn) until the turn ends; the
    keys are counted from the focus the table placed after the bots' turn."""
    table = open_table(page, voila, "carnuta_en")
    entering = tab_to(page, "cn-legal")  # into the table once, from the top of the page
    turns: list[int] = []
    for _ in range(3):
        keys = 0
        while True:
            now = focused(page)["cls"].split()
            assert "cn-legal" in now, now  # the focus sits on an allowed control
            done = focus_requests_done(table)
            page.keyboard.press("Space")
            keys += 1
            after = after_focus(page, table, done)
            if "cn-end" in now:
                break
            assert after["inTable"], after
        expect(table.locator(".cn-status")).to_have_attribute("data-current", "0")
        turns.append(keys)
    print(f"Tabs into the table: {entering}; key presses per Carnuta turn: {turns}")
    assert max(turns) <= TURN_KEYS
    # The figures the README gives for this table and deal.
    assert (entering, turns) == (11, [3, 3, 3])


def test_on_a_phone_the_focus_lands_on_the_narrow_layout_s_buttons(page: Any, voila: str) -> None:
    """At 390 px the page shows the phone layout's twin buttons (the wide ones are hidden):
    the focus the table places after each action is on a twin the student can see."""
    page.set_viewport_size({"width": 390, "height": 844})
    table = open_table(page, voila, "carnuta_en")
    tab_to(page, "cn-legal")
    for _ in range(3):  # a card, another action, End turn: each lands on a visible control
        done = focus_requests_done(table)
        page.keyboard.press("Space")
        after_focus(page, table, done)
        visible = page.evaluate(
            "() => { const e = document.activeElement; return e.getClientRects().length > 0"
            " && !!e.closest('.cn-table'); }"
        )
        assert visible, focused(page)
    expect(table.locator(".cn-status")).to_have_attribute("data-current", "0")


def test_a_whole_carnuta_game_by_keyboard(page: Any, voila: str) -> None:
    """The first action by Tab and Space on a card, then every action typed in the box and
    sent by Enter (the box keeps the focus); the winner is announced."""
    table = open_table(page, voila, "carnuta_en")
    mirror = PlayTable(("human", "greedy"), seed=SEED)
    chooser = make_bot("greedy", 99)
    tab_to(page, "cn-legal")
    assert "cn-take" in focused(page)["cls"].split()
    done = focus_requests_done(table)
    page.keyboard.press("Space")
    mirror.play(next(b.payload for b in mirror.market_map.visible() if b.legal))
    wait_for_log(table, "cn", len(mirror.game.log))
    after_focus(page, table, done)
    tab_to(page, "typed")
    for _ in range(400):
        if mirror.game.is_over:
            break
        action = chooser.choose(mirror.game)
        type_and_enter(page, table, action.notation())
        mirror.play(action)
        wait_for_log(table, "cn", len(mirror.game.log))
        assert focused(page)["inTable"]
    assert mirror.game.is_over
    expect(table.locator(".cn-status")).to_have_attribute("data-phase", "over")
    expect(support.said(table)).to_have_text(mirror.said)
    assert "Game over. Winner: " in mirror.said


# --------------------------------------------------------------------------- Carnival
def play_carnival_by_keyboard(page: Any, table: Any, mirror: CarnivalTable) -> list[str]:
    """Play to the end: the human's moves typed (Enter), the reveals by Space on Next, where
    the focus is; what the live region said at each reveal step."""
    chooser = make_carnival_bot("greedy", 99)
    reveals: list[str] = []
    for _ in range(400):
        game = mirror.game
        if game.is_over and mirror.revealing is None:
            break
        if mirror.revealing is not None:
            expect(table.locator(".cv-status")).to_have_attribute("data-phase", "reveal")
            expect(support.said(table)).to_have_text(mirror.said)
            reveals.append(mirror.said)
            page.wait_for_function(f"() => ({FOCUSED})().cls.includes('cv-next')")
            done = focus_requests_done(table)
            page.keyboard.press("Space")
            mirror.click_next()
            after = after_focus(page, table, done)
            if mirror.revealing is None and not mirror.game.is_over:
                # After a reveal the focus is on a hand card: Tab on to the typed box.
                assert "cn-pick" in after["cls"].split(), after
                tab_to(page, "typed")
            continue
        action = chooser.choose(game)
        type_and_enter(page, table, str(action))
        mirror.play(action)
        wait_for_log(table, "cv", len(mirror.game.log))
    assert mirror.game.is_over
    expect(table.locator(".cv-status")).to_have_attribute("data-phase", "over")
    expect(support.said(table)).to_have_text(mirror.said)
    return reveals


def test_a_whole_carnival_game_by_keyboard(page: Any, voila: str) -> None:
    table = open_table(page, voila, "carnival_en")
    mirror = CarnivalTable(("human", "greedy"), seed=CARNIVAL_SEED)
    expect(support.said(table)).to_have_text(mirror.said)
    # The reading order: the board comes before the side panel.
    order = table.evaluate(
        "t => [...t.children].map(c => c.querySelector('.cn-map-centre') ? 'board'"
        " : c.classList.contains('cv-side') ? 'side' : 'other')"
    )
    assert order.index("board") < order.index("side"), order
    # The first turn by Tab and Space on the cards: a hand card, then the first allowed place.
    tab_to(page, "cn-pick")
    done = focus_requests_done(table)
    page.keyboard.press("Space")
    assert "cn-target" in after_focus(page, table, done)["cls"].split()
    mirror.click_hand(mirror.player_maps[0].visible()[0].payload.card)
    expect(support.said(table)).to_have_text(mirror.said)
    done = focus_requests_done(table)
    page.keyboard.press("Space")
    next(b for b, _ in mirror.clickable() if "cn-target" in b.classes).click()
    wait_for_log(table, "cv", len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    assert "cn-pick" in after_focus(page, table, done)["cls"].split()
    # A refusal: the alert region says it.
    tab_to(page, "typed")
    type_and_enter(page, table, "carnival Z9")
    mirror.play("carnival Z9")
    expect(alerted(table)).to_have_text(mirror.alerted)
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    reveals = play_carnival_by_keyboard(page, table, mirror)
    assert len(reveals) == 2 * 3, reveals
    assert "Round 1 is over: the reveal, step 1 of 3. " in reveals[0]
    assert reveals[1].startswith("Round 1 is over: the reveal, step 2 of 3. ")
    assert "Scores this round: Player 1 " in reveals[2]
    assert "Game over · " in mirror.said


def test_a_french_carnival_table_reveals_in_french(page: Any, voila: str) -> None:
    table = open_table(page, voila, "carnival_fr")
    expect(table).to_have_attribute("lang", "fr")
    mirror = CarnivalTable(("human", "greedy"), seed=CARNIVAL_SEED, lang="fr")
    tab_to(page, "typed")
    chooser = make_carnival_bot("greedy", 99)
    while mirror.revealing is None:
        action = chooser.choose(mirror.game)
        type_and_enter(page, table, str(action))
        mirror.play(action)
        wait_for_log(table, "cv", len(mirror.game.log))
    expect(support.said(table)).to_have_text(mirror.said)
    assert "La manche 1 est finie : la révélation, étape 1 sur 3." in mirror.said
