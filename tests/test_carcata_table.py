"""The Carcata table without a browser: its clicks, toggles and typed actions reach the engine,
a refusal goes to the alert region with the engine's reason and changes nothing, the bots play
their turns (with a status while they think), Undo takes back a decision with its chance, the
table speaks French, and the game's end is told. The browser tests
(``tests/test_browser_carcata.py``) drive the same table in Voilà and JupyterLab."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest

from carcata_core import Game, Lava, Rules
from carcata_core.messages import is_translated, translate
from widgets import CarcataTable
from widgets.carcata_table import Pick, Pour

ROOT = Path(__file__).resolve().parent.parent
SETUP = ["1-1", "1-7", "1-13", "1-19", "1-25"]


def seated(
    seed: int = 3, seats: tuple[str, ...] = ("human", "random"), **kw: object
) -> CarcataTable:
    return CarcataTable(seats, seed=seed, **kw)  # type: ignore[arg-type]


def set_up(table: CarcataTable) -> None:
    """Our five pawns onto the beach (the bot places its own between them)."""
    for cell in SETUP:
        free = [b for b, p in table.clickable() if b.legal]
        if table.game.pawn_at(cell) is None:
            table.click_space(cell)
        else:
            free[0].click()


def advance(table: CarcataTable, wanted: Callable[[Game], bool], steps: int = 400) -> bool:
    """Play for the human (keeping the dice, then random effects) until ``wanted``."""
    chooser = random.Random(1)
    for _ in range(steps):
        game = table.game
        if game.is_over:
            return False
        if wanted(game):
            return True
        legal = list(game.legal_actions())
        keep = [a for a in legal if str(a) == "keep"]
        assert table.play(keep[0] if keep else chooser.choice(legal))
    return False


def effects_with(pool_key: str) -> Callable[[Game], bool]:
    return lambda g: g.phase == "effects" and g.pool[pool_key] > 0


def table_with(wanted: Callable[[Game], bool]) -> CarcataTable:
    for seed in range(40):
        table = seated(seed)
        if advance(table, wanted):
            return table
    raise AssertionError("no seed reaches the position")


def targets(table: CarcataTable) -> list:
    return [b for b, _ in table.clickable() if b.legal and "cn-target" in b.classes]


# --------------------------------------------------------------------- clicks and typing
def test_the_set_up_is_clicked_and_the_bot_answers() -> None:
    table = seated()
    assert table.said == "New game. Your turn: place a pawn on a free beach space."
    names = [b.description for b, _ in table.clickable()]
    assert len(names) == 36 and names[0] == "Place a pawn on 1-1, level 1 (allowed)"
    table.click_space("1-1")
    assert [str(a) for _, a in table.game.log][:1] == ["place 1-1"]
    assert table.game.current_player == 0 and len(table.game.log) == 2
    assert table.said.startswith("Player 1 places a pawn on 1-1. Player 2 places a pawn on ")
    # The space taken is still a button, whose name says why it is refused.
    taken = next(
        b for b, _ in table.clickable() if b.description.startswith("Place a pawn on 1-1,")
    )
    assert taken.description.endswith("(not allowed: a pawn of player 1 is on 1-1)")


def test_a_refused_click_alerts_the_engine_s_reason_and_changes_nothing() -> None:
    table = seated()
    table.click_space("1-1")
    before = table.game.state_key()
    said = table.said
    table.click_space("1-1")
    assert table.alerted == "Not allowed: place 1-1: a pawn of player 1 is on 1-1"
    assert table.message == "place 1-1: a pawn of player 1 is on 1-1"
    assert table.game.state_key() == before and table.said == said
    assert "data-message" in table.w_message.value


def test_a_typed_action_plays_and_a_typed_mistake_is_refused() -> None:
    table = seated()
    before = table.game.state_key()
    table.type_action("move 1-17 north")
    assert table.alerted.startswith("Not allowed: 'move 1-17 north' is not an action: ")
    assert table.game.state_key() == before
    table.type_action("POSER 1-4")  # French words are read too, in any case
    assert str(table.game.log[0][1]) == "place 1-4"
    assert table.w_typed.value == ""
    # The box suggests the legal actions in the table's language.
    assert "place 1-5" in table.w_typed.options


def test_the_dice_are_toggled_rerolled_and_kept() -> None:
    table = seated()
    set_up(table)
    game = table.game
    assert game.phase == "dice"
    shown = [t for t in table.w_dice if t.layout.display != "none"]
    assert len(shown) == table.rules.dice
    assert all(t.description.startswith("Die ") for t in shown)
    free = [k for k, t in enumerate(shown, start=1) if not t.disabled]
    if not free:
        pytest.skip("five turtles")
    # Reroll with no die pressed: the engine's reason, nothing rolled.
    before = game.state_key()
    table.click("reroll")
    assert table.alerted.startswith("Not allowed: 'reroll' is not an action: name the dice")
    assert game.state_key() == before
    table.click_die(free[0])
    face = shown[free[0] - 1].description.split(": ")[1]
    table.click("reroll")
    assert str(game.log[-2][1]) == f"reroll {face}" and game.log[-1][0] == -1  # and its roll
    assert not any(t.value for t in table.w_dice)  # released for the new roll
    if game.phase == "dice":
        table.click("keep")
    assert game.phase in ("effects", "dice", "aim") or game.current_player != 0


def test_a_pawn_moves_by_two_clicks() -> None:
    table = table_with(effects_with("moves"))
    pawn = next(p for b, p in table.clickable() if isinstance(p, Pick) and p.choice.kind == "pawn")
    cell = pawn.choice.cell
    table.click_space(cell if cell >= 0 else "turtle")
    assert table.choice == pawn.choice
    assert table.said.startswith("Pawn on ")
    allowed = targets(table)
    if not allowed:
        pytest.skip("the pawn chosen cannot move")
    decisions = len(table.entries)
    allowed[0].click()
    assert str(table.entries[decisions].action).startswith("move ")
    assert table.choice is None


def test_a_lava_flow_is_its_start_then_its_direction() -> None:
    table = table_with(lambda g: g.phase == "effects" and any(
        isinstance(a, Lava) for a in g.legal_actions()
    ))  # fmt: skip
    game = table.game
    flows = len(game.flows)
    start = next(p for _, p in table.clickable() if isinstance(p, Pick) and p.choice.kind == "flow")
    table.click_space(start.choice.cell)
    assert table.said.startswith("Lava from ")
    ways = [b for b in targets(table) if isinstance(b.payload, Pour)]
    refused = [b for b, _ in table.clickable() if not b.legal]
    # A direction the flow cannot take: the engine's reason, nothing placed.
    if refused:
        before = game.state_key()
        refused[0].click()
        assert table.alerted.startswith("Not allowed: lava ")
        assert game.state_key() == before
        assert table.choice == start.choice  # still chosen
    ways = [b for b in targets(table) if isinstance(b.payload, Pour)]
    assert ways, "a legal flow starts here"
    ways[0].click()
    while table.choice is not None and table.choice.direction is not None:  # statues turn it
        table.click("left" if not table.w_left.disabled else "right")
    assert len(game.flows) == flows + 1 or game.is_over


def test_an_eruption_is_aimed_by_a_click() -> None:
    table = table_with(lambda g: g.phase == "effects" and g.is_legal("erupt"))
    table.click("erupt")
    game = table.game
    assert game.phase == "aim" and game.drawn is not None
    assert "aim the" in table.said
    assert len(table.clickable()) == 126
    table.click_space("3-5")
    assert any(str(e.action) == "aim 3-5" for e in table.entries)


def test_a_statue_comes_from_the_small_islands_and_goes_back() -> None:
    table = table_with(lambda g: g.phase == "effects" and g.pool["statues"] >= 1
                       and g.statues_off > 0 and g.is_legal("statue to 3-7"))  # fmt: skip
    game = table.game
    table.click_islets()
    assert table.said == "Statue chosen: choose the free space it goes on."
    table.click_space("3-7")
    assert game.cell("3-7") in game.statues()
    if game.phase == "effects" and game.current_player == 0 and game.pool["statues"]:
        table.click_space("3-7")
        assert game.cell("3-7") not in game.statues()


# ----------------------------------------------------------------------- bots and undo
def test_bots_play_with_a_status_while_they_think() -> None:
    seen: list[str] = []
    table = CarcataTable(("random", "human"), seed=2)
    table.w_status.observe(lambda change: seen.append(change["new"]), names="value")
    table.new_game(("random", "human"), seed=2)
    assert any('data-phase="thinking"' in value for value in seen)
    assert "Player 1 (Random bot) is thinking…" in "".join(seen)
    assert table.game.current_player == 1 and 'data-current="1"' in table.w_status.value


def test_while_a_bot_thinks_the_human_s_controls_are_held_and_its_turn_is_told() -> None:
    """The page shows the human's last buttons while a bot chooses: the table marks them
    disabled (``busy``: aria-disabled, clicks and Enter ignored) and says whose turn it is."""
    table = seated()
    seen: list[tuple[bool, str, str]] = []
    bot = table.bots[1]
    chooser = bot.bot

    class Watched:
        def choose(self, game: Game) -> object:
            seen.append((table.voice.busy, table.said, table.w_status.value))
            return chooser.choose(game)

    bot.bot = Watched()
    assert table.voice.busy is False and table.voice.busy_selector
    table.click_space("1-1")
    busy, said, status = seen[0]
    assert busy, "the human's controls are not held while the bot thinks"
    assert said == "Player 2 (Random bot) is thinking…"
    assert 'data-phase="thinking"' in status and 'data-current="1"' in status
    # Once the bot has played, the controls are the human's again and the news is told.
    assert table.voice.busy is False
    assert table.said.endswith("Your turn: place a pawn on a free beach space.")
    assert table.game.current_player == 0


def test_the_island_is_one_roving_tab_stop() -> None:
    """The front end makes each group of buttons named in ``voice.roving`` one tab stop: the
    island's layouts and its row of choices are those groups."""
    table = seated()
    groups = table.voice.roving.split(", ")
    island = table.island_map.box
    assert {".cn-map-island", ".cn-map-island > .cn-fit", ".ca-choices"} == set(groups)
    assert "cn-map-island" in island._dom_classes
    assert "ca-choices" in table.w_choices._dom_classes


