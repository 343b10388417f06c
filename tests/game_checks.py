"""Checks the tests of both games (Carnuta and Carnival) make in the same way: a transcript
against its stored golden file, undo back to any earlier position, and play() checking every
action it has not just offered."""

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


def check_play_trusts_only_what_is_legal_now(
    game: Any, picks: Sequence[int], refusal: type[Exception]
) -> None:
    """``play`` skips the check for an action ``legal_actions()`` has just offered; any other
    action, one offered before the position changed or one added to the returned list, is
    checked: refused (``refusal``, the game unchanged) exactly when ``is_legal`` says so."""
    seen: list[Any] = []
    for pick in picks:
        if game.is_over:
            break
        offered = game.legal_actions()
        seen.extend(offered)
        offered.append(seen[pick % len(seen)])  # the caller's list is the caller's
        tried = seen[pick % len(seen)] if pick % 3 else offered[pick % len(offered)]
        before = game.to_json()
        if game.is_legal(tried):
            game.play(tried)
        else:
            with pytest.raises(refusal):
                game.play(tried)
            assert game.to_json() == before
            game.push(offered[0])
