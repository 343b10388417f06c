"""The Carnival table in a real browser: Voilà and JupyterLab serve ``play_carnival.ipynb``,
headless Chromium (Debian's package) picks cards, plays them onto the Carnival stack, in front
of another player and under a Mask, follows a round's reveal, and checks the board.

Run with ``pytest -m browser``. Skipped when ``/usr/bin/chromium`` is missing (``make
chromium`` installs it). Screenshots go to ``test-artifacts/``; with ``CARNUTA_SCREENSHOTS=1``
the README's picture ``docs/screenshots/carnival-table.png`` is refreshed too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from carnival_core import Game
from tests import browser_support as support
from tests.browser_support import ARTIFACTS, open_in_lab, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

expect = support.playwright_expect()

NOTEBOOK = "play_carnival.ipynb"
#: The deal the scripted turns are played on: the bots answer the same way on every run (the
#: notebook's own deal is random, and some deals leave no Mask in hand or have a bot hand us a
#: Mask in the middle of a count).
SEED = 7
CREATURE = re.compile(r"^Choose ([RYGBP]-?\d)$")
#: The smallest text a classroom can read on a 1024-pixel screen.
MIN_TEXT_PX = 10
SMALLEST_TEXT = """(root) => Math.min(...[...root.querySelectorAll('svg text')]
  .filter(e => e.getBoundingClientRect().width > 0)
  .map(e => e.getScreenCTM().a * parseFloat(getComputedStyle(e).fontSize)))"""


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.make_home(tmp_path_factory)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return support.copy_notebooks(tmp_path_factory)


@pytest.fixture(scope="module")
def voila(home: Path, served: Path) -> Iterator[str]:
    yield from support.voila_server(home, served, NOTEBOOK)


@pytest.fixture(scope="module")
def lab(home: Path, served: Path) -> Iterator[str]:
    yield from support.lab_server(home, served)


# ----------------------------------------------------------------- driving the table
def log_count(table: Any) -> int:
    return int(table.locator(".cv-log").get_attribute("data-count") or 0)


def wait_for_my_turn(table: Any, played: int) -> None:
    """The bots have played after us (the log grew past ``played``) and it is our turn, or a
    round's reveal is shown."""
    status = table.locator(".cv-status")
    expect(table.locator(".cv-log")).not_to_have_attribute("data-count", str(played))
    expect(status).to_have_attribute("data-phase", re.compile("turn|reveal"))
    if status.get_attribute("data-phase") == "turn":
        expect(status).to_have_attribute("data-current", "0")


def hand_creatures(table: Any) -> list[str]:
    """The Creatures in our hand, read from the buttons over our hand cards."""
    names = table.locator(".cn-map-seat0 .cn-hit.cn-pick:visible").all_inner_texts()
    return [m[1] for m in (CREATURE.match(n.strip()) for n in names) if m]


def check_hand_buttons_cover_their_cards(table: Any) -> None:
    """Each button over a hand card covers that card's drawing."""
    buttons = table.locator(".cn-map-seat0 .cn-hit:visible")
    cards = table.locator(".cn-map-seat0 svg [data-where='hand']:visible")
    count = cards.count()
    assert count > 0 and buttons.count() >= count

    def boxes() -> list[tuple[Any, Any]]:
        return [(buttons.nth(k).bounding_box(), cards.nth(k).bounding_box()) for k in range(count)]

    def over(box: Any, drawn: Any) -> bool:
        return (
            bool(box and drawn)
            and abs(box["x"] - drawn["x"]) < 3
            and abs(box["y"] - drawn["y"]) < 3
        )

    # In JupyterLab the buttons can be measured a moment before the page's layout puts them
    # over the picture (once below it): wait a few seconds for them to settle there.
    found = boxes()
    for _ in range(20):
        if all(over(box, drawn) for box, drawn in found):
            break
        table.page.wait_for_timeout(250)
        found = boxes()
    for k, (box, drawn) in enumerate(found):
        assert box and drawn
        assert abs(box["x"] - drawn["x"]) < 3 and abs(box["y"] - drawn["y"]) < 3, (k, box, drawn)
        assert abs(box["height"] - drawn["height"]) < 4, (k, box, drawn)
        assert box["width"] <= drawn["width"] + 3