def test_undo_takes_back_a_decision_with_its_chance_and_the_bots_after_it() -> None:
    table = seated()
    set_up(table)
    game = table.game
    before = game.state_key()
    table.click("keep")
    assert game.state_key() != before
    while game.current_player == 0 and game.phase != "dice" and not game.is_over:
        table.play(game.legal_actions()[0])
    kept = next(k for k, e in enumerate(table.entries) if str(e.action) == "keep")
    while len(table.entries) > kept:
        table.click_undo()
    assert game.state_key() == before
    assert table.said.startswith("Took back 1 action(s). Your turn: the dice show ")
    table.w_undo.click()
    assert table.game.phase == "setup"


def test_nothing_to_undo_is_an_alert() -> None:
    table = seated()
    table.click_undo()
    assert table.alerted == "Not allowed: There is nothing of yours to take back."


# --------------------------------------------------------------------------- French
def test_a_french_table_speaks_and_reads_french() -> None:
    table = seated(lang="fr")
    assert table.voice.lang == "fr"
    assert table.said == "Nouvelle partie. À vous : posez un pion sur une case de plage libre."
    assert table.w_new.description == "Nouvelle partie"
    names = [b.description for b, _ in table.clickable()]
    assert names[0] == "Poser un pion en 1-1, niveau 1 (possible)"
    table.type_action("poser 1-1")
    assert table.said.startswith("Le joueur 1 pose un pion sur 1-1.")
    table.type_action("poser 1-1")
    assert table.alerted == "Refusé : « poser 1-1 » : un pion du joueur 1 est en 1-1"
    assert "poser 1-2" in table.w_typed.options
    assert "Journal des actions" in table.w_log.value and "poser 1-1" in table.w_log.value
    # English words stay out of what the table shows.
    for text in (table.w_prompt.value, table.w_status.value, table.w_scores.value):
        assert "Player" not in text and "pawn" not in text, text


