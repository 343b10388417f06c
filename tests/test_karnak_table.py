"""The Karnak table without a browser: its clicks and typed actions reach the engine, the cells
that glow are the ones the engine allows (every one, not only those ``legal_actions`` lists),
a refusal goes to the alert region with the engine's reason and changes nothing, the other
seats' hands stay hidden, the bots play their turns (with a status while they think), Undo
takes back a decision and the bots' after it, the table speaks French, and the game's end is
told with the scores. The browser tests (``tests/test_browser_karnak.py``) drive the same
table in Voilà."""

from __future__ import annotations

import json
import random
from pathlib import Path

import nbformat
import pytest

from karnak_core import MAT, Building, Game, Lift, Place, Rules, staged
from karnak_core.svg import building_svg, cell_boxes
from widgets import KarnakTable
from widgets.karnak_table import ROVING, Choice
from widgets.pictures import svg_size

ROOT = Path(__file__).resolve().parent.parent


def seated(
    seed: int = 3, seats: tuple[str, ...] = ("human", "random"), **kw: object
) -> KarnakTable:
    return KarnakTable(seats, seed=seed, **kw)  # type: ignore[arg-type]


def glowing(table: KarnakTable) -> list[str]:
    return [b.payload.cell for b, _ in table.clickable() if b.legal]


def play_a_turn(table: KarnakTable) -> None:
    for typed in ("place cube c4", "place cube d4", "end"):
        assert table.play(typed), table.message


# --------------------------------------------------------------------- clicks and typing
def test_a_piece_is_its_shape_then_a_cell_and_the_bot_answers() -> None:
    table = seated()
    assert table.said.startswith("New game. Your turn: a main action")
    assert table.clickable() == []  # the mat waits for a shape
    assert table.actions_shown()[-1] == "Draw three Designs"
    table.click_action("shape", "cube")
    assert table.choice == Choice("shape", "cube")
    assert table.said == "Cube chosen: choose a glowing cell."
    # On an empty mat every cell takes the cube: all 48 glow, where legal_actions lists five
    # (its merged lone placements), and each button says what it does.
    assert len(glowing(table)) == 48
    names = [b.description for b, _ in table.clickable()]
    assert names[0] == "Place the cube on a1 (water), empty (allowed)"
    assert 'class="karnak-cell karnak-legal"' in table.mat_map.picture.value
    table.click_cell("c4")
    assert str(table.game.log[0][1]) == "place cube c4"
    assert table.said == (
        "Player 1 placed a yellow cube on c4. Your turn: PLACE's second piece, like "
        "'place cube c4'."
    )
    table.click_action("shape", "disk")
    table.click_cell("c5")
    table.click_action("end")
    game = table.game
    assert game.current_player == 0 and [s for s, _ in game.log].count(1) >= 2
    assert "Player 2 placed" in table.said


def test_a_refused_cell_says_the_engine_s_reason_and_a_click_on_it_changes_nothing() -> None:
    game = staged(2, mat="c4: Ty", hands=[["K01"], []])
    table = KarnakTable(("human", "random"), game=game)
    table.click_action("shape", "cube")
    refused = [b for b, a in table.clickable() if not b.legal]
    assert [b.payload.cell for b in refused] == ["c4"]  # nothing stands on a triangle
    assert refused[0].description.startswith("Place the cube on c4, yellow triangle (not allowed: ")
    before = game.to_json()
    refused[0].click()
    assert game.to_json() == before
    assert table.alerted.startswith("Not allowed: 'place cube c4': ")
    assert table.game.why_illegal(Place("cube", "c4")) in table.alerted


def test_a_move_is_the_lift_then_the_white_piece() -> None:
    game = staged(2, mat="c4: Cy\nd4: Cy", hands=[["K01"], []])
    table = KarnakTable(("human", "random"), game=game)
    table.click_action("move")
    assert sorted(glowing(table)) == ["c4", "d4"]
    table.click_cell("d4")
    assert table.game.phase == "put"
    assert table.actions_shown() == []  # the white piece: its cell alone
    assert "e4" in glowing(table)
    table.click_cell("e4")
    assert table.game.building().lines() == ["c4: Cy", "e4: Cw"]
    assert table.game.log[-2][1] == Lift("d4")


def test_a_typed_action_plays_and_a_typed_mistake_is_refused() -> None:
    table = seated()
    table.type_action("poser bâton e2")
    assert str(table.game.log[0][1]) == "place rod e2"
    table.type_action("place cube z9")
    assert table.alerted.startswith("Not allowed: 'place cube z9' is not an action")
    assert "place cube e3" in table.w_typed.options  # the legal actions suggested