def check_nothing_hidden_is_drawn(table: Any) -> None:
    """Other hands are backs; no Mask on the table says what it hides."""
    for seat in (1, 2):
        others = table.locator(f".cn-map-seat{seat} svg [data-where='hand']")
        assert set(others.evaluate_all("cs => cs.map(c => c.dataset.card)")) <= {"back"}
    hides = table.locator("svg [data-hides]").evaluate_all("cs => cs.map(c => c.dataset.hides)")
    assert set(hides) <= {"?", "nothing"}


def pick(table: Any, card: str) -> None:
    table.get_by_role("button", name=f"Choose {card}", exact=True).first.click()
    expect(table.locator(".cn-map-seat0 .cn-hit.cn-selected:visible").first).to_have_text(
        f"Choose {card} (chosen)"
    )
    expect(table.locator(".cn-hit.cn-target:visible").first).to_be_visible()


def play_to(table: Any, place: str, card_text: str) -> None:
    """Click ``place`` for the chosen card (its name says it is allowed); the explain panel
    tells our action."""
    played = log_count(table)
    table.get_by_role("button", name=f"{place} (allowed)", exact=True).click()
    expect(table.locator(".cv-explain")).to_contain_text(card_text)
    wait_for_my_turn(table, played)
    assert log_count(table) >= played + 1


def set_speed(page: Any, table: Any, seconds: str) -> None:
    box = table.get_by_label("Bot speed")
    box.fill(seconds)
    box.press("Enter")


def deal_anew(table: Any, seed: int) -> None:
    """Type ``seed`` in the set-up row and press New game, for three players; wait until our
    hand shows that deal."""
    hand = Game.new(3, seed=seed).observation(0).hand
    labels = ["Choose a Mask" if card.is_mask else f"Choose {card.id}" for card in hand]
    table.get_by_role("button", name="3", exact=True).click()
    table.locator(".widget-text input").first.fill(str(seed))
    table.get_by_role("button", name="New game").click()
    expect(table.locator(".cn-map-seat0 .cn-hit:visible")).to_have_text(labels)


def play_a_few_turns(page: Any, table: Any, shot: str | None) -> None:
    """On a known deal: a card onto the Carnival, a card in front of player 2, a refused lone
    Mask, then a Mask with a Creature under it in front of us."""
    deal_anew(table, SEED)
    status = table.locator(".cv-status")
    expect(status).to_have_attribute("data-current", "0")
    expect(table.locator(".cn-map-centre svg:visible")).to_be_visible()
    check_hand_buttons_cover_their_cards(table)
    check_nothing_hidden_is_drawn(table)
    # 1. A Creature onto the Carnival stack: it is the top card until the bots play.
    card = hand_creatures(table)[0]
    pick(table, card)
    # The Carnival, our Spectators and two other players. Each seat is its own widget and
    # redraws when its message arrives, so the count is awaited, not read at once.
    expect(table.locator(".cn-hit.cn-target:visible")).to_have_count(4)
    if shot:
        screenshot(table, shot, readme=True)
    play_to(table, "Play onto the Carnival stack", f"carnival {card}")
    expect(table.locator(".cv-explain")).to_contain_text(f"played {card} onto the Carnival stack")
    # 2. A Creature in front of player 2: it joins their Spectator row.
    card = hand_creatures(table)[-1]
    before = table.locator(
        f".cn-map-seat1 svg [data-where='spectators'][data-card='{card}']:visible"
    )
    count = before.count()
    pick(table, card)
    play_to(table, "Play in front of player 2, as their Spectator", f"give {card} to 2")
    expect(before).to_have_count(count + 1)
    # 3. A Mask alone while we hold Creatures: the engine's reason, and nothing changes.
    played = log_count(table)
    table.get_by_role("button", name="Choose a Mask").first.click()
    expect(table.locator(".cv-prompt")).to_contain_text("Mask chosen")
    refused = re.compile(r"^Play onto the Carnival stack \(not allowed: a Mask must hide")
    table.get_by_role("button", name=refused).click()
    expect(table.locator(".cv-message")).to_contain_text("a Mask must hide a Creature")
    assert log_count(table) == played
    # 4. The Mask with a Creature under it, in front of us: a Mask that hides '?' appears.
    masks = table.locator(".cn-map-seat0 svg [data-where='spectators'][data-card='Mask']:visible")
    count = masks.count()
    hide = table.locator(".cn-map-seat0 .cn-hit.cn-hide:visible").first
    card = hide.inner_text().split()[1]  # "Hide R4 under the Mask"
    hide.click()
    expect(table.locator(".cv-prompt")).to_contain_text(f"Mask over {card}")
    play_to(table, "Play in front of you, as your Spectator", "mask [?] spectator")
    expect(masks).to_have_count(count + 1)
    expect(masks.last).to_have_attribute("data-hides", "?")
    check_nothing_hidden_is_drawn(table)
    assert f"mask {card}" not in table.inner_html()