def test_the_reasons_a_game_meets_are_french() -> None:
    game = Game.new(2, seed=5)
    chooser = random.Random(2)
    probes = [
        "move 1-1 ne",
        "move 1-1 sw",
        "move 2-1 ne",
        "lava 6-1 e",
        "statue to 6-1",
        "statue from 2-2",
        "erupt",
        "end",
        "reroll move",
        "keep",
        "place 2-1",
        "aim 3-3",
        "move turtle 1-1",
        "move 1-1 turtle",
    ]
    met = set()
    for _ in range(300):
        if game.is_over:
            break
        for probe in probes:
            try:
                if not game.is_legal(probe):
                    met.add(f"{probe}: {game.why_illegal(probe)}")
            except ValueError as error:  # not an action at all
                met.add(str(error))
        game.play(chooser.choice(list(game.legal_actions())))
    unknown = sorted(m for m in met if not is_translated(m))
    assert not unknown, unknown
    assert translate("place 2-1: pawns start on the beach (level 1), and 2-1 is on level 2",
                     "fr") == ("« poser 2-1 » : les pions commencent sur la plage (niveau 1), "
                               "et 2-1 est au niveau 2")  # fmt: skip


# ----------------------------------------------------------------------------- the end
def test_a_whole_game_ends_and_the_end_is_told() -> None:
    table = CarcataTable(("human", "random"), seed=4, rules=Rules(turtle_laps=1))
    chooser = random.Random(4)
    for _ in range(2000):
        if table.game.is_over:
            break
        table.play(chooser.choice(list(table.game.legal_actions())))
    game = table.game
    assert game.is_over
    assert 'data-phase="over"' in table.w_status.value
    assert "Game over · " in table.said and table.said.endswith(".")
    # The focus goes to New game.
    assert table.voice.focus_selector == f".table-focus-{table.w_new.model_id}"


