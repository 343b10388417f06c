"""Checks the tests of the kit's games make in the same way: a transcript against its stored
golden file, undo back to any earlier position, play() checking every action it has not just
offered, and a random playout checked at every step (chance nodes included)."""

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


def check_random_playout(
    game: Any,
    choose: Callable[[Any, Sequence[Any]], Any],
    parse: Callable[[str], Any],
    checked: set[Any],
    *,
    step_limit: int,
    each: Callable[[Any, Any, Any], None] | None = None,
) -> None:
    """Play ``game`` to its end, ``choose(game, legal)`` picking each action or outcome, and
    check every step: a live game offers something; each offered value reads back from its
    notation and pastes back from its ``repr`` (once per value: ``checked`` keeps them); the
    game agrees it is legal; at a chance node (a game with chance) the outcomes are the legal
    values, with probabilities summing to 1. ``each(before, action, after)`` after each step
    (``before`` a copy). Fails if the game is still going after ``step_limit`` steps."""
    for _ in range(step_limit):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0, f"no legal action in a live game: {game!r}"
        for action in legal:
            if action not in checked:
                assert parse(str(action)) == action, str(action)
                assert repr(action) == f"Action.parse({str(action)!r})"
                checked.add(action)
        if getattr(game, "is_chance", False):
            outcomes = game.chance_outcomes()
            assert [a for a, _ in outcomes] == list(legal)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
        action = choose(game, legal)
        assert game.is_legal(action)
        before = game.copy() if each is not None else None
        game.push(action)
        if each is not None:
            each(before, action, game)
    else:
        pytest.fail(f"the game does not end in {step_limit} steps: {game!r}")
    assert len(game.legal_actions()) == 0