def test_favor_cards_reveals_and_discards_are_buttons_naming_the_card() -> None:
    # Kiosk complete: after the main action, Reveal K01 is a button; the Favor card drawn is
    # a button too on the next turn.
    game = staged(2, mat="c4: Cy\nd4: Cy", hands=[["K01", "K03"], []])
    table = KarnakTable(("human", "random"), game=game)
    table.click_action("shape", "cube")
    table.click_cell("e4")
    table.click_action("shape", "triangle")
    table.click_cell("h1")
    assert "Reveal K01 Kiosk" in table.actions_shown()
    table.click_action("reveal", "K01")
    assert table.game.revealed(0)[0].id == "K01"
    assert "K01 Kiosk (player 1)" in table.w_seats_panel.value
    favors = table.game.favor_cards(0)
    kind = next(iter(favors))
    table.click_action("end")
    assert table.game.current_player == 0  # the bot has played its turn
    words = table.actions_shown()
    assert any(w.startswith("Use the Favor card: ") for w in words), words
    table.click_action("favor", kind)
    assert table.game.favor_cards(0).get(kind, 0) == favors[kind] - 1


def test_the_hands_of_the_other_seats_stay_hidden() -> None:
    table = seated(seats=("human", "random", "random"))
    own = {d.id for d in table.game.hand(0)}
    others = {d.id for seat in (1, 2) for d in table.game.hand(seat)} - own
    shown = table.w_designs.value + table.w_seats_panel.value + table.mat_map.picture.value
    assert all(f"data-design='{d}'" in table.w_designs.value for d in own)
    assert not any(d in shown for d in others)
    assert "Player 2 (Random bot): 2 Priests, 4 Designs in hand" in table.w_seats_panel.value
    # Each Design of the hand says how far the mat is from completing it (its explain()).
    first = table.game.hand(0)[0]
    assert first.explain(table.game.building()) in table.w_designs.value.replace("&#x27;", "'")


def test_several_humans_pass_the_device_between_turns() -> None:
    table = seated(seats=("human", "human"))
    table.type_action("place cube c4")
    table.type_action("place cube d4")
    table.type_action("end")
    assert table.handing_over == 1
    assert table.w_designs.value == "" and table.actions_shown() == []
    assert table.said == "Pass the device to Player 2 — press Ready"
    table.click_ready()
    assert "Player 2" in table.w_designs.value and table.actions_shown()


def test_bots_play_with_a_status_while_they_think_and_the_controls_are_held() -> None:
    table = seated()
    seen: list[tuple[bool, str]] = []
    chooser = table.bots[1].bot

    class Watched:
        def choose(self, game: Game) -> object:
            seen.append((table.voice.busy, table.w_status.value))
            return chooser.choose(game)

    table.bots[1].bot = Watched()
    play_a_turn(table)
    busy, status = seen[0]
    assert busy and 'data-phase="thinking"' in status and 'data-current="1"' in status
    assert table.voice.busy is False and table.game.current_player == 0
    assert table.voice.busy_selector and table.voice.roving == ROVING


def test_undo_takes_back_a_decision_and_the_bots_after_it() -> None:
    table = seated()
    start = table.game.to_json()
    play_a_turn(table)
    assert len(table.game.log) > 3
    bots = len(table.game.log) - 3
    table.click_undo()  # the end of the turn, and the bot's turn after it
    assert table.said.startswith(f"Took back {bots + 1} action(s). Your turn: bonus actions")
    assert table.game.phase == "after" and len(table.game.log) == 2
    table.click_undo()
    table.click_undo()
    assert table.game.to_json() == start
    table.click_undo()
    assert table.alerted == "Not allowed: There is nothing of yours to take back."


# --------------------------------------------------------------------------- French
def test_a_french_table_speaks_and_reads_french() -> None:
    table = seated(lang="fr")
    assert table.voice.lang == "fr"
    assert table.said.startswith("Nouvelle partie. À vous : une action principale")
    table.click_action("shape", "rod")
    assert table.said == "Pièce choisie (bâton) : choisissez une case qui brille."
    names = [b.description for b, _ in table.clickable()]
    assert names[0] == "Poser : bâton en a1 (eau), vide (possible)"
    table.click_cell("c4")
    assert table.said.startswith("Le joueur 1 a posé un bâton jaune en c4.")
    table.type_action("révéler K01")
    assert table.alerted.startswith("Refusé : « révéler K01 » : ce n’est pas le moment")
    table.type_action("zzz")
    assert table.alerted.startswith("Refusé : « zzz » n’est pas une action : mot inconnu « zzz »")
    assert "poser cube c5" in table.w_typed.options
    for text in (table.w_prompt.value, table.w_status.value, table.w_designs.value,
                 table.w_seats_panel.value, table.w_log.value):  # fmt: skip
        assert "Player" not in text and "Design in hand" not in text, text


