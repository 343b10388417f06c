"""Perft regression files (``tests/perft.json``, ``tests/carnival_perft.json``, and Carcata's
and Karnak's): each position's depth, total and count under every action; a mismatch names
the actions whose counts moved. ``CARNUTA_UPDATE_GOLDEN=1`` rewrites a file from the engine's
current counts."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

Entry = dict[str, object]


def perft_entry(depth: int, split: Mapping[str, int]) -> Entry:
    """What a regression file keeps of one position: the depth, the total and ``split``, the
    count under each action (a game's ``divide``)."""
    return {"depth": depth, "total": sum(split.values()), "divide": dict(split)}


def rewrite_if_asked(path: Path, entries: Callable[[], Mapping[str, Entry]]) -> None:
    """Write ``entries()`` to ``path`` when ``CARNUTA_UPDATE_GOLDEN`` is set (after an intended
    rules change; read the diff before committing it)."""
    if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
        path.write_text(json.dumps(dict(entries()), indent=1) + "\n")


def check_perft(path: Path, name: str, depth: int, split: Mapping[str, int]) -> None:
    """Fail, listing the actions whose counts differ, when ``split`` (a game's ``divide`` at
    ``depth``) does not add up to the total ``path`` keeps under ``name``."""
    expected = json.loads(path.read_text())[name]
    total = sum(split.values())
    if total == expected["total"]:
        return
    width = max(len(action) for action in [*split, *expected["divide"]])
    rows = [
        f"  {action:<{width}} expected {expected['divide'].get(action, '-'):>8}  got {count:>8}"
        for action, count in split.items()
        if expected["divide"].get(action) != count
    ]
    rows += [
        f"  {action:<{width}} expected {count:>8}  got        -"
        for action, count in expected["divide"].items()
        if action not in split
    ]
    pytest.fail(
        f"{name}: depth {depth} counts {total}, expected {expected['total']}\n" + "\n".join(rows)
    )


#: Named positions of a perft file: how to make each (a fresh game) and the depth counted.
Positions = Mapping[str, tuple[Callable[[], Any], int]]


def rewrite_positions_if_asked(
    path: Path, positions: Positions, divide: Callable[[Any, int], Mapping[str, int]]
) -> None:
    """``rewrite_if_asked`` for ``positions``, counted by the game's ``divide``."""
    rewrite_if_asked(
        path,
        lambda: {
            name: perft_entry(depth, divide(make(), depth))
            for name, (make, depth) in positions.items()
        },
    )


def check_position(
    path: Path, positions: Positions, name: str, divide: Callable[[Any, int], Mapping[str, int]]
) -> None:
    """``check_perft`` for the position ``name`` of ``positions``; counting leaves it as it
    was."""
    make, depth = positions[name]
    game = make()
    before = game.state_key()
    check_perft(path, name, depth, divide(game, depth))
    assert game.state_key() == before, "counting changes nothing"