def test_every_control_shown_is_named() -> None:
    table = table_with(effects_with("moves"))
    for button, _ in table.clickable():
        assert button.description and button.tooltip
    for control in (table.w_keep, table.w_reroll, table.w_erupt, table.w_end, table.w_undo,
                    table.w_new, table.w_typed_go, table.w_left, table.w_right):  # fmt: skip
        assert control.description
    assert table.w_typed.description == "Type an action"
    # The island comes in its narrow layout too, for a phone (the facts under the island).
    layers = [c for c in table.island_map.box.children if "cn-fit" in c._dom_classes]
    assert len(layers) == 1 and 'data-layout="narrow"' in layers[0].children[0].value
    assert len(table.island_map.twins()[0]) >= len(table.clickable())


# --------------------------------------------------------------------------- notebooks
@pytest.mark.parametrize(
    "path", ["notebooks/play_carcata.ipynb", "notebooks/fr/jouer_carcata.ipynb"]
)
def test_the_play_notebooks_build_a_table(path: str) -> None:
    notebook = nbformat.read(ROOT / path, as_version=4)
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    namespace: dict[str, object] = {}
    exec(compile(code, path, "exec"), namespace)  # the notebook's own cell, as Voilà runs it
    table = namespace["table"]
    assert isinstance(table, CarcataTable)
    assert table.lang == ("fr" if "/fr/" in path else "en")
    assert notebook.metadata["title"].startswith("Carcata")


def test_the_focus_goes_to_the_next_sensible_control() -> None:
    table = seated()
    first = table.clickable()[0][0]
    assert table.voice.focus_selector == f".table-focus-{first.model_id}"
    set_up(table)
    assert table.voice.focus_selector == f".table-focus-{table.w_keep.model_id}"
    table = table_with(effects_with("moves"))
    pawn = next(b for b, p in table.clickable() if isinstance(p, Pick) and p.choice.kind == "pawn")
    pawn.click()
    allowed = targets(table)
    if allowed:  # the first space the pawn may go to
        assert table.voice.focus_selector == f".table-focus-{allowed[0].model_id}"