# ----------------------------------------------------------------------------- the end
def test_a_whole_game_by_clicks_ends_and_the_end_is_told() -> None:
    """A random human plays every decision through the table's own buttons."""
    table = KarnakTable(("human", "greedy"), seed=5, rules=Rules(round_limit=8))
    chooser = random.Random(5)
    for _ in range(400):
        game = table.game
        if game.is_over:
            break
        if table.clickable():  # a cell is asked for
            chooser.choice([b for b, _ in table.clickable() if b.legal]).click()
            continue
        buttons = [b for b in table.action_buttons if b.layout.display != "none"]
        chooser.choice(buttons).click()
    game = table.game
    assert game.is_over
    assert 'data-phase="over"' in table.w_status.value
    assert "Game over · " in table.said and table.said.endswith(".")
    points = game.scores()
    assert f"data-points='{points[0]}'" in table.w_scores.value
    assert table.voice.focus_selector == f".table-focus-{table.w_new.model_id}"


def test_every_control_shown_is_named() -> None:
    table = seated()
    table.click_action("shape", "cube")
    for button, _ in table.clickable():
        assert button.description and button.tooltip
    for button in table.action_buttons:
        assert button.description
    for control in (table.w_undo, table.w_new, table.w_typed_go, table.w_cancel):
        assert control.description
    assert table.w_typed.description == "Type an action"


def test_the_cell_buttons_lie_inside_their_cells_without_overlapping() -> None:
    building = Building.empty()
    for code in (8, 9, 8, 9):  # four cubes on c4: a picture one level taller with a glow
        building = building.put(MAT.cell("c4"), code)
    for lit in ((), ("c4",)):
        boxes = cell_boxes(building, highlight=lit)
        width, height = svg_size(building_svg(building, highlight=lit))
        assert len(boxes) == MAT.size
        for x, y, w, h in boxes:
            assert x >= 0 and x + w <= width and y >= 0 and y + h <= height
        for k, (x, y, w, h) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[k + 1 :]:
                assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y
    assert cell_boxes(building, highlight=["c4"])[0][1] > cell_boxes(building)[0][1]


def test_the_focus_goes_to_the_next_sensible_control() -> None:
    table = seated()
    first = next(b for b in table.action_buttons if b.layout.display != "none")
    assert table.voice.focus_selector == f".table-focus-{first.model_id}"
    table.click_action("shape", "cube")
    cell = next(b for b, _ in table.clickable() if b.legal)
    assert table.voice.focus_selector == f".table-focus-{cell.model_id}"


# --------------------------------------------------------------------------- notebooks
@pytest.mark.parametrize("path", ["notebooks/play_karnak.ipynb", "notebooks/fr/jouer_karnak.ipynb"])
def test_the_play_notebooks_build_a_table(path: str) -> None:
    notebook = nbformat.read(ROOT / path, as_version=4)
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    namespace: dict[str, object] = {}
    exec(compile(code, path, "exec"), namespace)  # the notebook's own cell, as Voilà runs it
    table = namespace["table"]
    assert isinstance(table, KarnakTable)
    assert table.lang == ("fr" if "/fr/" in path else "en")
    assert notebook.metadata["title"].startswith("Karnak")


def test_a_finished_game_is_recorded_and_reloads(tmp_path: Path) -> None:
    table = KarnakTable(
        ("greedy", "random"), seed=3, rules=Rules(round_limit=5), record_to=tmp_path
    )
    assert table.game.is_over
    (saved,) = table.recorder.saved
    assert saved.name.startswith("karnak-")
    document = json.loads(saved.read_text())
    assert document["seats"] == ["greedy", "random"] and document["engine"] == "karnak_core"
    assert Game.from_json(document["save"]) == table.game


def test_a_shape_favor_asks_the_colour_and_a_move_favor_asks_the_cell_to_lift() -> None:
    game = staged(2, mat="c4: Cy", hands=[["K01"], []], favors=[{"cube": 1, "move": 1}, {}])
    table = KarnakTable(("human", "random"), game=game)
    words = table.actions_shown()
    assert "Use the Favor card: a cube" in words and "Use the Favor card: move a piece" in words
    table.click_action("favor", "cube")
    assert table.game.phase == "put" and table.clickable() == []
    assert table.actions_shown() == ["A white piece", "A yellow piece"]
    table.click_action("colour", "white")
    assert table.said == "A white piece: choose a glowing cell."
    table.click_cell("d4")
    assert table.game.building().lines() == ["c4: Cy", "d4: Cw"]
    assert table.game.phase == "turn"
    table.click_action("favor", "move")
    assert table.game.phase == "lift" and glowing(table) == ["c4"]  # the white cube is frozen
    table.click_cell("c4")
    assert table.game.phase == "put" and "e4" in glowing(table)
    table.click_cell("e4")
    assert table.game.building().lines() == ["d4: Cw", "e4: Cw"]