def check_readable_at(page: Any, table: Any, width: int) -> float:
    page.set_viewport_size({"width": width, "height": 1000})
    page.wait_for_timeout(300)
    smallest = float(table.evaluate(SMALLEST_TEXT))
    assert smallest >= MIN_TEXT_PX, f"text of {smallest:.1f} px at {width} px"
    return smallest


# --------------------------------------------------------------------------- tests
def test_voila_serves_the_carnival_table_and_plays(page: Any, voila: str) -> None:
    support.open_in_voila(page, f"{voila}/")
    expect(page).to_have_title("Carnival — play table")  # the notebook's title metadata
    table = page.locator(".cv-table")
    expect(table.locator(".cn-map-centre svg:visible")).to_be_visible()
    # Voilà shows the markdown and the widgets, never the code.
    assert page.locator(".jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "from widgets import" not in page.locator("body").inner_text()
    check_readable_at(page, table, 1024)
    play_a_few_turns(page, table, None)
    page.set_viewport_size({"width": 1500, "height": 1500})  # the whole table in sight
    pick(table, hand_creatures(table)[0])
    screenshot(table, "carnival-table", readme=True)


def test_jupyterlab_plays_a_round_and_its_reveal(page: Any, lab: str) -> None:
    open_in_lab(page, lab, NOTEBOOK)
    table = page.locator(".jp-OutputArea-output .cv-table")
    expect(table.locator(".cn-map-centre svg:visible")).to_be_visible()
    play_a_few_turns(page, table, None)
    # A two-player game, bots at full speed, played to the end of round 1.
    set_speed(page, table, "0")
    table.get_by_role("button", name="2", exact=True).click()
    table.locator(".widget-text input").first.fill("5")
    table.get_by_role("button", name="New game").click()
    status = table.locator(".cv-status")
    expect(table.locator(".cv-log")).to_have_attribute("data-count", "0")
    expect(status).to_have_attribute("data-current", "0")
    for _ in range(40):
        if status.get_attribute("data-phase") == "reveal":
            break
        card = hand_creatures(table)[0]
        pick(table, card)
        play_to(table, "Play onto the Carnival stack", f"carnival {card}")
    expect(status).to_have_attribute("data-phase", "reveal")
    reveal = table.locator(".cv-reveal-box svg:visible")
    told = table.locator("[role='status'][aria-live='polite']")
    for step in ("1", "2", "3"):
        expect(reveal).to_have_attribute("data-step", step)
        expect(status).to_have_attribute("data-step", step)
        expect(told).to_contain_text(f"Round 1 is over: the reveal, step {step} of 3.")
        if step == "3":
            expect(reveal.locator(".carnival-score")).to_have_count(2)
            screenshot(table.locator(".cv-reveal-box"), "carnival-reveal")
        next_label = "Start round 2" if step == "3" else "Next"
        table.get_by_role("button", name=next_label).click()
    expect(status).to_have_attribute("data-round", "2")
    expect(table.locator(".cv-log")).to_contain_text("Round 1")
    expect(table.locator(".carnival-scores:visible")).to_be_visible()
    check_readable_at(page, table, 1024)
    page.set_viewport_size({"width": 1500, "height": 1000})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "carnival-table-jupyterlab.png"))
