"""Checks the tests of both games (Carnuta and Carnival) make in the same way: a transcript
against its stored golden file, and undo back to any earlier position."""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

GOLDEN = Path(__file__).parent / "golden"


def assert_matches_golden(name: str, text: str) -> None:
    """``text`` is ``golden/<name>.txt`` to the byte; the failure shows the first lines of the
    diff. With ``CARNUTA_UPDATE_GOLDEN=1`` the file is written from ``text`` first."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "stored", "now", lineterm="", n=2
        )
        pytest.fail(f"{name} differs from {path.name}:\n" + "\n".join(list(diff)[:80]))


def check_undo_restores_exactly(
    game: Any,
    choices: Sequence[int],
    pick: Callable[[Any, int], Any],
    back: Callable[[int], int],
    refusal: type[Exception],
) -> None:
    """Play ``pick(game, choice)`` for each choice (until the game ends), then undo
    ``back(actions played)`` actions: the game is as it was then, to the byte of its JSON;
    undo everything: as dealt; one more undo raises ``refusal`` and says why."""
    snapshots = [game.to_json()]
    for choice in choices:
        if game.is_over:
            break
        game.play(pick(game, choice))
        snapshots.append(game.to_json())
    steps = back(len(snapshots) - 1)
    for _ in range(steps):
        game.undo()
    assert game.to_json() == snapshots[-1 - steps]
    while game.can_undo:
        game.undo()
    assert game.to_json() == snapshots[0]
    with pytest.raises(refusal, match="undo: there is nothing to take back"):
        game.undo()
