"""Lessons never play on a table the learner sees: Run All leaves every displayed
``PlayTable`` as it was dealt, waiting for the learner's first click."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from tests.conftest import IDS, NOTEBOOKS

#: What changes a table's game as a click would.
PLAYING = {"play", "undo", "type_action", "new_game"}


def playing_calls(cells: list[str]) -> list[str]:
    """``cell N: name.method(...)`` for each call that plays on a displayed ``PlayTable``."""
    trees = [ast.parse(source) for source in cells]
    tables = {
        target.id
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and getattr(node.value.func, "id", None) == "PlayTable"
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    shown = set()
    for tree in trees:
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = tree.body[-1]
            # ``table`` or ``VBox([table, view])`` shows it; ``table.play(...)`` does not.
            owners = {id(n.value) for n in ast.walk(last) if isinstance(n, ast.Attribute)}
            shown |= {
                n.id for n in ast.walk(last) if isinstance(n, ast.Name) and id(n) not in owners
            } & tables
    return [
        f"cell {number}: {node.func.value.id}.{node.func.attr}(...)"
        for number, tree in enumerate(trees)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in shown
        and (node.func.attr in PLAYING or node.func.attr.startswith("click_"))
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_no_lesson_plays_on_the_learners_table(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    cells = [c.source for c in notebook.cells if c.cell_type == "code"]
    calls = playing_calls([s for s in cells if not s.lstrip().startswith(("%", "!"))])
    assert not calls, f"{path.name} plays on a table the learner sees: {calls}"


def test_the_check_sees_a_lesson_that_plays_on_the_learners_table() -> None:
    cells = ["table = PlayTable(players=2)\ntable", "table.play('take day 1')", "table.click_end()"]
    assert playing_calls(cells) == ["cell 1: table.play(...)", "cell 2: table.click_end(...)"]
    hidden = ["practice = PlayTable(players=2)", "practice.play('take day 1')"]
    assert playing_calls(hidden) == []
